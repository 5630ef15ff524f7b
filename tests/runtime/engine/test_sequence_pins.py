"""The procedures after combat as the engine runs them (``engine/sequence.py``): retreats,
advances and stacking eliminations refused when none is due or when they break the rules at
every enforcement level (The Drive on Metz §6, §9.3, §9.5; positions of Figures 7 and 9)."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    Advance,
    Declare,
    Decline,
    EliminateExcess,
    Resolve,
    Retreat,
    SetEnforcement,
    apply,
    engine_state,
)
from hexwright.runtime.state import ActionError

from .dom_positions import dom, position, seed_rolling

FIG7 = {"us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409", "us_5_10": "0407",
        "de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609"}
ATTACK_0509 = Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509")


def retreat_due(**levels: str):
    """Figure 9: the attack on 0509 rolls 1 (D2); the defender, DE Fhnjkr/462, must retreat two
    hexes (legal: 0608 then 0607). ``levels``: enforcement levels set by the players first."""
    m = dom()
    s = position(FIG7, phase="us_combat", seed=seed_rolling(1))
    for rule, level in levels.items():
        s, _ = apply(m, s, SetEnforcement(rule=rule, level=level))
    s, _ = apply(m, s, ATTACK_0509)
    s, _ = apply(m, s, Resolve(hex="0509"))
    return m, s


def test_s9_retreats_advances_and_eliminations_are_refused_when_none_is_due():
    m = dom()
    s = position(FIG7, phase="us_combat")
    with pytest.raises(ActionError, match=r"^no retreat is due — §9\.3$"):
        apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    with pytest.raises(ActionError, match=r"^no advance after combat is open — §9\.5$"):
        apply(m, s, Advance(unit="us_5_11", path=("0509",)))
    with pytest.raises(ActionError, match=r"^no advance after combat is open — §9\.5$"):
        apply(m, s, Decline())
    with pytest.raises(ActionError, match=r"^no hex is over the stacking limit — §6"):
        apply(m, s, EliminateExcess(unit="us_5_11"))


def test_s9_3_only_the_unit_whose_retreat_is_due_retreats():
    m, s = retreat_due()
    with pytest.raises(ActionError, match=r"^DE Fhnjkr/462 iregt retreats now, not US 11/5 iregt — §9\.3$"):
        apply(m, s, Retreat(unit="us_5_11", path=("0410",)))


def test_s9_3_with_retreats_only_warned_a_unit_still_never_retreats_into_an_enemy_hex():
    """At ``warn`` an illegal retreat path is let through with an override, but not one that
    enters a hex the enemy holds."""
    m, s = retreat_due(retreat="warn")
    with pytest.raises(ActionError, match=r"^a unit never enters a hex held by the enemy — §9\.3$"):
        apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0510",)))
    s, entry = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0508",)))
    assert s.hex_of("de_462_fhnjkr") == "0508" and "override" in entry.text


def test_s9_5_with_advances_only_warned_a_unit_still_never_advances_into_an_occupied_hex():
    m, s = retreat_due(advance="warn")
    s, _ = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    with pytest.raises(ActionError, match=r"^0507 is occupied — §9\.5$"):
        apply(m, s, Advance(unit="us_5_11", path=("0509", "0507")))
    s, entry = apply(m, s, Advance(unit="us_5_11", path=("0410",)))
    assert s.hex_of("us_5_11") == "0410" and "override" in entry.text and engine_state(s).frames == ()


def test_tov_2_3_an_hq_with_no_retreat_path_is_relocated_rather_than_eliminated():
    """The red HQ in 0505, surrounded by blue units, must retreat a hex: it cannot, so it is
    destroyed — and, with ``hq_relocation.when_destroyed``, its owner relocates it."""
    from builders import add_unit
    from sequence_modules import relocation_module

    from hexwright.runtime.engine import Choose, EndPhase
    from hexwright.runtime.model import Placement, ResultCode, ResultEffect
    from hexwright.runtime.state import Location, initial_state

    m = relocation_module("DR")
    m.tables.crts["crt"].results["DR"] = ResultCode(name="Defender retreats",
                                                    effects=[ResultEffect(who="defender", what="retreat")])
    m.scenarios["act"].setup = [p for p in m.scenarios["act"].setup if p.piece != "r_1"]
    for i, hex in enumerate(("0506", "0604", "0605", "0606")):
        add_unit(m, f"b_x{i}", "blue", combat=1)
        m.scenarios["act"].setup.append(Placement(piece=f"b_x{i}", hex=hex))
    s = initial_state(m, "act", 1)
    for division in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=division))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, entry = apply(m, s, Resolve(hex="0505"))
    assert "Red r_hq regt: no legal retreat path at 0505" in entry.text and "to be relocated — 2.3" in entry.text
    assert s.pieces["r_hq"].at == Location.off("unavailable") and engine_state(s).top.proc == "relocate"


def test_s6_checked_at_the_end_of_the_phase_at_warn_an_overstack_is_logged_and_kept():
    """``stacking.check_at: end_of_phase`` with stacking at ``warn``: the phase ends with an
    override logged for the hex, and nobody is asked to eliminate anything."""
    from builders import end_of_phase_stacking_module

    from hexwright.runtime.engine import EndPhase, Move, phase_of
    from hexwright.runtime.state import initial_state

    m = end_of_phase_stacking_module()
    m.rules.enforcement["stacking"] = "warn"
    s, _ = apply(m, initial_state(m, "s", 1), Move(unit="b1", to="0204"))
    s, entry = apply(m, s, EndPhase())
    assert "override: over the stacking limit (2 > 1) at 0204 — §6" in entry.text
    assert phase_of(m, s).id == "red-move" and engine_state(s).frames == ()
    assert s.hex_of("b1") == s.hex_of("b2") == "0204"


def test_s9_5_one_unit_per_hex_advances_never_into_a_vacated_hex_a_friendly_unit_has_entered():
    """DoM's advance moves one unit (``advance.units: one``): once a US unit stands in 0608 (put
    there by hand), only 0509 is left to advance into."""
    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    m, s = retreat_due()
    s, _ = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    assert Advance(unit="us_5_11", path=("0509", "0608")) in legal_actions(m, s)
    s, _ = state_apply(m, s, MovePieces(pieces=("us_5_10",), to=Location.hex("0608")))
    assert {a.path[-1] for a in legal_actions(m, s) if isinstance(a, Advance)} == {"0509"}


def test_s9_5_one_unit_advances_never_into_the_vacated_hex_a_friendly_unit_has_entered_whatever_the_limit():
    """As above with US 10/5 put into 0509 itself, on a copy of DoM whose stacking limit is two
    (so the limit does not keep the advance out): with one unit to advance, none is offered and
    the advance closes by itself."""
    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.state import Location, MovePieces
    from hexwright.runtime.state import apply as state_apply

    m, s = retreat_due()
    s, _ = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    m = m.model_copy(deep=True)
    m.rules.stacking.limit = 2
    s, _ = state_apply(m, s, MovePieces(pieces=("us_5_10",), to=Location.hex("0509")))
    assert not [a for a in legal_actions(m, s) if isinstance(a, (Advance, Decline))]


def test_s9_3_s9_5_overridden_retreats_and_advances_are_ruled_at_the_hex_they_end_in():
    """At ``warn``, a two-hex retreat or advance off the legal paths is let through with an
    override ruled at its last hex; a one-hex retreat is logged with no "via"."""
    from hexwright.runtime.engine import check_and_apply

    m, s = retreat_due(retreat="warn", advance="warn")
    _, entry, rulings = check_and_apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0609")))
    assert [r.hex for r in rulings] == ["0609"] and "0509 → 0609 (retreat via 0608); override" in entry.text
    _, entry, _ = check_and_apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0508",)))
    assert entry.text.startswith("DE Fhnjkr/462 iregt 0509 → 0508 (retreat); override:")
    s, _ = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    s, entry, rulings = check_and_apply(m, s, Advance(unit="us_5_11", path=("0509", "0610")))
    assert [r.hex for r in rulings] == ["0610"] and s.hex_of("us_5_11") == "0610"


def test_s9_5_declining_the_advance_is_logged_and_closes_it():
    m, s = retreat_due()
    s, _ = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    s, entry = apply(m, s, Decline())
    assert entry.text == "no advance after combat" and engine_state(s).frames == ()


def test_st_lo_9_2_6_a_the_advance_is_logged_on_the_units_move_its_assets_follow_on_their_own_line():
    """St-Lô 9.2.6 A, 5.0 B: b_inf advances into the hex it emptied with the Sherman attached to
    it; "advance after combat" labels the battalion's move, not the asset's."""
    from operations_modules import assets_module, rigged

    from hexwright.runtime.state import initial_state

    m = assets_module("D7")
    m.scenarios["fight"].setup = [p for p in m.scenarios["fight"].setup if p.piece != "r_rcn"]
    m.rules.combat.losses.order = [["inf"], ["recon"]]
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1",)))
    s, _ = apply(m, rigged(s, 6, 1, 6), Resolve(hex="0304"))
    s, entry = apply(m, s, Advance(unit="b_inf", path=("0304",)))
    assert entry.text == "Blue b_inf bn 0303 → 0304 (advance after combat); Blue b_m4_1 regt 0303 → 0304"


def test_s10_1_the_points_scored_at_the_end_of_a_turn_are_logged_by_the_action_that_ends_it():
    """US 2/5 east of the Moselle (0905) for three turns in a row scores at the end of turn 3:
    the last EndPhase of that turn logs it."""
    from hexwright.runtime.engine import EndPhase

    m = dom()
    s = position({"us_5_2": "0905", "de_462_1010": "0101"})
    texts = []
    for _ in range(4 * 3):
        s, entry = apply(m, s, EndPhase())
        texts.append(entry.text)
    assert s.turn == 4
    assert [t for t in texts if "VP" in t] == [texts[-1]] and "US 2/5 iregt: 5 VP, 3 turns in" in texts[-1]
