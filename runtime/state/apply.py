"""``apply(module, state, action) -> (new_state, log_entry)``: the one way a game changes.

Pure: the input state is never changed (states are frozen and every container that
changes is copied), the same inputs always give the same output, and a bad action
raises :class:`ActionError` with a message naming what is wrong, leaving nothing half done.
"""

from __future__ import annotations

from hexwright.runtime.model import Module

from . import actions as a
from .actions import LogEntry
from .dice import apply_commit, apply_reveal, check_draw
from .errors import ActionError
from .game_state import GameState, LastMove, Location, MarkerState, PieceState
from .names import location_name, marker_name, phase_name, piece_name, pieces_name, side_prefix
from .piece_table import edited
from .rng import below, roll
from .rules_engine import RulesEngine

Result = tuple[GameState, LogEntry]


def _entry(state: GameState, action: a.Action, text: str, *, dice: tuple[int, ...] = (), drawn: str | None = None) -> LogEntry:
    return LogEntry(kind=action.kind, text=text, turn=state.turn, phase=state.phase, side=state.active_side,
                    dice=dice, drawn=drawn)


# -- checks ---------------------------------------------------------------------------------


def check_hex(module: Module, label: str) -> None:
    grid = module.map.grid
    hex_grid = grid.hex_grid()
    scheme = grid.labels.scheme()
    try:
        h = scheme.parse(label, hex_grid)
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    if scheme.format(h, hex_grid) != label:
        raise ActionError(f"hex label {label!r} is not written the usual way ({scheme.format(h, hex_grid)!r})")


def check_location(module: Module, at: Location) -> None:
    if at.kind == "hex":
        check_hex(module, at.id)
    elif at.kind == "box" and at.id not in module.map.boxes:
        raise ActionError(f"no box {at.id!r} on the map")
    elif at.kind == "track":
        track = module.map.tracks.get(at.id)
        if track is None:
            raise ActionError(f"no track {at.id!r} on the map")
        if at.space is None or at.space >= max(len(track.spaces), 1):
            raise ActionError(f"track {at.id!r} has no space {at.space}")


def _piece(state: GameState, piece_id: str) -> PieceState:
    if piece_id not in state.pieces:
        raise ActionError(f"no piece {piece_id!r} in this game")
    return state.pieces[piece_id]


def _steps(module: Module, piece_id: str) -> int:
    return len(module.pieces.pieces[piece_id].steps)


def face_count(module: Module, piece_id: str) -> int:
    """How many faces a piece can show: one per step, and a one-step unit also has its back."""
    return max(_steps(module, piece_id), 2)


def _marker(state: GameState, instance: str) -> MarkerState:
    if instance not in state.markers:
        raise ActionError(f"no marker {instance!r} in play")
    return state.markers[instance]


def _check_side(module: Module, side: str) -> None:
    if side not in module.pieces.sides:
        raise ActionError(f"no side {side!r} in the module")


def _distinct(pieces: tuple[str, ...]) -> None:
    if len(set(pieces)) != len(pieces):
        raise ActionError("a piece is named twice in one action")


# -- one function per action kind -------------------------------------------------------------


def _move(module: Module, state: GameState, act: a.MovePieces) -> Result:
    _distinct(act.pieces)
    _distinct(act.markers)
    check_location(module, act.to)
    sources = [_piece(state, pid).at for pid in act.pieces] + [_marker(state, mid).at for mid in act.markers]
    placed: dict[str, PieceState] = {}
    markers = dict(state.markers)
    order = state.next_order
    for pid in act.pieces:
        placed[pid] = state.pieces[pid].model_copy(update={"at": act.to, "order": order})
        order += 1
    for mid in act.markers:
        markers[mid] = markers[mid].model_copy(update={"at": act.to, "order": order})
        order += 1
    names = [piece_name(module, p) for p in act.pieces] + [f"{marker_name(module, state, m)} marker" for m in act.markers]
    if len(set(sources)) == 1:
        text = f"{', '.join(names)} {location_name(module, sources[0])} → {location_name(module, act.to)}"
    else:
        moved = ", ".join(f"{n} {location_name(module, s)}" for n, s in zip(names, sources))
        text = f"{moved} → {location_name(module, act.to)}"
    update = {"pieces": edited(state.pieces, placed), "markers": markers, "next_order": order}
    if act.pieces:
        update["last_moved"] = LastMove(pieces=act.pieces, source=sources[0], target=act.to)
    return state.model_copy(update=update), _entry(state, act, text)


