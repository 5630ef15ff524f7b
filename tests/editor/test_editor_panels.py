"""The palette, map settings, underlay, status bar, layers, recovery and export, driven for real."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage

from hexwright.runtime.geometry import Hex
from hexwright.runtime.storage import files_from_module, load_module, save_module

pytestmark = pytest.mark.gui


def test_palette_click_picks_what_the_brush_paints(window, mouse, qtbot):
    palette = window.palette_dock
    item = palette.items[("terrain", "rough")]
    rect = palette.tree.visualItemRect(item)
    qtbot.mouseClick(palette.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.settings.terrain == "rough"
    mouse.click(mouse.centre(Hex(5, 5)))
    assert window.doc.map.terrain_of("0606") == "rough"


def test_palette_add_recolour_rename_and_delete_in_use(window, mouse):
    doc, palette = window.doc, window.palette_dock
    tid = palette.add_named("terrain", "Hills")
    assert doc.map.terrain_types[tid].name == "Hills" and ("terrain", tid) in palette.items
    palette.set_colour("terrain", tid, "#996633")
    assert doc.map.terrain_types[tid].color == "#996633"
    window.settings.update(terrain=tid, radius=0)
    mouse.click(mouse.centre(Hex(3, 3)))
    assert doc.map.terrain_of("0404") == tid
    asked = []
    palette.ask_replacement = lambda t, options: asked.append((t, options)) or "marsh"
    assert palette.delete_named("terrain", tid)
    assert asked and asked[0][0] == tid and "marsh" in asked[0][1]
    assert tid not in doc.map.terrain_types and doc.map.terrain_of("0404") == "marsh"
    assert ("terrain", tid) not in palette.items
    doc.undo_stack.undo()
    assert doc.map.terrain_of("0404") == tid
    palette.ask_replacement = lambda t, options: None  # cancelled: nothing happens
    assert not palette.delete_named("terrain", tid)
    assert tid in doc.map.terrain_types


def test_map_settings_dialog_resizes_keeping_content(window):
    from hexwright.editor.views.map_settings_dialog import MapSettingsDialog

    doc = window.doc
    town = doc.map.hexes["0203"]
    dialog = MapSettingsDialog(doc, window)
    dialog.sides["west"].setValue(2)
    dialog.sides["south"].setValue(-1)
    dialog.label_kind.setCurrentText("alpha")
    dialog.apply()
    assert doc.map.grid.origin_x != 0  # moved so the content stays where it was drawn
    assert (doc.map.grid.cols, doc.map.grid.rows) == (10, 6)
    assert doc.map.hexes["D03"] == town
    assert doc.undo_stack.count() == 2
    assert window.scene.map_item.boundingRect() == window.map_painter.map_rect()


def test_status_bar_names_hex_terrain_and_nearby_hexside(window, mouse, qtbot):
    (x0, y0), (x1, y1) = window.doc.names.layout.hexside_segment(window.doc.names.side_of("0203/N"))
    qtbot.mouseMove(window.canvas.viewport(), mouse.at((x0 + x1) / 2, (y0 + y1) / 2 + 3))
    text = window.point_label.text()
    assert text.startswith("0203") and "Woods" in text and "River" in text


def test_brush_preview_outlines_the_footprint(window, mouse, qtbot):
    window.settings.update(radius=2)
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(4, 3)))
    assert len(window.canvas.overlay.preview) == 19


def test_layers_and_level_style_switch_the_painter(window):
    window.layer_actions["grid"].trigger()
    assert window.map_painter.layers.grid is False
    window.set_layers(level_style="contours")
    assert window.map_painter.layers.level_style == "contours"


def test_underlay_load_align_and_hide(window, tmp_path):
    doc = window.doc
    image = QImage(400, 300, QImage.Format_RGB32)
    image.fill(QColor("#ffeecc"))
    path = tmp_path / "scan.png"
    image.save(str(path))
    assert window.underlay_actions.load(path)
    u = doc.map.grid.underlay
    assert u is not None and u.image.startswith("images/underlay-") and u.image in doc.assets
    # Align: the image is the map scaled by 2 and shifted by (10, 20); clicking where three
    # hex centres appear on it solves the transform back.
    layout = doc.names.layout
    hexes = [Hex(1, 1), Hex(5, 1), Hex(3, 5)]
    replies = iter(doc.names.label(h) for h in hexes)
    tool = window.tools["UnderlayAlign"]
    tool.ask = lambda n: next(replies)
    window.set_tool("UnderlayAlign")
    from hexwright.editor.tools.base import MapPoint

    for h in hexes:
        cx, cy = layout.center(h)
        tool.press(MapPoint(2 * cx + 10, 2 * cy + 20, h, True))  # where the scan shows it now
    a, b, c, d, e, f = doc.map.grid.underlay.transform
    assert (a, b, d, e) == pytest.approx((0.5, 0, 0, 0.5))
    assert (c, f) == pytest.approx((-5, -10))
    assert doc.undo_stack.undoText() == "Align Underlay"
    window.set_tool("TerrainBrush")
    saved = tmp_path / "with-underlay"
    doc.save(saved)
    assert (saved / u.image).read_bytes() == path.read_bytes()


def test_autosave_writes_recovery_and_reopen_offers_it(qtbot, tmp_path, module):
    from hexwright.editor import recovery
    from hexwright.editor.commands import PaintTerrain
    from hexwright.editor.views.main_window import open_editor

    folder = tmp_path / "mod"
    save_module(module, folder)
    first = open_editor(folder, confirm=lambda title, q: True)
    first.ask_unsaved = lambda: "discard"
    qtbot.addWidget(first)
    first.doc.push(PaintTerrain(first.doc, ["0505"], "marsh"))
    assert first.file_actions.autosave() == recovery.recovery_dir(folder)
    assert first.file_actions.autosave() is None  # nothing new since the last autosave
    edited = files_from_module(first.doc.module)
    # "Crash": the window goes away without a clean close; the recovery copy stays.
    first.autosave_timer.stop()
    assert recovery.find_recovery(folder) is not None
    second = open_editor(folder, confirm=lambda title, q: True)
    second.ask_unsaved = lambda: "discard"
    qtbot.addWidget(second)
    assert files_from_module(second.doc.module) == edited
    assert second.doc.is_dirty and second.doc.undo_stack.undoText() == "Restore Recovered Changes"
    assert second.file_actions.save_to(folder)
    assert recovery.find_recovery(folder) is None
    assert load_module(folder).module.map.terrain_of("0505") == "marsh"


def test_declining_recovery_discards_it(qtbot, tmp_path, module):
    from hexwright.editor import recovery
    from hexwright.editor.views.main_window import open_editor

    folder = tmp_path / "mod"
    save_module(module, folder)
    changed = module.model_copy(deep=True)
    changed.map.hexes.pop("0203")
    recovery.write_recovery(changed, {}, folder)
    w = open_editor(folder, confirm=lambda title, q: False)
    qtbot.addWidget(w)
    assert "0203" in w.doc.map.hexes and not w.doc.is_dirty
    assert recovery.find_recovery(folder) is None


def test_clean_document_is_not_autosaved(window):
    assert window.file_actions.autosave() is None


def test_export_png_svg_pdf(module, tmp_path, qapp):
    from hexwright.editor.export import export_pdf, export_png, export_svg

    w, h = export_png(module, tmp_path / "m.png", dpi=100)
    image = QImage(str(tmp_path / "m.png"))
    assert (image.width(), image.height()) == (w, h)
    assert round(image.dotsPerMeterX() * 0.0254) == 100
    # 8 columns of hexes 0.75 in across the flats at 100 dpi is about 5.2 in wide.
    assert 480 < w < 620
    export_svg(module, tmp_path / "m.svg")
    svg = (tmp_path / "m.svg").read_text()
    assert svg.startswith("<?xml") and "<path" in svg
    assert export_pdf(module, tmp_path / "small.pdf") == 1
    assert (tmp_path / "small.pdf").read_bytes().startswith(b"%PDF")
    from builders import small_module

    big = small_module(40, 30)
    pages = export_pdf(big, tmp_path / "big.pdf", hex_inches=1.0)
    # 40 columns at 1 in across the flats is about 35 in wide: several A4 pages across.
    assert pages >= 6
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", (tmp_path / "big.pdf").read_bytes())) == pages


def test_minimap_click_moves_the_canvas(window, qtbot):
    window.canvas.set_zoom(4.0)
    mm = window.minimap
    mm.fit()
    window.canvas.centerOn(0, 0)
    target = window.doc.names.layout.center(Hex(4, 4))
    qtbot.mouseClick(mm.viewport(), Qt.LeftButton, pos=mm.mapFromScene(QPointF(*target)))
    centre = window.canvas.mapToScene(window.canvas.viewport().rect().center())
    assert abs(centre.x() - target[0]) < 20 and abs(centre.y() - target[1]) < 20


def test_editor_window_with_pieces_docks_opens(qtbot, module):
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    w = EditorWindow(MapDocument(module))
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    assert w.pieces_docks is not None and "oob" in w.pieces_docks.docks
    # No two actions of the window share a shortcut (an ambiguous one would fire neither).
    from PySide6.QtGui import QAction

    keys = [a.shortcut().toString() for a in w.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert "Ctrl+Z" in keys and len(keys) == len(set(keys))


def test_run_editor_cli_path_opens_a_window(qtbot, monkeypatch, tmp_path, module):
    from PySide6.QtWidgets import QApplication

    from hexwright.editor import app
    from hexwright.editor.views import main_window

    folder = tmp_path / "mod"
    save_module(module, folder)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    assert app.run_editor(str(folder)) == 0
    w = main_window._open_windows[-1]
    w.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    assert w.doc.path == Path(folder)
    assert app.run_editor(str(tmp_path / "missing")) == 1
    assert app.run_editor(None) == 0
    blank = main_window._open_windows[-1]
    qtbot.addWidget(blank)
    assert blank.doc.path is None and blank.doc.map.hexes == {}


def test_hexside_painter_highlights_the_side_under_the_pointer(window, mouse, qtbot):
    window.set_tool("HexsidePainter")
    side = window.doc.names.side_of("0404/N")
    qtbot.mouseMove(window.canvas.viewport(), mouse.side_mid(side))
    assert window.canvas.overlay.side == window.doc.names.layout.hexside_segment(side)
    qtbot.mouseMove(window.canvas.viewport(), mouse.centre(Hex(3, 3)))
    assert window.canvas.overlay.side is None


def test_levels_can_be_added_renamed_and_recoloured(window):
    palette, doc = window.palette_dock, window.doc
    palette.tree.setCurrentItem(palette.items[("level", "0")])
    palette.add_type()
    assert [lv.value for lv in doc.map.levels] == [0, 1]
    palette.change_level(1, name="Ridge", color="#80604040")
    assert doc.map.levels[1].name == "Ridge" and doc.map.levels[1].color == "#80604040"
    assert doc.undo_stack.count() == 2


def test_trace_mode_hides_terrain_and_shows_the_underlay(window, qtbot):
    window.set_layers(underlay=False)
    qtbot.keyClick(window.canvas, Qt.Key_T, Qt.ControlModifier)
    layers = window.map_painter.layers
    assert layers.terrain is False and layers.underlay is True
    assert window.layer_actions["terrain"].isChecked() is False
    qtbot.keyClick(window.canvas, Qt.Key_T, Qt.ControlModifier)
    assert window.map_painter.layers.terrain is True
