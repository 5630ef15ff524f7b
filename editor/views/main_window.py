"""The editor's main window: canvas, palette, minimap, menus, tool bar and status bar.

It binds the document to the views: document signals repaint exactly the hexes named,
menus push commands, the title shows the file and a ``*`` while there are unsaved changes,
and a timer autosaves a recovery copy every minute.

The window is composed, not inherited: it holds :class:`FileActions`,
:class:`SelectionActions` and :class:`UnderlayActions` objects (each keeps a reference to
the window for its dialogs) and builds every menu itself from their methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabBar,
    QToolBar,
    QUndoView,
)

from hexwright.runtime.model import Module
from hexwright.runtime.state.library import Library
from hexwright.runtime.storage import PACK_SUFFIX, ModuleError
from hexwright.runtime.storage.collector import CollectorHold
from hexwright.runtime.ui.app_settings import AppSettings
from hexwright.runtime.ui.help_menu import add_help_menu
from hexwright.runtime.ui.layers import LEVEL_STYLE_NAMES, LEVEL_STYLES, Layers
from hexwright.runtime.ui.map_status import info_at, status_text
from hexwright.runtime.ui.map_view import MapScene
from hexwright.runtime.ui.preferences import PreferencesDialog, autosave_interval_ms
from hexwright.runtime.ui.render_image import make_painter_for, restyle_painter

from .. import recovery
from ..changes import Changes, Kind
from ..document import MapDocument
from ..launcher import Launcher, OpenError, kind_of, say
from ..pieces.docks import PiecesDocks, add_pieces_docks
from ..pieces.unit_form import UnitForm
from ..tools import ALL_TOOLS, BoxTool, HexNamer, PlaceNamer, Tool
from ..tools.paste_stamp import PasteStamp
from ..tools.settings import ToolSettings
from ..tools.underlay_align import UnderlayAlign
from .areas_panel import AreasPanel
from .boxes_panel import BoxesPanel
from .canvas import EditorCanvas
from .designer_bar import DesignerBar
from .file_actions import FileActions
from .icons import tool_icon
from .interchange_actions import InterchangeActions
from .minimap import MiniMap
from .palette_dock import PaletteDock
from .problems_dock import ProblemsPanel
from .provenance_dock import ProvenancePanel
from .selection_actions import SelectionActions
from .style_dock import StyleDock
from .underlay_actions import UnderlayActions
from .variant_actions import VariantActions, add_variant_dock

Ask = Callable[[str, str], bool]


class EditorWindow(QMainWindow):
    def __init__(self, doc: MapDocument, autosave_ms: int = recovery.AUTOSAVE_MS, pieces: bool = True,
                 settings: AppSettings | None = None):
        super().__init__()
        self.app_settings = settings
        """Where the window's size and dock layout are remembered (None: not remembered)."""
        self.launcher: Launcher | None = None
        """Opens a saved game or moves dropped on the window (one is made when first needed)."""
        self.pieces_docks: PiecesDocks | None = None
        self._laid_out = False
        self.doc = doc
        self.settings = ToolSettings(self)
        self.settings.fill_defaults(doc.map)
        self.confirm: Ask = self._confirm  # (title, question) -> yes?; tests replace it
        self.map_painter = make_painter_for(doc.module, Layers(), doc.assets)
        self.scene = MapScene(self.map_painter, self)
        self.canvas = EditorCanvas(doc, self.scene, self)
        self.setCentralWidget(self.canvas)
        self.underlay_actions = UnderlayActions(self, doc)
        self.tools: dict[str, Tool] = {}
        for cls in ALL_TOOLS:
            tool: Tool
            if cls is HexNamer:
                tool = HexNamer(doc, self.settings, self._ask_hex_name)
            elif cls is PlaceNamer:
                tool = PlaceNamer(doc, self.settings, self._ask_place_name)
            else:
                tool = cls(doc, self.settings)
            self.tools[cls.__name__] = tool
        self.tools["PasteStamp"] = PasteStamp(doc, self.settings)  # Ctrl+V; no button of its own
        self.tools["UnderlayAlign"] = UnderlayAlign(doc, self.settings, self.underlay_actions.ask_hex)  # a menu entry
        self._build_docks()
        self.file_actions = FileActions(self, doc, self.map_painter, open_module=self.open_module, new_map=open_new_map,
                                        settings=settings)
        self.interchange_actions = InterchangeActions(self, doc, open_module=self.open_module)
        self.variant_actions = VariantActions(self, doc, open_module=self.open_module)
        self.selection_actions = SelectionActions(self, doc, self.canvas, self.tools, self.areas, self.set_tool)
        self._build_status()
        self._build_menus()
        if pieces:
            self._add_pieces_docks()
            self._add_rules_dock()
        self.designer = DesignerBar(self)
        self._connect_document()
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave_ms)
        self.autosave_timer.timeout.connect(self.file_actions.autosave)
        self.autosave_timer.start()
        self.set_tool("TerrainBrush")
        self._boxes_changed()
        self.help_actions = add_help_menu(self)
        self.setAcceptDrops(True)
        self._update_title()
        self._scrolling_tabs()
        layout = self.layout()
        if layout is not None:  # its least size was set while the rows of tabs did not scroll yet
            layout.invalidate()
            layout.activate()
        screen = self.screen().availableGeometry()
        self.resize(min(1400, screen.width()), min(900, screen.height()))
        if settings is not None:
            settings.restore_window("editor", self)
            variant = self.findChild(QDockWidget, "variant_changes")
            if variant is not None:  # a remembered layout (of another module) never hides a variant's changes
                variant.setVisible(self.doc.variant is not None)
                if self.doc.variant is not None:
                    variant.raise_()
            self.autosave_timer.setInterval(autosave_interval_ms(settings))

    # -- building ---------------------------------------------------------------------------

    def _build_docks(self) -> None:
        self.palette_dock = PaletteDock(self.doc, self.settings, self)
        dock = QDockWidget("Palette", self)
        dock.setObjectName("palette")
        dock.setWidget(self.palette_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.minimap = MiniMap(self.canvas, self)
        mdock = QDockWidget("Overview", self)
        mdock.setObjectName("overview")
        mdock.setWidget(self.minimap)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, mdock)
        self.history = QUndoView(self.doc.undo_stack)
        self.history.setEmptyLabel("<file as opened>")
        hdock = QDockWidget("History", self)
        hdock.setObjectName("history")
        hdock.setWidget(self.history)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, hdock)
        self.tabifyDockWidget(mdock, hdock)
        self.problems = ProblemsPanel(self.doc, self)
        self.problems.hexActivated.connect(self.go_to_hex)
        pdock = self.problems_dock = QDockWidget("Problems", self)
        pdock.setObjectName("problems")
        pdock.setWidget(self.problems)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, pdock)
        self.tabifyDockWidget(hdock, pdock)
        self.areas = AreasPanel(self.doc, self)
        adock = QDockWidget("Areas", self)
        adock.setObjectName("areas")
        adock.setWidget(self.areas)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, adock)
        self.tabifyDockWidget(pdock, adock)
        self.boxes = BoxesPanel(self.doc, self)
        bdock = self.boxes_dock = QDockWidget("Boxes", self)
        bdock.setObjectName("boxes")
        bdock.setWidget(self.boxes)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, bdock)
        self.tabifyDockWidget(adock, bdock)
        self.boxes.list.currentItemChanged.connect(lambda *_: self._boxes_changed())
        box_tool = self.tools["BoxTool"]
        assert isinstance(box_tool, BoxTool)
        box_tool.target = self.boxes.current
        self.provenance = ProvenancePanel(self.doc, self)
        vdock = self.provenance_dock = QDockWidget("Provenance", self)
        vdock.setObjectName("provenance")
        vdock.setWidget(self.provenance)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, vdock)
        self.tabifyDockWidget(bdock, vdock)
        self.style_panel = StyleDock(self.doc, self)
        sdock = self.style_dock = QDockWidget("Map Style", self)
        sdock.setObjectName("map_style")
        scroll = QScrollArea()  # a long form: scroll rather than squeeze the other docks
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.style_panel)
        sdock.setWidget(scroll)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, sdock)
        self.tabifyDockWidget(vdock, sdock)
        self.canvas.pointChanged.connect(self.provenance.show_point)
        (pdock if self.problems.issues else mdock).raise_()
        self.variant_panel = add_variant_dock(self)  # raised over the others in a variant
        self.resizeDocks([dock, mdock], [320, 320], Qt.Orientation.Horizontal)
        self.resizeDocks([dock, mdock], [560, 260], Qt.Orientation.Vertical)

    def _add_pieces_docks(self) -> None:
        """The order of battle, unit, tables and scenario editors (editor.pieces), tabbed below."""
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.pieces_docks = add_pieces_docks(self, self.doc, self.canvas)
        for dock in self.pieces_docks.docks.values():
            # Scrollable, so a tall form does not squeeze the map canvas.
            inner = dock.widget()
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(inner)
            dock.setWidget(scroll)

        for action in self.pieces_docks.actions:
            self.file_menu.insertAction(self.quit_action, action)
        self.file_menu.insertSeparator(self.quit_action)

    def _add_rules_dock(self) -> None:
        """rules.json and the sequence of play (editor.rules), tabbed with the pieces docks."""
        from ..rules.rules_dock import add_rules_dock

        self.rules_panel, self.rules_dock = add_rules_dock(self, self.doc)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._laid_out:
            self._laid_out = True
            self._settle_docks()

    def _settle_docks(self) -> None:
        """Give the canvas most of the window: the pieces docks a strip, the overview a corner."""
        if self.pieces_docks is not None and self.pieces_docks.docks:
            first = next(iter(self.pieces_docks.docks.values()))
            # a third of the window (the CRT, step and setup grids show whole at 1600×1000), more on a
            # small screen so the unit's step grid shows every value unscrolled, and never much over
            # half of it (the map keeps 40 % of a 768-pixel screen)
            unit = self.pieces_docks.widgets["unit"]
            # + the dock's title and the row of tabs below it
            needed = unit.needed_height() + 2 * self.fontMetrics().height() + 24 if isinstance(unit, UnitForm) else 0
            self.resizeDocks([first], [min(max(220, self.height() // 3, needed), round(self.height() * 0.52))],
                             Qt.Orientation.Vertical)
        docks = [d for d in self.findChildren(QDockWidget) if d.objectName() in ("palette", "overview")]
        if len(docks) == 2:
            self.resizeDocks(docks, [self.height() - 240, 200], Qt.Orientation.Vertical)
        self._scrolling_tabs()

    def _scrolling_tabs(self) -> None:
        """Tabbed docks: whole titles, scroll arrows when many (else the row of tabs sets the window's
        least width: 1448 pixels, wider than a 1366-pixel screen)."""
        for bar in self.findChildren(QTabBar):
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)

    def _build_status(self) -> None:
        self.point_label = QLabel()
        self.tool_label = QLabel()
        self.zoom_label = QLabel("100 %")
        self.statusBar().addWidget(self.point_label, 3)
        self.statusBar().addWidget(self.tool_label, 2)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.canvas.pointChanged.connect(self._show_point)
        self.canvas.toolKeyPressed.connect(self._show_tool)
        self.canvas.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f} %"))
        self.settings.changed.connect(self._show_tool)

    def _action(self, menu, text: str, slot, shortcut=None, checkable: bool = False) -> QAction:
        action = QAction(text, self, checkable=checkable)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # shortcuts work whichever widget has focus
        return action

    def _build_menus(self) -> None:
        mb = self.menuBar()
        files = self.file_actions
        f = self.file_menu = mb.addMenu("&File")
        self._action(f, "&New Module…", self.new_module_dialog, QKeySequence.StandardKey.New)
        self._action(f, "New &Map…", files.new_map)
        self._action(f, "&Open…", files.open_dialog, QKeySequence.StandardKey.Open)
        self._action(f, "&Save", files.save, QKeySequence.StandardKey.Save)
        self._action(f, "Save &As…", files.save_as_dialog, QKeySequence.StandardKey.SaveAs)
        self.new_variant_action = self._action(f, "New &Variant of This Module…", self.variant_actions.new_variant_dialog)
        f.addSeparator()
        self._action(f, "Export &PNG…", files.export_png_dialog)
        self._action(f, "Export S&VG…", files.export_svg_dialog)
        self._action(f, "Export P&DF…", files.export_pdf_dialog)
        swap = self.interchange_actions
        x = f.addMenu("&Export")
        self._action(x, "&VASSAL Module…", swap.export_vmod_dialog)
        self._action(x, "&Tiled Map…", swap.export_tmx_dialog)
        self._action(x, "&Print-and-Play Kit…", swap.print_kit_dialog)
        i = f.addMenu("&Import")
        self._action(i, "&VASSAL Module…", swap.import_vmod_dialog)
        self._action(i, "&Tiled Map…", swap.import_tmx_dialog)
        f.addSeparator()
        self.quit_action = self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        e = mb.addMenu("&Edit")
        if self.app_settings is not None:
            prefs = self._action(e, "&Preferences…", lambda: PreferencesDialog(self.app_settings, self).exec())
            prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
            e.addSeparator()
        self.undo_action = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        for a in (self.undo_action, self.redo_action):
            e.addAction(a)
            self.addAction(a)
        e.addSeparator()
        region = self.selection_actions
        self._action(e, "Cu&t", region.cut, QKeySequence.StandardKey.Cut)
        self._action(e, "&Copy", region.copy, QKeySequence.StandardKey.Copy)
        self._action(e, "&Paste", lambda: region.paste(), QKeySequence.StandardKey.Paste)
        self._action(e, "&Delete", region.delete_selection, QKeySequence.StandardKey.Delete)
        self._action(e, "Select &None", lambda: self.doc.set_selection(set()), "Ctrl+Shift+A")

        v = mb.addMenu("&View")
        self._action(v, "Zoom &In", self.canvas.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &Out", self.canvas.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._action(v, "&Actual Size", lambda: self.canvas.set_zoom(1.0), "Ctrl+1")
        self._action(v, "&Fit to Window", self.canvas.fit_to_window, "Ctrl+0")
        v.addSeparator()
        self.layer_actions: dict[str, QAction] = {}
        for name in Layers.names():
            a = self._action(v, f"Show {name.capitalize()}", lambda on, n=name: self.set_layers(**{n: on}),
                             checkable=True)
            a.setChecked(getattr(self.map_painter.layers, name))
            self.layer_actions[name] = a
        self.trace_action = self._action(v, "&Trace Over Underlay", self.set_trace_mode, "Ctrl+T", checkable=True)
        self.reconstructed_action = self._action(v, "Show &Reconstructed", self.show_reconstructed, checkable=True)
        self.reconstructed_action.setToolTip("tint the hexes (and dash the hexsides) marked reconstructed")
        levels = v.addMenu("&Levels as")
        group = QActionGroup(self)
        for style in LEVEL_STYLES:
            a = QAction(LEVEL_STYLE_NAMES[style], self, checkable=True)
            a.setChecked(style == self.map_painter.layers.level_style)
            a.triggered.connect(lambda _=False, s=style: self.set_layers(level_style=s))
            group.addAction(a)
            levels.addAction(a)

        t = mb.addMenu("&Tools")
        bar = QToolBar("Tools", self)
        bar.setObjectName("tools")
        bar.setIconSize(QSize(28, 28))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, bar)
        self.tool_actions: dict[str, QAction] = {}
        tgroup = self.tool_group = QActionGroup(self)
        tgroup.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)  # none while pasting
        for key in (cls.__name__ for cls in ALL_TOOLS):  # not the paste stamp nor the underlay alignment
            tool = self.tools[key]
            a = QAction(tool_icon(key), tool.name, self, checkable=True)
            a.setShortcut(QKeySequence(tool.shortcut))
            a.setToolTip(f"{tool.name} ({tool.shortcut}): {tool.hint}")
            a.triggered.connect(lambda _=False, k=key: self.set_tool(k))
            tgroup.addAction(a)
            t.addAction(a)
            bar.addAction(a)
            self.tool_actions[key] = a
        t.addSeparator()
        self._action(t, "Smaller Brush", lambda: self.settings.update(radius=self.settings.radius - 1), "[")
        self._action(t, "Bigger Brush", lambda: self.settings.update(radius=self.settings.radius + 1), "]")

        m = mb.addMenu("&Map")
        self._action(m, "Map &Settings…", self.map_settings_dialog)
        m.addSeparator()
        self._action(m, "Save Selection as &Area…", region.save_area_dialog)
        self._action(m, "&Load Area into Selection…", region.load_area_dialog)
        self._action(m, "&Delete Area…", region.delete_area_dialog)
        m.addSeparator()
        u = m.addMenu("&Underlay")
        underlay = self.underlay_actions
        self._action(u, "&Load Image…", underlay.load_dialog)
        self._action(u, "&Opacity…", underlay.opacity_dialog)
        self._action(u, "&Show/Hide", underlay.toggle)
        self._action(u, "&Align to 3 Hexes", lambda: self.set_tool("UnderlayAlign"))
        self._action(u, "&Remove", underlay.remove)

        mod = self.module_menu = mb.addMenu("M&odule")
        self.module_properties_action = self._action(mod, "&Properties…", self.module_dialog)
        self._action(mod, "Rename &Id…", self.rename_dialog)
        self._action(mod, "&Update Saved Games…", self.update_saves_dialog)

    def _connect_document(self) -> None:
        d = self.doc
        d.changed.connect(self._document_changed)
        d.sideSelectionChanged.connect(self._picked_sides_changed)
        d.selectionChanged.connect(self._selection_changed)
        d.fileStateChanged.connect(self._update_title)
        d.undo_stack.indexChanged.connect(self._update_title)

    # -- document → views -----------------------------------------------------------------

    def _document_changed(self, changes: Changes) -> None:
        """Repaint what the edit named: its hexes and hexsides, or everything after a reset."""
        if changes.reset or changes.touches(Kind.MAP_STYLE, Kind.TERRAIN_EFFECTS):
            restyle_painter(self.map_painter, self.doc.module)
        if changes.reset or changes.touches(Kind.AREAS, Kind.MAP_STYLE, Kind.TERRAIN_EFFECTS):
            self._refresh_all()
        elif changes.hexes or changes.hexsides:
            self.scene.map_item.invalidate_hexes(sorted(changes.hexes))
            self._sides_changed(changes.hexsides)
            self._update_reconstructed()
        if changes.touches(Kind.BOXES, Kind.TRACKS):
            self._boxes_changed()
        if changes.touches(Kind.META):
            self._update_title()
        if changes.renamed:  # once the stack has taken the command (it is applied before it is on the stack)
            QTimer.singleShot(0, lambda: self._offer_save_update(changes))

    def _renamed_forward(self, changes: Changes) -> bool:
        """Was ``changes`` a rename done or redone (not undone)?"""
        from ..commands.rename_id import RenameId

        stack = self.doc.undo_stack
        top = stack.command(stack.index() - 1) if stack.index() > 0 else None
        return isinstance(top, RenameId) and any((old, new) == (top.old, top.new) for _k, old, new in changes.renamed)

    def _offer_save_update(self, changes: Changes) -> None:
        """After a rename (not its undo): the saved games of this module found on this computer, offered
        for an update."""
        from .rename_saves_dialog import RenameSavesDialog, saves_of

        if not self._renamed_forward(changes):
            return
        saves = saves_of(self.doc.module.meta.id, self.app_settings)
        self.statusBar().showMessage("Renamed. Saved games name units by id: Module ▸ Update Saved Games… rewrites "
                                     "them with the new ids", 10000)
        if saves:
            RenameSavesDialog(self.doc, saves, self).open()

    def update_saves_dialog(self) -> None:
        from .rename_saves_dialog import RenameSavesDialog, saves_of

        RenameSavesDialog(self.doc, saves_of(self.doc.module.meta.id, self.app_settings), self).exec()

    def _sides_changed(self, keys: Iterable[str]) -> None:
        names, labels = self.doc.names, set()
        for key in sorted(keys):
            try:
                a, b = names.grid.hexside_hexes(names.side_of(key))
            except ValueError:
                continue
            labels.add(names.label(a))
            if b is not None:
                labels.add(names.label(b))
        self.scene.map_item.invalidate_hexes(labels)

    def _refresh_all(self) -> None:
        self.map_painter.assets = dict(self.doc.assets)
        self.scene.map_item.refresh()
        self.overlay_refresh()
        self.minimap.fit()

    def overlay_refresh(self) -> None:
        self.canvas.overlay.refresh()
        self._selection_changed()
        self._picked_sides_changed()
        self._update_reconstructed()
        self._boxes_changed()

    def _segments(self, keys) -> list:
        names, out = self.doc.names, []
        for key in sorted(keys):
            try:
                out.append(names.layout.hexside_segment(names.side_of(key)))
            except ValueError:
                continue
        return out

    def _picked_sides_changed(self) -> None:
        self.canvas.overlay.set_picked_sides(self._segments(self.doc.side_selection))

    def show_reconstructed(self, on: bool) -> None:
        """View ▸ Show Reconstructed: tint the hexes, dash the hexsides that carry a clue."""
        self.reconstructed_action.setChecked(on)
        self._update_reconstructed()

    def _update_reconstructed(self) -> None:
        from ..edits.provenance import reconstructed_hexes, reconstructed_sides

        if not self.reconstructed_action.isChecked():
            self.canvas.overlay.set_reconstructed([], [])
            return
        self.canvas.overlay.set_reconstructed(reconstructed_hexes(self.doc.map),
                                              self._segments(reconstructed_sides(self.doc.map)))

    def _boxes_changed(self) -> None:
        """Draw the boxes and tracks, and let the scene reach them (they lie beside the map)."""
        picked = self.boxes.current()
        drawn: list[tuple[QRectF, str, bool]] = []
        for kind, entries in (("box", self.doc.map.boxes), ("track", self.doc.map.tracks)):
            for key, e in entries.items():
                if e.rect is not None:
                    drawn.append((QRectF(e.rect.x, e.rect.y, e.rect.width, e.rect.height), e.name,
                                  picked == (kind, key)))
        self.canvas.overlay.set_boxes(drawn)
        self.canvas.boxes_item.set_module(self.doc.module)
        rect = self.map_painter.map_rect()
        if drawn:
            margin = self.doc.map.grid.hex_size
            for box, _name, _picked in drawn:
                rect = rect.united(box.adjusted(-margin, -margin, margin, margin))
        self.scene.setSceneRect(rect)

    def _selection_changed(self) -> None:
        self.canvas.overlay.set_selection([self.doc.names.label(h) for h in self.doc.selection])

    def _update_title(self, *_args) -> None:
        if not (shiboken6.isValid(self) and shiboken6.isValid(self.doc.undo_stack)):
            return  # a late signal while the window is being torn down
        read_only = "  (bundled: changes are saved as a copy)" if self.file_actions.read_only() else ""
        self.setWindowTitle(self.doc.window_title() + read_only)
        self.setWindowModified(self.doc.is_dirty)

    def _show_point(self, point) -> None:
        if point is None:
            self.point_label.setText("")
            return
        self.point_label.setText(status_text(info_at(self.doc.map, point.x, point.y)))

    def _show_tool(self) -> None:
        tool = self.canvas.tool
        self.tool_label.setText(tool.status_text() if tool is not None else "")
        self.canvas.update_preview()

    # -- tools and layers -------------------------------------------------------------------

    def set_tool(self, key: str) -> Tool:
        tool = self.tools[key]
        self.canvas.set_tool(tool)
        if key in self.tool_actions:
            self.tool_actions[key].setChecked(True)
        elif self.tool_group.checkedAction() is not None:
            self.tool_group.checkedAction().setChecked(False)
        self._show_tool()
        return tool

    def set_layers(self, **changes: object) -> None:
        self.map_painter.layers = self.map_painter.layers.with_(**changes)
        for name, action in self.layer_actions.items():
            action.setChecked(getattr(self.map_painter.layers, name))
        self.scene.map_item.refresh()

    def set_trace_mode(self, on: bool) -> None:
        """Terrain fills off and the underlay on, so the scan shows under the grid while tracing."""
        self.trace_action.setChecked(on)
        self.set_layers(terrain=not on, underlay=True if on else self.map_painter.layers.underlay)

    def _ask_hex_name(self, label: str, current: str) -> str | None:
        name, ok = QInputDialog.getText(self, f"Name of hex {label}", "Name (empty: none):", text=current)
        return name if ok else None

    def _ask_place_name(self, title: str, current: str) -> str | None:
        text, ok = QInputDialog.getText(self, title, "Place name:", text=current)
        return text if ok else None

    def go_to_hex(self, label: str) -> bool:
        """Centre the canvas on the hex ``label`` and select it (a clicked problem)."""
        try:
            h = self.doc.names.hex_of(label)
        except ValueError:
            return False
        if not self.doc.names.contains(h):
            return False
        self.canvas.centerOn(*self.doc.names.layout.center(h))
        self.doc.set_selection({h})
        return True

    # -- map settings ---------------------------------------------------------------------

    def map_settings_dialog(self) -> None:
        from .map_settings_dialog import MapSettingsDialog

        dialog = MapSettingsDialog(self.doc, self)
        if dialog.exec():
            try:
                dialog.apply()
            except ValueError as exc:
                QMessageBox.warning(self, "Map settings", str(exc))

    def new_module_dialog(self) -> EditorWindow | None:
        """File ▸ New Module…: a new module from a starter template, in a new window."""
        from .new_module_dialog import NewModuleDialog

        dialog = NewModuleDialog(self)
        dialog.deleteLater()
        if not dialog.exec():
            return None
        return open_new_module(dialog.module(), self.app_settings)

    def rename_dialog(self) -> None:
        """Module ▸ Rename Id…: a unit, terrain type, side, CRT or table id, renamed everywhere (one undo step)."""
        from .rename_dialog import RenameDialog

        RenameDialog(self.doc, self).exec()

    def module_dialog(self) -> None:
        """Module ▸ Properties…: module.json (one undo step on OK)."""
        from .module_dialog import ModuleDialog

        ModuleDialog(self.doc, self).exec()

    # -- closing --------------------------------------------------------------------------

    def _confirm(self, title: str, question: str) -> bool:
        return QMessageBox.question(self, title, question) == QMessageBox.StandardButton.Yes

    def ask_unsaved(self) -> str:
        """``"save"``, ``"discard"`` or ``"cancel"`` (tests replace this with an answer)."""
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save changes to {self.doc.display_name()}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
        return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def closeEvent(self, event) -> None:
        if self.doc.is_dirty:
            answer = self.ask_unsaved()
            if answer == "cancel" or (answer == "save" and not self.file_actions.save()):
                event.ignore()
                return
        self.autosave_timer.stop()
        recovery.discard_recovery(self.doc.path, self.doc.untitled_id)
        if self.app_settings is not None:
            self.app_settings.save_window("editor", self)
        event.accept()

    def save_work(self) -> str | None:
        """After an unexpected error: a recovery copy of unsaved changes (offered when the file is opened again)."""
        folder = self.file_actions.autosave()
        return f"{self.doc.display_name()}: recovery copy in {folder}" if folder is not None else None

    # -- a file dropped on the window opens ------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(kind_of(Path(url.toLocalFile())) != "unknown" for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A module opens in a new editor window; a saved game or moves by e-mail in a play window."""
        for url in event.mimeData().urls():
            path = Path(url.toLocalFile())
            module = module_path(path)
            if module is not None:
                self.open_module(module)
            elif kind_of(path) != "unknown":
                try:
                    self._launcher().open_path(path)
                except (ModuleError, OpenError, OSError) as exc:
                    say(self, "Cannot open this file", exc, path)
        event.acceptProposedAction()

    def _launcher(self) -> Launcher:
        if self.launcher is None:
            self.launcher = Launcher(Library(), self.app_settings or AppSettings(), self)
        return self.launcher

    def open_module(self, path: Path) -> QMainWindow | None:
        """Another module in a new editor window (File ▸ Open, a drop, an import): read in a worker
        behind a progress dialog with Cancel; a module that cannot be read is a message naming
        the file and field, and opens nothing."""
        try:
            return self._launcher().edit(path)
        except (ModuleError, OpenError, OSError) as exc:
            say(self, "Cannot open this module", exc, path)
            return None


