"""CRT lines by the defender's terrain, losses taken in an order of unit kinds, HQs immune, and
the advance into a hex the attack left empty, as module data (after St-Lô 9.2.1, 9.2.4–9.2.6,
9.2.8, 9.5 A, D) on a synthetic module."""

from __future__ import annotations

import pytest
from operations_modules import losses_module

from hexwright.runtime.engine import Advance, Declare, Resolve, apply, legal_actions
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.model import Placement
from hexwright.runtime.state import ActionError, Location, initial_state


def start(m=None, *extra: Placement):
    m = m or losses_module()
    m.scenarios["fight"].setup += list(extra)
    return m, initial_state(m, "fight", 1)


def fight(m, s, hex: str = "0304"):
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex=hex))
    return apply(m, s, Resolve(hex=hex))


def test_9_2_1_the_defenders_terrain_picks_the_crt_line_the_one_nearest_the_top_when_several():
    """9.2.1 B–C: woods with a village reads the village line (above woods); woods alone the woods line."""
    m, s = start()
    odds = attack_odds(m, s, ("b_inf",), "0304")
    assert odds.crt == "crt_village" and "CRT line village" in odds.notes
    s = s.model_copy(update={"pieces": {**s.pieces, "r_bn": s.pieces["r_bn"].model_copy(
        update={"at": Location.hex("0404")})}})
    assert attack_odds(m, s, ("b_inf",), "0404").crt == "crt_woods"


def test_9_2_1_a_hex_whose_terrain_names_no_line_uses_the_default_crt():
    m, s = start(None, Placement(piece="r_hq", hex="0202"))
    assert attack_odds(m, s, ("b_inf",), "0202").crt == "crt"


def test_9_2_8_9_5_a_odds_round_down_and_above_the_table_use_the_highest_column():
    """9.5 A: 11 to 2 is 5-1 rounded down; 9.2.8: above the last column, the last."""
    m, s = start()
    m.pieces.pieces["b_inf"].steps[0].combat = 11
    assert attack_odds(m, s, ("b_inf",), "0304").column_label == "5:1"
    m.pieces.pieces["b_inf"].steps[0].combat = 40
    assert attack_odds(m, s, ("b_inf",), "0304").column_label == "10:1"


def test_9_2_4_steps_are_lost_by_infantry_first_then_assets_recon_last():
    """D3: the battalion's two steps, then the asset; the recon unit survives (9.2.4 A–B)."""
    m, s = start()
    s, entry = fight(m, s)
    assert s.pieces["r_bn"].at.kind == "eliminated" and s.pieces["r_gun"].at.kind == "eliminated"
    assert "never lose steps" not in entry.text  # no immune unit in the hex: nothing to say (9.2.5)
    assert s.hex_of("r_rcn") == "0304"
    assert not any(isinstance(a, Advance) for a in legal_actions(m, s))  # the recon unit holds the hex


def test_9_2_4_c_excess_losses_are_ignored_and_9_2_6_the_attacker_may_advance_into_the_empty_hex():
    m, s = start(losses_module("D7"))
    s, entry = fight(m, s)
    assert "3 step(s) more than the units have: ignored — 9.2.4" in entry.text
    assert all(s.pieces[u].at.kind == "eliminated" for u in ("r_bn", "r_gun", "r_rcn"))
    assert Advance(unit="b_inf", path=("0304",)) in legal_actions(m, s)
    s, _ = apply(m, s, Advance(unit="b_inf", path=("0304",)))
    assert s.hex_of("b_inf") == "0304"


def test_9_2_5_an_hq_is_never_eliminated_in_combat_and_no_advance_enters_its_hex():
    m, s = start(losses_module("D7"), Placement(piece="r_hq", hex="0304"))
    s, entry = fight(m, s)
    assert s.hex_of("r_hq") == "0304" and "never lose steps in combat — 9.2.4" in entry.text
    assert not any(isinstance(a, Advance) for a in legal_actions(m, s))


def test_9_2_4_one_step_flips_a_full_battalion_before_touching_the_asset():
    m, s = start(losses_module("D1"))
    s, _ = fight(m, s)
    assert s.pieces["r_bn"].step == 1 and s.hex_of("r_gun") == "0304"


def test_9_2_5_the_log_names_only_the_immune_units_as_never_losing_steps():
    """With the HQ in the hex and the battalion flipped but still there, only the HQ is named."""
    m, s = start(losses_module("D1"), Placement(piece="r_hq", hex="0304"))
    s, entry = fight(m, s)
    assert s.pieces["r_bn"].step == 1
    assert "(step 2); Red r_hq regt never lose steps in combat — 9.2.4" in entry.text


def test_8_4_a_divisional_boundary_bars_moving_and_attacking_across_it():
    """8.4.1: units of a division may not enter or attack a hex beyond its boundary: a must-stay
    restriction to an area that covers attacks too, refused with its section."""
    from hexwright.runtime.model import Area
    from hexwright.runtime.model.pieces import Restriction

    m = losses_module()
    m.map.areas["west"] = Area(name="West of the boundary", hexes=[f"{c:02d}{r:02d}" for c in (1, 2, 3)
                                                                   for r in range(1, 8) if (c, r) != (3, 4)])
    m.pieces.pieces["b_inf"].restrictions = [Restriction(kind="must_stay_in_area", area="west", attacks=True,
                                                         section="8.4.1")]
    m, s = start(m)
    assert not any(isinstance(a, Declare) for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"must stay in West of the boundary: it may not attack there at 0304 — 8\.4\.1"):
        apply(m, s, Declare(attackers=("b_inf",), hex="0304"))
    m.pieces.pieces["b_inf"].restrictions[0].attacks = False
    assert Declare(attackers=("b_inf",), hex="0304") in legal_actions(m, s)


