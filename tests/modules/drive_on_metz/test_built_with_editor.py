"""The Drive on Metz map, order of battle and module.json, built from scratch in the real editor window.

The shipped module is the designer's "printed map": the test reads it and traces it into a
new blank module with the editor's tools, driven by simulated mouse clicks, drags and keys
on the canvas viewport (and on the palette, the sides/types grids and the OOB buttons).
Then it checks that the bytes the editor saves are the shipped bytes, saves through
File ▸ Save and runs ``hexwright validate`` on the result.

Done through the editor's UI (simulated input), and nothing else:

- the new map: ``hexwright edit`` with no module, then File ▸ New Map… 9 × 11 (flat,
  shifted odd, numeric CCRR from 0101 are a new map's defaults); Map ▸ Map Settings… for
  the label digits (``col_digits``/``row_digits`` = 2);
- the palette: unused starter types deleted (Delete), ``fortified`` and ``reference`` added
  (Add twice, the picked category kept), ``reference`` and ``town`` renamed (Rename), both
  new types recoloured (Colour); the kinds and the symbol ``•`` in the Properties panel;
- terrain: terrain brush, radius 0, one click per woods/rough hex;
- hex features: feature stamp, one click per town/city/fortified/reference village, each
  feature's name typed into the stamp's Name option first;
- hex names: hex names tool on 0701 and 0807 (the name typed into its dialog);
- rivers: hexside painter, one drag along each run of river (the Moselle and the Orne, 35
  sides in two drags);
- roads: road tool, one drag per run of road (11 drags), off the map where a road leaves it
  (12 map-edge hexsides);
- areas: areas tool (drags/clicks), Map ▸ Save Selection as Area… with the area's name, id,
  kind, colour and clue;
- provenance: per clue, the pick tool (P) clicks its hexes and hexsides, the Provenance
  dock's Set clue marks them;
- sides, formations, movement classes, unit types and the turn marker: the "Sides and
  types" grids (new id + Add, every cell typed in or picked from its drop-down, Delete
  selected for the starter movement classes);
- boxes and the turn track: the Boxes dock's Add box… / Add track… (rectangles typed as
  printed), the box tool (X) clicking each entry hex;
- module.json: Module ▸ Properties… (id, title, description, rulebook, optional rules — which
  the CSV import needs before it takes US 502/101's row — and the sequence of play);
- the units: the OOB dock's Export CSV… on the shipped module (the steps' clues in its
  ``stepN_provenance`` columns), Import CSV… in the new one;
- saving: Ctrl+S (File ▸ Save; a new module asks where), then ``hexwright validate``.

No data goes in through the document API: map.json, pieces.json and module.json come out
byte-identical from the UI alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QTableWidget,
)
from qt_dialogs import fill_modal

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import MapData
from hexwright.runtime.storage import files_from_module, load_module

pytestmark = pytest.mark.gui

METZ = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"
SCREENSHOT = Path("/tmp/dom_built_with_editor.png")


# -- answering the editor's dialogs ------------------------------------------------------------


class Dialogs:
    """Stands in for the modal dialogs: each call takes the next answer the test queued."""

    def __init__(self, monkeypatch):
        self.text: list[tuple[str, str]] = []       # (expected title start, answer) for QInputDialog.getText
        self.ints: list[int] = []
        self.colours: list[str] = []
        self.save_paths: list[str] = []
        self.open_paths: list[str] = []
        self.hex_names: dict[str, str] = {}          # the hex names tool asks "Name of hex LABEL"
        self.unexpected: list[tuple[str, str]] = []
        monkeypatch.setattr(QInputDialog, "getText", self._get_text)
        monkeypatch.setattr(QInputDialog, "getInt", self._get_int)
        monkeypatch.setattr(QColorDialog, "getColor", self._get_colour)
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (self.save_paths.pop(0), ""))
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (self.open_paths.pop(0), ""))

    def _get_text(self, parent, title, label, *args, **kwargs):
        if title.startswith("Name of hex "):
            return self.hex_names[title.removeprefix("Name of hex ")], True
        expected, answer = self.text.pop(0)
        if not title.startswith(expected):  # a dialog the test did not expect: cancel it, note it
            self.unexpected.append((title, expected))
            return "", False
        return answer, True

    def _get_int(self, *args, **kwargs):
        return self.ints.pop(0), True

    def _get_colour(self, *args, **kwargs):
        return QColor(self.colours.pop(0))


# -- the mouse and keys on the canvas ----------------------------------------------------------


class Hand:
    """Real mouse and key events on the editor canvas's viewport, at map positions."""

    def __init__(self, qtbot, window):
        self.qtbot, self.window = qtbot, window
        self.events = 0
        self.pause_ms = int(os.environ.get("HEXWRIGHT_WATCH_MS", "0"))
        """To watch it: HEXWRIGHT_WATCH_MS=40 QT_QPA_PLATFORM=xcb pytest this file (a pause per event)."""

    def _pause(self) -> None:
        if self.pause_ms:
            self.qtbot.wait(self.pause_ms)

    @property
    def canvas(self):
        return self.window.canvas

    @property
    def layout(self):
        return self.window.doc.names.layout

    def at(self, x: float, y: float) -> QPoint:
        return self.canvas.mapFromScene(QPointF(x, y))

    def centre(self, h: Hex) -> QPoint:
        return self.at(*self.layout.center(h))

    def side_mid(self, side) -> QPoint:
        (x0, y0), (x1, y1) = self.layout.hexside_segment(side)
        return self.at((x0 + x1) / 2, (y0 + y1) / 2)

    def key(self, key, modifier=Qt.NoModifier) -> None:
        from PySide6.QtWidgets import QApplication

        if QApplication.activeWindow() is not self.window:
            # The offscreen platform does not give the window back after a dialog closes, as a
            # desktop does: the designer's click back onto it.
            self.window.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.window, timeout=2000)
        self.qtbot.keyClick(self.canvas, key, modifier)

    def click(self, pos: QPoint) -> None:
        vp = self.canvas.viewport()
        self.qtbot.mouseMove(vp, pos)
        self.qtbot.mousePress(vp, Qt.LeftButton, pos=pos)
        self.qtbot.mouseRelease(vp, Qt.LeftButton, pos=pos)
        self.events += 3
        self._pause()

    def drag(self, points: list[QPoint], steps: int = 2) -> None:
        """Press at the first point, move through the others (``steps`` moves per leg), release."""
        vp = self.canvas.viewport()
        self.qtbot.mouseMove(vp, points[0])
        self.qtbot.mousePress(vp, Qt.LeftButton, pos=points[0])
        for a, b in zip(points, points[1:]):
            for i in range(1, steps + 1):
                t = i / steps
                self.qtbot.mouseMove(vp, QPoint(round(a.x() + (b.x() - a.x()) * t), round(a.y() + (b.y() - a.y()) * t)))
                self.events += 1
                self._pause()
        self.qtbot.mouseRelease(vp, Qt.LeftButton, pos=points[-1])
        self.events += 2