def module_path(path: Path) -> Path | None:
    """The module a dropped file or folder is (a folder, its ``module.json``, a ``.hwmod``), else None."""
    if path.is_dir() and (path / "module.json").is_file():
        return path
    if path.is_file() and path.name == "module.json":
        return path.parent
    if path.is_file() and path.suffix == PACK_SUFFIX:
        return path
    return None


_open_windows: list[EditorWindow] = []


def open_editor(path: str | Path | None, confirm: Ask | None = None,
                settings: AppSettings | None = None, doc: MapDocument | None = None) -> EditorWindow:
    """Open a window on the module at ``path`` (a new map for None; ``doc`` when it is read already),
    offering crash recovery."""
    # The collector would walk the module being read (millions of objects on a large map) again
    # and again while it is read, and while the first paint makes the caches of every hex: it is
    # held off until the window is on screen (the paint is the next event), then handed them back.
    hold = CollectorHold()
    try:
        if doc is None:
            doc = MapDocument.open(path) if path is not None else MapDocument.new()
        window = EditorWindow(doc, settings=settings)
        if confirm is not None:
            window.confirm = confirm
        offer_recovery(window)
        window.show()
        window.canvas.fit_to_window()
    except BaseException:
        hold.release()
        raise
    hold.set_aside()
    QTimer.singleShot(HAND_BACK_MS, hold.release)
    _open_windows.append(window)
    return window


