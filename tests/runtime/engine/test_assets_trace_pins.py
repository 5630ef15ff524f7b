"""Assets (``engine/assets.py``) where a module's data is thin or unusual, on ``assets_module`` of
``tests/support/operations_modules.py`` (after St-Lô 3.1.4, 9.3–9.4.1; not St-Lô): the activated
HQ's line for assets, an asset tied to an optional rule that is off, a non-asset in an asset box,
the limit of one HQ's units together, armour of exactly 1, no armour superiority procedure, the
asset phase without a division box or without asset rules, and the asset phase's log line."""

from __future__ import annotations

import pytest
from builders import add_unit
from operations_modules import assets_module, rigged

from hexwright.runtime.engine import (
    Declare,
    Resolve,
    apply,
    assignable_assets,
    engine_state,
    legal_actions,
    prepared,
    with_engine_state,
)
from hexwright.runtime.engine.seqdata import Activated
from hexwright.runtime.model import HexData, HexFeature, Phase, Placement
from hexwright.runtime.model.sequence import AssetPhase
from hexwright.runtime.state import ActionError, Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply

M4S = ("b_m4_1", "b_m4_2", "b_m4_3", "b_m4_4")


def _with_seq(m, s, **update):
    """``s`` entered by the engine, with its sequence data changed by ``update``."""
    tx = prepared(m, s)
    return with_engine_state(tx.state, tx.data.model_copy(update={"seq": tx.data.seq.model_copy(update=update)}))


def _attached(m, s, assets: tuple[str, ...], unit: str, hex: str):
    """``assets`` standing with ``unit`` in ``hex``, attached to it (before the engine enters the game)."""
    s, _ = state_apply(m, s, MovePieces(pieces=assets, to=Location.hex(hex)))
    data = engine_state(s)
    seq = data.seq.model_copy(update={"attached": {**data.seq.attached, **dict.fromkeys(assets, unit)}})
    return with_engine_state(s, data.model_copy(update={"seq": seq}))


def _declare(m, s, *assets: str):
    return apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=assets))


# -- 9.3.2: the activated HQ's line of communication -------------------------------------------------


def _activation_module(depot: bool):
    """Blue ``b_inf`` under the HQ ``b_hq`` (at 0302), activated; blue has a depot at 0101 only
    when ``depot``."""
    m = assets_module()
    add_unit(m, "b_hq", "blue", "hq", combat=0, movement=0, size="")
    m.pieces.pieces["b_inf"].hq = "b_hq"
    m.scenarios["fight"].setup.append(Placement(piece="b_hq", hex="0302"))
    if depot:
        m.map.hexes["0101"] = HexData(features=[HexFeature(type="depot", side="blue")])
    s = _with_seq(m, initial_state(m, "fight", 1), activation=Activated(hq="b_hq", units=("b_inf",)))
    return m, s


def test_9_3_2_a_unit_of_an_activation_whose_hq_traces_no_line_is_assigned_no_asset():
    """The attack dialog offers nothing, and declaring the attack with an asset is refused, naming the HQ."""
    m, s = _activation_module(depot=False)
    assert assignable_assets(m, s, "b_inf") == []
    with pytest.raises(ActionError) as refused:
        _declare(m, s, "b_m4_1")
    assert str(refused.value) == "assets: Blue b_hq traces no line of communication — 9.3"


def test_9_3_2_a_unit_of_an_activation_whose_hq_traces_its_line_is_assigned_assets():
    m, s = _activation_module(depot=True)
    assert assignable_assets(m, s, "b_inf") == ["b_eng", *M4S]
    s, _ = _declare(m, s, "b_m4_1")
    assert engine_state(s).seq.attached == {"b_m4_1": "b_inf"} and s.hex_of("b_m4_1") == "0303"


# -- 9.3.3 E: what may be assigned -----------------------------------------------------------------


