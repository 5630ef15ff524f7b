"""What players can do by hand, as data: a discriminated union on ``kind``.

An action says what was asked ("roll 1d6"), never its random outcome: the outcome comes
from the generator in the state when the action is applied, so replaying the same
actions from the same seed gives the same dice. Applying is in :mod:`runtime.state.apply`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, model_validator

from .game_state import Location
from .state_model import StateModel

PieceIds = Annotated[tuple[Annotated[str, Field(max_length=64)], ...], Field(min_length=1, max_length=500)]


class MovePieces(StateModel):
    """Move a piece or a stack (bottom first) to a hex, box or track space; they end on top.

    ``markers`` (instance ids) travel with the pieces, above them, e.g. a stack's
    out-of-supply marker.
    """

    kind: Literal["move"] = "move"
    pieces: Annotated[tuple[Annotated[str, Field(max_length=64)], ...], Field(max_length=500)]
    to: Location
    markers: Annotated[tuple[Annotated[str, Field(max_length=64)], ...], Field(max_length=500)] = ()

    @model_validator(mode="after")
    def _something_moves(self) -> MovePieces:
        if not self.pieces and not self.markers:
            raise ValueError("a move needs at least one piece or marker")
        return self


class Flip(StateModel):
    """Turn a piece to its next step (the last step flips back to full strength)."""

    kind: Literal["flip"] = "flip"
    piece: str


class StepLoss(StateModel):
    """Take one step loss; a piece on its last step is eliminated."""

    kind: Literal["step_loss"] = "step_loss"
    piece: str


class SetStep(StateModel):
    """Show step ``step`` of a piece (0 is full strength)."""

    kind: Literal["set_step"] = "set_step"
    piece: str
    step: int = Field(ge=0)


class Eliminate(StateModel):
    """Put pieces into the eliminated pile."""

    kind: Literal["eliminate"] = "eliminate"
    pieces: PieceIds


class AddMarker(StateModel):
    """Put one more copy of a module marker into play."""

    kind: Literal["add_marker"] = "add_marker"
    marker: str
    at: Location
    face: int = Field(0, ge=0, le=1)


class MoveMarker(StateModel):
    kind: Literal["move_marker"] = "move_marker"
    instance: str
    to: Location


class FlipMarker(StateModel):
    kind: Literal["flip_marker"] = "flip_marker"
    instance: str


class RemoveMarker(StateModel):
    kind: Literal["remove_marker"] = "remove_marker"
    instance: str


class NextPhase(StateModel):
    """Advance the phase marker; after the last phase, the turn marker moves on."""

    kind: Literal["next_phase"] = "next_phase"


class SetTurn(StateModel):
    """Put the turn and phase markers anywhere."""

    kind: Literal["set_turn"] = "set_turn"
    turn: int
    phase: int = Field(0, ge=0)


class SetActiveSide(StateModel):
    kind: Literal["set_side"] = "set_side"
    side: str


class RollDice(StateModel):
    """Roll ``count`` of the module's die ``die``; the result goes to the log."""

    kind: Literal["roll"] = "roll"
    die: str = "d6"
    count: int = Field(1, ge=1, le=20)
    reason: str = Field("", max_length=200)


class DrawChit(StateModel):
    """Draw one chit at random from a cup."""

    kind: Literal["draw_chit"] = "draw_chit"
    cup: str


class ReturnChit(StateModel):
    """Put a drawn chit back into a cup."""

    kind: Literal["return_chit"] = "return_chit"
    chit: str
    cup: str


class SetControl(StateModel):
    """Mark a hex as controlled by a side, or clear it with ``side=None``."""

    kind: Literal["set_control"] = "set_control"
    hex: str
    side: str | None = None


class Note(StateModel):
    """A line in the log, changing nothing."""

    kind: Literal["note"] = "note"
    text: str = Field(min_length=1, max_length=2000)


class RulesStep(StateModel):
    """One action of the rules engine (:mod:`runtime.engine`): ``name`` and its arguments.

    The state package only carries it: the game's rules engine applies it (a
    :class:`~runtime.state.rules_engine.RulesEngine` given to the game), so the engine's
    moves, attacks and choices live in the same log as the manual actions. Like every
    action it never holds a random outcome.
    """

    kind: Literal["rules"] = "rules"
    name: str = Field(min_length=1, max_length=64)
    args: dict[str, Any] = {}


class CommitDice(StateModel):
    """A side joins a game played by e-mail: it publishes the head of its dice hash chain.

    The chain's links come from a secret only that side's computer holds
    (:mod:`runtime.state.dice`); the head lets everyone check each link revealed later.
    ``key`` is the side's public signing key: its packets are signed with it.
    """

    kind: Literal["dice_commit"] = "dice_commit"
    side: str = Field(max_length=64)
    head: str = Field(pattern=r"^[0-9a-f]{64}$")
    key: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    """The public key the side signs its e-mail packets with (:mod:`runtime.state.signing`)."""


class RevealDice(StateModel):
    """A side reveals the next link of its dice chain: for the roll that follows (``roll``)
    or, once after the opponent joined, only so the opponent may roll (``roll=False``).

    Not a random outcome: the link was fixed by the commitment; the dice of the next
    action are drawn from it and the other sides' latest links.
    """

    kind: Literal["dice_reveal"] = "dice_reveal"
    side: str = Field(max_length=64)
    link: str = Field(pattern=r"^[0-9a-f]{64}$")
    roll: bool = True


Action = Annotated[
    MovePieces | Flip | StepLoss | SetStep | Eliminate | AddMarker | MoveMarker | FlipMarker | RemoveMarker | NextPhase | SetTurn | SetActiveSide | RollDice | DrawChit | ReturnChit | SetControl | Note | RulesStep | CommitDice | RevealDice,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_LIST_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])

RANDOM_KINDS = frozenset({"roll", "draw_chit"})
DICE_KINDS = frozenset({"dice_commit", "dice_reveal"})


class LogEntry(StateModel):
    """One line of the game log, made when an action is applied."""

    kind: str
    text: str
    turn: int
    phase: int
    side: str | None = None
    dice: tuple[int, ...] = ()
    drawn: str | None = None
