"""Fire support as module data (``rules.json`` ``fire``), on the synthetic module of
``tests/support/fire_modules.py`` (after St-Lô 10, 11, 14–16; not St-Lô)."""

from __future__ import annotations

import json

import pytest
from fire_modules import fire_module
from operations_modules import rigged

from hexwright.runtime.engine import EndPhase, Fire, LoseStep, apply, engine_state, legal_actions
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.engine.fire import plan
from hexwright.runtime.model import ModuleError
from hexwright.runtime.state import ActionError, initial_state
from hexwright.runtime.storage import load_module, save_module

BARRAGE_1 = {"mission": "barrage", "target": "0508", "op": "b_op", "op_hex": "0505"}


@pytest.fixture(scope="module")
def m():
    return fire_module()


def _seq(s):
    return engine_state(s).seq


def _to_phase(m, s, phase):
    for _ in range(50):
        if m.meta.sequence[s.phase].id == phase and legal_actions(m, s):
            return s
        s, _ = apply(m, s, EndPhase())
    raise AssertionError(phase)


def _start(m, phase="operations"):
    return _to_phase(m, initial_state(m, "fire", 3), phase)


def test_10_3_final_fire_value_is_printed_times_intensity_times_ov(m):
    """10.3 A–C: support 2 × 3 (maximum) × OV 4 = 24; the corps unit 5 × 3 × 4 = 60; summed (14.1 B)."""
    s = _start(m)
    tx = prepared(m, s)
    p = plan(tx, Fire(**BARRAGE_1, units=("b_a1", "b_a2", "b_gs"), intensities=("maximum",) * 3))
    assert p.problem == ""
    assert p.ov == 4 and p.observation is not None and p.observation.visible
    assert [x.value for x in p.parts] == [24, 24, 60] and p.total == 108
    assert p.column == "48+"
    q = plan(tx, Fire(**BARRAGE_1, units=("b_a1",), intensities=("rapid",)))
    assert q.total == 2 * 2 * 4 and q.column == "16-47"


def test_10_3_11_3_the_log_of_a_fire_states_the_observation_each_value_its_sum_and_the_column():
    """11.3: where the OP observes from and the OV; 10.3: each unit's printed value × the
    intensity (by its name) × OV, the final fire value; 14.1: the column it reads."""
    fm = fire_module()
    fm.rules.fire.intensities["rapid"].name = "Rapid fire"
    _s, entry = apply(fm, rigged(_start(fm), 5, 5), Fire(**BARRAGE_1, units=("b_a1",), intensities=("rapid",)))
    assert entry.text.startswith(
        "Barrage on 0508: Blue b_op regt at 0505 observes 0508 (clear line of sight; OV 4); Blue b_a1 regt support "
        "2 × 2 (Rapid fire) × OV 4 = 16; final fire value 16 — 10.3; column 16-47 — 14.1; ")


def test_10_1_missions_spent_by_intensity_up_to_the_limit_and_reset_in_the_rally_phase(m):
    """10.2.1: maximum costs three, rapid two; 10.1.1: no fire beyond the track; 10.1.2: reset."""
    s = rigged(_start(m), 1, 1)
    s, _entry = apply(m, s, Fire(**BARRAGE_1, units=("b_a1",), intensities=("maximum",)))
    assert _seq(s).missions == {"b_a1": 3}
    s, _ = apply(m, s, Fire(**BARRAGE_1, units=("b_a1",), intensities=("rapid",)))
    assert _seq(s).missions == {"b_a1": 5}
    with pytest.raises(ActionError, match=r"needs 2 mission\(s\), 1 left"):
        apply(m, s, Fire(**BARRAGE_1, units=("b_a1",), intensities=("rapid",)))
    offered = [a.intensities[a.units.index("b_a1")] for a in legal_actions(m, s)
               if isinstance(a, Fire) and "b_a1" in a.units]
    assert offered and set(offered) == {"normal"}
    s, _ = apply(m, s, Fire(**BARRAGE_1, units=("b_a1",), intensities=("normal",)))
    assert _seq(s).missions["b_a1"] == 6
    s = _to_phase(m, s, "interdiction")  # through the rally phase into turn 2
    assert s.turn == 2 and _seq(s).missions == {}


def test_10_2_2_an_intensity_the_mission_does_not_allow_is_refused(m):
    tx = prepared(m, _start(m))
    p = plan(tx, Fire(mission="defensive", target="0508", op="b_op", op_hex="0505", units=("b_a1",),
                      intensities=("rapid",)))
    assert "intensity 'rapid' not allowed (normal)" in p.problem and p.section == "10.2"
    ok = plan(tx, Fire(mission="defensive", target="0508", op="b_op", op_hex="0505", units=("b_a1",),
                       intensities=("normal",)))
    assert ok.problem == "" and ok.total == 1 * 1 * 4


