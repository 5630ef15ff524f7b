"""The play window's menus, toolbar and context menus, built from the module (dice, cups, sides)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

from hexwright.runtime.state import (
    AddMarker,
    Eliminate,
    Flip,
    FlipMarker,
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


def add_action(window, menu: QMenu, text: str, slot, shortcut=None, name: str = "") -> QAction:
    """A menu entry calling ``slot``, kept in ``window.actions_by_name[name]``."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    window.actions_by_name[name or text] = action
    return action


def build_menus(window) -> None:
    """The menu bar and toolbar of a play window; fills ``window.actions_by_name``."""
    window.actions_by_name = {}
    bar = window.menuBar()
    file = bar.addMenu("&File")
    add_action(window, file, "&New game…", window._new_game_dialog, QKeySequence.New, "new")
    add_action(window, file, "Open &module…", window._open_module_dialog, None, "open_module")
    add_action(window, file, "&Open saved game…", window._open_dialog, QKeySequence.Open, "open")
    add_action(window, file, "&Save", window.save, QKeySequence.Save, "save")
    add_action(window, file, "Save &as…", window._save_as_dialog, QKeySequence.SaveAs, "save_as")
    file.addSeparator()
    add_action(window, file, "&Export moves for e-mail…", window._export_dialog, None, "export")
    add_action(window, file, "&Import opponent's moves…", window._import_dialog, None, "import")
    file.addSeparator()
    add_action(window, file, "&Quit", window.close, QKeySequence.Quit, "quit")

    edit = bar.addMenu("&Edit")
    add_action(window, edit, "&Undo", window.undo, QKeySequence("Ctrl+Z"), "undo")
    add_action(window, edit, "&Redo", window.redo, QKeySequence("Ctrl+Y"), "redo")
    window.actions_by_name["redo"].setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
    strict = QAction("&Strict mode (no undo past dice)", window, checkable=True)
    strict.setChecked(window.game.strict)
    strict.toggled.connect(window._set_strict)
    edit.addAction(strict)
    window.actions_by_name["strict"] = strict

    game = bar.addMenu("&Game")
    for die_id in window.module.meta.dice:
        add_action(window, game, f"&Roll {die_id}", lambda d=die_id: window.roll(d),
                     QKeySequence("Ctrl+R") if die_id == next(iter(window.module.meta.dice)) else None, f"roll:{die_id}")
    add_action(window, game, "&Next phase", window.next_phase, QKeySequence("Ctrl+T"), "next_phase")
    add_action(window, game, "Set &turn and phase…", window._set_turn_dialog, None, "set_turn")
    sides = game.addMenu("&Active side")
    for side_id, side in window.module.pieces.sides.items():
        add_action(window, sides, side.name, lambda s=side_id: window.run(SetActiveSide(side=s)), None, f"side:{side_id}")
    for cup in window.game.state.cups:
        name = window.module.map.boxes[cup].name if cup in window.module.map.boxes else cup
        add_action(window, game, f"&Draw a chit from {name}", lambda c=cup: window.draw_chit(c),
                     QKeySequence("Ctrl+D") if cup == next(iter(window.game.state.cups)) else None, f"draw:{cup}")
    add_action(window, game, "Add a &note to the log…", window._note_dialog, None, "note")
    game.addSeparator()
    add_action(window, game, "&Charts", window.show_charts, QKeySequence("Ctrl+K"), "charts")

    piece = bar.addMenu("&Piece")
    add_action(window, piece, "&Flip", window.flip_selected, QKeySequence("Ctrl+F"), "flip")
    add_action(window, piece, "Take a &step loss", window.step_loss_selected, QKeySequence("Ctrl+L"), "step_loss")
    add_action(window, piece, "&Eliminate", window.eliminate_selected, QKeySequence.Delete, "eliminate")

    replay = bar.addMenu("&Replay")
    add_action(window, replay, "To the &start", window.replay_first, QKeySequence("Alt+Home"), "replay_first")
    add_action(window, replay, "&Back one action", window.replay_previous, QKeySequence("Alt+Left"), "replay_previous")
    add_action(window, replay, "&Forward one action", window.replay_next, QKeySequence("Alt+Right"), "replay_next")
    add_action(window, replay, "To the &end", window.replay_last, QKeySequence("Alt+End"), "replay_last")
    add_action(window, replay, "&Continue from here", window.continue_from_here, None, "continue")
    add_action(window, replay, "Book&mark this position…", lambda: window.add_bookmark(None), None, "bookmark")

    players = bar.addMenu("P&layers")
    hot = QAction("&Hot-seat (hand-over screen between sides)", window, checkable=True)
    hot.setChecked(window.hot_seat)
    hot.toggled.connect(lambda on: setattr(window, "hot_seat", on))
    players.addAction(hot)
    window.actions_by_name["hot_seat"] = hot
    free = QAction("&Free play (solitaire: any side may act)", window, checkable=True)
    free.setChecked(window.free_play)
    free.toggled.connect(window.set_free_play)
    players.addAction(free)
    window.actions_by_name["free_play"] = free
    players.addSeparator()
    for side_id, side in window.module.pieces.sides.items():
        add_action(window, players, f"Name the {side.name} player…", lambda s=side_id: window._name_player(s), None,
                     f"player:{side_id}")
    players.addSeparator()
    for side_id, side in window.module.pieces.sides.items():
        add_action(window, players, f"Play by &e-mail as {side.name}…", lambda s=side_id: window._play_by_email_dialog(s),
                     None, f"pbem:{side_id}")

    view = bar.addMenu("&View")
    add_action(window, view, "Zoom &in", window.view.zoom_in, QKeySequence.ZoomIn, "zoom_in")
    add_action(window, view, "Zoom &out", window.view.zoom_out, QKeySequence.ZoomOut, "zoom_out")
    add_action(window, view, "&Fit to window", window.view.fit_to_window, QKeySequence("Ctrl+0"), "fit")
    view.addSeparator()
    for dock in window.findChildren(QDockWidget):
        view.addAction(dock.toggleViewAction())

    tools = window.addToolBar("Play")
    tools.setObjectName("play-toolbar")
    for name in ("undo", "redo", f"roll:{next(iter(window.module.meta.dice), 'd6')}", "next_phase"):
        if name in window.actions_by_name:
            tools.addAction(window.actions_by_name[name])
    for name in window.actions_by_name:
        if name.startswith("draw:"):
            tools.addAction(window.actions_by_name[name])
    tools.addAction(window.actions_by_name["charts"])