HAND_BACK_MS = 1000
"""When a window just opened hands its objects back to the collector: after its first paint."""


def open_new_map(cols: int, rows: int) -> EditorWindow:
    """A window on a new blank map of ``cols`` × ``rows`` hexes (File ▸ New Map…)."""
    window = EditorWindow(MapDocument.new(cols, rows))
    window.show()
    window.canvas.fit_to_window()
    _open_windows.append(window)
    return window


def open_new_module(module: Module, settings: AppSettings | None = None) -> EditorWindow:
    """A window on a new, never saved module (File ▸ New Module…, the start screen's New)."""
    window = EditorWindow(MapDocument(module), settings=settings)
    window.show()
    window.canvas.fit_to_window()
    _open_windows.append(window)
    return window


def offer_recovery(window: EditorWindow) -> bool:
    """If an autosave of this file survived a crash, ask to restore it (as one undoable step).

    A new map is offered the newest autosave of a never-saved map that no open window owns;
    restored, the window takes over that recovery slot."""
    from ..commands.restore_recovery import RestoreRecovery

    doc = window.doc
    untitled = ""
    if doc.path is None:
        owned = {w.doc.untitled_id for w in _open_windows if shiboken6.isValid(w)} | {doc.untitled_id}
        orphans = recovery.orphaned_untitled(owned)
        if not orphans:
            return False
        untitled = orphans[0]
    try:
        loaded = recovery.load_recovery(doc.path, untitled)
    except ModuleError as exc:  # a damaged autosave never keeps the module itself from opening
        window.statusBar().showMessage(f"The autosave of {doc.display_name()} is damaged and was not "
                                       f"offered: {exc}", 12000)
        return False
    if loaded is None:
        return False
    if window.confirm("Recover unsaved changes",
                      f"{doc.display_name()} was not closed cleanly. Restore the unsaved changes?"):
        doc.push(RestoreRecovery(doc, loaded.module, loaded.assets))
        if untitled:
            doc.untitled_id = untitled  # keep that slot until a clean save or close
        return True
    recovery.discard_recovery(doc.path, untitled)
    return False