def test_14_1_only_the_ops_formation_and_the_corps_fire(m):
    tx = prepared(m, _start(m))
    p = plan(tx, Fire(**BARRAGE_1, units=("b_far",), intensities=("normal",)))
    assert "b_far" in p.problem and "b_corps" in p.problem
    assert plan(tx, Fire(**BARRAGE_1, units=("b_gs",), intensities=("normal",))).problem == ""


def test_11_1_1_the_op_is_placed_within_a_units_command_radius(m):
    tx = prepared(m, _start(m))
    far = plan(tx, Fire(mission="barrage", target="0508", op="b_op", op_hex="0109", units=("b_a1",),
                        intensities=("normal",)))
    assert "may not be placed at 0109" in far.problem and far.section == "11.1.1"


def test_11_3_a_target_the_op_cannot_observe_cannot_be_fired_on(m):
    """From 0503 (level 0) the level-4 hex 0508 is five hexes away and not two levels lower."""
    tx = prepared(m, _start(m))
    p = plan(tx, Fire(mission="barrage", target="0508", op="b_op", op_hex="0503", units=("b_a1",),
                      intensities=("normal",)))
    assert "cannot observe 0508" in p.problem


def test_14_1_1_pin_then_a_second_pin_disrupts_and_the_roll_is_logged(m):
    """A P result pins every unit in the hex; a second P disrupts them (14.1.1, 14.2.2)."""
    s = rigged(_start(m), 5, 5)
    fire = Fire(**BARRAGE_1, units=("b_a1",), intensities=("normal",))  # 8: column 1-15, a 5 is P
    s, entry = apply(m, s, fire)
    assert entry.dice == (5,) and "rolls 5" in entry.text and "14.1" in entry.text
    assert all(_seq(s).statuses[u] == ("pinned",) for u in ("r_inf", "r_inf2", "r_rec"))
    s, entry = apply(m, s, fire)
    assert all(_seq(s).statuses[u] == ("disrupted",) for u in ("r_inf", "r_inf2", "r_rec"))
    assert "was pinned" in entry.text


def test_14_1_3_dl_on_a_disrupted_hex_still_costs_a_step_taken_by_infantry_of_the_owners_choice(m):
    s = rigged(_start(m), 6, 6)
    fire = Fire(**BARRAGE_1, units=("b_a1", "b_a2"), intensities=("rapid", "rapid"))  # 32: column 16-47, a 6 is DL
    s, entry = apply(m, s, fire)
    assert "disrupted" in _seq(s).statuses["r_inf"]
    losses = [a for a in legal_actions(m, s) if isinstance(a, LoseStep)]
    assert {a.unit for a in losses} == {"r_inf", "r_inf2"}  # 14.1.2: infantry, never the recon
    s, _ = apply(m, s, LoseStep(unit="r_inf"))
    assert s.pieces["r_inf"].step == 1
    s, entry = apply(m, s, fire)  # already disrupted: the loss only (14.1.3 B)
    assert "already disrupted" in entry.text


def test_14_1_2_with_no_infantry_the_recon_takes_the_loss(m):
    s = rigged(_start(m), 6)
    s, entry = apply(m, s, Fire(mission="barrage", target="0308", op="b_op", op_hex="0505",
                                units=("b_a1", "b_a2"), intensities=("rapid", "rapid")))
    assert s.pieces["r_rec2"].at.kind == "eliminated", entry.text


def test_14_1_entrenchment_drm_of_the_target_hex_lowers_the_roll(m):
    from hexwright.runtime.model import Marker, MarkerFace
    from hexwright.runtime.model.rules_config import HexMarker
    from hexwright.runtime.model.tables import CombatEffect
    from hexwright.runtime.state import AddMarker, Location
    from hexwright.runtime.state import apply as state_apply

    m2 = m.model_copy(deep=True)
    m2.pieces.markers["dig"] = Marker(name="Entrenchment", faces=[MarkerFace(text="IP"), MarkerFace(text="SP")])
    m2.rules.hex_markers = {"dig": HexMarker(combat=[CombatEffect(drm=-1, drm_group="dig"),
                                                     CombatEffect(drm=-2, drm_group="dig")], section="13.0")}
    s = _start(m2)
    s, _ = state_apply(m2, s, AddMarker(marker="dig", at=Location.hex("0508"), face=1))
    s = rigged(s, 1)
    s, entry = apply(m2, s, Fire(**BARRAGE_1, units=("b_a1", "b_a2", "b_gs"), intensities=("maximum",) * 3))
    assert "SP -2" in entry.text and "→ -1" in entry.text  # 1 − 2: the lowest row, P on 48+ (14.1.4 B)
    assert "pinned" in _seq(s).statuses["r_inf"]