def context_menu(window, key, at: Location | None) -> QMenu:
    """The context menu for a counter (``key``) and/or a place; built here so tests can read it."""
    menu = QMenu(window)
    if key is not None:
        kind, item_id = key
        window.scene.select(key)
        if kind == "chit":
            for cup in window.game.state.cups:
                name = window.module.map.boxes[cup].name if cup in window.module.map.boxes else cup
                menu.addAction(f"Return to {name}", lambda c=cup: window.run(ReturnChit(chit=item_id, cup=c)))
        elif kind == "piece":
            menu.addAction(f"Flip {piece_name(window.module, item_id)}", lambda: window.run(Flip(piece=item_id)))
            menu.addAction("Take a step loss", lambda: window.run(StepLoss(piece=item_id)))
            menu.addAction("Eliminate", lambda: window.run(Eliminate(pieces=(item_id,))))
            move = menu.addMenu("Move to")
            for region in window.scene.board.regions:
                if region.kind not in ("track", "chits"):
                    move.addAction(region.title, lambda r=region: window.run(
                        MovePieces(pieces=(item_id,), to=r.at)))
        else:
            menu.addAction("Flip marker", lambda: window.run(FlipMarker(instance=item_id)))
            menu.addAction("Remove marker", lambda: window.run(RemoveMarker(instance=item_id)))
    if at is not None:
        if not menu.isEmpty():
            menu.addSeparator()
        markers = menu.addMenu(f"Add marker in {location_name(window.module, at)}")
        for marker_id, marker in window.module.pieces.markers.items():
            markers.addAction(marker.name, lambda m=marker_id: window.run(AddMarker(marker=m, at=at)))
        if at.kind == "hex":
            control = menu.addMenu(f"Control of {at.id}")
            for side_id, side in window.module.pieces.sides.items():
                control.addAction(side.name, lambda s=side_id: window.run(SetControl(hex=at.id, side=s)))
            control.addAction("Nobody", lambda: window.run(SetControl(hex=at.id, side=None)))
    menu.addSeparator()
    menu.addAction("Add a note to the log…", window._note_dialog)
    return menu
