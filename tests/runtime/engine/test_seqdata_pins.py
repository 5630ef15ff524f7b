"""The sequence runner's state (``engine/seqdata.py``): frozen data, and a loop's iterations
counted from the first (a loop of ``count`` 2 runs its steps twice)."""

from __future__ import annotations

import pydantic
import pytest
from builders import add_unit, rules_module

from hexwright.runtime.engine import Choose, apply, legal_actions, prepared
from hexwright.runtime.engine.seqdata import Activated, SeqState, StepFrame
from hexwright.runtime.model import Phase, Placement, Scenario
from hexwright.runtime.model.sequence import ChoiceOption, ChoiceStep, CountEnds, FixedSide, Loop, SequenceRules
from hexwright.runtime.state import initial_state


def rounds_module(count: int):
    """One phase: a loop of ``count`` rounds in which blue says "go"."""
    m = rules_module()
    add_unit(m, "b_1", "blue")
    add_unit(m, "r_1", "red")
    m.meta.sequence = [Phase(id="ops", name="Operations", kind="operations", section="3.0")]
    m.rules.sequence = SequenceRules(phases={"ops": [
        Loop(id="rounds", name="Rounds", until=[CountEnds(count=count)], section="3.1",
             steps=[ChoiceStep(id="go", name="Go", side=FixedSide(side="blue"),
                               options=[ChoiceOption(kind="procedure", id="go", label="Go")])])]})
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue",
                                 setup=[Placement(piece="b_1", hex="0303"), Placement(piece="r_1", hex="0505")])}
    return m


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_loop_of_count_n_runs_its_steps_n_times_a_turn(count):
    m = rounds_module(count)
    s = initial_state(m, "s", 1)
    texts = []
    while s.turn == 1:
        assert legal_actions(m, s) == [Choose(option="go")]
        assert prepared(m, s).data.seq.frames[-1].iteration == len(texts)
        s, entry = apply(m, s, Choose(option="go"))
        texts.append(entry.text)
    assert len(texts) == count
    assert f"Rounds ends: {count} iterations" in texts[-1]


def test_the_sequence_state_is_frozen():
    """Engine data is never changed in place (apply is pure): setting a field is refused."""
    seq = SeqState(frames=(StepFrame(root="phase:ops"),), activation=Activated(hq="b_hq"))
    with pytest.raises(pydantic.ValidationError):
        seq.active = "blue"  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        seq.frames[0].index = 3  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        seq.activation.hq = "r_hq"  # type: ignore[misc, union-attr]
    assert hash(seq.frames[0]) == hash(StepFrame(root="phase:ops"))


def test_tov_3_2_the_scenarios_conditions_and_the_pools_initial_values_hold_from_the_first_step():
    """ToV 3.2: the game starts in heavy overcast; pools start at their declared initial values
    (only pools that declare some)."""
    from hexwright.runtime.model.sequence import PoolDef

    m = rounds_module(2)
    m.scenarios["s"].conditions = {"weather": "heavy_overcast"}
    m.rules.pools = {"air": PoolDef(name="Air points", initial={"red": 1, "blue": 2}),
                     "tap": PoolDef(name="Tactical action points")}
    s = initial_state(m, "s", 1)
    seq = prepared(m, s).data.seq
    assert seq.started and seq.conditions == {"weather": "heavy_overcast"}
    assert seq.pools == {"air": {"blue": 2, "red": 1}}
    s, _ = apply(m, s, Choose(option="go"))
    assert prepared(m, s).data.seq.conditions == {"weather": "heavy_overcast"}
