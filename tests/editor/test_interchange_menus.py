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


def _exported(qtbot, window) -> None:
    """Exports and imports run in a worker: wait for the status bar to say it is done."""
    qtbot.waitUntil(lambda: "Exported" in window.statusBar().currentMessage()
                    or "Imported" in window.statusBar().currentMessage(), timeout=120_000)


def test_export_vassal_module_from_the_menu(window, tmp_path, monkeypatch, qtbot):
    out = tmp_path / "small.vmod"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    _action(window, "Export", "VASSAL Module…").trigger()
    _exported(qtbot, window)
    vmod = read_vmod(out.read_bytes(), str(out))
    assert vmod.module.name == window.doc.module.meta.title
    assert "Exported" in window.statusBar().currentMessage()


def test_export_tiled_map_from_the_menu(window, tmp_path, monkeypatch, qtbot):
    from hexwright.runtime.interchange.tmx import read_tmx

    out = tmp_path / "small.tmx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    _action(window, "Export", "Tiled Map…").trigger()
    _exported(qtbot, window)
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


def test_import_tiled_map_into_the_map_is_one_undo_step(window, tmp_path, monkeypatch, qtbot):
    doc = window.doc
    other = doc.module.model_copy(deep=True)
    label = next(iter(doc.map.hexes), "0101")
    other.map.hexes = {"0101": HexData(terrain="woods", level=2), "0505": HexData(terrain="water")}
    result = export_tmx(other, "other")
    (tmp_path / "other.tmx").write_bytes(result.tmx)
    before = doc.module.model_copy(deep=True)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "other.tmx"), ""))
    _action(window, "Import", "Tiled Map…").trigger()
    _exported(qtbot, window)
    assert doc.undo_stack.count() == 1
    assert doc.map.terrain_of("0101") == "woods" and doc.map.hex_data("0101").level == 2
    assert doc.map.terrain_of("0505") == "water"
    assert doc.map.terrain_of(label) == other.map.terrain_of(label)
    doc.undo_stack.undo()
    assert doc.module.map == before.map
    doc.undo_stack.redo()
    assert doc.map.terrain_of("0505") == "water"


def test_import_vassal_module_makes_a_new_module_and_opens_it(window, tmp_path, monkeypatch, qtbot):
    vmod = tmp_path / "small.vmod"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(vmod), ""))
    _action(window, "Export", "VASSAL Module…").trigger()
    _exported(qtbot, window)
    target = tmp_path / "imported"
    target.mkdir()
    opened = []
    window.interchange_actions.open_module = opened.append
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(vmod), ""))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(target))
    _action(window, "Import", "VASSAL Module…").trigger()
    qtbot.waitUntil(lambda: opened == [target], timeout=120_000)
    report = window.findChild(QMessageBox)  # what could not be carried, shown beside the new window
    assert "number of turns is not in a VASSAL module" in report.detailedText()
    report.close()
    report.deleteLater()
    imported = load_module(target).module
    grid, original = imported.map.grid, window.doc.module.map.grid
    assert (grid.cols, grid.rows, grid.orientation, grid.shifted) == (original.cols, original.rows,
                                                                      original.orientation, original.shifted)
    assert set(imported.pieces.pieces) == set(window.doc.module.pieces.pieces)


def test_cancel_a_vassal_export_in_its_progress_dialog_writes_nothing(window, tmp_path, monkeypatch, qtbot):
    import time

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QProgressDialog, QPushButton

    from hexwright.runtime.ui import vassal_art

    real = vassal_art.png_bytes

    def slow(image, *args):  # every picture takes a while: time to press Cancel
        time.sleep(0.2)
        return real(image, *args)

    monkeypatch.setattr(vassal_art, "png_bytes", slow)
    out = tmp_path / "small.vmod"
    job = window.interchange_actions.export_vmod(out, None)
    qtbot.waitUntil(lambda: job.dialog.isVisible() and job.dialog.value() >= 1, timeout=60_000)
    assert job.dialog.maximum() > 3  # the board, each counter face, the charts, the archive
    [cancel] = [b for b in job.dialog.findChildren(QPushButton) if b.text() == "Cancel"]
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: job.outcome == "cancelled", timeout=60_000)
    assert not out.exists() and "cancelled" in window.statusBar().currentMessage()
    assert window.findChild(QProgressDialog, "job-progress") is None or not job.dialog.isVisible()


def test_a_tiled_map_that_cannot_be_read_is_a_message_naming_the_file_and_field(window, tmp_path, monkeypatch, qtbot):
    bad = tmp_path / "bad.tmx"
    bad.write_text('<?xml version="1.0"?><map orientation="orthogonal" width="3" height="3"/>')
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: said.append(text))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    _action(window, "Import", "Tiled Map…").trigger()
    qtbot.waitUntil(lambda: bool(said), timeout=60_000)
    assert str(bad) in said[0] and "orientation" in said[0] and window.doc.undo_stack.count() == 0
