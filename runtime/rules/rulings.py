"""Rulings: each decision the engine makes, with the rule and section it applies.

A ruling reads like the rulebook: ``stopped: enemy ZOC — §8.1.1``. The play window logs
them; a rule set to ``warn`` turns a refusal into a ruling the player may override.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Ruling:
    """One decision: ``rule`` is a rule id (``zoc``, ``movement``…), ``text`` what happened."""

    rule: str
    text: str
    section: str = ""
    hex: str = ""

    def __str__(self) -> str:
        where = f" at {self.hex}" if self.hex else ""
        cite = f" — {self.section}" if self.section else ""
        return f"{self.text}{where}{cite}"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text, "section": self.section, "hex": self.hex, "message": str(self)}