def type_text(qtbot, widget, text: str) -> None:
    """Type ``text`` into ``widget`` key by key; letters beyond ASCII (é, è, œ) come as a key
    event carrying the character, as a keyboard layout or compose key delivers them."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        if ch == "\n":
            qtbot.keyClick(widget, Qt.Key_Return)
        elif ord(ch) < 128:
            qtbot.keyClicks(widget, ch)
        else:
            for kind in (QEvent.KeyPress, QEvent.KeyRelease):
                QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.NoModifier, ch))


def click_item(qtbot, view, rect) -> None:
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=rect.center())


def pick_palette(qtbot, window, category: str, tid: str) -> None:
    """Click a palette entry, as the designer does to choose what to paint or change."""
    palette = window.palette_dock
    item = palette.items[(category, tid)]
    palette.tree.scrollToItem(item)
    click_item(qtbot, palette.tree, palette.tree.visualItemRect(item))
    assert palette.current() == (category, tid)


def answer_area_dialog(qtbot, name: str, kind: str, color: str, area_id: str = "", clue: str = "") -> None:
    """Fill the area dialog the next action opens (name, id, kind, colour, clue typed/picked), then OK."""
    from hexwright.editor.views.areas_panel import AreaDialog

    def fill(dialog) -> None:
        boxes = [(dialog.name, name), (dialog.color, color), (dialog.clue, clue)]
        if area_id:
            boxes.insert(1, (dialog.area_id, area_id))
        for box, text in boxes:
            box.selectAll()
            qtbot.keyClick(box, Qt.Key_Delete)
            type_text(qtbot, box, text)
        choose(qtbot, dialog.kind, kind)

    fill_modal(qtbot, AreaDialog, fill)


def choose(qtbot, combo: QComboBox, text: str) -> None:
    """Pick ``text`` in a drop-down with the keyboard (Home, then Down until it shows)."""
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText() == text:
            break
        qtbot.keyClick(combo, Qt.Key_Down)
    assert combo.currentText() == text, f"no {text!r} in the drop-down"


def retype(qtbot, widget, text: str) -> None:
    """Select all, delete, type ``text`` (a line edit or plain text edit).

    The dialog is activated first: offscreen, a window left active by an earlier test
    would otherwise keep the keyboard focus and swallow the keys."""
    widget.window().activateWindow()
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClick(widget, Qt.Key_Delete)
    type_text(qtbot, widget, text)


def type_dialog_cell(qtbot, table: QTableWidget, row: int, column: int, text: str) -> None:
    """A cell of a dialog's table: go to it, F2, type, Return."""
    table.setCurrentCell(row, column)
    table.scrollToItem(table.item(row, column))
    qtbot.keyClick(table, Qt.Key_F2)
    edit = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()][-1]
    retype(qtbot, edit, text)
    qtbot.keyClick(edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState, timeout=2000)
    qtbot.wait(1)  # the closed editor is deleted


