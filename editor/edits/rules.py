"""Edits of ``rules.json`` and of the phases in ``module.json`` (Qt-free).

A rules edit is a whole new :class:`RulesConfig` (and, for the sequence of play, a new
list of phases). :func:`checked_rules` refuses one that brings a problem the module did
not have before — an unknown id, a step calling a procedure that is not there, a phase
whose steps are gone — naming the field, so a screen can say why and keep the old value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from hexwright.runtime.model import Module, Phase
from hexwright.runtime.model.rules_config import RulesConfig
from hexwright.runtime.validation.rules_config import rules_problems

from .model_fields import with_value
from .outcome import EditRefused


@dataclass(frozen=True)
class RulesEdit:
    rules: RulesConfig
    phases: list[Phase]
    text: str


def _problems(module: Module, rules: RulesConfig, phases: list[Phase]) -> set[str]:
    meta = module.meta.model_copy(update={"sequence": phases})
    return {str(p) for p in rules_problems(module.model_copy(update={"rules": rules, "meta": meta}))}


def checked_rules(module: Module, rules: RulesConfig, phases: list[Phase] | None = None, text: str = "Change rules"
                  ) -> RulesEdit:
    """The edit, or a refusal naming the first problem it would bring."""
    phases = list(module.meta.sequence if phases is None else phases)
    ids = [p.id for p in phases]
    if len(set(ids)) != len(ids):
        raise EditRefused(f"module.json: sequence: two phases share the id {next(i for i in ids if ids.count(i) > 1)!r}")
    new = _problems(module, rules, phases) - _problems(module, module.rules, list(module.meta.sequence))
    if new:
        raise EditRefused(sorted(new)[0])
    return RulesEdit(RulesConfig.model_validate(rules.model_dump()), phases, text)


def get_path(value: Any, path: tuple[str, ...]) -> Any:
    """The value at ``path`` (attribute names, dict keys, list indices as text) under ``value``."""
    for part in path:
        if isinstance(value, BaseModel):
            value = getattr(value, part)
        elif isinstance(value, dict):
            value = value[part]
        else:
            value = value[int(part)]
    return value


def set_path(root: BaseModel, path: tuple[str, ...], new: Any) -> Any:
    """``root`` with the value at ``path`` replaced, validated again on the way up."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(root, BaseModel):
        return with_value(root, head, set_path(getattr(root, head), rest, new))
    if isinstance(root, dict):
        out = dict(root)
        out[head] = set_path(root[head], rest, new)
        return out
    items = list(root)
    items[int(head)] = set_path(items[int(head)], rest, new)
    return items


def rules_with(module: Module, path: tuple[str, ...], value: Any, text: str) -> RulesEdit:
    """``rules.json`` with the value at ``path`` replaced, checked."""
    rules = set_path(module.rules, path, value)
    assert isinstance(rules, RulesConfig)
    return checked_rules(module, rules, None, text)