def _with_step(state: GameState, piece_id: str, step: int) -> GameState:
    pieces = edited(state.pieces, {piece_id: state.pieces[piece_id].model_copy(update={"step": step})})
    return state.model_copy(update={"pieces": pieces})


def _step_label(module: Module, piece_id: str, step: int) -> str:
    steps = module.pieces.pieces[piece_id].steps
    if step >= len(steps):
        return "its back"
    return steps[step].label or ("full strength" if step == 0 else f"step {step + 1}")


def _flip(module: Module, state: GameState, act: a.Flip) -> Result:
    current = _piece(state, act.piece).step
    step = (current + 1) % face_count(module, act.piece)
    text = f"{piece_name(module, act.piece)} flipped to {_step_label(module, act.piece, step)}"
    return _with_step(state, act.piece, step), _entry(state, act, text)


def _set_step(module: Module, state: GameState, act: a.SetStep) -> Result:
    _piece(state, act.piece)
    if act.step >= face_count(module, act.piece):
        raise ActionError(f"{piece_name(module, act.piece)} has only {face_count(module, act.piece)} faces")
    text = f"{piece_name(module, act.piece)} set to {_step_label(module, act.piece, act.step)}"
    return _with_step(state, act.piece, act.step), _entry(state, act, text)


def _eliminated(state: GameState, piece_ids: tuple[str, ...]) -> GameState:
    gone: dict[str, PieceState] = {}
    order = state.next_order
    for pid in piece_ids:
        gone[pid] = state.pieces[pid].model_copy(update={"at": Location.off("eliminated"), "order": order})
        order += 1
    return state.model_copy(update={"pieces": edited(state.pieces, gone), "next_order": order})


def _step_loss(module: Module, state: GameState, act: a.StepLoss) -> Result:
    piece = _piece(state, act.piece)
    name = piece_name(module, act.piece)
    if piece.step + 1 >= _steps(module, act.piece):
        text = f"{name} loses its last step: eliminated"
        if piece.at.kind == "hex":
            text += f" in {piece.at.id}"
        return _eliminated(state, (act.piece,)), _entry(state, act, text)
    step = piece.step + 1
    text = f"{name} loses a step ({_step_label(module, act.piece, step)})"
    return _with_step(state, act.piece, step), _entry(state, act, text)


def _eliminate(module: Module, state: GameState, act: a.Eliminate) -> Result:
    _distinct(act.pieces)
    for pid in act.pieces:
        _piece(state, pid)
    return _eliminated(state, act.pieces), _entry(state, act, f"{pieces_name(module, act.pieces)} eliminated")


def _add_marker(module: Module, state: GameState, act: a.AddMarker) -> Result:
    marker = module.pieces.markers.get(act.marker)
    if marker is None:
        raise ActionError(f"no marker {act.marker!r} in the module")
    check_location(module, act.at)
    if act.face >= len(marker.faces):
        raise ActionError(f"marker {marker.name!r} has only {len(marker.faces)} face(s)")
    in_play = {mid for mid, m in state.markers.items() if m.marker == act.marker}
    if len(in_play) >= marker.count:
        raise ActionError(f"all {marker.count} '{marker.name}' marker(s) are already in play")
    number = 1
    while f"{act.marker}#{number}" in state.markers:
        number += 1
    instance = f"{act.marker}#{number}"
    markers = dict(state.markers)
    markers[instance] = MarkerState(marker=act.marker, at=act.at, face=act.face, order=state.next_order)
    new = state.model_copy(update={"markers": markers, "next_order": state.next_order + 1})
    return new, _entry(state, act, f"{marker.name} marker placed in {location_name(module, act.at)}")


def _move_marker(module: Module, state: GameState, act: a.MoveMarker) -> Result:
    current = _marker(state, act.instance)
    check_location(module, act.to)
    markers = dict(state.markers)
    markers[act.instance] = current.model_copy(update={"at": act.to, "order": state.next_order})
    new = state.model_copy(update={"markers": markers, "next_order": state.next_order + 1})
    text = (f"{marker_name(module, state, act.instance)} marker {location_name(module, current.at)} → "
            f"{location_name(module, act.to)}")
    return new, _entry(state, act, text)


