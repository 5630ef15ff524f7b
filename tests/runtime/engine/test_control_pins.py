"""Which hexes can be controlled, as module data (``control.feature_types``; ToV 6.1: towns,
cities and supply sources only; DoM §7: every hex)."""

from __future__ import annotations

from builders import add_unit
from pin_modules import go, seq_module

from hexwright.runtime.engine import control_map
from hexwright.runtime.model import Box, HexData, HexFeature, Placement
from hexwright.runtime.model.sequence import ControlRules
from hexwright.runtime.state import initial_state


def test_tov_6_1_a_hex_is_controlled_when_any_of_its_features_is_of_a_controllable_type():
    """b_1 stands in 0303, a depot with a steeple; r_1 in 0505, a hex of the map with no
    feature: only the depot can be controlled."""
    m = seq_module({"a": [go(id="x")]})
    m.map.hexes["0303"] = HexData(features=[HexFeature(type="depot"), HexFeature(type="steeple")])
    m.map.hexes["0505"] = HexData()
    m.rules.control = ControlRules(feature_types=["depot"], section="6.1")
    assert control_map(m, initial_state(m, "s", 1)) == {"0303": "blue"}
    m.rules.control = ControlRules()  # DoM §7: every hex — and never a box a unit waits in
    m.map.boxes["reserve"] = Box(name="Reserve", kind="holding")
    add_unit(m, "b_reserve", "blue")
    m.scenarios["s"].setup.append(Placement(piece="b_reserve", box="reserve"))
    assert control_map(m, initial_state(m, "s", 1)) == {"0303": "blue", "0505": "red"}


def test_tov_6_1_a_move_takes_control_of_the_controllable_hexes_it_passes_only():
    """b_1 moves from 0303 through the depot in 0304 to 0305: the depot is blue's now; the
    other hexes it passed cannot be controlled and are not recorded."""
    from hexwright.runtime.engine import Move, apply
    from hexwright.runtime.model.sequence import ActionsStep

    m = seq_module({"a": [ActionsStep(id="m", allow=["move"])]})
    m.map.hexes["0304"] = HexData(features=[HexFeature(type="depot")])
    m.rules.control = ControlRules(feature_types=["depot"], section="6.1")
    s, _ = apply(m, initial_state(m, "s", 1), Move(unit="b_1", to="0305"))
    assert s.hex_of("b_1") == "0305" and s.control == {"0304": "blue"}
