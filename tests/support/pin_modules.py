"""A tiny synthetic module whose sequence of play is given by the test: phase ``a`` runs the
steps given, phase ``b`` has none declared. Blue ``b_1`` and red ``r_1``, a cup, three turns."""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.model import Box, Module, Phase, Placement, Scenario
from hexwright.runtime.model.sequence import ChoiceOption, ChoiceStep, SequenceRules, Step

GO = ChoiceOption(kind="procedure", id="go")
PASS = ChoiceOption(kind="pass", id="pass", label="Pass")


def go(**fields: object) -> ChoiceStep:
    """A choice with the one option ``go`` (which only ends the step)."""
    return ChoiceStep(options=[GO], **fields)  # type: ignore[arg-type]


def seq_module(phases: dict[str, list[Step]], procedures: dict[str, list[Step]] | None = None, *,
               side: str | None = "blue", last_turn: int = 3) -> Module:
    m = rules_module()
    add_unit(m, "b_1", "blue")
    add_unit(m, "r_1", "red")
    m.map.boxes["cup"] = Box(name="Cup", kind="cup")
    m.meta.sequence = [Phase(id="a", name="Phase A", kind="other", side=side, section="3.0"),
                       Phase(id="b", name="Phase B", kind="other", section="3.9")]
    m.rules.sequence = SequenceRules(phases=phases, procedures=procedures or {})
    m.scenarios = {"s": Scenario(name="S", last_turn=last_turn, first_side="blue", cups={"cup": []},
                                 setup=[Placement(piece="b_1", hex="0303"), Placement(piece="r_1", hex="0505")])}
    return m