@pytest.mark.parametrize(("roll", "drm", "status"), [(1, -1, "pinned"), (1, -3, None), (6, 2, "disrupted")])
def test_14_1_a_modified_roll_reads_its_row_and_beyond_the_table_the_first_or_last_row(roll, drm, status):
    """The Barrage Table's rows run -1 to 6: a 1 with a DRM of -1 reads the row of 0 (P here); a
    modified -2 reads the first row (-1: no effect) and a modified 8 the last (6: D)."""
    from hexwright.runtime.model.fire import WeatherDrm

    fm = fire_module()
    table = fm.rules.fire.tables["barrage"]
    table.columns[0].cells = ["N", "P", "N", "N", "N", "N", "N", "D"]
    fm.rules.fire.missions["barrage"].weather_drms = [WeatherDrm(side="blue", weather="clear", drm=drm)]
    fm.scenarios["fire"].conditions = {"weather": "clear"}
    s, entry = apply(fm, rigged(_start(fm), roll), Fire(**BARRAGE_1, units=("b_a1",), intensities=("normal",)))
    assert f"rolls {roll}, weather clear {drm:+d} (14.1) → {roll + drm}, column 1-15" in entry.text
    assert _seq(s).statuses.get("r_inf", ()) == ((status,) if status else ())


def test_16_interdiction_lowers_the_enemys_initiative_never_below_its_minimum_with_a_weather_drm(m):
    clear = m.model_copy(deep=True)
    clear.scenarios["fire"].conditions = {"weather": "clear"}
    s = rigged(_start(clear, "interdiction"), 6)
    s, entry = apply(clear, s, Fire(mission="interdiction", units=("b_gs", "b_a1"), intensities=("maximum", "normal")))
    # 3 × 3 + 1 = 10: column 4+; 6 + 2 (clear) = 8: result 2
    assert "weather clear +2" in entry.text and _seq(s).pools["initiative"]["red"] == -2
    assert m.meta.sequence[s.phase].id == "operations"  # once: the step is over


def test_15_air_strike_pays_from_the_pool_needs_no_units_and_may_hit_own_units(m):
    s = _start(m, "air")
    fires = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert fires and all(a.units == () and a.op == "b_op" for a in fires)
    s = rigged(s, 1)
    s, entry = apply(m, s, Fire(mission="air_strike", target="0508", op="b_op", op_hex="0505"))
    assert _seq(s).pools["air"]["blue"] == 1
    assert "no own unit within 2 hexes" in entry.text  # b_inf at 0503 is five hexes away (15.0 E)


def test_legal_fires_are_accepted(m):
    s = _start(m)
    fires = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert {a.target for a in fires} == {"0508", "0308"}
    assert all(a.op_hex for a in fires)
    for a in fires[:5]:
        apply(m, rigged(s, 3), a)


def test_a_fire_table_naming_an_unknown_result_is_refused_naming_file_and_field(m, tmp_path):
    save_module(m, tmp_path / "fm")
    path = tmp_path / "fm" / "rules.json"
    data = json.loads(path.read_text())
    data["fire"]["tables"]["barrage"]["columns"][0]["cells"][0] = "XX"
    path.write_text(json.dumps(data))
    with pytest.raises(ModuleError) as err:
        load_module(tmp_path / "fm")
    text = str(err.value)
    assert "rules.json" in text and "fire.tables.barrage" in text and "'XX'" in text


def test_fire_names_that_do_not_resolve_are_listed_by_field(m):
    from hexwright.runtime.validation import check_module

    bad = m.model_copy(deep=True)
    assert bad.rules.fire is not None
    bad.rules.fire.pinned = "stunned"
    bad.rules.fire.missions["barrage"].always_fire = ["nobody"]
    found = {(i.file, i.field) for i in check_module(bad)}
    assert ("rules.json", "fire.pinned") in found and ("rules.json", "fire.missions.barrage.always_fire") in found
    assert not [i for i in check_module(m) if "fire" in i.field]


def test_10_1_1_a_one_step_battery_turned_to_its_back_fires_with_its_only_face(m):
    """b_gs has one face (support 5, four missions): shown on its back it still fires at 5 × 3 × OV 4."""
    from hexwright.runtime.state import SetStep
    from hexwright.runtime.state import apply as state_apply

    s, _ = state_apply(m, _start(m), SetStep(piece="b_gs", step=1))
    p = plan(prepared(m, s), Fire(**BARRAGE_1, units=("b_gs",), intensities=("maximum",)))
    assert p.problem == "" and [x.value for x in p.parts] == [60]
