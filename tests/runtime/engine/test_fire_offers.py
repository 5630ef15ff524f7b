"""The fires offered as legal actions (``engine/fire_legal.py``): which orders of firing units, at
which intensities, from which OP, on the synthetic module of ``tests/support/fire_modules.py``
(after St-Lô 10.1–10.3, 14.1, 15.0, 16.0; not St-Lô). What is offered is what a player sees in the
fire dialog; each offer is one :func:`.fire.plan` accepts."""

from __future__ import annotations

from collections import Counter

from builders import add_unit
from fire_modules import fire_module

from hexwright.runtime.engine import EndPhase, Fire, apply, engine_state, legal_actions
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.data import with_engine_state
from hexwright.runtime.engine.fire import plan
from hexwright.runtime.model import Placement
from hexwright.runtime.model.fire import FireColumn, FireIntensity, FireResult, FireTable
from hexwright.runtime.model.sequence import ActionsStep, FixedSide
from hexwright.runtime.state import initial_state


def _at(m, phase, missions=None):
    """The game of ``m`` at the first step of ``phase``, with ``missions`` spent this turn (10.1)."""
    s = initial_state(m, "fire", 3)
    for _ in range(20):
        if m.meta.sequence[s.phase].id == phase and legal_actions(m, s):
            break
        s, _ = apply(m, s, EndPhase())
    if missions:
        data = engine_state(s)
        s = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(update={"missions": missions})}))
    return s


def _fires(m, s):
    return [a for a in legal_actions(m, s) if isinstance(a, Fire)]


def _orders(fires, target="0508"):
    return {(a.units, a.intensities) for a in fires if a.target == target}


def _accepted(m, s, fires):
    tx = prepared(m, s)
    return [a for a in fires if plan(tx, a).problem]


def _only_column_from(minimum, label="3+"):
    return FireTable(name="Short Table", rows=[1, 2, 3, 4, 5, 6], section="14.1",
                     columns=[FireColumn(label=label, min_value=minimum, cells=["N"] * 6)],
                     results={"N": FireResult(name="no effect")})


def test_10_2_a_fire_whose_value_reads_no_column_is_not_offered_16_0():
    """16.0: interdiction on a long-range table whose first column is 2: b_a1 (long-range 1) alone
    at normal fires 1 and reads no column, so it is not offered; at rapid (2) it is."""
    m = fire_module()
    m.rules.fire.tables["long_range"].columns[0].min_value = 2
    s = _at(m, "interdiction")
    fires = _fires(m, s)
    orders = _orders(fires, target="")
    assert (("b_a1",), ("rapid",)) in orders and (("b_a1",), ("normal",)) not in orders
    assert (("b_a1", "b_a2"), ("normal", "normal")) in orders  # 1 + 1 reads the column
    assert not _accepted(m, s, fires)
    assert "below every column" in plan(prepared(m, s), Fire(mission="interdiction", units=("b_a1",),
                                                              intensities=("normal",))).problem


def test_10_4_offer_units_offers_each_unit_alone_and_every_unit_together_up_to_max_units():
    """``offer_units`` 1: each unit alone at each intensity, and all three together at each
    intensity, since three may fire together (``max_units`` 3); never a fire of no unit."""
    m = fire_module()
    m.rules.fire.missions["barrage"].offer_units = 1
    m.rules.fire.missions["barrage"].max_units = 3
    s = _at(m, "operations")
    fires = _fires(m, s)
    levels = ("normal", "rapid", "maximum")
    assert _orders(fires) == {((u,), (i,)) for u in ("b_a1", "b_a2", "b_gs") for i in levels} | {
        (("b_a1", "b_a2", "b_gs"), (i,) * 3) for i in levels}
    assert all(a.op_hex == "0505" and a.op == "b_op" for a in fires if a.target == "0508")
    assert not _accepted(m, s, fires)


def test_10_4_with_more_ready_units_than_max_units_together_is_not_offered():
    m = fire_module()
    m.rules.fire.missions["barrage"].offer_units = 1
    m.rules.fire.missions["barrage"].max_units = 2
    orders = _orders(_fires(m, _at(m, "operations")))
    assert {len(u) for u, _i in orders} == {1}


def test_10_1_1_every_unit_together_is_offered_once_when_each_affords_only_normal():
    """Each unit with one mission left (10.1.1) fires together at normal only: offered once,
    not once for each intensity."""
    m = fire_module()
    m.rules.fire.missions["barrage"].offer_units = 1
    s = _at(m, "operations", {"b_a1": 5, "b_a2": 5, "b_gs": 3})
    fires = _fires(m, s)
    assert [a for a, n in Counter(fires).items() if n > 1] == []
    together = [a for a in fires if a.target == "0508" and len(a.units) == 3]
    assert [(a.units, a.intensities) for a in together] == [(("b_a1", "b_a2", "b_gs"), ("normal",) * 3)]


