"""Arrivals placed by their owner or on the first free entry hex (``runtime/engine/arrivals.py``),
as module data, on the reinforcement modules of ``sequence_modules`` (after ToV 11.2, St-Lô
18.2.1): entry hexes held by the enemy, groups that do not all fit, two groups placed one after
the other, the units left without a hex, and an entry refused when none is due. Red's sources
are 0901 and 0909; one unit a hex."""

from __future__ import annotations

import pytest
from sequence_modules import entry_choice_module, reinforcement_module

from hexwright.runtime.engine import Choose, Enter, SetEnforcement, apply, engine_state, legal_actions
from hexwright.runtime.model import Box
from hexwright.runtime.state import ActionError, initial_state


def _picked(m, *groups: str):
    """Blue passes; red picks ``groups`` (its first division by default)."""
    s, _ = apply(m, initial_state(m, "act", 1), Choose(option="pass"))
    entry = None
    for g in groups or ("r_div2",):
        s, entry = apply(m, s, Choose(option="reinforce", target=g))
    assert entry is not None
    return s, entry


def _b4_at(m, hex: str):
    m.scenarios["act"].setup = [p.model_copy(update={"hex": hex}) if p.piece == "b_4" else p
                                for p in m.scenarios["act"].setup]
    return m


def _group(m, gid: str, **update: object) -> None:
    m.rules.arrivals[gid] = m.rules.arrivals[gid].model_copy(update=update)


def test_11_2_an_entry_hex_held_by_the_enemy_is_never_entered_even_at_warn():
    """b_4 stands on the source 0901 (the group does not avoid enemy ZOC): the owner is offered
    0909 only, and an entry at 0901 is refused whatever the level of the entry rule."""
    m = _b4_at(entry_choice_module(), "0901")
    _group(m, "r_div2", not_in_ezoc=False)
    s, _ = _picked(m)
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0909")]
    warned, _ = apply(m, s, SetEnforcement(rule="entry", level="warn"))
    for state in (s, warned):
        with pytest.raises(ActionError, match=r"cannot enter at 0901: an enemy unit is there at 0901 — 11\.2"):
            apply(m, state, Enter(unit="r_new", to="0901"))


def test_18_2_1_placed_for_its_owner_a_group_skips_an_entry_hex_held_by_the_enemy():
    m = _b4_at(reinforcement_module(), "0901")
    _group(m, "r_div2", not_in_ezoc=False)
    s, _ = _picked(m)
    assert s.hex_of("r_new") == "0909"


def test_11_2_a_group_not_delayed_when_blocked_places_the_units_that_fit_the_others_wait_in_its_box():
    """Three units, two sources: r_new and r_new_2 are the owner's to place, r_new_3 waits in
    the group's box to enter by movement."""
    m = entry_choice_module(units=3)
    m.map.boxes["red_arrivals"] = Box(name="Red arrivals", kind="arrival", side="red", entry_hexes=["0901", "0909"])
    _group(m, "r_div2", delay_when_blocked=False, box="red_arrivals")
    before = initial_state(m, "act", 1)
    s, entry = _picked(m)
    assert "arrival r_div2: Red r_new regt, Red r_new_2 regt, Red r_new_3 regt — 11.2" in entry.text
    assert s.pieces["r_new_3"].at.kind == "box" and s.pieces["r_new_3"].at.id == "red_arrivals"
    assert s.pieces["r_new"].at == before.pieces["r_new"].at  # not put in the box: it waits for its owner
    assert s.pieces["r_new_2"].at == before.pieces["r_new_2"].at
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0901"), Enter(unit="r_new", to="0909")]
    s, _ = apply(m, s, Enter(unit="r_new", to="0909"))
    assert legal_actions(m, s) == [Enter(unit="r_new_2", to="0901")]
    s, _ = apply(m, s, Enter(unit="r_new_2", to="0901"))
    assert not any(isinstance(a, Enter) for a in legal_actions(m, s))
    assert s.pieces["r_new_3"].at.id == "red_arrivals"


def test_11_2_two_groups_picked_together_are_placed_one_after_the_other():
    """Red picks both divisions: r_new is placed first, then r_new2 — each group's units in turn."""
    m = entry_choice_module()
    _group(m, "r_div3", trigger=m.rules.arrivals["r_div2"].trigger)
    m.rules.sequence.phases["red_orders"][0].options[0].count = 2
    s, _ = _picked(m, "r_div2", "r_div3")
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0901"), Enter(unit="r_new", to="0909")]
    s, _ = apply(m, s, Enter(unit="r_new", to="0909"))
    assert legal_actions(m, s) == [Enter(unit="r_new2", to="0901")]
    s, _ = apply(m, s, Enter(unit="r_new2", to="0901"))
    assert s.hex_of("r_new") == "0909" and s.hex_of("r_new2") == "0901" and not engine_state(s).frames


def _blocking(section: str):
    """r_new and r_new_2 weigh 1, r_new_3 (armour) 2, two points a hex: at warn, r_new_2 put
    beside r_new's hex rather than with it leaves r_new_3 no room. The entry's log."""
    m = entry_choice_module(units=3)
    m.pieces.pieces["r_new_3"] = m.pieces.pieces["r_new_3"].model_copy(update={"unit_type": "arm"})
    m.rules.stacking = m.rules.stacking.model_copy(update={"limit": 2, "weights": {"arm": 2}})
    _group(m, "r_div2", section=section)
    s, _ = _picked(m)
    s, _ = apply(m, s, SetEnforcement(rule="entry", level="warn"))
    s, _ = apply(m, s, Enter(unit="r_new", to="0901"))
    s, entry = apply(m, s, Enter(unit="r_new_2", to="0909"))
    assert "override" in entry.text and s.pieces["r_new_3"].at.kind != "hex"
    assert not any(isinstance(a, Enter) for a in legal_actions(m, s)) and not engine_state(s).frames
    return entry.text


def test_11_2_a_unit_left_without_an_entry_hex_is_named_with_the_groups_section():
    assert "no entry hex left for Red r_new_3 regt — 11.2" in _blocking("11.2")


def test_a_unit_left_without_an_entry_hex_is_named_without_a_section_where_the_group_has_none():
    text = _blocking("")
    assert "no entry hex left for Red r_new_3 regt;" in text


def test_an_entry_is_refused_when_no_arriving_unit_waits():
    m = entry_choice_module()
    with pytest.raises(ActionError, match="no arriving unit waits to be placed"):
        apply(m, initial_state(m, "act", 1), Enter(unit="r_new", to="0901"))


def test_an_entry_hex_label_is_read_as_the_map_writes_it():
    """``901`` for 0901: refused for the label, before any rule of entry is weighed."""
    m = entry_choice_module()
    s, _ = _picked(m)
    with pytest.raises(ActionError, match=r"hex label '901' is not written the usual way \('0901'\)"):
        apply(m, s, Enter(unit="r_new", to="901"))
