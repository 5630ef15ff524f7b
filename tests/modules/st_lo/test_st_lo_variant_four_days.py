"""The bundled example variant of St-Lô (issue 21: each bundled module ships one): the battle
ended after turn 4, with 21.2's victory levels halved as a house rule. It holds only those
values; the composed module is the base with them, knows where they came from, and the
engine reads its victory levels."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import victory
from hexwright.runtime.state import initial_state
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module

VARIANT = "st_lo_four_days"


@pytest.fixture(scope="module")
def both():
    loaded = load_module(bundled_module(VARIANT))
    assert loaded.composition is not None
    return loaded, loaded.composition.base.module  # the bundled St-Lô, as the variant found it


def test_the_variant_changes_only_the_length_and_the_victory_levels(both) -> None:
    loaded, base = both
    module = loaded.module
    assert [layer.id for layer in module.layers] == ["st_lo", VARIANT] and base.meta.id == "st_lo"
    assert module.map == base.map and module.pieces == base.pieces and module.rules == base.rules
    assert module.scenarios["st_lo"].last_turn == 4 and base.scenarios["st_lo"].last_turn == 8
    assert module.scenarios["st_lo"].setup == base.scenarios["st_lo"].setup
    unchanged = {"description", "name", "victory_note", "last_turn"}
    assert module.scenarios["st_lo"].model_dump(exclude=unchanged) == base.scenarios["st_lo"].model_dump(exclude=unchanged)
    assert module.tables.victory.rules == base.tables.victory.rules  # what scores is 21.1's
    assert module.tables.model_dump(exclude={"victory"}) == base.tables.model_dump(exclude={"victory"})
    halved = [(lv.name, lv.min_total, lv.max_total) for lv in module.tables.victory.levels]
    assert halved == [("Decisive US", 11, None), ("Substantial US", 8, 10), ("Marginal US", 6, 7),
                      ("Marginal German", 4, 5), ("Substantial German", 3, 3), ("Decisive German", None, 2)]
    composition = loaded.composition
    assert composition is not None
    assert composition.origin("tables.json", ("victory", "levels", "0", "min_total")) == VARIANT
    assert composition.origin("tables.json", ("victory", "rules")) == "st_lo"
    assert composition.origin("scenarios/st_lo.json", ("last_turn",)) == VARIANT
    assert composition.origin("scenarios/st_lo.json", ("setup",)) == "st_lo"


@pytest.mark.parametrize(("total", "in_variant", "in_base"), [
    (11, "Decisive US", "Marginal US"), (9, "Substantial US", "Marginal German"),
    (4, "Marginal German", "Decisive German"), (2, "Decisive German", "Decisive German")])
def test_21_2_the_victory_level_is_read_on_the_variants_halved_scale(both, monkeypatch, total, in_variant, in_base):
    loaded, base = both
    state = initial_state(base, "st_lo", 1)
    monkeypatch.setattr(victory, "totals", lambda _module, _state: {"us": total})
    assert victory.verdict(loaded.module, state).level == in_variant
    assert victory.verdict(base, state).level == in_base
