"""Which units an activation orders, and per-scenario data the sequence reads, on a synthetic
module (after Traces of Victory 12.1 a fixed HQ's activation, 2.3 / 4.2.1 an HQ limited to
some formations, 4.3 Metz units by area, 4.1.6 mud on turn 1, 12.7 the garrison's supply,
11.3 controlled sources, 13.0 / 14 sudden death per scenario)."""

from __future__ import annotations

from sequence_modules import MOVE_THEN_FIGHT, activation_module

from hexwright.runtime.engine import engine_state, prepared, weather_now, with_engine_state
from hexwright.runtime.engine.arrivals import entry_hexes
from hexwright.runtime.engine.victory import sudden_death
from hexwright.runtime.model import Area
from hexwright.runtime.model.sequence import (
    Activation,
    ArrivalGroup,
    ChoiceTrigger,
    FixedSide,
    PhaseSide,
    SupplyCheck,
    UnitSelect,
)
from hexwright.runtime.model.tables import SuddenDeath
from hexwright.runtime.state import initial_state


def blue_activation(select: UnitSelect):
    """Blue's phase is one activation selected by ``select``."""
    m = activation_module()
    m.rules.sequence.phases["blue_orders"] = [Activation(id="blue_act", name="Blue activation", side=PhaseSide(),
                                                         select=select, steps=list(MOVE_THEN_FIGHT), section="12.1")]
    return m


def activated(m) -> tuple[str, tuple[str, ...]]:
    act = prepared(m, initial_state(m, "act", 1)).data.seq.activation
    assert act is not None
    return act.hq, act.units


def test_12_1_an_activation_with_a_fixed_hq_as_if_its_chit_were_drawn():
    """b_hq (0303, command range 2) activates b_1, b_2, b_3 around it; b_4 (0107) is too far."""
    hq, units = activated(blue_activation(UnitSelect(by="hq_range", hq_from="fixed", hq="b_hq")))
    assert hq == "b_hq" and units == ("b_1", "b_2", "b_3", "b_hq")


def test_2_3_an_hq_that_may_activate_only_some_formations():
    """The IV LWF Corps may only activate the 198th Division: here b_hq only the 1st Division."""
    hq, units = activated(blue_activation(UnitSelect(by="hq_range", hq_from="fixed", hq="b_hq",
                                                     only_formations=["b_d1"])))
    assert hq == "b_hq" and units == ("b_1", "b_2", "b_hq")



def test_2_3_note_an_hq_activates_only_units_of_its_own_army():
    """2.3 note: a US HQ never activates units of the other US Army: b_3 (the 2nd Division) moves
    to a second army, and b_hq, still in range of it, activates only its own army's units."""
    from hexwright.runtime.model import Formation

    m = blue_activation(UnitSelect(by="hq_range", hq_from="fixed", hq="b_hq", same="army"))
    m.pieces.formations["b_army2"] = Formation(name="Blue Second Army", side="blue", echelon="army")
    m.pieces.formations["b_d2"].parent = "b_army2"
    hq, units = activated(m)
    assert hq == "b_hq" and units == ("b_1", "b_2", "b_hq")
    m.rules.sequence.phases["blue_orders"][0].select.same = "any"
    assert activated(m)[1] == ("b_1", "b_2", "b_3", "b_hq")

def test_4_3_metz_every_unit_in_an_area_is_activated():
    m = blue_activation(UnitSelect(by="area", area="metz"))
    m.map.areas["metz"] = Area(name="Metz", hexes=["0403", "0404", "0504"])
    hq, units = activated(m)
    assert hq == "" and units == ("b_1", "b_2")  # the red unit in 0504 is not blue's


def test_4_1_6_mud_on_turn_1_comes_from_the_scenario():
    m = activation_module()
    m.scenarios["act"].lasting = {"mud": 1}
    tx = prepared(m, initial_state(m, "act", 1))
    s = with_engine_state(tx.state, tx.data)
    assert weather_now(m, s) == "mud" and engine_state(s).seq.lasting == {"mud": 1}
    assert weather_now(m, s.model_copy(update={"turn": 2})) is None


def test_12_7_only_the_garrison_is_always_in_supply_in_metz():
    """Red has no source at all: every red unit is out of supply, but for the garrison (r_d1)
    in Metz; r_new in Metz is not of the garrison, r_1 of the garrison is not in Metz."""
    m = activation_module()
    for label in ("0909", "0901"):
        m.map.hexes[label] = m.map.hexes[label].model_copy(update={"features": []})
    m.map.areas["metz"] = Area(name="Metz", hexes=["0808", "0807"])
    m.rules.sequence.phases["blue_orders"] = [SupplyCheck(
        id="supply", side=FixedSide(side="red"), sides=["red"], exempt_areas=["metz"], exempt_formations=["r_d1"],
        section="8.1")] + m.rules.sequence.phases["blue_orders"]
    m.scenarios["act"].setup += [m.scenarios["act"].setup[0].model_copy(update={"piece": "r_new", "hex": "0807"})]
    statuses = prepared(m, initial_state(m, "act", 1)).data.seq.statuses
    assert sorted(u for u, held in statuses.items() if "out_of_supply" in held) == ["r_1", "r_2", "r_new"]


def test_11_3_reserves_enter_only_at_a_source_their_side_controls():
    m = activation_module()
    group = ArrivalGroup(side="blue", pieces=["b_4"], trigger=ChoiceTrigger(), at_sources=True,
                         controlled_sources=True, section="11.3")
    s = initial_state(m, "act", 1)
    assert entry_hexes(prepared(m, s.model_copy(update={"control": {"0101": "blue"}})), group) == ["0101"]
    assert entry_hexes(prepared(m, s.model_copy(update={"control": {"0101": "red"}})), group) == []
    anywhere = group.model_copy(update={"controlled_sources": False})
    assert entry_hexes(prepared(m, s.model_copy(update={"control": {"0101": "red"}})), anywhere) == ["0101"]


def test_14_sudden_death_counts_only_in_its_scenarios():
    m = activation_module()
    s = initial_state(m, "act", 1).model_copy(update={"control": {"0505": "blue", "0504": "blue"}})
    s = s.model_copy(update={"pieces": {p: v for p, v in s.pieces.items() if not p.startswith("r_")} | {
        p: v.model_copy(update={"at": v.at.off("eliminated")}) for p, v in s.pieces.items() if p.startswith("r_")}})
    m.tables.victory.sudden_death = [SuddenDeath(side="blue", hexes=["0505", "0504"], scenarios=["other"])]
    assert sudden_death(m, s) == ""
    m.tables.victory.sudden_death[0].scenarios = ["act"]
    assert "Sudden death" in sudden_death(m, s)