def test_9_3_an_asset_tied_to_an_optional_rule_that_is_off_is_no_asset_to_assign():
    """The piece is in the module but not in the game: the attack naming it is refused, not broken."""
    from hexwright.runtime.model.meta import OptionalRule

    m = assets_module()
    m.meta.optional_rules = {"extra_armour": OptionalRule(name="Extra armour", section="2.3")}
    m.pieces.pieces["b_m4_4"].optional_rule = "extra_armour"
    s = initial_state(m, "fight", 1, {"extra_armour": False})
    assert "b_m4_4" not in s.pieces and "b_m4_4" not in assignable_assets(m, s, "b_inf")
    with pytest.raises(ActionError) as refused:
        _declare(m, s, "b_m4_4")
    assert str(refused.value) == "assets: no asset 'b_m4_4' — 9.3"
    s = initial_state(m, "fight", 1, {"extra_armour": True})
    assert "b_m4_4" in assignable_assets(m, s, "b_inf")


def test_9_3_a_unit_of_no_asset_class_waiting_in_an_asset_box_is_not_assignable():
    """A blue infantry company stored in ``blue_assets`` (of the right formation and side) is no asset."""
    m = assets_module()
    add_unit(m, "b_coy", "blue", combat=2, movement=3, formation="b_div", size="I")
    m.scenarios["fight"].setup.append(Placement(piece="b_coy", box="blue_assets"))
    s = initial_state(m, "fight", 1)
    assert assignable_assets(m, s, "b_inf") == ["b_eng", *M4S]
    with pytest.raises(ActionError) as refused:
        _declare(m, s, "b_coy")
    assert str(refused.value) == "assets: Blue b_coy co is not available for assignment — 9.3"
    assert s.pieces["b_coy"].at == Location.box("blue_assets")


# -- 9.3.1 A: the limit of one HQ's units together -------------------------------------------------


def _group_module():
    """Limits: a battalion 3 majors, the units of one HQ together (``III``) 2."""
    m = assets_module()
    m.rules.assets.group_size = "III"
    m.rules.assets.limits["III"] = {"major": 2}
    return m


def test_9_3_1_a_the_units_of_one_hq_together_hold_no_more_than_the_group_limit():
    """``b_inf2``, of the same HQ, holds two M4s: a third for ``b_inf`` passes its own limit of 3
    but not the HQ's of 2; a unit of another HQ is not counted."""
    m = _group_module()
    add_unit(m, "b_inf2", "blue", combat=4, movement=3, formation="b_div", size="II")
    m.pieces.pieces["b_inf"].hq = m.pieces.pieces["b_inf2"].hq = "b_hq"
    m.scenarios["fight"].setup.append(Placement(piece="b_inf2", hex="0203"))
    s = _attached(m, initial_state(m, "fight", 1), ("b_m4_1", "b_m4_2"), "b_inf2", "0203")
    assert assignable_assets(m, s, "b_inf") == ["b_eng"]
    with pytest.raises(ActionError) as refused:
        _declare(m, s, "b_m4_3")
    assert str(refused.value) == "assets: more than 2 major asset(s) for b_hq — 9.3"
    m.pieces.pieces["b_inf2"].hq = "b_hq2"
    assert assignable_assets(m, s, "b_inf") == ["b_eng", "b_m4_3", "b_m4_4"]


def test_9_3_1_a_a_unit_of_no_hq_is_a_group_of_its_own_for_the_group_limit():
    """``b_inf`` bears no HQ's designation and holds two M4s: a third is within its own limit of 3
    but over the group limit of 2, which holds for it alone."""
    m = _group_module()
    assert m.pieces.pieces["b_inf"].hq is None
    s = _attached(m, initial_state(m, "fight", 1), ("b_m4_1", "b_m4_2"), "b_inf", "0303")
    assert assignable_assets(m, s, "b_inf") == ["b_eng"]
    with pytest.raises(ActionError) as refused:
        _declare(m, s, "b_m4_3")
    assert str(refused.value) == "assets: more than 2 major asset(s) for Blue b_inf bn — 9.3"


# -- 9.4.1: the armour differential ----------------------------------------------------------------


