"""Table values as short text for the editors' grids. Plain Python, no Qt.

* result-code effects: ``defender retreat 2; attacker advance`` — each ``<who> <what> [amount] [(note)]``;
* terrain combat effects: ``shift=-2; def=2; att=1/2; drm=-1; line=A; note=…``.
"""

from __future__ import annotations

import re
from typing import get_args

from hexwright.runtime.model import CombatEffect, ResultEffect
from hexwright.runtime.model.common import parse_fraction

WHO = ("attacker", "defender")
WHAT = get_args(ResultEffect.model_fields["what"].annotation)
_EFFECT = re.compile(r"^(\w+)\s+(\w+)(?:\s+(-?\d+))?(?:\s*\((.*)\))?$")


def format_effects(effects: list[ResultEffect]) -> str:
    parts = []
    for e in effects:
        text = f"{e.who} {e.what}"
        if e.amount != 1:
            text += f" {e.amount}"
        elif e.what in ("step_loss", "retreat"):
            text += " 1"
        if e.note:
            text += f" ({e.note})"
        parts.append(text)
    return "; ".join(parts)


def parse_effects(text: str) -> list[ResultEffect]:
    """Parse ``defender retreat 2; attacker advance``. Raises ValueError naming the bad part."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        m = _EFFECT.match(part)
        if not m:
            raise ValueError(f"{part!r}: write who, what and an optional amount, e.g. 'defender retreat 2'")
        who, what, amount, note = m.groups()
        if who not in WHO:
            raise ValueError(f"{part!r}: who must be attacker or defender")
        if what not in WHAT:
            raise ValueError(f"{part!r}: what must be one of {', '.join(WHAT)}")
        out.append(ResultEffect(who=who, what=what, amount=int(amount) if amount else 1, note=note or ""))
    return out


_COMBAT_KEYS = {"shift": "shift", "att": "attack_multiplier", "def": "defense_multiplier", "drm": "drm",
                "line": "crt_line", "note": "note"}


def format_combat(effect: CombatEffect | None) -> str:
    if effect is None:
        return ""
    parts = []
    for key, field in _COMBAT_KEYS.items():
        value = getattr(effect, field)
        if value != CombatEffect.model_fields[field].default:
            parts.append(f"{key}={value}")
    return "; ".join(parts) or "none"


def parse_combat(text: str) -> CombatEffect | None:
    """``shift=-2; def=2`` → a combat effect; empty text → None. Raises ValueError."""
    text = text.strip()
    if not text:
        return None
    data: dict[str, object] = {}
    if text == "none":
        return CombatEffect()
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or key not in _COMBAT_KEYS:
            raise ValueError(f"{part!r}: write key=value with keys {', '.join(_COMBAT_KEYS)}")
        field = _COMBAT_KEYS[key]
        if field in ("shift", "drm"):
            try:
                data[field] = int(value)
            except ValueError:
                raise ValueError(f"{key} must be a whole number") from None
        elif field in ("attack_multiplier", "defense_multiplier"):
            parse_fraction(value)
            data[field] = value
        else:
            data[field] = value
    return CombatEffect.model_validate(data)