def test_9_2_4_with_owner_allocation_the_owner_chooses_within_the_first_group_left():
    """9.2.4 A: the defender picks which infantry unit loses the step; an asset may not take it
    while infantry is left; 9.2.5: never the HQ."""
    from builders import add_unit

    from hexwright.runtime.engine import LoseStep

    m = losses_module("D1")
    m.rules.combat.loss_allocation = "owner"
    add_unit(m, "r_co", "red", combat=1, movement=3, size="I")
    m, s = start(m, Placement(piece="r_co", hex="0304"), Placement(piece="r_hq", hex="0304"))
    s, _ = fight(m, s)
    assert [a for a in legal_actions(m, s) if isinstance(a, LoseStep)] == [LoseStep(unit="r_bn"), LoseStep(unit="r_co")]
    with pytest.raises(ActionError, match=r"r_gun cannot take this loss .* — 9\.2\.4"):
        apply(m, s, LoseStep(unit="r_gun"))
    s, _ = apply(m, s, LoseStep(unit="r_co"))
    assert s.pieces["r_co"].at.kind == "eliminated" and s.pieces["r_bn"].step == 0


def test_9_2_4_with_owner_allocation_a_single_candidate_group_is_taken_in_order_without_asking():
    m = losses_module("D7")
    m.rules.combat.loss_allocation = "owner"
    m, s = start(m, Placement(piece="r_hq", hex="0304"))
    s, _ = fight(m, s)
    assert all(s.pieces[u].at.kind == "eliminated" for u in ("r_bn", "r_gun", "r_rcn"))
    assert s.hex_of("r_hq") == "0304"


def test_9_2_4_within_a_group_the_unit_with_the_most_steps_left_loses_first_whatever_its_printed_steps():
    """9.2.4 B: what counts is the steps a unit has *left*: a three-step battalion already down
    to its last step (``r_bat``, step 2) has fewer than the full two-step ``r_bn``, which takes
    the loss although its id sorts after ``r_bat``'s and it has fewer printed steps."""
    from builders import add_unit

    from hexwright.runtime.model import StepValues

    m = losses_module("D1")
    add_unit(m, "r_bat", "red", combat=3, movement=3, size="II", reduced=2)
    m.pieces.pieces["r_bat"].steps.append(StepValues(combat=1, movement=3))
    m, s = start(m, Placement(piece="r_bat", hex="0304", step=2))
    s, _ = fight(m, s)
    assert s.pieces["r_bn"].step == 1 and s.pieces["r_bat"].step == 2 and s.hex_of("r_bat") == "0304"


def test_9_2_4_with_owner_allocation_and_no_infantry_left_the_owner_chooses_among_the_assets_only():
    """9.2.4 B: with no infantry in the hex the next group, the assets, takes the loss: the owner
    picks one of the two assets — never the recon unit of the group after."""
    from builders import add_unit

    from hexwright.runtime.engine import LoseStep

    m = losses_module("D1")
    m.rules.combat.loss_allocation = "owner"
    add_unit(m, "r_gun2", "red", "asset", combat=0, movement=3)
    m.scenarios["fight"].setup = [p for p in m.scenarios["fight"].setup if p.piece != "r_bn"] + [
        Placement(piece="r_gun2", hex="0304")]
    m, s = start(m)
    s, _ = fight(m, s)
    assert [a for a in legal_actions(m, s) if isinstance(a, LoseStep)] == [LoseStep(unit="r_gun"),
                                                                              LoseStep(unit="r_gun2")]


def test_9_2_4_with_owner_allocation_a_group_of_one_unit_loses_only_the_steps_of_the_loss():
    """One step against a hex whose only infantry is the two-step battalion: it is flipped without
    asking, keeps its last step, and the asset behind it is not touched."""
    from hexwright.runtime.engine import LoseStep

    m = losses_module("D1")
    m.rules.combat.loss_allocation = "owner"
    m, s = start(m)
    s, _ = fight(m, s)
    assert s.pieces["r_bn"].step == 1 and s.hex_of("r_bn") == "0304" and s.hex_of("r_gun") == "0304"
    assert not any(isinstance(a, LoseStep) for a in legal_actions(m, s))


def test_9_2_4_with_owner_allocation_the_owner_chooses_only_the_steps_the_engine_did_not_take():
    """Three steps: the battalion, alone in the first group, loses its two without asking; the
    third is the owner's to give to one of the two assets — one step, not three."""
    from builders import add_unit

    from hexwright.runtime.engine import LoseStep

    m = losses_module("D3")
    m.rules.combat.loss_allocation = "owner"
    add_unit(m, "r_gun2", "red", "asset", combat=0, movement=3)
    m, s = start(m, Placement(piece="r_gun2", hex="0304"))
    s, _ = fight(m, s)
    assert s.pieces["r_bn"].at.kind == "eliminated"
    assert [a for a in legal_actions(m, s) if isinstance(a, LoseStep)] == [LoseStep(unit="r_gun"),
                                                                              LoseStep(unit="r_gun2")]
    s, _ = apply(m, s, LoseStep(unit="r_gun"))
    assert s.pieces["r_gun"].at.kind == "eliminated"
    assert s.hex_of("r_gun2") == "0304" and s.hex_of("r_rcn") == "0304"
    assert not any(isinstance(a, LoseStep) for a in legal_actions(m, s))
