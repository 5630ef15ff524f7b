"""The play window: the board, the log, the side panel and minimap, and every manual action.

Every change goes through :meth:`PlayWindow.run`, which applies one action to the
:class:`~runtime.state.Game`, reports a refused action in the status bar, refreshes the
views, autosaves when the turn changes and shows the hot-seat hand-over screen when the
active side changes. Undo, redo and replay only move through the game's log.

The window is composed of parts that hold it: :class:`.game_files.GameFiles` (saves,
autosave, moves by e-mail), :class:`.seats_ui.Seats` (who plays at this computer) and
:class:`.rules_play.RulesPlay` (the rules engine); it builds its own menus
(:func:`.play_menus.build_menus`) and keeps their actions.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from hexwright.runtime.engine import SetEnforcement, is_engine_action, rules_of, to_step
from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RULE_IDS
from hexwright.runtime.state import (
    ActionError,
    DrawChit,
    Eliminate,
    Flip,
    FlipMarker,
    Game,
    Location,
    LogEntry,
    NextPhase,
    Note,
    PacketAlreadyInGame,
    PacketError,
    RemoveMarker,
    RollDice,
    SaveError,
    SetTurn,
    StepLoss,
    new_seed,
    phase_name,
    piece_name,
    save_game,
)
from hexwright.runtime.state.actions import Action
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX, parse_actions_file
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.storage import PACK_SUFFIX, ModuleError, load_module
from hexwright.runtime.storage.user_folders import data_dir

from ..app_settings import SAVE_SUFFIX, AppSettings
from ..error_text import error_text
from ..help_menu import add_help_menu
from ..jobs import Cancelled, read_in_worker
from ..map_status import info_at, status_text
from ..preferences import PreferencesDialog, counter_scale, default_enforcement
from .artillery_panel import ArtilleryPanel
from .board_layout import COUNTER_SCALE, location_center
from .board_scene import BoardScene
from .bot_play import BotPlay
from .charts_window import ChartsWindow
from .game_files import GameFiles
from .hand_over import HandOverScreen
from .log_dock import LogPanel
from .minimap import Minimap
from .play_menus import build_menus, context_menu
from .play_view import PlayView
from .rules_play import RulesPlay
from .seats_ui import Seats
from .side_panel import SidePanel

OPEN_WINDOWS: list[QMainWindow] = []
"""Windows opened from another play window (kept alive here until the application ends)."""


class PlayWindow(QMainWindow):
    def __init__(self, game: Game, assets: dict[str, bytes] | None = None, *, save_path: str | Path | None = None,
                 autosave_path: str | Path | None = None, hot_seat: bool = False,
                 load_warnings: list[str] | None = None, secrets_dir: str | Path | None = None,
                 bots: dict[str, str] | None = None,
                 settings: AppSettings | None = None) -> None:
        super().__init__()
        self.settings = settings
        """Where the window's size and dock layout are remembered (None: not remembered)."""
        self.open_file: Callable[[Path], object] | None = None
        """Opens a dropped file this window does not take itself (set by the application's launcher)."""
        self.game = game
        self.module: Module = game.module
        self.assets = dict(assets or {})
        self.hot_seat = hot_seat
        self.last_error = ""
        self.refusals: list[str] = []
        """Every action refused in this window, in order (a play-test from the editor lists them)."""
        self.charts: ChartsWindow | None = None
        self._panels_hidden: list[QWidget] = []
        self.files = GameFiles(self, save_path=save_path, autosave_path=autosave_path, load_warnings=load_warnings)
        self.seats = Seats(self, secrets_dir=secrets_dir, settings=settings)

        scale = COUNTER_SCALE * (counter_scale(settings) if settings is not None else 1.0)
        self.scene = BoardScene(self.module, game.shown_state, self.assets, self, counter_scale=scale)
        self.view = PlayView(self.scene, self)
        self.hand_over = HandOverScreen(self)
        self.hand_over.ready.connect(self.dismiss_hand_over)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.hand_over)
        self.setCentralWidget(self.stack)

        self.log_panel = LogPanel()
        self.side_panel = SidePanel()
        self.minimap = Minimap(self.view)
        self.minimap.setMaximumHeight(220)
        self._dock("Overview", self.minimap, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Log", self.log_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        boxes = self._dock("Boxes and tracks", self.side_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.artillery: ArtilleryPanel | None = None
        """The artillery displays (St-Lô 10.1), when the module has fire support (``rules.json`` ``fire``)."""
        if self.module.rules.fire is not None:
            self.artillery = ArtilleryPanel(self.module)
            self.tabifyDockWidget(boxes, self._dock("Artillery", self.artillery, Qt.DockWidgetArea.RightDockWidgetArea))

        self.hover_label = QLabel()
        self.turn_label = QLabel()
        self.warning_label = QLabel()
        self.warning_label.setStyleSheet("color: #b00000; font-weight: bold;")
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.warning_label)
        self.statusBar().addPermanentWidget(self.turn_label)

        self.rules = RulesPlay(self)
        self.bots = BotPlay(self, bots)
        self.view.dragStarted.connect(self.rules.drag_started)
        self.view.dragHovered.connect(self.rules.drag_hovered)
        self.view.dragFinished.connect(self.rules.drag_finished)
        self.view.hexClicked.connect(self.rules.hex_clicked)
        self.view.counterSelected.connect(self.rules.counter_clicked)
        self.view.actionRequested.connect(self.run)
        self.view.counterSelected.connect(lambda kind, item_id: self._selection_changed())
        self.view.contextRequested.connect(self._context_menu)
        self.view.mouseMovedOnMap.connect(self._show_point)
        self.log_panel.positionChosen.connect(self.goto)
        buttons = self.log_panel.buttons
        buttons["first"].clicked.connect(self.replay_first)
        buttons["previous"].clicked.connect(self.replay_previous)
        buttons["next"].clicked.connect(self.replay_next)
        buttons["last"].clicked.connect(self.replay_last)
        buttons["bookmark"].clicked.connect(lambda: self.add_bookmark(None))
        buttons["continue"].clicked.connect(self.continue_from_here)
        self.side_panel.locationChosen.connect(self.center_on)
        self.actions_by_name: dict[str, QAction] = build_menus(self)
        self.rules.install()
        self.bots.install()
        if settings is not None:
            self._add_preferences_action()
        self.actions_by_name.update({f"help:{k}": a for k, a in add_help_menu(self).items()})
        self.setAcceptDrops(True)
        self.resize(1400, 900)
        self.resizeDocks(self.docks()[:1], [400], Qt.Orientation.Horizontal)
        if settings is not None:
            settings.restore_window("play", self)
        self.seats.attach_dice_secret()  # by e-mail: this computer's side, found by its commitment in the log
        self.refresh()

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _add_preferences_action(self) -> None:
        [edit] = [a.menu() for a in self.menuBar().actions() if a.text() == "&Edit"]
        assert isinstance(edit, QMenu)
        action = QAction("&Preferences…", self)
        action.setMenuRole(QAction.MenuRole.PreferencesRole)
        action.triggered.connect(self.preferences)
        edit.addSeparator()
        edit.addAction(action)
        self.actions_by_name["preferences"] = action

    def preferences(self) -> PreferencesDialog:
        """Edit ▸ Preferences…; the counter size applies to this window at once."""
        assert self.settings is not None
        dialog = PreferencesDialog(self.settings, self)
        dialog.accepted.connect(self._preferences_changed)
        dialog.open()
        return dialog

    def _preferences_changed(self) -> None:
        if self.settings is not None:
            self.scene.counter_scale = COUNTER_SCALE * counter_scale(self.settings)
            self.refresh()

    def docks(self) -> list[QDockWidget]:
        return self.findChildren(QDockWidget)

    def context_menu_for(self, key: tuple[str, str] | None, at: Location | None) -> QMenu:
        """The context menu for a counter (``key``) and/or a place; built here so tests can read it."""
        return context_menu(self, key, at)

    def _context_menu(self, key, at, global_pos) -> None:
        self.context_menu_for(key, at).popup(global_pos)

    # -- the one way the game changes ------------------------------------------------------------

    def run(self, action: Action) -> LogEntry | None:
        """Apply one action; a refused one is reported and changes nothing.

        With the rules on, a unit dropped on the board or *Next phase* becomes the rules
        engine's move, exit, retreat, advance or end of phase (:mod:`.rules_play`), checked
        at each rule's enforcement level.
        """
        before = self.game.state
        try:
            self.seats.check(action)  # players choose sides: only the side to act moves its pieces
            translated = self.rules.translate(action)  # a rules engine action when the rules are on
            entry = self.game.do(to_step(translated) if is_engine_action(translated) else translated)
        except ActionError as exc:
            self.last_error = str(exc)
            self.refusals.append(str(exc))
            self.statusBar().showMessage(f"Not done: {exc}", 8000)
            if self.rules.enabled:
                self.log_panel.note_refusal(f"refused: {exc}")
            self.refresh()
            return None
        self.last_error = ""
        self.statusBar().showMessage(entry.text, 5000)
        after = self.game.state
        if after.turn != before.turn:
            self.files.autosave()
        self.refresh()
        if self.hot_seat and after.active_side != before.active_side and after.active_side is not None:
            self.show_hand_over()
        elif self.hot_seat and (self.rules.chooser_changed(before, after) or self.rules.seat_changed(before, after)):
            self.show_hand_over(self.rules.chooser(after))
        self.bots.schedule()
        return entry

    def run_engine(self, action) -> LogEntry | None:
        """Run a rules engine action (``runtime.engine``) through :meth:`run`."""
        return self.run(to_step(action))

    def show_game(self, game: Game) -> None:
        """Play ``game`` (of this window's module) from its current position: a loaded save or a new game."""
        self.game = game
        self.seats.attach_dice_secret()
        self.scene.expanded = None
        self.scene.selected = None
        self.refresh()

    def refresh(self) -> None:
        game = self.game
        state = game.shown_state
        self.scene.show_state(state)
        self.rules.refresh()
        self.log_panel.show_game(game)
        self.side_panel.show_state(self.module, state, self.scene.board)
        if self.artillery is not None:
            self.artillery.show_state(state)
        side = self.module.pieces.sides.get(state.active_side or "")
        replay = f"  ·  REPLAY {game.position}/{len(game.actions)}" if game.replaying else ""
        seat = self.seats.text() + self.bots.text()
        self.turn_label.setText(f"{phase_name(self.module, state)}  ·  {side.name if side else '-'}{seat}{replay}")
        warnings = self.files.load_warnings
        self.warning_label.setText("⚠ " + warnings[0] if warnings else "")
        names = self.actions_by_name
        names["undo"].setEnabled(game.can_undo())
        names["redo"].setEnabled(game.can_redo())
        title = f"{self.module.meta.title} — {self.module.scenarios[game.scenario].name}"
        if self.files.save_path:
            title += f" — {self.files.save_path.name}"
        self.setWindowTitle(title)
        self.minimap.viewport().update()

    # -- actions ----------------------------------------------------------------------------

    def undo(self) -> LogEntry | None:
        try:
            entry = self.game.undo()
        except ActionError as exc:
            self.statusBar().showMessage(str(exc), 6000)
            self.last_error = str(exc)
            return None
        self.statusBar().showMessage(f"Undone: {entry.text}", 5000)
        self.bots.after_undo()
        self.refresh()
        return entry

    def redo(self) -> LogEntry | None:
        try:
            entry = self.game.redo()
        except ActionError as exc:
            self.statusBar().showMessage(str(exc), 6000)
            return None
        self.statusBar().showMessage(f"Redone: {entry.text}", 5000)
        self.refresh()
        return entry

    def roll(self, die: str | None = None, count: int = 1) -> LogEntry | None:
        return self.run(RollDice(die=die or next(iter(self.module.meta.dice)), count=count))

    def next_phase(self) -> LogEntry | None:
        return self.run(NextPhase())

    def draw_chit(self, cup: str) -> LogEntry | None:
        return self.run(DrawChit(cup=cup))

    def selected_piece(self) -> str | None:
        key = self.scene.selected
        return key[1] if key and key[0] == "piece" and key[1] in self.game.state.pieces else None

    def select_piece(self, piece_id: str) -> None:
        self.scene.select(("piece", piece_id))
        self._selection_changed()

    def flip_selected(self) -> LogEntry | None:
        key = self.scene.selected
        if key and key[0] == "marker":
            return self.run(FlipMarker(instance=key[1]))
        piece = self.selected_piece()
        return self.run(Flip(piece=piece)) if piece else self._nothing_selected()

    def step_loss_selected(self) -> LogEntry | None:
        piece = self.selected_piece()
        return self.run(StepLoss(piece=piece)) if piece else self._nothing_selected()

    def eliminate_selected(self) -> LogEntry | None:
        key = self.scene.selected
        if key and key[0] == "marker":
            return self.run(RemoveMarker(instance=key[1]))
        piece = self.selected_piece()
        return self.run(Eliminate(pieces=(piece,))) if piece else self._nothing_selected()

    def _nothing_selected(self) -> LogEntry | None:
        self.statusBar().showMessage("Click a counter first", 4000)
        return None

    def _selection_changed(self) -> None:
        key = self.scene.selected
        if key and key[0] == "piece":
            self.statusBar().showMessage(f"Selected {piece_name(self.module, key[1])}", 4000)

    # -- replay, bookmarks ---------------------------------------------------------------------

    def goto(self, index: int) -> None:
        self.game.goto(index)
        self.refresh()

    def replay_first(self) -> None:
        self.game.first()
        self.refresh()

    def replay_previous(self) -> None:
        self.game.previous()
        self.refresh()

    def replay_next(self) -> None:
        self.game.next()
        self.refresh()

    def replay_last(self) -> None:
        self.game.last()
        self.refresh()

    def continue_from_here(self) -> int:
        cut = self.game.continue_from_here()
        self.statusBar().showMessage(f"Playing on from here; {cut} later action(s) kept as a branch", 6000)
        self.refresh()
        return cut

    def add_bookmark(self, note: str | None) -> None:
        if note is None:
            note, ok = QInputDialog.getText(self, "Bookmark", "Note for this position:")
            if not ok:
                return
        self.game.bookmark(note)
        self.refresh()

    # -- dialogs and menus -------------------------------------------------------------------

    def note_dialog(self) -> None:
        text, ok = QInputDialog.getText(self, "Note", "Line for the log:")
        if ok and text.strip():
            self.run(Note(text=text.strip()))

    def set_turn_dialog(self) -> None:
        state = self.game.state
        turn, ok = QInputDialog.getInt(self, "Turn marker", "Turn:", state.turn, -1000, 10000)
        if not ok:
            return
        phases = [p.name for p in self.module.meta.sequence] or ["(no phases)"]
        name, ok = QInputDialog.getItem(self, "Phase marker", "Phase:", phases, min(state.phase, len(phases) - 1), False)
        if ok:
            self.run(SetTurn(turn=turn, phase=phases.index(name) if self.module.meta.sequence else 0))

    def set_strict(self, on: bool) -> None:
        self.game.strict = on
        self.refresh()

    def set_hot_seat(self, on: bool) -> None:
        self.hot_seat = on

    def show_charts(self) -> ChartsWindow:
        if self.charts is None:
            self.charts = ChartsWindow(self.module, self)
        self.charts.show()
        self.charts.raise_()
        return self.charts

    # -- hot-seat -------------------------------------------------------------------------------

    def show_hand_over(self, side_id: str | None = None) -> None:
        state = self.game.state
        side_id = side_id or state.active_side or ""
        side = self.module.pieces.sides.get(side_id)
        name = side.name if side else side_id
        seat = self.rules.seat(state)  # ToV 15.1: a seat per army
        if seat is not None and self.module.meta.seats[seat].side == side_id:
            name = f"{self.module.meta.seats[seat].name} ({name})"
        self.hand_over.for_side(name, self.game.players.get(side_id, ""), phase_name(self.module, state))
        if not self.handing_over:
            self._panels_hidden = self.panels_shown()
        for panel in self._panels_hidden:
            panel.hide()
        self.stack.setCurrentWidget(self.hand_over)
        for action in self.actions_by_name.values():
            action.setEnabled(False)
        self.actions_by_name["quit"].setEnabled(True)

    def dismiss_hand_over(self) -> None:
        self.stack.setCurrentWidget(self.view)
        for panel in self._panels_hidden:
            panel.show()
        self._panels_hidden = []
        for action in self.actions_by_name.values():
            action.setEnabled(True)
        self.refresh()

    def panels_shown(self) -> list[QWidget]:
        """Everything of the window that shows the board or the game besides its central view: the
        docks, the toolbars (the phase bar) and the open dialogs (attack, fire, charts). The
        hand-over screen hides them all, so nothing of one side's view is left to the next player."""
        panels: list[QWidget] = [*self.docks(), *self.findChildren(QToolBar), *self.findChildren(QDialog)]
        return [panel for panel in panels if panel.isVisible()]

    @property
    def handing_over(self) -> bool:
        return self.stack.currentWidget() is self.hand_over

    # -- view helpers ----------------------------------------------------------------------------

    def center_on(self, at: Location) -> None:
        point = location_center(self.module, self.scene.board, at)
        if point is not None:
            self.view.centerOn(*point)

    def _show_point(self, x: float, y: float) -> None:
        text = status_text(info_at(self.module.map, x, y))
        region = self.scene.board.region_at(x, y)
        at = region.at if region is not None else None
        info = info_at(self.module.map, x, y)
        if at is None and info is not None:
            at = Location.hex(info.label)
        if region is not None:
            text = region.title
        if at is not None:
            pieces = self.game.shown_state.stack(at)
            if pieces:
                text += "  —  " + ", ".join(piece_name(self.module, p) for p in reversed(pieces))
            controller = self.game.shown_state.control.get(at.id) if at.kind == "hex" else None
            if controller:
                text += f"  ·  controlled by {self.module.pieces.sides[controller].name}"
        self.hover_label.setText(text)

    # -- another module ----------------------------------------------------------------------

    def open_module(self, path: str | Path, scenario: str | None = None, seed: int | None = None,
                    close: bool = True) -> PlayWindow:
        """Open another module in a new play window (this one closes, unless not ``close``); returns the new window.

        The module is read in a worker behind a progress dialog; raises :class:`Cancelled` after its Cancel."""
        loaded = read_in_worker(self, Path(path), load_module)
        scenario = scenario or self.files.choose_scenario(loaded.module)
        if scenario is None:
            raise ActionError(f"module {loaded.module.meta.id!r} has no scenario to play")
        game = Game(loaded.module, scenario, new_seed() if seed is None else seed, engine=self.game.engine)
        autosave = self.files.autosave_path
        window = PlayWindow(game, loaded.assets, hot_seat=self.hot_seat, secrets_dir=self.seats.secrets_dir,
                            autosave_path=autosave and autosave.with_name(f"{loaded.module.meta.id}-{scenario}.hwsav"),
                            settings=self.settings)
        window.open_file = self.open_file
        OPEN_WINDOWS.append(window)
        window.show()
        window.view.fit_to_window()
        if close:
            self.close()
        return window

    def open_module_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open module folder")
        if path:
            self.open_module_saying_why(Path(path))

    def open_module_saying_why(self, path: Path, close: bool = True) -> PlayWindow | None:
        """:meth:`open_module`, with what stops it in a message box naming the file and field (nothing after Cancel)."""
        try:
            return self.open_module(path, close=close)
        except Cancelled:
            self.statusBar().showMessage(f"Opening {path.name} cancelled", 5000)
        except (ModuleError, ActionError, OSError) as exc:
            QMessageBox.critical(self, "Cannot open this module", error_text(exc, path))
        return None

    def save_work(self) -> str | None:
        """After an unexpected error: the game saved to its autosave file (or a new one beside it)."""
        path = self.files.autosave_path or data_dir() / "autosave" / f"{self.module.meta.id}-{self.game.scenario}.hwsav"
        save_game(self.game, path)
        return f"{self.module.meta.title}: game saved to {path}"

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(dropped_kind(Path(url.toLocalFile())) for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A save or moves of this game open here; a module starts a game of it in a new window."""
        for url in event.mimeData().urls():
            self.open_dropped(Path(url.toLocalFile()))
        event.acceptProposedAction()

    def open_dropped(self, path: Path) -> None:
        kind = dropped_kind(path)
        try:
            if kind == "moves" and self._is_this_game(read_game_file(path, PacketError), path.name):
                self.files.import_moves(path)
            elif kind == "game" and parse_save(read_game_file(path), path.name).module.id == self.module.meta.id:
                self.files.open_save(path)
            elif kind and self.open_file is not None:
                self.open_file(path)
            elif kind == "module":
                self.open_module_saying_why(path, close=False)
            elif kind:
                QMessageBox.information(self, "Another game", f"{path.name} is not a game of {self.module.meta.title}: "
                                        "open it from the start screen (hexwright) or by double-click.")
        except PacketAlreadyInGame as exc:
            QMessageBox.information(self, "Already imported", str(exc))
        except (SaveError, PacketError, ModuleError, ActionError, OSError) as exc:
            QMessageBox.critical(self, "Cannot open this file", error_text(exc, path))

    def _is_this_game(self, data: bytes, name: str) -> bool:
        packet = parse_actions_file(data, name)
        return (packet.module_id, packet.scenario) == (self.module.meta.id, self.game.scenario)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.settings is not None:
            self.settings.save_window("play", self)
        self.files.autosave()
        self.bots.shutdown()
        if self.charts is not None:
            self.charts.close()
        super().closeEvent(event)


def dropped_kind(path: Path) -> str:
    """What a file dropped on a play window is: ``game``, ``moves``, ``module``, or "" (not Hexwright's)."""
    if path.is_file() and path.suffix in (SAVE_SUFFIX, ACTIONS_SUFFIX):
        return "game" if path.suffix == SAVE_SUFFIX else "moves"
    if (path.is_dir() and (path / "module.json").is_file()) or (path.is_file() and path.suffix == PACK_SUFFIX):
        return "module"
    return ""


def set_every_enforcement(window: PlayWindow, level: str) -> None:
    """Every rule of a game at one enforcement ``level`` (``module``: as the module sets them), by actions in its log."""
    if level == "module" or not window.rules.enabled:
        return
    rules = rules_of(window.module, window.game.state)
    for rule in RULE_IDS:
        if rules.enforcement_of(rule) != level:
            window.run_engine(SetEnforcement(rule=rule, level=level))


def open_play_window(game: Game, assets: dict[str, bytes] | None = None, **options) -> PlayWindow:
    """Show a play window (creating the QApplication if needed); the caller runs ``exec()``."""
    if QApplication.instance() is None:
        QApplication([])
    window = PlayWindow(game, assets, **options)
    settings = options.get("settings")
    if isinstance(settings, AppSettings) and not game.actions:  # a new game: the user's preferences
        window.seats.name_remembered_players()
        set_every_enforcement(window, default_enforcement(settings))
    window.show()
    window.view.fit_to_window()
    if window.hot_seat and game.state.active_side is not None:
        window.show_hand_over()
    return window
