"""A scripted player for whole-game tests: one side drives on its objectives, attacking at good
odds and bringing its arrivals in; the other holds its ground and counterattacks at very good
odds. Every pick is a legal action of the engine, chosen by a fixed order of preference (no
dice of its own), so a game is a pure function of module, scenario and seed.

The picks are what a player would do with the real widgets too: ``gui_pick`` says which
widget a pick is made with (a drag, a click on a unit, the phase bar's list, End phase).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hexwright.runtime.engine import (
    Advance,
    Choose,
    Declare,
    EndPhase,
    EngineAction,
    Enter,
    LoseStep,
    Move,
    Relocate,
    Retreat,
    attack_odds,
    control_map,
    engine_state,
    legal_actions,
    to_act,
)
from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState


@dataclass
class Script:
    """``attacker`` drives on ``targets`` (hex labels) and attacks at ``min_column`` or better
    (a CRT column index, raising the intensity to reach it); the other side attacks at
    ``defender_column`` or better."""

    module: Module
    attacker: str
    targets: list[str]
    min_column: int = 3
    defender_column: int = 5
    counts: Counter[str] = field(default_factory=Counter)
    moved: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        grid, scheme = self.module.map.grid.hex_grid(), self.module.map.grid.labels.scheme()
        self._grid, self._scheme = grid, scheme
        self._targets = [scheme.parse(t, grid) for t in self.targets]
        self._kinds = option_kinds(self.module)

    def distance(self, label: str, targets: list) -> int:
        here = self._scheme.parse(label, self._grid)
        return min(self._grid.distance(here, t) for t in targets)

    def _next_to(self, label: str, enemies: list) -> bool:
        here = self._scheme.parse(label, self._grid)
        return any(self._grid.distance(here, e) == 1 for e in enemies)

    def open_targets(self, state: GameState) -> list:
        """The targets the attacker does not control yet (all of them once it holds every one)."""
        control = control_map(self.module, state)
        left = [t for label, t in zip(self.targets, self._targets, strict=True) if control.get(label) != self.attacker]
        return left or self._targets

    def pick(self, state: GameState) -> EngineAction:
        m = self.module
        acts = legal_actions(m, state)
        side = to_act(m, state)
        by_kind: dict[type, list[EngineAction]] = {}
        for a in acts:
            by_kind.setdefault(type(a), []).append(a)
        action = self._in_combat(by_kind) or self._attack(state, side, by_kind) \
            or self._arrive(by_kind) or self._enter(state, side, by_kind) or self._move(state, side, by_kind) \
            or self._end(state, by_kind, acts)
        self.counts[action.name] += 1
        return action

    def _in_combat(self, by_kind) -> EngineAction | None:
        """A retreat, advance or step loss due: the first offered (a retreat and an advance along
        the engine's own order; the owner's first unit loses the step)."""
        for kind in (Retreat, LoseStep, Advance):
            if by_kind.get(kind):
                return by_kind[kind][0]
        return None

    def _attack(self, state: GameState, side: str | None, by_kind) -> EngineAction | None:
        """The attack with the best odds at or over the side's threshold, by every attacker the
        engine offers against the hex; the attacker raises the combat intensity (10.2.3) as far
        as it must to reach its threshold, the other side never does."""
        declares = [a for a in by_kind.get(Declare, []) if a.air == 0]
        if not declares:
            return None
        mine = side == self.attacker
        need = self.min_column if mine else self.defender_column
        offered = set(declares)
        widest: dict[str, Declare] = {}  # the engine offers every subset of attackers: take them all
        for a in declares:
            if not a.intensity and (a.hex not in widest or len(a.attackers) > len(widest[a.hex].attackers)):
                widest[a.hex] = a
        best: tuple[int, int, str, Declare] | None = None
        for a in widest.values():
            for intensity in (0, 1, 2) if mine else (0,):
                candidate = a.model_copy(update={"intensity": intensity})
                if candidate not in offered:
                    break
                odds = attack_odds(self.module, state, a.attackers, a.hex, intensity=intensity)
                if odds.allowed and odds.column is not None and odds.column >= need:
                    key = (odds.column - intensity, -intensity, a.hex, candidate)
                    if best is None or key[:3] > best[:3]:
                        best = key
                    break
        return best[3] if best is not None else None

    def _arrive(self, by_kind) -> EngineAction | None:
        """Arrivals and the chits of the turn: bring in what may come (an option of kind
        ``arrivals``, whatever the module calls it: ToV 11.2's "division", 11.3's "release"),
        play what is drawn, then order an HQ or formations."""
        chooses = by_kind.get(Choose, [])
        for wanted in ("arrivals", "play", "hq", "formations"):
            offered = [a for a in chooses if self._kinds.get(a.option) == wanted or a.option == wanted]
            if offered:  # a pick before ending the picking (the option with no target)
                return next((a for a in offered if a.target), offered[0])
        return None

    def _enter(self, state: GameState, side: str | None, by_kind) -> EngineAction | None:
        """An arriving unit placed where its owner chooses (ToV 11.2): the attacker's on the entry
        hex nearest its targets, the other side's on the first offered."""
        enters = by_kind.get(Enter, [])
        if not enters or side != self.attacker:
            return enters[0] if enters else None
        targets = self.open_targets(state)
        return min(enters, key=lambda a: (self.distance(a.to, targets), a.to))

    def _move(self, state: GameState, side: str | None, by_kind) -> EngineAction | None:
        """The attacker's unit that gains most on its nearest target, or that comes next to an
        enemy unit without losing ground, to attack it (each unit once an activation); the other
        side stays where it is."""
        if side != self.attacker:
            return None
        best: tuple[int, str, str, Move] | None = None
        targets = self.open_targets(state)
        enemies = [self._scheme.parse(h, self._grid) for pid, h in state.occupancy().items()
                   if self.module.pieces.pieces[pid].side != self.attacker]
        for a in by_kind.get(Move, []):
            at = state.hex_of(a.unit)
            if a.mode or a.unit in self.moved:
                continue
            gain = (self.distance(at, targets) if at else 99) - self.distance(a.to, targets)
            contact = 0 if at and self._next_to(at, enemies) else 2 * self._next_to(a.to, enemies)
            score = 2 * gain + contact
            if score > 0 and (best is None or (score, a.unit, a.to) > best[:3]):
                best = (score, a.unit, a.to, a)
        if best is None:
            return None
        self.moved.add(best[3].unit)
        return best[3]

    def _end(self, state: GameState, by_kind, acts: list[EngineAction]) -> EngineAction:
        ends = by_kind.get(EndPhase, [])
        if ends:
            self.moved.clear()
            return ends[0]
        rest = [a for a in acts if not isinstance(a, Relocate)] or acts
        return rest[0]


def option_kinds(module: Module) -> dict[str, str]:
    """Each choice option's id in the module's sequence of play → its kind."""
    from hexwright.runtime.model.sequence import Activation, ChoiceStep, Loop

    kinds: dict[str, str] = {}

    def walk(steps) -> None:
        for st in steps:
            if isinstance(st, ChoiceStep):
                for o in st.options:
                    kinds.setdefault(o.id, o.kind)
            if isinstance(st, (Loop, Activation)):
                walk(st.steps)

    seq = module.rules.sequence
    for steps in [*seq.phases.values(), *seq.procedures.values()]:
        walk(steps)
    return kinds


def arrived_groups(state: GameState) -> tuple[str, ...]:
    return engine_state(state).seq.arrived


__all__ = ["Script", "arrived_groups", "option_kinds"]
