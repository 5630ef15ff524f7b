"""``export-vmod``: The Drive on Metz as a VASSAL module, read back with our own reader (issue 16).

Every hex label is checked against VASSAL's point <-> location formulas, every piece and
image must be in the archive, and every starting stack must stand where the scenario puts it.
"""

from __future__ import annotations

import io
import zipfile

import pytest

from hexwright.runtime.cli.main import main
from hexwright.runtime.geometry import Hex
from hexwright.runtime.interchange.vassal_export import MAP_ZONE
from hexwright.runtime.interchange.vassal_grid import board_centers
from hexwright.runtime.interchange.vassal_pieces import ID_PROPERTY, parse_definition
from hexwright.runtime.interchange.vassal_read import read_vmod
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import default_module
from hexwright.runtime.ui.vassal_art import export_vmod

pytestmark = pytest.mark.usefixtures("qapp")  # a QApplication, not the QGuiApplication export_vmod would make


@pytest.fixture(scope="module")
def dom(qapp):
    loaded = load_module(default_module())
    data, built = export_vmod(loaded.module, "campaign", loaded.assets, 1.5)
    return loaded.module, built, read_vmod(data, "dom.vmod"), data


def test_archive_holds_buildfile_moduledata_and_images(dom):
    module, _, vmod, data = dom
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names[:2] == ["buildFile.xml", "moduledata"]
    meta = zipfile.ZipFile(io.BytesIO(data)).read("moduledata").decode()
    assert f"<name>{module.meta.title}</name>" in meta
    assert vmod.module.name == module.meta.title
    assert vmod.module.version == module.meta.version


def test_every_hex_label_matches_vassals_formulas_both_ways(dom):
    module, built, vmod, _ = dom
    board = vmod.module.boards[0]
    ((grid, zone),) = board.hex_grids()
    assert zone is not None and zone.name == MAP_ZONE
    centers = board_centers(module.map.grid, built.plan_transform)
    assert len(centers) == 99
    for label, (x, y) in centers.items():
        px, py = grid.location(label)
        assert abs(px - x) <= 1.0 and abs(py - y) <= 1.0, label
        assert grid.location_name((round(x), round(y))) == label


def test_every_piece_and_every_image_is_in_the_module(dom):
    module, _, vmod, _ = dom
    defs = [parse_definition(s.definition) for pl in vmod.module.piece_lists for s in pl.slots]
    ids = {d.property(ID_PROPERTY) for d in defs}
    assert set(module.pieces.pieces) <= ids
    assert {f"marker:{m}" for m in module.pieces.markers} <= ids
    for d in defs:
        for image in (d.front, *d.backs):
            assert image in vmod.images, image
    units = [d for d in defs if d.property(ID_PROPERTY) in module.pieces.pieces]
    assert all(len(d.backs) >= 1 for d in units)  # every unit can be flipped
    assert vmod.module.boards[0].image in vmod.images
    assert [c.file for c in vmod.module.charts] and all(c.file in vmod.images for c in vmod.module.charts)
    assert {(d.n_dice, d.n_sides) for d in vmod.module.dice} == {(1, 6)}


def test_every_starting_stack_is_in_place(dom):
    module, built, vmod, _ = dom
    scenario = module.scenarios["campaign"]
    board = vmod.module.boards[0]
    (grid, _), = board.hex_grids()
    zones = {z.name: z for z in board.zones}
    where: dict[str, tuple[int, int]] = {}
    for stack in vmod.module.stacks:
        point = grid.location(stack.location) if stack.use_grid_location else (stack.x, stack.y)
        for slot in stack.slots:
            where[parse_definition(slot.definition).property(ID_PROPERTY) or ""] = point
    g = module.map.grid
    layout, scheme, t = g.layout(), g.labels.scheme(), built.plan_transform
    for placement in scenario.setup:
        x, y = where[placement.piece]
        if placement.hex is not None:
            mx, my = (x - t.offset_x) / t.scale, (y - t.offset_y) / t.scale
            assert scheme.format(layout.hex_at(mx, my), g.hex_grid()) == placement.hex, placement.piece
        else:
            x0, y0, x1, y1 = zones[module.map.boxes[placement.box].name].bounds()
            assert x0 <= x <= x1 and y0 <= y <= y1, placement.piece
    turn_markers = [m for m in scenario.markers if m.track]
    for m in turn_markers:
        assert any(k.startswith(f"marker:{m.marker}") for k in where)
    assert vmod.module.setups[0].name == scenario.name


def test_hex_zero_centre_is_a_whole_vassal_origin(dom):
    module, built, vmod, _ = dom
    (grid, _), = vmod.module.boards[0].hex_grids()
    x, y = built.plan_transform.apply(*module.map.grid.layout().center(Hex(0, 0)))
    assert (round(x), round(y)) == (grid.grid.x0, grid.grid.y0)  # DoM is odd-shifted: raw column 0 is ours


def test_cli_export_vmod_writes_the_file_and_refuses_a_wrong_name(tmp_path, capsys):
    out = tmp_path / "dom.vmod"
    assert main(["export-vmod", str(default_module()), str(out), "--scale", "1"]) == 0
    assert "at-start stacks (scenario campaign)" in capsys.readouterr().out
    assert read_vmod(out.read_bytes()).module.boards[0].width > 0
    assert main(["export-vmod", str(default_module()), str(tmp_path / "dom.zip")]) == 1
    assert "ending in .vmod" in capsys.readouterr().err
    assert main(["export-vmod", str(default_module()), str(out), "--scenario", "nope"]) == 1
    assert "no scenario 'nope'" in capsys.readouterr().err
