"""The play window's menus, toolbar and context menus, built from the module (dice, cups, sides).

The window calls :func:`build_menus` once and keeps the actions it returns; the functions
here see the window through :class:`MenusWindow`, what the menus call, so this module never
imports the window's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QMenuBar, QToolBar, QWidget

from hexwright.runtime.model import Module
from hexwright.runtime.state import (
    AddMarker,
    Eliminate,
    Flip,
    FlipMarker,
    Game,
    Location,
    MovePieces,
    RemoveMarker,
    ReturnChit,
    SetActiveSide,
    SetControl,
    StepLoss,
    location_name,
    piece_name,
)
from hexwright.runtime.state.actions import Action

from .board_scene import BoardScene
from .game_files import GameFiles
from .play_view import PlayView
from .seats_ui import Seats


class MenusWindow(Protocol):
    """What the play window's menus call."""

    @property
    def game(self) -> Game: ...
    @property
    def module(self) -> Module: ...
    @property
    def files(self) -> GameFiles: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def scene(self) -> BoardScene: ...
    @property
    def view(self) -> PlayView: ...
    @property
    def hot_seat(self) -> bool: ...

    def run(self, action: Action) -> object: ...
    def undo(self) -> object: ...
    def redo(self) -> object: ...
    def roll(self, die: str | None = None, count: int = 1) -> object: ...
    def next_phase(self) -> object: ...
    def draw_chit(self, cup: str) -> object: ...
    def flip_selected(self) -> object: ...
    def step_loss_selected(self) -> object: ...
    def eliminate_selected(self) -> object: ...
    def replay_first(self) -> None: ...
    def replay_previous(self) -> None: ...
    def replay_next(self) -> None: ...
    def replay_last(self) -> None: ...
    def continue_from_here(self) -> object: ...
    def add_bookmark(self, note: str | None) -> None: ...
    def note_dialog(self) -> None: ...
    def set_turn_dialog(self) -> None: ...
    def set_strict(self, on: bool) -> None: ...
    def set_hot_seat(self, on: bool) -> None: ...
    def show_charts(self) -> object: ...
    def docks(self) -> list[QDockWidget]: ...
    def menuBar(self) -> QMenuBar: ...
    def addToolBar(self, title: str) -> QToolBar: ...
    def close(self) -> bool: ...
    def open_module_dialog(self) -> None: ...
    def window(self) -> QWidget: ...


Slot = Callable[[], object]


