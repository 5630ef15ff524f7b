"""File ▸ Export / Import ▸ VASSAL module and Tiled map, and the print kit, from the editor's menus
(issue 16): real menu actions on a real window, the files and the document checked after."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QMessageBox

from hexwright.runtime.interchange.tmx import export_tmx
from hexwright.runtime.interchange.vassal_read import read_vmod
from hexwright.runtime.model import HexData
from hexwright.runtime.storage import load_module

pytestmark = pytest.mark.gui


def _action(window, *path: str):
    menu = window.file_menu
    for name in path[:-1]:
        menu = next(a.menu() for a in menu.actions() if isinstance(a.menu(), QMenu) and a.text().replace("&", "") == name)
    return next(a for a in menu.actions() if a.text().replace("&", "") == path[-1])


def test_export_vassal_module_from_the_menu(window, tmp_path, monkeypatch):
    out = tmp_path / "small.vmod"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    _action(window, "Export", "VASSAL Module…").trigger()
    vmod = read_vmod(out.read_bytes(), str(out))
    assert vmod.module.name == window.doc.module.meta.title
    assert "Exported" in window.statusBar().currentMessage()


def test_export_tiled_map_from_the_menu(window, tmp_path, monkeypatch):
    from hexwright.runtime.interchange.tmx import read_tmx

    out = tmp_path / "small.tmx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    _action(window, "Export", "Tiled Map…").trigger()
    tmx = read_tmx(out.read_bytes(), str(out))
    assert (tmp_path / "small_terrain.png").is_file()
    assert tmx.terrain_types["woods"].color == window.doc.map.terrain_types["woods"].color
    g = window.doc.map.grid
    assert tmx.terrain[g.cols * 2 + 1] == window.doc.map.terrain_of("0203")  # column 02, row 03


def test_print_kit_from_the_menu(window, tmp_path, monkeypatch, qtbot):
    out = tmp_path / "kit.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("a4", True))
    _action(window, "Export", "Print-and-Play Kit…").trigger()
    qtbot.waitUntil(lambda: "pages" in window.statusBar().currentMessage(), timeout=120_000)  # drawn in a worker
    assert out.read_bytes().startswith(b"%PDF")
    assert "pages" in window.statusBar().currentMessage()


def test_import_tiled_map_into_the_map_is_one_undo_step(window, tmp_path, monkeypatch):
    doc = window.doc
    other = doc.module.model_copy(deep=True)
    label = next(iter(doc.map.hexes), "0101")
    other.map.hexes = {"0101": HexData(terrain="woods", level=2), "0505": HexData(terrain="water")}
    result = export_tmx(other, "other")
    (tmp_path / "other.tmx").write_bytes(result.tmx)
    before = doc.module.model_copy(deep=True)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "other.tmx"), ""))
    _action(window, "Import", "Tiled Map…").trigger()
    assert doc.map.terrain_of("0101") == "woods" and doc.map.hex_data("0101").level == 2
    assert doc.map.terrain_of("0505") == "water"
    assert doc.map.terrain_of(label) == other.map.terrain_of(label)
    doc.undo_stack.undo()
    assert doc.module.map == before.map
    doc.undo_stack.redo()
    assert doc.map.terrain_of("0505") == "water"


def test_import_vassal_module_makes_a_new_module_and_opens_it(window, tmp_path, monkeypatch):
    vmod = tmp_path / "small.vmod"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(vmod), ""))
    _action(window, "Export", "VASSAL Module…").trigger()
    target = tmp_path / "imported"
    target.mkdir()
    opened = []
    window.interchange_actions.open_module = opened.append
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(vmod), ""))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(target))
    _action(window, "Import", "VASSAL Module…").trigger()
    assert opened == [target]
    report = window.findChild(QMessageBox)  # what could not be carried, shown beside the new window
    assert "number of turns is not in a VASSAL module" in report.detailedText()
    report.close()
    report.deleteLater()
    imported = load_module(target).module
    grid, original = imported.map.grid, window.doc.module.map.grid
    assert (grid.cols, grid.rows, grid.orientation, grid.shifted) == (original.cols, original.rows,
                                                                      original.orientation, original.shifted)
    assert set(imported.pieces.pieces) == set(window.doc.module.pieces.pieces)
