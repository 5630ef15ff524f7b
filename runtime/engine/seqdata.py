"""The sequence runner's part of the engine state: the stack of running step lists and the
game state the rules read (weather and lasting conditions, unit statuses, side pools, the
activation running, chit draws, arrivals). Plain frozen data, serialised with the game."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StepFrame(_Data):
    """One running list of steps: a phase's (``phase:<id>``) or a procedure's (``proc:<id>``),
    or the ``steps`` of the container at ``path`` (indices from the root list) inside it.

    ``index`` is the step running; ``started`` once it has begun (a chance step waits, a
    container's child list is running above). A loop's child list counts its
    ``iteration`` and the sides that ``passed`` one after the other; ``stop`` ends it."""

    root: str
    path: tuple[int, ...] = ()
    index: int = 0
    started: bool = False
    loop: bool = False
    iteration: int = 0
    passed: tuple[str, ...] = ()
    stop: bool = False
    side_index: int = 0


class Activated(_Data):
    """The activation running: its HQ (if any), units, and the moves and attacks made by each
    (``step_attacked``: in the actions step running, for ``attacks_per_unit``)."""

    hq: str = ""
    units: tuple[str, ...] = ()
    moves: int = 1
    attacks: int = 1
    moved: dict[str, int] = {}
    attacked: dict[str, int] = {}
    step_attacked: dict[str, int] = {}
    retreated: tuple[str, ...] = ()
    """Units that retreated while it runs (ToV 10.2: attacked again, they add no defence)."""


class SeqState(_Data):
    started: bool = False
    """Set once the pools' initial values and the scenario's conditions are in."""
    frames: tuple[StepFrame, ...] = ()
    active: str = ""
    why: str = ""
    step: str = ""
    """The name of the step waiting for a choice, for the phase bar."""
    conditions: dict[str, str] = {}
    """Results kept by table rolls (``weather`` → ``rain``)."""
    lasting: dict[str, int] = {}
    """A condition that persists (``mud``) → the last turn it holds."""
    statuses: dict[str, tuple[str, ...]] = {}
    pools: dict[str, dict[str, int]] = {}
    activation: Activated | None = None
    hq: str = ""
    """The HQ picked by a choice, for the activation that follows."""
    picking: str = ""
    """The choice option whose candidates are being picked one by one (formations, arrivals)."""
    picked: tuple[str, ...] = ()
    formations: tuple[str, ...] = ()
    """The formations picked by a choice, for the activation that follows (ToV 4.3 SHAEF)."""
    chit: str = ""
    """The chit being played (its owner is the active side)."""
    pending_skip: bool = False
    chit_draws: dict[str, int] = {}
    arrived: tuple[str, ...] = ()
    arriving: tuple[str, ...] = ()
    """Units that arrived with the chit being played: activated without command range (ToV 11.0)."""
    delayed: tuple[str, ...] = ()
    entered: dict[str, int] = {}
    """Unit → the turn an arrival group placed it (movement modes for the arrival turn, ToV 11.2)."""
    released: tuple[str, ...] = ()
    """Units whose must-stay restriction a retreat out of it lifted (ToV 12.7)."""
    defended_hexes: tuple[str, ...] = ()
    """Hexes attacked in this phase or activation (``combat.defend_once: hex``, ToV 10.0)."""
    relocated: tuple[str, ...] = ()
    interdicted: tuple[str, ...] = ()
    """Hexes with an interdiction marker this turn (``rules.json`` ``interdiction``, ToV 7.2)."""
    """HQs relocated (one entry per relocation, ToV 2.3), for the ``relocate_hq`` VP rules."""


IDLE = SeqState()
"""The sequence state of a game whose steps need no record (frozen: one instance serves all)."""