def add_action(actions: dict[str, QAction], parent: QWidget, menu: QMenu, text: str, slot: Slot,
               shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None, name: str = "") -> QAction:
    """A menu entry calling ``slot``, kept in ``actions[name]``."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    actions[name or text] = action
    return action


def _toggle(actions: dict[str, QAction], parent: QWidget, menu: QMenu, text: str, on: bool,
            slot: Callable[[bool], None], name: str) -> QAction:
    action = QAction(text, parent, checkable=True)
    action.setChecked(on)
    action.toggled.connect(slot)
    menu.addAction(action)
    actions[name] = action
    return action


def build_menus(window: MenusWindow) -> dict[str, QAction]:
    """The menu bar and toolbar of a play window; returns its actions by name."""
    actions: dict[str, QAction] = {}
    parent = window.window()
    module, files, seats = window.module, window.files, window.seats

    def add(menu: QMenu, text: str, slot: Slot, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
            name: str = "") -> QAction:
        return add_action(actions, parent, menu, text, slot, shortcut, name)

    bar = window.menuBar()
    file = bar.addMenu("&File")
    add(file, "&New game…", files.new_game_dialog, QKeySequence.StandardKey.New, "new")
    add(file, "Open &module…", window.open_module_dialog, None, "open_module")
    add(file, "&Open saved game…", files.open_dialog, QKeySequence.StandardKey.Open, "open")
    add(file, "&Save", files.save, QKeySequence.StandardKey.Save, "save")
    add(file, "Save &as…", files.save_as_dialog, QKeySequence.StandardKey.SaveAs, "save_as")
    file.addSeparator()
    add(file, "&Export moves for e-mail…", files.export_dialog, None, "export")
    add(file, "&Import opponent's moves…", files.import_dialog, None, "import")
    file.addSeparator()
    add(file, "&Quit", window.close, QKeySequence.StandardKey.Quit, "quit")

    edit = bar.addMenu("&Edit")
    add(edit, "&Undo", window.undo, "Ctrl+Z", "undo")
    add(edit, "&Redo", window.redo, "Ctrl+Y", "redo")
    actions["redo"].setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
    _toggle(actions, parent, edit, "&Strict mode (no undo past dice)", window.game.strict, window.set_strict, "strict")

    game = bar.addMenu("&Game")
    first_die = next(iter(module.meta.dice), None)
    for die_id in module.meta.dice:
        add(game, f"&Roll {die_id}", partial(window.roll, die_id), "Ctrl+R" if die_id == first_die else None,
            f"roll:{die_id}")
    add(game, "&Next phase", window.next_phase, "Ctrl+T", "next_phase")
    add(game, "Set &turn and phase…", window.set_turn_dialog, None, "set_turn")
    sides = game.addMenu("&Active side")
    for side_id, side in module.pieces.sides.items():
        add(sides, side.name, partial(window.run, SetActiveSide(side=side_id)), None, f"side:{side_id}")
    cups = window.game.state.cups
    first_cup = next(iter(cups), None)
    for cup in cups:
        name = module.map.boxes[cup].name if cup in module.map.boxes else cup
        add(game, f"&Draw a chit from {name}", partial(window.draw_chit, cup),
            "Ctrl+D" if cup == first_cup else None, f"draw:{cup}")
    add(game, "Add a &note to the log…", window.note_dialog, None, "note")
    game.addSeparator()
    add(game, "&Charts", window.show_charts, "Ctrl+K", "charts")

    piece = bar.addMenu("&Piece")
    add(piece, "&Flip", window.flip_selected, "Ctrl+F", "flip")
    add(piece, "Take a &step loss", window.step_loss_selected, "Ctrl+L", "step_loss")
    add(piece, "&Eliminate", window.eliminate_selected, QKeySequence.StandardKey.Delete, "eliminate")

    replay = bar.addMenu("&Replay")
    add(replay, "To the &start", window.replay_first, "Alt+Home", "replay_first")
    add(replay, "&Back one action", window.replay_previous, "Alt+Left", "replay_previous")
    add(replay, "&Forward one action", window.replay_next, "Alt+Right", "replay_next")
    add(replay, "To the &end", window.replay_last, "Alt+End", "replay_last")
    add(replay, "&Continue from here", window.continue_from_here, None, "continue")
    add(replay, "Book&mark this position…", lambda: window.add_bookmark(None), None, "bookmark")

    players = bar.addMenu("P&layers")
    _toggle(actions, parent, players, "&Hot-seat (hand-over screen between sides)", window.hot_seat,
            window.set_hot_seat, "hot_seat")
    _toggle(actions, parent, players, "&Free play (solitaire: any side may act)", seats.free_play,
            seats.set_free_play, "free_play")
    players.addSeparator()
    for side_id, side in module.pieces.sides.items():
        add(players, f"Name the {side.name} player…", partial(seats.name_player_dialog, side_id), None,
            f"player:{side_id}")
    players.addSeparator()
    for side_id, side in module.pieces.sides.items():
        add(players, f"Play by &e-mail as {side.name}…", partial(seats.play_by_email_dialog, side_id),
            None, f"pbem:{side_id}")

    view = bar.addMenu("&View")
    add(view, "Zoom &in", window.view.zoom_in, QKeySequence.StandardKey.ZoomIn, "zoom_in")
    add(view, "Zoom &out", window.view.zoom_out, QKeySequence.StandardKey.ZoomOut, "zoom_out")
    add(view, "&Fit to window", window.view.fit_to_window, "Ctrl+0", "fit")
    view.addSeparator()
    for dock in window.docks():
        view.addAction(dock.toggleViewAction())

    tools = window.addToolBar("Play")
    tools.setObjectName("play-toolbar")
    for name in ("undo", "redo", f"roll:{first_die}", "next_phase"):
        if name in actions:
            tools.addAction(actions[name])
    for name in actions:
        if name.startswith("draw:"):
            tools.addAction(actions[name])
    tools.addAction(actions["charts"])
    return actions


def context_menu(window: MenusWindow, key: tuple[str, str] | None, at: Location | None) -> QMenu:
    """The context menu for a counter (``key``) and/or a place; built here so tests can read it."""
    menu = QMenu(window.window())
    if key is not None:
        kind, item_id = key
        window.scene.select(key)
        if kind == "chit":
            for cup in window.game.state.cups:
                name = window.module.map.boxes[cup].name if cup in window.module.map.boxes else cup
                menu.addAction(f"Return to {name}", partial(window.run, ReturnChit(chit=item_id, cup=cup)))
        elif kind == "piece":
            menu.addAction(f"Flip {piece_name(window.module, item_id)}", lambda: window.run(Flip(piece=item_id)))
            menu.addAction("Take a step loss", lambda: window.run(StepLoss(piece=item_id)))
            menu.addAction("Eliminate", lambda: window.run(Eliminate(pieces=(item_id,))))
            move = menu.addMenu("Move to")
            for region in window.scene.board.regions:
                if region.kind not in ("track", "chits"):
                    move.addAction(region.title, partial(window.run, MovePieces(pieces=(item_id,), to=region.at)))
        else:
            menu.addAction("Flip marker", lambda: window.run(FlipMarker(instance=item_id)))
            menu.addAction("Remove marker", lambda: window.run(RemoveMarker(instance=item_id)))
    if at is not None:
        if not menu.isEmpty():
            menu.addSeparator()
        markers = menu.addMenu(f"Add marker in {location_name(window.module, at)}")
        for marker_id, marker in window.module.pieces.markers.items():
            markers.addAction(marker.name, partial(window.run, AddMarker(marker=marker_id, at=at)))
        if at.kind == "hex":
            control = menu.addMenu(f"Control of {at.id}")
            for side_id, side in window.module.pieces.sides.items():
                control.addAction(side.name, partial(window.run, SetControl(hex=at.id, side=side_id)))
            control.addAction("Nobody", lambda: window.run(SetControl(hex=at.id, side=None)))
    menu.addSeparator()
    menu.addAction("Add a note to the log…", window.note_dialog)
    return menu