def _flip_marker(module: Module, state: GameState, act: a.FlipMarker) -> Result:
    current = _marker(state, act.instance)
    marker = module.pieces.markers.get(current.marker)
    faces = len(marker.faces) if marker is not None else 1
    markers = dict(state.markers)
    markers[act.instance] = current.model_copy(update={"face": (current.face + 1) % faces})
    return state.model_copy(update={"markers": markers}), _entry(
        state, act, f"{marker_name(module, state, act.instance)} marker flipped in {location_name(module, current.at)}")


def _remove_marker(module: Module, state: GameState, act: a.RemoveMarker) -> Result:
    current = _marker(state, act.instance)
    markers = {mid: m for mid, m in state.markers.items() if mid != act.instance}
    return state.model_copy(update={"markers": markers}), _entry(
        state, act, f"{marker_name(module, state, act.instance)} marker removed from {location_name(module, current.at)}")


def _turn_markers_to(module: Module, state: GameState, turn: int) -> dict[str, MarkerState]:
    """Turn markers on a turn track follow the turn (to the space whose value or label is it);
    markers with ``until_turn`` go when that turn begins."""
    markers = dict(state.markers)
    for mid, m in state.markers.items():
        marker = module.pieces.markers.get(m.marker)
        if marker is not None and marker.until_turn is not None and turn >= marker.until_turn:
            del markers[mid]  # a reminder whose restriction has ended (ToV 12.1's "T4")
            continue
        if marker is None or marker.kind != "turn" or m.at.kind != "track":
            continue
        track = module.map.tracks.get(m.at.id)
        if track is None:
            continue
        for index, space in enumerate(track.spaces):
            if space.value == turn or (space.value is None and space.label == str(turn)):
                markers[mid] = m.model_copy(update={"at": Location.track(m.at.id, index)})
                break
    return markers


def _to_turn(module: Module, state: GameState, turn: int, phase: int) -> GameState:
    sequence = module.meta.sequence
    side = state.active_side
    if sequence and sequence[phase].side:
        side = sequence[phase].side
    return state.model_copy(update={
        "turn": turn, "phase": phase, "active_side": side, "markers": _turn_markers_to(module, state, turn),
    })


def _next_phase(module: Module, state: GameState, act: a.NextPhase) -> Result:
    count = len(module.meta.sequence)
    turn, phase = state.turn, state.phase + 1
    if phase >= max(count, 1):
        turn, phase = turn + 1, 0
    new = _to_turn(module, state, turn, phase)
    return new, _entry(state, act, f"→ {phase_name(module, new)}")


def _set_turn(module: Module, state: GameState, act: a.SetTurn) -> Result:
    count = len(module.meta.sequence)
    if act.phase >= max(count, 1):
        raise ActionError(f"no phase {act.phase} in the sequence of play ({count} phases)")
    new = _to_turn(module, state, act.turn, act.phase)
    return new, _entry(state, act, f"turn/phase markers set: {phase_name(module, new)}")


def _set_side(module: Module, state: GameState, act: a.SetActiveSide) -> Result:
    _check_side(module, act.side)
    name = module.pieces.sides[act.side].name
    return state.model_copy(update={"active_side": act.side}), _entry(state, act, f"{name} is now the active side")


def _roll(module: Module, state: GameState, act: a.RollDice) -> Result:
    die = module.meta.dice.get(act.die)
    if die is None:
        raise ActionError(f"no die {act.die!r} in the module (dice: {', '.join(sorted(module.meta.dice))})")
    results, rng = roll(state.rng, die.faces, act.count)
    who = side_prefix(module, state.active_side)
    shown = " + ".join(str(r) for r in results)
    total = f" = {sum(results)}" if len(results) > 1 else ""
    reason = f" ({act.reason})" if act.reason else ""
    text = f"{who + ' ' if who else ''}rolls {act.count}{act.die}{reason}: {shown}{total}"
    new = state.model_copy(update={"rng": rng, "last_roll": tuple(results)})
    return new, _entry(state, act, text, dice=tuple(results))


def _cup_name(module: Module, cup: str) -> str:
    box = module.map.boxes.get(cup)
    return box.name if box is not None else cup


