"""The engine's own part of the game state (``GameState.engine``): :class:`EngineState`, typed frozen data.

The state package carries it as an :class:`~runtime.state.EngineStateBase` and never reads
it; the engine and the windows read it through :func:`engine_state`.

* ``frames``: the stack of nested procedures running inside the current phase, top last —
  an attack being resolved, a retreat or an advance it called, an overstacked hex to
  clear, the end of the phase waiting for them (call/return, after Rally the Troops);
* per phase and turn: units that moved, attacks declared, units that attacked or were
  attacked (§9: once per turn);
* records for the victory points: units that left the map (edge and turn), turns in a
  victory area, points already scored;
* the players' enforcement choices and the end of the game.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import Enforcement, RulesConfig
from hexwright.runtime.state import EngineStateBase, GameState

from .seqdata import IDLE, SeqState


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Frame(_Data):
    """One nested procedure. ``side`` is who chooses while it is on top."""

    proc: Literal["end_phase", "attack", "advance", "retreat", "stacking", "relocate", "losses", "roll", "support",
                  "fire", "assets", "asset_loss", "asset_split", "reassign", "fire_hit", "disorganize", "enter"]
    side: str = ""
    hex: str = ""
    attackers: tuple[str, ...] = ()
    defender: str = ""
    units: tuple[str, ...] = ()
    length: int = 0
    vacated: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    result: str = ""
    advanced: tuple[str, ...] = ()
    """``roll`` of a casualty check: the attackers that advanced (they take the loss first, ToV 10.3)."""
    assets: tuple[str, ...] = ()
    """The assets of an asset choice (:mod:`.asset_choices`): assigned so far to the defence
    (``assets``), the armoured ones to choose losses from (``asset_loss``), still to place
    (``asset_split``)."""

    @model_serializer(mode="wrap")
    def _without_no_assets(self, handler: SerializerFunctionWrapHandler) -> Any:
        """``assets`` is left out while empty: frames keep the JSON, and hashes, of saves made before it."""
        data = handler(self)
        if isinstance(data, dict) and not self.assets:
            data.pop("assets", None)
        return data


class Declared(_Data):
    attackers: tuple[str, ...]
    hex: str
    defender: str
    intensity: int = 0
    """The combat intensity shift the attacker chose (ToV 10.2.3)."""
    air: int = 0
    """Air points the attacker spent (ToV 7.1)."""
    defense_air: int = 0
    """Air points the defender spent (ToV 7.1)."""
    fire_attack: int = 0
    """Fire support added to the attack (St-Lô 10.4: on-call fire)."""
    fire_defense: int = 0
    """Fire support added to the defence (St-Lô 10.5: defensive fire)."""
    attack_op: str = ""
    """The hex of the attacker's OP while the combat lasts (St-Lô 10.5.2 B-C, 11.1.2)."""


class ExitRecord(_Data):
    unit: str
    side: str
    hex: str
    edge: str
    turn: int


class EngineState(EngineStateBase):
    """Everything the engine keeps between its actions (saved in the state's JSON as ``engine``)."""

    frames: tuple[Frame, ...] = ()
    declared: tuple[Declared, ...] = ()
    resolving: bool = False
    moved: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    defended: tuple[str, ...] = ()
    exits: tuple[ExitRecord, ...] = ()
    area_turns: dict[str, int] = {}
    area_scored: tuple[str, ...] = ()
    """``"<rule index>:<unit>"`` for each unit scored by an ``occupy_area_turns`` rule."""
    enforcement: dict[str, Enforcement] = {}
    seq: SeqState = IDLE
    over: bool = False
    outcome: str = ""

    @property
    def top(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    @model_serializer(mode="wrap")
    def _without_idle_sequence(self, handler: SerializerFunctionWrapHandler) -> Any:
        """``seq`` is left out while empty, so games whose steps need no record (DoM) keep
        the state JSON, and hashes, they had before the sequence was data."""
        data = handler(self)
        if isinstance(data, dict) and self.seq == IDLE:
            data.pop("seq", None)
        return data


_EMPTY = EngineState()  # frozen: one instance serves every state before the engine's first action


def engine_state(state: GameState) -> EngineState:
    """The engine's part of ``state`` (empty before the engine's first action)."""
    found = state.engine
    if found is None:
        return _EMPTY
    if not isinstance(found, EngineState):
        raise TypeError(f"the state holds another engine's data ({type(found).__name__})")
    return found


def with_engine_state(state: GameState, data: EngineState) -> GameState:
    return state.model_copy(update={"engine": data})


def rules_of(module: Module, state: GameState) -> RulesConfig:
    """The module's rules with the players' enforcement choices on top."""
    data = engine_state(state)
    if not data.enforcement:
        return module.rules
    return module.rules.model_copy(update={"enforcement": {**module.rules.enforcement, **data.enforcement}})


def optional_on(state: GameState) -> frozenset[str]:
    return frozenset(k for k, v in state.optional_rules.items() if v)
