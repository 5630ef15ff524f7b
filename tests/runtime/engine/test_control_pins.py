"""Which hexes can be controlled, as module data (``control.feature_types``; ToV 6.1: towns,
cities and supply sources only; DoM §7: every hex)."""

from __future__ import annotations

from builders import add_unit
from hypothesis import given, settings
from hypothesis import strategies as st
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


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_dom_7_control_read_hex_by_hex_is_the_control_map_after_any_moves(seed):
    """Control asked of one hex (victory points, sudden death, controlled sources) says what the
    whole map says: the occupant's side where a unit stands (the last in the table where both
    sides stand, a position the rules never make but a hand move can), else the last side to
    pass — only in hexes that can be controlled (ToV 6.1), every hex else (DoM §7)."""
    import random

    from builders import rules_module

    from hexwright.runtime.engine.control import Control
    from hexwright.runtime.model import Scenario
    from hexwright.runtime.state import GameState, Location, MovePieces, PieceState, SetControl
    from hexwright.runtime.state import apply as state_apply
    from hexwright.runtime.state.rng import RngState

    rng = random.Random(seed)
    m = rules_module(4, 4)
    labels = [f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 5)]
    for label in rng.sample(labels, 5):
        m.map.hexes[label] = HexData(features=[HexFeature(type="depot")])
    if rng.random() < 0.5:
        m.rules.control = ControlRules(feature_types=["depot"])
    m.scenarios["s"] = Scenario(name="S", last_turn=3)
    pieces = {add_unit(m, f"u{k}", rng.choice(["blue", "red"])): PieceState(at=Location.hex(rng.choice(labels)))
              for k in range(8)}
    state = GameState(scenario="s", turn=1, pieces=pieces, rng=RngState(seed=seed))
    for _ in range(12):
        whole = control_map(m, state)
        one = Control(m, state)
        assert {h: one.get(h) for h in labels} == {h: whole.get(h) for h in labels}
        assert dict(Control(m, state)) == whole and len(Control(m, state)) == len(whole)
        if rng.random() < 0.3:
            action = SetControl(hex=rng.choice(labels), side=rng.choice(["blue", "red", None]))
        else:
            action = MovePieces(pieces=(rng.choice(sorted(pieces)),),
                                to=Location.hex(rng.choice(labels)) if rng.random() < 0.8 else Location.off("eliminated"))
        state, _ = state_apply(m, state, action)