def press_button(qtbot, button) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.LeftButton)


# -- reading the printed map: runs to drag ------------------------------------------------------


def trails(edges: list[tuple[object, object, object]]) -> list[list[tuple[object, object]]]:
    """Split a graph's edges ``(u, v, key)`` into walks, each edge once: a designer's strokes.

    A walk starts at a node with an odd number of unused edges where there is one (an end
    of a river or road), so a river or a road with its branches takes few strokes. Each
    walk is a list of ``(node, key of the edge walked to reach it)`` (key None at the start).
    """
    unused: dict[object, list[tuple[object, object, object]]] = defaultdict(list)
    for u, v, key in edges:
        unused[u].append((v, key, (u, v, key)))
        unused[v].append((u, key, (u, v, key)))
    done: set = set()

    def left(node) -> list:
        return [e for e in unused[node] if e[2] not in done]

    out = []
    while len(done) < len(edges):
        nodes = sorted((n for n in unused if left(n)), key=repr)
        odd = [n for n in nodes if len(left(n)) % 2 == 1]
        node = (odd or nodes)[0]
        walk = [(node, None)]
        while left(node):
            nxt, key, edge = sorted(left(node), key=lambda e: repr(e[1]))[0]
            done.add(edge)
            walk.append((nxt, key))
            node = nxt
        out.append(walk)
    return out


def river_strokes(m: MapData, names, feature: str) -> list[list]:
    """Runs of hexsides carrying ``feature``, each run a chain of sides meeting end to end."""
    layout, edges = names.layout, []
    for key, side in sorted(m.hexsides.items()):
        if feature in side.features:
            s = names.side_of(key)
            (x0, y0), (x1, y1) = layout.hexside_segment(s)
            edges.append(((round(x0, 3), round(y0, 3)), (round(x1, 3), round(y1, 3)), s))
    return [[key for _node, key in walk[1:]] for walk in trails(edges)]


def road_strokes(m: MapData, names, connection: str) -> list[list[Hex]]:
    """Runs of hexes joined by ``connection``; a road leaving the map ends on the hex beyond the edge."""
    grid, edges = names.grid, []
    for key, side in sorted(m.hexsides.items()):
        if connection in side.connections:
            s = names.side_of(key)
            a = Hex(*s[0])
            b = grid.neighbor(a, s[1])
            ends = [(h.col, h.row) if grid.contains(h) else ("beyond", key, h.col, h.row) for h in (a, b)]
            edges.append((ends[0], ends[1], key))
    strokes = []
    for walk in trails(edges):
        hexes = [Hex(*n) if n[0] != "beyond" else Hex(n[2], n[3]) for n, _key in walk]
        if not grid.contains(hexes[0]) and grid.contains(hexes[-1]):
            hexes.reverse()  # drag off the map, as the road tool's help says
        strokes.append(hexes)
    return strokes


def adjacent_runs(grid, hexes: list[Hex]) -> list[list[Hex]]:
    runs: list[list[Hex]] = []
    for h in hexes:
        if runs and grid.distance(runs[-1][-1], h) == 1:
            runs[-1].append(h)
        else:
            runs.append([h])
    return runs


def readable_map_diff(built: bytes, shipped: bytes, limit: int = 12) -> str:
    a, b = json.loads(built), json.loads(shipped)
    lines = []
    for section in ("hexes", "hexsides"):
        keys = sorted(set(a.get(section, {})) | set(b.get(section, {})))
        for key in keys:
            if a.get(section, {}).get(key) != b.get(section, {}).get(key):
                lines.append(f"{section} {key}:\n  built   {a.get(section, {}).get(key)}\n"
                             f"  shipped {b.get(section, {}).get(key)}")
    for section in sorted(set(a) | set(b)):
        if section not in ("hexes", "hexsides") and a.get(section) != b.get(section):
            lines.append(f"{section}:\n  built   {json.dumps(a.get(section))[:400]}\n"
                         f"  shipped {json.dumps(b.get(section))[:400]}")
    return f"{len(lines)} differences, the first {min(limit, len(lines))}:\n" + "\n".join(lines[:limit])


# -- typing into the sides/types grids ----------------------------------------------------------