def test_10_2_1_together_a_unit_that_cannot_afford_the_weakest_intensity_fires_at_the_weakest_it_affords():
    """Intensities whose cost does not grow with the multiplier (module data): ``slow`` ×1 costs
    three missions, ``quick`` ×2 and ``heavy`` ×3 one each. b_a1 with one mission left joins the
    fire of every unit together at ``slow`` at ``quick``, the weakest it affords."""
    m = fire_module()
    m.rules.fire.intensities = {"slow": FireIntensity(name="slow", multiplier=1, missions=3),
                                "quick": FireIntensity(name="quick", multiplier=2, missions=1),
                                "heavy": FireIntensity(name="heavy", multiplier=3, missions=1)}
    m.rules.fire.missions["barrage"].offer_units = 1
    s = _at(m, "operations", {"b_a1": 5})
    together = {i for u, i in _orders(_fires(m, s)) if len(u) == 3}
    assert together == {("quick", "slow", "slow"), ("quick", "quick", "quick"), ("heavy", "heavy", "heavy")}


def test_10_0_a_mission_read_by_no_table_offers_every_combination_of_units_each_naming_a_unit():
    """A mission whose value is added in combat (``table`` None) offered in a step: every
    combination of the two units of the OP's formation, at normal (10.2.2), and no fire of no unit."""
    m = fire_module()
    m.rules.sequence.phases["operations"] = [ActionsStep(id="defensive", allow=["fire"], mission="defensive",
                                                         side=FixedSide(side="blue"), section="10.5")]
    s = _at(m, "operations")
    orders = _orders(_fires(m, s))
    assert len(orders) == 3 and all(u and i == ("normal",) * len(u) for u, i in orders)


def test_15_0_a_side_whose_pool_is_empty_is_offered_no_air_strike():
    """15.0 A: an air strike costs a point of the pool: none left, none offered."""
    m = fire_module()
    s = _at(m, "air")
    assert _fires(m, s)
    data = engine_state(s)
    empty = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"pools": {**data.seq.pools, "air": {"blue": 0}}})}))
    assert _fires(m, empty) == []


def test_15_0_a_side_the_pool_gives_no_points_is_offered_no_air_strike():
    m = fire_module()
    m.rules.pools["air"].initial = {"red": 2}
    assert _fires(m, _at(m, "air")) == []


def test_15_0_a_any_op_of_the_side_stands_for_every_other_in_an_air_strike():
    """15.0 A: the OP of an air strike is placed near any infantry of the side, whatever its
    division: with three OPs, each target hex is offered once, with the first OP."""
    m = fire_module()
    for op, form in (("b_op2", "b_div2"), ("b_op3", "b_corps")):
        add_unit(m, op, "blue", "op", combat=0, movement=0, formation=form)
        m.scenarios["fire"].setup.append(Placement(piece=op, box="b_dd"))
    fires = _fires(m, _at(m, "air"))
    assert fires and {a.op for a in fires} == {"b_op"}
    assert sorted(a.target for a in fires) == sorted({a.target for a in fires})


def test_15_0_f_an_ov_that_does_not_multiply_leaves_the_value_as_printed_times_intensity():
    """15.0 F (here a barrage with ``ov_multiplies`` false, on a table whose only column is 3+):
    b_a1 (support 2) alone reads the column at rapid (4) and maximum (6), not at normal (2),
    though its OP sees 0508 with OV 4."""
    m = fire_module()
    m.rules.fire.tables["barrage"] = _only_column_from(3)
    m.rules.fire.missions["barrage"].ov_multiplies = False
    s = _at(m, "operations")
    fires = _fires(m, s)
    alone = {i for u, i in _orders(fires) if u == ("b_a1",)}
    assert alone == {("rapid",), ("maximum",)}
    assert not _accepted(m, s, fires)


def test_15_0_a_fire_of_no_unit_reads_the_column_of_a_value_of_0():
    """A mission no unit fires in (``value`` None) on a table without a fixed column: its value is
    0, so it is offered when a column starts at 0 and not when the first starts at 1."""
    for minimum, offered in ((0, True), (1, False)):
        m = fire_module()
        m.rules.fire.tables["barrage"] = _only_column_from(minimum, "low")
        m.rules.fire.missions["air_strike"].column = None
        s = _at(m, "air")
        fires = _fires(m, s)
        assert bool(fires) is offered and {a.target for a in fires} <= {"0508", "0308"}
        assert not _accepted(m, s, fires)
