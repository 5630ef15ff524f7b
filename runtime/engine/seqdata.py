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
    step_moved: dict[str, int] = {}
    actions: int = 0
    """Costed options chosen in this activation (St-Lô 7.1.2: first and only)."""
    participants: tuple[str, ...] | None = None
    """The units taking part in the costed action running (None: every unit of the activation)."""
    action: str = ""
    """The name of the costed action running."""
    attack_drm: int = 0
    """The DRM of the action running for its attacks (St-Lô 9.4.4)."""
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
    morale: dict[str, int] = {}
    """HQ → its current morale, where it differs from the printed value (St-Lô 6.2 B)."""
    attempted: tuple[str, ...] = ()
    """HQs whose activation was attempted at least once in the game (St-Lô 6.3)."""
    hq_home: dict[str, str] = {}
    """An HQ placed on the map by its activation → the box it goes back to (St-Lô 6.1 I, 7.1 E)."""
    designations: dict[str, str] = {}
    """A substitute company → the HQ whose designation it bears (St-Lô 12.2.2)."""
    substitutes: dict[str, str] = {}
    """A substitute company → the box it was taken from, to go back to (or be used again, 12.2.3)."""
    attached: dict[str, str] = {}
    """An asset → the unit it is assigned to (St-Lô 5.0 A, 9.3)."""
    placing: str = ""
    """The HQ just activated, waiting for its owner to pick the hex it is placed in (6.1 I)."""
    relocated: tuple[str, ...] = ()
    missions: dict[str, int] = {}
    """A firing unit → the fire missions it spent this turn (``rules.json`` ``fire``, St-Lô 10.1)."""
    interdicted: tuple[str, ...] = ()
    """Hexes with an interdiction marker this turn (``rules.json`` ``interdiction``, ToV 7.2)."""
    """HQs relocated (one entry per relocation, ToV 2.3), for the ``relocate_hq`` VP rules."""


IDLE = SeqState()
"""The sequence state of a game whose steps need no record (frozen: one instance serves all)."""