def type_cell(qtbot, table: QTableWidget, row: int, column: int, text: str) -> None:
    """Click the cell, F2, select all, type, Return: as a designer edits a cell."""
    item = table.item(row, column)
    table.scrollToItem(item)
    click_item(qtbot, table, table.visualItemRect(item))
    qtbot.keyClick(table, Qt.Key_F2)
    combo = next((w for w in table.viewport().findChildren(QComboBox) if w.isVisible()), None)
    if combo is not None:  # an id column: a drop-down of the ids that exist
        at = combo.findData(text)
        assert at >= 0, (text, [combo.itemData(i) for i in range(combo.count())])
        qtbot.keyClick(combo, Qt.Key_F4)
        view = combo.view()
        qtbot.waitUntil(view.isVisible, timeout=2000)
        qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.visualRect(view.model().index(at, 0)).center())
        qtbot.waitUntil(lambda: table.state() != table.State.EditingState, timeout=2000)
        return
    edit = next(w for w in table.viewport().findChildren(QLineEdit) if w.isVisible())
    qtbot.keyClick(edit, Qt.Key_A, Qt.ControlModifier)
    if text:
        type_text(qtbot, edit, text)
    else:
        qtbot.keyClick(edit, Qt.Key_Delete)
    qtbot.keyClick(edit, Qt.Key_Return)
    qtbot.waitUntil(lambda: table.state() != table.State.EditingState, timeout=2000)  # Qt commits queued


def add_entries(qtbot, entry_table, target: dict) -> None:
    """New id + Add for each entry of ``target``, then type every cell that differs."""
    for key, want in target.items():
        entry_table.new_id.clear()
        type_text(qtbot, entry_table.new_id, key)
        press_button(qtbot, entry_table.add_button)
        assert not entry_table.status.text(), entry_table.status.text()
        row = [k for k, _ in entry_table.source.entries()].index(key)
        for c, column in enumerate(entry_table.columns, start=1):
            text = column.get(want)
            if entry_table.table.item(row, c).text() != text:
                type_cell(qtbot, entry_table.table, row, c, text)
                assert not entry_table.status.text(), entry_table.status.text()
        assert dict(entry_table.source.entries())[key] == want, key


def delete_entry(qtbot, entry_table, key: str) -> None:
    row = [k for k, _ in entry_table.source.entries()].index(key)
    table = entry_table.table
    click_item(qtbot, table, table.visualItemRect(table.item(row, 0)))
    press_button(qtbot, entry_table.delete_button)
    assert key not in dict(entry_table.source.entries())


# -- the test ---------------------------------------------------------------------------------------


