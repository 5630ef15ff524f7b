"""The odds an attack dialog shows count the assets the player ticked (after St-Lô 9.3, 9.4.2,
9.4.3): :func:`attack_odds` with ``assets`` places them as a Declare would, on a copy."""

from __future__ import annotations

from operations_modules import assets_module

from hexwright.runtime.engine import Declare, apply, engine_state
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.state import Location, MovePieces, initial_state
from hexwright.runtime.state import apply as state_apply


def drms(odds) -> list[tuple[str, int]]:
    return [(m.source, m.drm) for m in odds.drms]


def test_9_4_2_an_engineer_ticked_adds_its_drm_to_the_odds_shown_and_changes_nothing():
    m = assets_module()
    s = initial_state(m, "fight", 1)
    assert ("engineers", 1) not in drms(attack_odds(m, s, ("b_inf",), "0304"))
    shown = attack_odds(m, s, ("b_inf",), "0304", assets=("b_eng",))
    assert ("engineers", 1) in drms(shown) and shown.drm == 1
    assert s.pieces["b_eng"].at == Location.box("blue_assets") and not engine_state(s).seq.attached
    declared, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_eng",)))
    assert drms(attack_odds(m, declared, ("b_inf",), "0304")) == drms(shown)  # what the Declare gives


def test_9_4_3_an_armoured_asset_ticked_takes_away_the_defending_armour_drm():
    m = assets_module()
    s, _ = state_apply(m, initial_state(m, "fight", 1), MovePieces(pieces=("r_m10",), to=Location.hex("0304")))
    assert ("defending armour", -1) in drms(attack_odds(m, s, ("b_inf",), "0304"))
    assert "defending armour" not in [x for x, _ in drms(attack_odds(m, s, ("b_inf",), "0304", assets=("b_m4_1",)))]
    assert ("defending armour", -1) in drms(attack_odds(m, s, ("b_inf",), "0304", assets=("b_eng",)))


def test_9_3_assets_ticked_count_only_for_an_attack_by_one_unit():
    """9.3 A: assets are assigned to one attacking unit; with two attackers the dialog's odds
    leave the engineer ticked out, as the Declare would refuse it."""
    from builders import add_unit

    from hexwright.runtime.model import Placement

    m = assets_module()
    add_unit(m, "b_inf2", "blue", combat=4, movement=3, size="II", formation="b_div")
    m.scenarios["fight"].setup.append(Placement(piece="b_inf2", hex="0305"))
    s = initial_state(m, "fight", 1)
    assert ("engineers", 1) in drms(attack_odds(m, s, ("b_inf",), "0304", assets=("b_eng",)))
    assert ("engineers", 1) not in drms(attack_odds(m, s, ("b_inf", "b_inf2"), "0304", assets=("b_eng",)))
