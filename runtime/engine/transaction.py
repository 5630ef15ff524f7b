"""One engine action being applied: the state so far, the engine data, what to log.

Primitive changes go through :func:`runtime.state.apply` (so a move by the engine is the
same move as a manual one: last-move arrow, stacking order, turn marker); rulings are
collected with their sections; :meth:`Tx.check` turns a broken rule into a refusal, a
logged override or nothing, by the rule's enforcement level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NoReturn

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.rules import Ruling
from hexwright.runtime.state import ActionError, GameState, LogEntry
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.state.actions import Action

from .data import EngineState


@dataclass
class Tx:
    module: Module
    state: GameState
    data: EngineState
    rules: RulesConfig
    texts: list[str] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)

    def do(self, action: Action) -> LogEntry:
        """Apply a primitive action. A unit leaving a hex (moved, retreated, eliminated, off the map)
        leaves it under its side's control: its side was the last to have a unit in it (DoM §7)."""
        left = {h: self.module.pieces.pieces[p].side for p in getattr(action, "pieces", ())
                if p in self.module.pieces.pieces and (h := self.state.hex_of(p)) is not None}
        self.state, entry = state_apply(self.module, self.state, action)
        if left:
            from .control import controllable

            only = controllable(self.module)
            left = {h: side for h, side in left.items() if only is None or h in only}
            control = {**self.state.control, **left}
            self.state = self.state.model_copy(update={"control": dict(sorted(control.items()))})
        self.texts.append(entry.text)
        return entry

    def say(self, text: str) -> None:
        self.texts.append(text)

    def rule(self, ruling: Ruling) -> None:
        self.rulings.append(ruling)

    def check(self, rule: str, text: str, section: str = "", hex: str = "") -> None:
        """A broken rule: refused at ``enforce``, logged as an override at ``warn``, ignored at ``off``."""
        level = self.rules.enforcement_of(rule)
        ruling = Ruling(rule, text, section, hex)
        if level == "enforce":
            raise ActionError(str(ruling))
        if level == "warn":
            self.rulings.append(Ruling(rule, f"override: {text}", section, hex))

    def refuse(self, text: str, section: str = "", hex: str = "") -> NoReturn:
        """Not a matter of enforcement: the action does not fit the game at all."""
        raise ActionError(str(Ruling("sequence", text, section, hex)))

    def set(self, **update: object) -> None:
        self.data = self.data.model_copy(update=update)

    def text(self) -> str:
        parts = [t for t in self.texts if t]
        parts += [str(r) for r in self.rulings]
        return "; ".join(parts)
