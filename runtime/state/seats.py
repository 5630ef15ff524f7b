"""Players choose sides: which seat may do what, as a pure check the play window runs first.

In a hot-seat game the seat at the table is the side to act (``state.active_side``); by
e-mail, this computer's seat is the side whose dice secret it holds. A manual action on a
piece of another side than the one to act is refused with the reason; by e-mail, a seat
whose side is not to act may only add notes and roll dice of its own. *Free play* (for
solitaire) lifts all of it.
"""

from __future__ import annotations

from hexwright.runtime.model import Module

from . import actions as a
from .game_state import GameState
from .names import piece_name

OFF_TURN_ALLOWED = frozenset({"note", "roll", "dice_commit", "dice_reveal"})


def side_name(module: Module, side: str | None) -> str:
    found = module.pieces.sides.get(side or "")
    return found.name if found is not None else (side or "nobody")


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def action_pieces(action: a.Action) -> tuple[str, ...]:
    """The pieces a manual action changes (none for markers, dice, phases…)."""
    if isinstance(action, (a.MovePieces, a.Eliminate)):
        return action.pieces
    if isinstance(action, (a.Flip, a.StepLoss, a.SetStep)):
        return (action.piece,)
    return ()


def seat_refusal(module: Module, state: GameState, action: a.Action, seat: str | None,
                 acting: str | None = None) -> str | None:
    """Why ``seat`` may not do ``action`` now, or None. ``seat`` None: hot-seat (the side to act sits).

    ``acting`` is the side to act (default: the active side; the rules engine may name the
    side choosing a retreat or advance instead).
    """
    acting = acting or state.active_side
    if acting is None:
        return None
    turn = f"it is {possessive(side_name(module, acting))} turn"
    if seat is not None and seat != acting and action.kind not in OFF_TURN_ALLOWED:
        return f"{turn}; this computer plays {side_name(module, seat)}"
    for piece in action_pieces(action):
        unit = module.pieces.pieces.get(piece)
        if unit is None or unit.side == acting:
            continue
        at = state.pieces[piece].at if piece in state.pieces else None
        what = at.id if at is not None and at.kind == "hex" else piece_name(module, piece)
        return f"{what} belongs to {side_name(module, unit.side)}; {turn}"
    return None


def packet_refusal(module: Module, state: GameState, action: a.Action, sender: str,
                   acting: str | None = None) -> str | None:
    """Why an action in a packet signed by ``sender`` is not that side's to do, or None.

    The play window's own check (:func:`seat_refusal` with the sender's seat), and a side
    commits and reveals only its own dice.
    """
    if isinstance(action, (a.CommitDice, a.RevealDice)) and action.side != sender:
        return f"only {side_name(module, action.side)} commits and reveals its own dice"
    return seat_refusal(module, state, action, sender, acting)
