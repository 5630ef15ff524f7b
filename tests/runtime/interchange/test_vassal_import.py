"""Importing a stranger's VASSAL module: what is carried, and a report of what is not (issue 16)."""

from __future__ import annotations

import struct
import zlib

import pytest

from hexwright.runtime.interchange import vassal_module as vm
from hexwright.runtime.interchange.image_size import image_size
from hexwright.runtime.interchange.vassal_export import write_vmod
from hexwright.runtime.interchange.vassal_grid import VassalGrid, VassalHexGrid, VassalNumbering
from hexwright.runtime.interchange.vassal_import import import_vmod
from hexwright.runtime.interchange.vassal_read import VmodError, read_vmod


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff" * width * 3 for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _stranger(**grid_changes) -> bytes:
    numbering = VassalNumbering(**grid_changes)
    grid = VassalGrid(VassalHexGrid(x0=40, y0=40, dx=55.4256, dy=64.0), numbering)
    tank = "+/null/prototype;Armor\temb2;;;;;;;;;;;;1;false;0;0;tank_b.png;;true;Step;;;false;;1;1;true;;;;;1.0;;true\\\tpiece;;;tank.png;Panzer/null"
    flag = "+/null/piece;;;flag.png;Objective/null"
    board = vm.Board("Main", "map.png", 0, 0, grid=grid)
    module = vm.VassalModule(
        name="Stranger", boards=[board, vm.Board("Other", "other.png")],
        piece_lists=[vm.PieceList("Germans", [vm.Slot("Panzer", 1, tank)]), vm.PieceList("Markers", [vm.Slot("Objective", 2, flag)])],
        stacks=[vm.SetupStack("s1", "Main", location="0302", use_grid_location=True, slots=[vm.Slot("Panzer", 3, tank)]),
                vm.SetupStack("s2", "Main", x=5000, y=5000, slots=[vm.Slot("Objective", 4, flag)])],
        dice=[vm.Die("2d6", 2, 6), vm.Die("d10", 1, 10)], charts=[vm.Chart("CRT", "crt.png")])
    return write_vmod(module, {"map.png": _png(600, 500), "tank.png": _png(4, 4), "tank_b.png": _png(4, 4),
                               "flag.png": _png(4, 4)})


def test_image_size_reads_png_headers():
    assert image_size(_png(600, 500)) == (600, 500)
    assert image_size(b"nope") is None


def test_a_stranger_module_becomes_a_module_over_its_board():
    result = import_vmod(read_vmod(_stranger(stagger=False), "s.vmod"), "stranger", "s.vmod")
    m = result.module
    g = m.map.grid
    assert (g.orientation, g.shifted) == ("flat", "odd")
    # Hex centres at least half a hex inside the 600x500 board: raw columns 0..9, rows 0..6.
    assert (g.cols, g.rows) == (10, 7)
    assert g.underlay is not None and result.assets[g.underlay.image][:4] == b"\x89PNG"
    assert m.map.default_terrain == "unpainted"
    panzer = next(p for p in m.pieces.pieces.values() if p.designation == "Panzer")
    assert [s.image for s in panzer.steps] == ["images/vassal/tank.png", "images/vassal/tank_b.png"]
    assert m.pieces.sides[panzer.side].name == "Germans"
    (scenario,) = m.scenarios.values()
    assert [(p.hex, p.step) for p in scenario.setup] == [("0302", 0)]  # VASSAL's 0302 is ours
    text = "\n".join(result.report)
    assert "traits with no equivalent left out: prototype" in text
    assert "board 'Other': only one board is carried" in text
    assert "at-start stack 's2' at (5000, 5000) is on no hex and in no zone" in text
    assert "1 chart(s) (CRT" in text
    assert set(m.meta.dice) >= {"d6", "d10"}


def test_staggered_numbering_is_reported():
    result = import_vmod(read_vmod(_stranger(stagger=True), "s.vmod"), "stranger", "s.vmod")
    assert any("staggered numbering" in line for line in result.report)


def test_a_module_without_a_hex_grid_is_refused():
    module = vm.VassalModule(name="Cards", boards=[vm.Board("Table", "t.png", 100, 100)])
    with pytest.raises(VmodError, match=r"c.vmod/buildFile.xml: no board with a hex grid"):
        import_vmod(read_vmod(write_vmod(module, {"t.png": _png(2, 2)}), "c.vmod"), "cards", "c.vmod")