@pytest.mark.slow  # the whole map and OOB by mouse: ~70 s alone at load 1, a sixth of the default run
def test_drive_on_metz_map_and_oob_built_in_the_editor(qtbot, monkeypatch, tmp_path):
    started = time.perf_counter()
    monkeypatch.setenv("HEXWRIGHT_RECOVERY_DIR", str(tmp_path / "recovery"))
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views import main_window
    from hexwright.editor.views.main_window import EditorWindow, open_editor

    shipped_module = load_module(METZ).module
    shipped = shipped_module.map
    shipped_files = {name: (METZ / name).read_bytes() for name in ("map.json", "pieces.json", "module.json")}
    dialogs = Dialogs(monkeypatch)
    monkeypatch.setattr(main_window, "_open_windows", [])  # the windows File ▸ New Map… opens

    # 1. `hexwright edit` with no module, then File ▸ New Map… 9 × 11.
    first = open_editor(None)
    first.autosave_timer.stop()
    qtbot.addWidget(first)
    dialogs.ints[:] = [shipped.grid.cols, shipped.grid.rows]
    next(a for a in first.file_menu.actions() if a.text() == "New &Map…").trigger()
    window = main_window._open_windows[-1]
    assert window is not first
    window.autosave_timer.stop()
    qtbot.addWidget(window)
    first.ask_unsaved = window.ask_unsaved = lambda: "discard"
    first.close()
    window.resize(1500, 1300)
    qtbot.waitExposed(window)
    doc = window.doc
    blank_files = files_from_module(doc.module, doc.assets)
    grid = doc.map.grid
    assert (grid.cols, grid.rows, grid.orientation, grid.shifted) == (9, 11, "flat", "odd")
    assert grid.model_dump(exclude={"labels"}) == shipped.grid.model_dump(exclude={"labels"})
    names = doc.names
    shipped_names = type(names)(shipped.grid)
    assert all(names.label(h) == shipped_names.label(h) for h in names.grid.hexes())  # CCRR from 0101
    # Map ▸ Map Settings…: two digits for columns and rows, as printed (the labels stay the same).
    from hexwright.editor.views.map_settings_dialog import MapSettingsDialog

    fill_modal(qtbot, MapSettingsDialog, lambda d: [retype(qtbot, box, "2") for box in (d.col_digits, d.row_digits)])
    next(a for a in window.actions() if a.text() == "Map &Settings…").trigger()
    assert doc.map.grid == shipped.grid
    names = doc.names

    # The whole map and a hex beyond every edge in view, so drags can leave the map.
    canvas = window.canvas
    map_rect = window.scene.map_item.boundingRect()
    margin = 2.5 * grid.hex_size
    view = canvas.viewport().rect()
    canvas.set_zoom(min(view.width() / (map_rect.width() + 2 * margin), view.height() / (map_rect.height() + 2 * margin)))
    canvas.centerOn(map_rect.center())
    hand = Hand(qtbot, window)
    for label in ("0101", "0911"):
        assert view.contains(hand.centre(names.hex_of(label)))

    # 1a. The palette: the starter types DoM does not use go, its own types come in.
    for category, types in (("terrain", shipped.terrain_types), ("feature", shipped.hex_feature_types),
                            ("hexside", shipped.hexside_feature_types), ("connection", shipped.connection_types)):
        from hexwright.editor.edits.palette import types_of

        for tid in [t for t in types_of(doc.module, category) if t not in types]:
            pick_palette(qtbot, window, category, tid)
            press_button(qtbot, window.palette_dock.buttons["Delete"])
            assert tid not in types_of(doc.module, category)
    pick_palette(qtbot, window, "feature", "city")  # Add adds to the category picked, and it stays picked
    for new_id, first_name in (("fortified", "Fortified"), ("reference", "Reference")):
        dialogs.text.append(("New hex features type", first_name))
        press_button(qtbot, window.palette_dock.buttons["Add"])
        assert new_id in doc.map.hex_feature_types
        assert window.palette_dock.current() == ("feature", "city")
    for tid in ("reference", "town"):
        pick_palette(qtbot, window, "feature", tid)
        dialogs.text.append(("Rename", shipped.hex_feature_types[tid].name))
        press_button(qtbot, window.palette_dock.buttons["Rename"])
    for tid in ("fortified", "reference"):
        pick_palette(qtbot, window, "feature", tid)
        dialogs.colours.append(shipped.hex_feature_types[tid].color)
        press_button(qtbot, window.palette_dock.buttons["Colour"])
    # The properties panel under the palette: kind (a drop-down) and symbol (typed, Return).
    properties_set = []
    for tid, want in shipped.hex_feature_types.items():
        pick_palette(qtbot, window, "feature", tid)
        fields = window.palette_dock.properties.widgets
        if fields["kind"].currentText() != want.kind:
            choose(qtbot, fields["kind"], want.kind)
            properties_set.append((tid, "kind"))
        if fields["symbol"].text() != want.symbol:
            retype(qtbot, fields["symbol"], want.symbol)
            qtbot.keyClick(fields["symbol"], Qt.Key_Return)
            properties_set.append((tid, "symbol"))
    assert properties_set == [("fortified", "kind"), ("reference", "kind"), ("reference", "symbol")]
    assert not dialogs.unexpected
    for attr in ("terrain_types", "hex_feature_types", "hexside_feature_types", "connection_types", "levels",
                 "default_terrain"):
        assert getattr(doc.map, attr) == getattr(shipped, attr), attr

    # 1b. Terrain: the brush at radius 0, one click per hex.
    hand.key(Qt.Key_B)
    assert canvas.tool is window.tools["TerrainBrush"] and window.settings.radius == 0
    by_terrain = defaultdict(list)
    for label, data in sorted(shipped.hexes.items()):
        if data.terrain not in (None, shipped.default_terrain):
            by_terrain[data.terrain].append(label)
    for terrain, labels in sorted(by_terrain.items()):
        pick_palette(qtbot, window, "terrain", terrain)
        for label in labels:
            hand.click(hand.centre(names.hex_of(label)))
    assert {lb: doc.map.terrain_of(lb) for lb in shipped.hexes} == {lb: shipped.terrain_of(lb) for lb in shipped.hexes}

    # 1c. Towns, the city, fortified hexes, reference villages: the feature stamp.
    hand.key(Qt.Key_T)
    assert window.settings.feature_side is None
    order = list(shipped.hex_feature_types)
    for data in shipped.hexes.values():  # stamping type by type keeps each hex's order
        idx = [order.index(f.type) for f in data.features]
        assert idx == sorted(idx)
    name_box = window.palette_dock.feature_options.name
    for ftype in order:
        pick_palette(qtbot, window, "feature", ftype)
        for label, data in sorted(shipped.hexes.items()):
            for feature in (f for f in data.features if f.type == ftype):
                if name_box.text() != feature.name:  # the stamp's Name option, typed in
                    name_box.selectAll()
                    qtbot.keyClick(name_box, Qt.Key_Delete)
                    type_text(qtbot, name_box, feature.name)
                assert window.settings.feature_name == feature.name
                hand.click(hand.centre(names.hex_of(label)))
    name_box.clear()
    assert {lb: doc.map.hex_data(lb).features for lb in shipped.hexes} == \
        {lb: shipped.hex_data(lb).features for lb in shipped.hexes}

    # 1d. Thionville and Metz: the hex names tool.
    hand.key(Qt.Key_N)
    dialogs.hex_names = {label: data.name for label, data in shipped.hexes.items() if data.name}
    assert sorted(dialogs.hex_names) == ["0701", "0807"]
    for label in sorted(dialogs.hex_names):
        hand.click(hand.centre(names.hex_of(label)))

    # 1e. The Moselle and the Orne: the hexside painter, dragged along each run of river.
    hand.key(Qt.Key_R)
    assert canvas.tool is window.tools["HexsidePainter"]
    rivers = [f for f in shipped.hexside_feature_types]
    river_drags = 0
    for feature in rivers:
        pick_palette(qtbot, window, "hexside", feature)
        for run in river_strokes(shipped, names, feature):
            hand.drag([hand.side_mid(s) for s in run])
            river_drags += 1
    want_rivers = {k: v.features for k, v in shipped.hexsides.items() if v.features}
    assert {k: v.features for k, v in doc.map.hexsides.items() if v.features} == want_rivers
    assert (len(want_rivers), river_drags) == (35, 2)  # the Moselle and the Orne, two strokes
    river_edge_sides = [k for k in want_rivers if names.grid.hexside_hexes(names.side_of(k))[1] is None]

    # 1f. Roads: the road tool, dragged through the hexes of each run, off the map where it leaves.
    hand.key(Qt.Key_D)
    assert canvas.tool is window.tools["RoadTool"]
    road_drags = 0
    for connection in shipped.connection_types:
        pick_palette(qtbot, window, "connection", connection)
        for run in road_strokes(shipped, names, connection):
            hand.drag([hand.centre(h) for h in run], steps=3)
            road_drags += 1
    want_roads = {k: v.connections for k, v in shipped.hexsides.items() if v.connections}
    assert {k: v.connections for k, v in doc.map.hexsides.items() if v.connections} == want_roads
    road_edge_sides = [k for k in want_roads if names.grid.hexside_hexes(names.side_of(k))[1] is None]
    assert (road_drags, len(road_edge_sides)) == (11, 12)  # roads leave by all four edges

    # 1g. Areas: the areas tool picks the hexes; Map ▸ Save Selection as Area… asks the name, the
    # id, kind, colour and clue.
    hand.key(Qt.Key_A)
    assert canvas.tool is window.tools["AreaSelect"]
    save_area = next(a for a in window.actions() if a.text() == "Save Selection as &Area…")
    for area_id, area in shipped.areas.items():
        hand.key(Qt.Key_A, Qt.ControlModifier | Qt.ShiftModifier)  # Select None
        assert not doc.selection
        for run in adjacent_runs(names.grid, [names.hex_of(lb) for lb in area.hexes]):
            if len(run) == 1:
                hand.click(hand.centre(run[0]))
            else:
                hand.drag([hand.centre(h) for h in run], steps=3)
        assert sorted(names.label(h) for h in doc.selection) == sorted(area.hexes), area_id
        answer_area_dialog(qtbot, area.name, area.kind, area.color, area_id,
                           area.provenance.clue if area.provenance is not None else "")
        save_area.trigger()
        assert doc.map.areas[area_id] == area, area_id
    hand.key(Qt.Key_A, Qt.ControlModifier | Qt.ShiftModifier)

    # 1h. Provenance: the pick tool (P) picks the hexes and (near an edge) the hexsides that rest
    # on one clue, the Provenance dock takes the clue typed in: Set clue.
    hand.key(Qt.Key_P)
    assert canvas.tool is window.tools["PickTool"]
    provenance = window.provenance
    window.provenance_dock.raise_()
    by_clue: dict[str, tuple[list[str], list[str]]] = defaultdict(lambda: ([], []))
    for label, data in sorted(shipped.hexes.items()):
        if data.provenance is not None:
            by_clue[data.provenance.clue][0].append(label)
    for key, data in sorted(shipped.hexsides.items()):
        if data.provenance is not None:
            by_clue[data.provenance.clue][1].append(key)
    for clue, (labels, sides) in by_clue.items():
        press_button(qtbot, provenance.buttons["Unpick"])
        for label in labels:
            hand.click(hand.centre(names.hex_of(label)))
        for key in sides:
            hand.click(hand.side_mid(names.side_of(key)))
        assert (sorted(names.label(h) for h in doc.selection), sorted(doc.side_selection)) == (labels, sides)
        retype(qtbot, provenance.clue, clue)
        press_button(qtbot, provenance.buttons["Set clue"])
    press_button(qtbot, provenance.buttons["Unpick"])
    window.reconstructed_action.trigger()  # View ▸ Show Reconstructed, for the screenshot
    clue_steps = len(by_clue)
    # 2b. The Map Style dock: the modern style, a title cartouche, the legend and a compass.
    window.style_dock.show()
    window.style_dock.raise_()
    style_panel = window.style_panel
    choose(qtbot, style_panel.base, "Modern")
    for edit, text in ((style_panel.title, shipped.furniture.title),
                       (style_panel.subtitle, shipped.furniture.subtitle)):
        retype(qtbot, edit, text)
        qtbot.keyClick(edit, Qt.Key_Return)
    for box in (style_panel.legend, style_panel.compass):
        qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))
    assert (doc.map.style, doc.map.furniture) == (shipped.style, shipped.furniture)
    painted_in = time.perf_counter() - started
    shipped_json = json.loads(shipped_files["map.json"])
    built_json = json.loads(files_from_module(doc.module)["map.json"])
    assert {k: v for k, v in built_json.items() if k not in ("boxes", "tracks")} == \
        {k: v for k, v in shipped_json.items() if k not in ("boxes", "tracks")}, \
        readable_map_diff(files_from_module(doc.module)["map.json"], shipped_files["map.json"])

    # 3. The order of battle: sides and types typed into their grids, units through CSV.
    sides_editor = window.pieces_docks.widgets["sides"]
    window.pieces_docks.docks["sides"].raise_()
    target = shipped_module.pieces
    for table, entries in ((sides_editor.movement_classes, target.movement_classes),
                           (sides_editor.sides, target.sides), (sides_editor.formations, target.formations),
                           (sides_editor.unit_types, target.unit_types), (sides_editor.markers, target.markers)):
        tabs = sides_editor.tabBar()
        qtbot.mouseClick(tabs, Qt.LeftButton, pos=tabs.tabRect(sides_editor.indexOf(table)).center())
        assert sides_editor.currentWidget() is table
        add_entries(qtbot, table, dict(entries))
        if table is sides_editor.movement_classes:
            for starter in [k for k in dict(table.source.entries()) if k not in entries]:
                delete_entry(qtbot, table, starter)

    # 3a. Boxes and tracks: the Boxes dock's Add box… / Add track… (name, id, kind, side, the
    # rectangle typed as printed, the clue), and the box tool (X) clicking each entry hex.
    from hexwright.editor.views.boxes_panel import BoxDialog, TrackDialog

    boxes = window.boxes
    window.boxes_dock.raise_()

    def fill_entry(d, key, entry) -> None:
        retype(qtbot, d.name, entry.name)
        retype(qtbot, d.entry_id, key)
        choose(qtbot, d.kind, entry.kind)
        for box, value in zip(d.rect, (entry.rect.x, entry.rect.y, entry.rect.width, entry.rect.height)):
            retype(qtbot, box, repr(value))

    for key, want in shipped.boxes.items():
        def fill_box(d, key=key, want=want) -> None:
            fill_entry(d, key, want)
            choose(qtbot, d.side, want.side or "(no side)")
            retype(qtbot, d.clue, want.provenance.clue if want.provenance is not None else "")

        fill_modal(qtbot, BoxDialog, fill_box)
        press_button(qtbot, boxes.buttons["Add box…"])
        assert boxes.current() == ("box", key)
        if want.entry_hexes:
            hand.key(Qt.Key_X)
            assert canvas.tool is window.tools["BoxTool"]
            for label in want.entry_hexes:
                hand.click(hand.centre(names.hex_of(label)))
        assert doc.map.boxes[key] == want, key
    for key, want in shipped.tracks.items():
        def fill_track(d, key=key, want=want) -> None:
            fill_entry(d, key, want)
            retype(qtbot, d.spaces, "\n".join(f"{sp.label} = {sp.value}" if sp.value is not None else sp.label
                                              for sp in want.spaces))

        fill_modal(qtbot, TrackDialog, fill_track)
        press_button(qtbot, boxes.buttons["Add track…"])
        assert doc.map.tracks[key] == want, key
    built_map = files_from_module(doc.module)["map.json"]
    assert built_map == shipped_files["map.json"], readable_map_diff(built_map, shipped_files["map.json"])

    # 3b. Module ▸ Properties…: id, title, description, rulebook; the optional rules (which a unit's
    # optional_rule must name before the CSV import takes it) and the sequence of play.
    from hexwright.editor.views.module_dialog import ModuleDialog

    meta = shipped_module.meta

    def fill_module(d) -> None:
        for name in ("id", "title", "rulebook"):
            retype(qtbot, d.fields[name], getattr(meta, name))
        retype(qtbot, d.description, meta.description)
        d.tabs.setCurrentWidget(d.rules)
        for row, (rid, rule) in enumerate(meta.optional_rules.items()):
            press_button(qtbot, d.rules.buttons["Add"])
            for column, text in enumerate((rid, rule.name, rule.description, rule.section)):
                type_dialog_cell(qtbot, d.rules.table, row, column, text)
            assert not rule.default
        d.tabs.setCurrentWidget(d.phases)
        for row, phase in enumerate(meta.sequence):
            press_button(qtbot, d.phases.buttons["Add"])
            for column, text in ((0, phase.id), (1, phase.name), (4, phase.section)):
                type_dialog_cell(qtbot, d.phases.table, row, column, text)
            choose(qtbot, d.phases.table.cellWidget(row, 2), phase.side or "")
            choose(qtbot, d.phases.table.cellWidget(row, 3), phase.kind)

    fill_modal(qtbot, ModuleDialog, fill_module)
    window.activateWindow()
    window.module_properties_action.trigger()
    assert doc.module.meta == meta
    assert files_from_module(doc.module)["module.json"] == (METZ / "module.json").read_bytes()

    # Export CSV… from the shipped module, opened in the editor…
    source_window = EditorWindow(MapDocument.open(METZ))
    source_window.autosave_timer.stop()
    qtbot.addWidget(source_window)
    source_window.show()
    csv_path = tmp_path / "drive_on_metz_oob.csv"
    dialogs.save_paths.append(str(csv_path))
    source_window.pieces_docks.docks["oob"].raise_()
    press_button(qtbot, source_window.pieces_docks.widgets["oob"].export_button)
    assert csv_path.read_text(encoding="utf-8").startswith("id,side,designation,")
    assert "step1_provenance" in csv_path.read_text(encoding="utf-8").splitlines()[0]  # the steps' clues
    source_window.close()
    # … and Import CSV… into the new one, OK in the report.
    oob = window.pieces_docks.widgets["oob"]
    window.pieces_docks.docks["oob"].raise_()
    dialogs.open_paths.append(str(csv_path))
    press_button(qtbot, oob.import_button)
    report = oob.report_dialog
    assert not report.report.problems and len(report.report.pieces) == len(target.pieces)
    press_button(qtbot, report.buttons.button(QDialogButtonBox.Ok))
    assert list(doc.module.pieces.pieces) == list(target.pieces)
    assert oob.model.rowCount() == len(target.pieces)
    assert files_from_module(doc.module)["pieces.json"] == shipped_files["pieces.json"]

    assert not dialogs.unexpected and not dialogs.text
    # 4. File ▸ Save (Ctrl+S; a new map asks where), then `hexwright validate`.
    assert doc.problems() == []
    window.file_actions.ask_save_invalid = lambda problems: pytest.fail(f"the module has problems: {problems}")
    out = tmp_path / "drive_on_metz_rebuilt"
    dialogs.save_paths.append(str(out))
    hand.key(Qt.Key_S, Qt.ControlModifier)
    assert doc.path == out and not window.isWindowModified()
    for name, data in shipped_files.items():
        assert (out / name).read_bytes() == data, name
    assert not list(out.rglob("*.tmp"))
    hexwright = Path(sys.executable).with_name("hexwright")
    result = subprocess.run([str(hexwright), "validate", str(out)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr

    # Every step of the build is undoable, and redoable, byte for byte.
    steps = doc.undo_stack.count()
    doc.undo_stack.setIndex(0)
    assert files_from_module(doc.module, doc.assets) == blank_files
    doc.undo_stack.setIndex(steps)
    for name, data in shipped_files.items():
        assert files_from_module(doc.module, doc.assets)[name] == data, name
    assert not window.isWindowModified()

    canvas.fit_to_window()
    qtbot.wait(50)
    window.grab().save(str(SCREENSHOT))
    elapsed = time.perf_counter() - started
    print(f"\nbuilt in the editor: {doc.undo_stack.count()} undo steps, {hand.events} mouse events, "
          f"{river_drags} river drags (edge sides {river_edge_sides}), {road_drags} road drags "
          f"({len(road_edge_sides)} leave the map), {clue_steps} clues set; map painted in {painted_in:.1f} s, all in {elapsed:.1f} s; "
          f"screenshot {SCREENSHOT}")
    window.close()


# -- editor bugs met while building the map, fixed ------------------------------------------------


def test_palette_keeps_the_picked_category_after_add(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("HEXWRIGHT_RECOVERY_DIR", str(tmp_path / "recovery"))
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    window = EditorWindow(MapDocument.new(9, 11), pieces=False)
    window.autosave_timer.stop()
    window.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    dialogs = Dialogs(monkeypatch)
    pick_palette(qtbot, window, "feature", "city")
    dialogs.text.append(("New hex features type", "Fortified"))
    press_button(qtbot, window.palette_dock.buttons["Add"])
    assert "fortified" in window.doc.map.hex_feature_types
    dialogs.text.append(("New hex features type", "Reference"))  # the designer clicks Add once more
    press_button(qtbot, window.palette_dock.buttons["Add"])
    assert "reference" in window.doc.map.hex_feature_types
    assert "reference" not in window.doc.map.terrain_types