def test_9_4_1_b_an_asset_of_armour_1_is_armoured_and_makes_the_differential():
    """An M4 of armour 1: 1 + 6 against anti-tank 2 + 5 + 1: −1 (no DRM, no loss), but
    the procedure is made: the asset is armoured."""
    m = assets_module()
    m.pieces.pieces["b_m4_1"].steps[0].armor = 1
    s, _ = _declare(m, initial_state(m, "fight", 1), "b_m4_1")
    s, entry = apply(m, rigged(s, 6, 1, 4), Resolve(hex="0304"))
    assert entry.dice == (6, 1, 4)
    assert entry.text.startswith("armour differential 7 − 8 = -1 (rolled 6 and 1) — 9.3; Blue attacks 0304")
    assert s.hex_of("b_m4_1") is not None


def test_9_4_1_without_an_armour_superiority_procedure_armour_rolls_nothing():
    """``armor_superiority`` unset: an attack with an M4 makes only the combat roll."""
    m = assets_module()
    m.rules.assets.armor_superiority = None
    s, _ = _declare(m, initial_state(m, "fight", 1), "b_m4_1")
    s, entry = apply(m, rigged(s, 4), Resolve(hex="0304"))
    assert entry.dice == (4,) and "armour" not in entry.text
    assert entry.text.startswith("Blue attacks 0304")
    assert engine_state(s).seq.attached == {"b_m4_1": "b_inf"}


# -- 3.1.4: the asset phase ------------------------------------------------------------------------


def _phase_module(**step):
    """:func:`assets_module` with an asset phase (``step``: the AssetPhase's fields) before blue's combat."""
    m = assets_module()
    m.meta.sequence.insert(0, Phase(id="assets", name="Assets", kind="other", section="3.1.4"))
    m.rules.sequence.phases["assets"] = [AssetPhase(id="asset_phase", section="3.1.4", **step)]
    return m


def test_3_1_4_the_asset_phase_is_logged_and_an_assignment_notes_its_unit_on_the_assets_move():
    """The phase's line comes first, with its section; the attack's assignment is noted on the
    asset's own move, not on the phase's line."""
    m = _phase_module()
    m.rules.assets.division_boxes = {"b_div": "blue_assets"}
    s, entry = _declare(m, initial_state(m, "fight", 1), "b_m4_1")
    assert entry.text.split("; ") == [
        "assets: available ones turned up, reassigned ones back to their division — 3.1.4",
        "→ Turn 1, Blue combat",
        "Blue b_m4_1 regt blue_assets → 0303 (assigned to Blue b_inf bn — 9.3)",
        "attack declared: Blue b_inf bn on Red r_bn bn in 0304 (11:2: column 5:1)"]
    assert engine_state(s).seq.attached == {"b_m4_1": "b_inf"}


def test_3_1_4_2_a_an_asset_of_a_formation_with_no_division_box_stays_with_its_unit():
    """Engineers must return (3.1.4.2 A), but blue's formation has no division box: the engineer
    stays attached where it stands."""
    m = _phase_module(must_return=["engineer"])
    m.rules.assets.division_boxes = {"r_div": "red_assets"}
    s = _attached(m, initial_state(m, "fight", 1), ("b_eng",), "b_inf", "0303")
    tx = prepared(m, s)  # the asset phase runs
    assert "assets: available ones turned up" in tx.texts[0]
    s = with_engine_state(tx.state, tx.data)
    assert engine_state(s).seq.attached == {"b_eng": "b_inf"}
    assert s.hex_of("b_eng") == "0303" and s.pieces["b_eng"].step == 0


def test_3_1_4_an_asset_phase_in_a_game_without_asset_rules_does_nothing():
    """A module with the phase but no ``assets`` rules goes straight on to blue's combat."""
    m = _phase_module(must_return=["engineer"])
    m.rules.assets = None
    s = initial_state(m, "fight", 1)
    assert legal_actions(m, s)[0] == Declare(attackers=("b_inf",), hex="0304")
    s, entry = _declare(m, s)
    assert entry.text.startswith("→ Turn 1, Blue combat; attack declared")
    assert s.pieces["b_eng"].at == Location.box("blue_assets")