def _chit_name(module: Module, chit: str) -> str:
    found = module.pieces.chits.get(chit)
    return found.name if found is not None else chit


def _draw_chit(module: Module, state: GameState, act: a.DrawChit) -> Result:
    if act.cup not in state.cups:
        raise ActionError(f"no cup {act.cup!r} in this game")
    contents = state.cups[act.cup]
    if not contents:
        raise ActionError(f"{_cup_name(module, act.cup)} is empty")
    index, rng = below(state.rng, len(contents))
    chit = contents[index]
    cups = dict(state.cups)
    cups[act.cup] = contents[:index] + contents[index + 1:]
    new = state.model_copy(update={"rng": rng, "cups": cups, "drawn": state.drawn + (chit,)})
    text = f"drew {_chit_name(module, chit)} from {_cup_name(module, act.cup)}"
    return new, _entry(state, act, text, drawn=chit)


def _return_chit(module: Module, state: GameState, act: a.ReturnChit) -> Result:
    if act.chit not in state.drawn:
        raise ActionError(f"chit {act.chit!r} has not been drawn")
    if act.cup not in state.cups:
        raise ActionError(f"no cup {act.cup!r} in this game")
    drawn = list(state.drawn)
    drawn.remove(act.chit)
    cups = dict(state.cups)
    cups[act.cup] = tuple(sorted(cups[act.cup] + (act.chit,)))
    new = state.model_copy(update={"cups": cups, "drawn": tuple(drawn)})
    return new, _entry(state, act, f"{_chit_name(module, act.chit)} returned to {_cup_name(module, act.cup)}")


def _set_control(module: Module, state: GameState, act: a.SetControl) -> Result:
    check_hex(module, act.hex)
    control = dict(state.control)
    if act.side is None:
        control.pop(act.hex, None)
        text = f"{act.hex} no longer controlled"
    else:
        _check_side(module, act.side)
        control[act.hex] = act.side
        text = f"{act.hex} controlled by {module.pieces.sides[act.side].name}"
    return state.model_copy(update={"control": dict(sorted(control.items()))}), _entry(state, act, text)


def _note(module: Module, state: GameState, act: a.Note) -> Result:
    return state, _entry(state, act, f"note: {act.text}")


def _by_hand(module: Module, state: GameState, action: a.Action) -> Result:
    match action:
        case a.MovePieces():
            return _move(module, state, action)
        case a.Flip():
            return _flip(module, state, action)
        case a.StepLoss():
            return _step_loss(module, state, action)
        case a.SetStep():
            return _set_step(module, state, action)
        case a.Eliminate():
            return _eliminate(module, state, action)
        case a.AddMarker():
            return _add_marker(module, state, action)
        case a.MoveMarker():
            return _move_marker(module, state, action)
        case a.FlipMarker():
            return _flip_marker(module, state, action)
        case a.RemoveMarker():
            return _remove_marker(module, state, action)
        case a.NextPhase():
            return _next_phase(module, state, action)
        case a.SetTurn():
            return _set_turn(module, state, action)
        case a.SetActiveSide():
            return _set_side(module, state, action)
        case a.RollDice():
            return _roll(module, state, action)
        case a.DrawChit():
            return _draw_chit(module, state, action)
        case a.ReturnChit():
            return _return_chit(module, state, action)
        case a.SetControl():
            return _set_control(module, state, action)
        case a.Note():
            return _note(module, state, action)
        case a.CommitDice():
            return apply_commit(module, state, action)
        case a.RevealDice():
            return apply_reveal(module, state, action)
    raise ActionError(f"unknown action kind {action.kind!r}")


def apply(module: Module, state: GameState, action: a.Action, engine: RulesEngine | None = None) -> Result:
    """The state after ``action`` and its log line; ``state`` itself is left as it was.

    A :class:`~runtime.state.actions.RulesStep` is applied by ``engine`` (the game's rules
    engine); without one it is refused.
    """
    if isinstance(action, a.RulesStep):
        if engine is None:
            raise ActionError(f"rules action {action.name!r}: this game is played without the rules engine")
        new, entry = engine.apply_step(module, state, action)
    else:
        new, entry = _by_hand(module, state, action)
    if state.rng.dice is not None and action.kind not in a.DICE_KINDS:
        new = check_draw(state, new)  # by e-mail, dice are drawn only right after the roller's reveal
    return new, entry
