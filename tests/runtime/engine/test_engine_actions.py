"""A rules step from a file (a save, a moves file) that is not a valid engine action is named plainly."""

from pathlib import Path

import pytest

from hexwright.runtime.engine import apply
from hexwright.runtime.state import ActionError, initial_state
from hexwright.runtime.state.actions import RulesStep
from hexwright.runtime.storage import load_module

METZ = Path(__file__).resolve().parents[3] / "modules" / "drive_on_metz"


@pytest.fixture(scope="module")
def metz():
    module = load_module(METZ).module
    return module, initial_state(module, "campaign", seed=1)


@pytest.mark.parametrize("name, args, expected", [
    ("move", {"unit": "us_90_357", "to": "0101", "x": 1}, "move.x: unknown field"),
    ("move", {"unit": "us_90_357"}, "move.to: Field required"),
    ("teleport", {}, "no rules action 'teleport'"),
])
def test_a_bad_rules_step_is_one_plain_line(metz, name, args, expected):
    module, state = metz
    with pytest.raises(ActionError) as caught:
        apply(module, state, RulesStep(name=name, args=args))
    message = str(caught.value)
    assert expected in message
    assert "https://" not in message and "\n" not in message
