"""The state of a game in progress: plain, frozen, serialisable data (no Qt, no module).

A :class:`GameState` says where every piece and marker is, each piece's current step,
turn, phase and active side, what each cup holds, who controls which hex, the random
generator and the last move. It never holds module data (names, values, charts): those
are looked up in the module by id. ``state_hash`` identifies a state exactly, for saves
and play by e-mail.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import Field, SerializeAsAny, SerializerFunctionWrapHandler, model_serializer, model_validator

from .rng import RngState
from .state_model import StateModel

LocationKind = Literal["hex", "box", "track", "eliminated", "exited", "unavailable"]
OFF_BOARD: tuple[str, ...] = ("eliminated", "exited", "unavailable")


class Location(StateModel):
    """Where a piece or marker is.

    ``hex``: ``id`` is a hex label. ``box``: ``id`` is a map box id. ``track``: ``id`` is
    a track id and ``space`` the index of a space on it. ``eliminated``, ``exited`` (left
    the map) and ``unavailable`` (not yet or no longer in play) carry no id.
    """

    kind: LocationKind
    id: str = Field("", max_length=64)
    space: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _check(self) -> Location:
        if self.kind in OFF_BOARD and (self.id or self.space is not None):
            raise ValueError(f"a location of kind {self.kind!r} takes no id or space")
        if self.kind in ("hex", "box", "track") and not self.id:
            raise ValueError(f"a location of kind {self.kind!r} needs an id")
        if (self.kind == "track") != (self.space is not None):
            raise ValueError("a space is given for track locations only, and they need one")
        return self

    @classmethod
    def hex(cls, label: str) -> Location:
        return cls(kind="hex", id=label)

    @classmethod
    def box(cls, box_id: str) -> Location:
        return cls(kind="box", id=box_id)

    @classmethod
    def track(cls, track_id: str, space: int) -> Location:
        return cls(kind="track", id=track_id, space=space)

    @classmethod
    def off(cls, kind: Literal["eliminated", "exited", "unavailable"]) -> Location:
        return cls(kind=kind)

    @property
    def on_map(self) -> bool:
        return self.kind == "hex"


class PieceState(StateModel):
    """One unit: where it is, which step is showing, its place in a stack.

    ``step`` indexes the piece's ``steps`` (0 = full strength). A one-step unit can also
    show its back: ``step == 1 == len(steps)``, a face with no values (see
    :func:`runtime.state.step_values`).
    """

    at: Location
    step: int = Field(0, ge=0)
    order: int = Field(0, ge=0, description="stacking order: higher is nearer the top")


class MarkerState(StateModel):
    """One marker in play: which marker of the module, where, which face up."""

    marker: str = Field(max_length=64)
    at: Location
    face: int = Field(0, ge=0, le=1)
    order: int = Field(0, ge=0)


class LastMove(StateModel):
    """The most recent move, for the "last moved" highlight and arrow."""

    pieces: tuple[str, ...]
    source: Location
    target: Location


class EngineStateBase(StateModel):
    """Base of the rules engine's own part of a state (:class:`runtime.engine.EngineState`).

    The state package carries it, compares it and writes it in the state's JSON, but never
    reads it: the engine defines its fields and the functions that read them.
    """


class GameState(StateModel):
    """Everything that changes during a game. Keys of ``pieces`` are module piece ids."""

    scenario: str
    turn: int
    phase: int = Field(0, ge=0, description="index into the module's sequence of play")
    active_side: str | None = None
    pieces: dict[str, PieceState] = {}
    markers: dict[str, MarkerState] = Field({}, description="by instance id, e.g. 'control#2'")
    cups: dict[str, tuple[str, ...]] = Field({}, description="chit ids in each cup box, sorted")
    drawn: tuple[str, ...] = Field((), description="chits drawn and not yet returned, in draw order")
    control: dict[str, str] = Field({}, description="hex label -> controlling side")
    optional_rules: dict[str, bool] = {}
    rng: RngState
    last_moved: LastMove | None = None
    last_roll: tuple[int, ...] = ()
    next_order: int = Field(1, ge=0, description="stacking order given to the next thing moved")
    engine: SerializeAsAny[EngineStateBase] | None = Field(
        None, description="the rules engine's own data (runtime.engine: procedure stack, moves made, VP records); "
                          "left out of the JSON while None, so states of games without it keep their hashes")

    @model_serializer(mode="wrap")
    def _drop_empty_engine(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("engine", 0) is None:
            del data["engine"]
        return data

    # -- queries -------------------------------------------------------------------------

    def stack(self, at: Location) -> list[str]:
        """Piece ids at ``at``, bottom first."""
        found = [(p.order, pid) for pid, p in self.pieces.items() if p.at == at]
        return [pid for _, pid in sorted(found)]

    def markers_at(self, at: Location) -> list[str]:
        """Marker instance ids at ``at``, bottom first."""
        found = [(m.order, mid) for mid, m in self.markers.items() if m.at == at]
        return [mid for _, mid in sorted(found)]

    def hex_of(self, piece: str) -> str | None:
        """The hex label of ``piece`` if it is on the map, else None."""
        at = self.pieces[piece].at
        return at.id if at.kind == "hex" else None

    def occupancy(self) -> dict[str, str]:
        """Piece id -> hex label of every piece on the map (the input of ``runtime.rules``)."""
        return {pid: p.at.id for pid, p in sorted(self.pieces.items()) if p.at.kind == "hex"}

    def steps(self) -> dict[str, int]:
        """Piece id -> the step showing, for every piece in the game."""
        return {pid: p.step for pid, p in sorted(self.pieces.items())}

    def stacks_on_map(self) -> dict[str, list[str]]:
        """Every occupied hex label with its pieces, bottom first; labels sorted."""
        by_hex: dict[str, list[tuple[int, str]]] = {}
        for pid, p in self.pieces.items():
            if p.at.kind == "hex":
                by_hex.setdefault(p.at.id, []).append((p.order, pid))
        return {label: [pid for _, pid in sorted(items)] for label, items in sorted(by_hex.items())}


def state_json(state: GameState) -> str:
    """The canonical JSON text of a state: the same state always gives the same text."""
    return json.dumps(state.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: GameState) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``state``."""
    return "sha256:" + hashlib.sha256(state_json(state).encode("utf-8")).hexdigest()
