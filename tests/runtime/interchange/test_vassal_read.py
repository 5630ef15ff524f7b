"""Reading a stranger's ``.vmod``: every bad input is a one-line error naming file and field."""

from __future__ import annotations

import io
import zipfile

import pytest

from hexwright.runtime.interchange import vassal_module as vm
from hexwright.runtime.interchange.vassal_export import write_vmod
from hexwright.runtime.interchange.vassal_grid import VassalGrid, VassalHexGrid, VassalNumbering
from hexwright.runtime.interchange.vassal_read import VmodError, parse_build_file, read_vmod


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buffer.getvalue()


def _module() -> vm.VassalModule:
    grid = VassalGrid(VassalHexGrid(x0=30, y0=40, dx=60.0, dy=69.28), VassalNumbering(first="V", sep="/"))
    zone = vm.Zone("Map", [(0, 0), (500, 0), (500, 400), (0, 400)], grid)
    return vm.VassalModule(
        name="A; name/with,delims", version="2.0", description="d",
        boards=[vm.Board("Map", "board.png", 600, 500, zones=[zone, vm.Zone("Box", [(510, 0), (590, 0), (590, 90)])])],
        stacks=[vm.SetupStack("s", "Map", 5, 6, "0102", True, [vm.Slot("a", 1, "+/null/piece;;;a.png;a/null")])],
        piece_lists=[vm.PieceList("Blue", [vm.Slot("a", 2, "+/null/piece;;;a.png;a/null")])],
        dice=[vm.Die("2d6", 2, 6)], charts=[vm.Chart("CRT", "crt.png")], setups=[vm.Setup("Campaign")])


def test_the_buildfile_we_write_reads_back_the_same():
    original = _module()
    back = read_vmod(write_vmod(original, {"board.png": b"png", "a.png": b"a"}), "x.vmod")
    assert back.module == original
    assert back.images == {"board.png": b"png", "a.png": b"a"}


@pytest.mark.parametrize(("data", "message"), [
    (b"not a zip", r"x.vmod: not a VASSAL module \(not a zip"),
    (_zip({"images/a.png": b""}), "x.vmod: no buildFile.xml"),
    (_zip({"../evil.png": b"", "buildFile.xml": b"<a/>"}), "x.vmod: member '../evil.png' has an unsafe name"),
    (_zip({"/abs.png": b"", "buildFile.xml": b"<a/>"}), "unsafe name"),
    (_zip({"buildFile.xml": b"<a"}), r"x.vmod/buildFile.xml: not well-formed XML"),
    (_zip({"buildFile.xml": b"<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>"}), "DOCTYPE or entity"),
    (_zip({"buildFile.xml": b"<a/>"}), "root element is <a>, not a VASSAL GameModule"),
])
def test_bad_archives_are_refused_with_the_file_named(data, message):
    with pytest.raises(VmodError, match=message):
        read_vmod(data, "x.vmod")


def test_a_bad_grid_attribute_names_element_and_field():
    xml = vm.build_file_xml(_module()).replace(b'x0="30"', b'x0="thirty"')
    with pytest.raises(VmodError, match=r"b.xml: <HexGrid name=''> field 'x0': 'thirty' is not a whole number"):
        parse_build_file(xml, "b.xml")
    xml = vm.build_file_xml(_module()).replace(b'dy="69.28"', b'dy="-3"')
    with pytest.raises(VmodError, match="field 'dy': -3.0 must be a positive number"):
        parse_build_file(xml, "b.xml")


def test_deep_nesting_is_refused():
    xml = b"<VASSAL.build.GameModule>" + b"<x>" * 100 + b"</x>" * 100 + b"</VASSAL.build.GameModule>"
    with pytest.raises(VmodError, match="nested more than"):
        parse_build_file(xml, "b.xml")


def test_components_we_do_not_carry_are_listed():
    xml = vm.build_file_xml(_module()).replace(
        b"</VASSAL.build.GameModule>",
        b"<VASSAL.build.module.Map mapName='Hand'/><VASSAL.build.module.SpecialDiceButton/></VASSAL.build.GameModule>")
    module = parse_build_file(xml, "b.xml")
    assert "SpecialDiceButton" in module.other_components
    assert "map 'Hand' (only the first map is carried)" in module.other_components
