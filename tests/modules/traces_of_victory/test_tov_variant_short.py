"""The bundled example variant of Traces of Victory (issue 21: each bundled module ships one):
Patton's Assault (14.1) ended after turn 6. It holds only that change and plays on the engine."""

from __future__ import annotations

from hexwright.runtime.engine import ENGINE, legal_actions
from hexwright.runtime.state import Game
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module

VARIANT = "traces_of_victory_short"


def test_the_variant_changes_only_the_length_of_pattons_assault() -> None:
    loaded = load_module(bundled_module(VARIANT))
    base = load_module(bundled_module("traces_of_victory")).module
    module = loaded.module
    assert [layer.id for layer in module.layers] == ["traces_of_victory", VARIANT]
    assert module.scenarios["patton"].last_turn == 6 and base.scenarios["patton"].last_turn == 12
    assert module.map == base.map and module.pieces == base.pieces and module.tables == base.tables
    assert module.rules == base.rules
    for sid in ("combined", "patch"):
        assert module.scenarios[sid] == base.scenarios[sid]
    changed = module.scenarios["patton"].model_copy(update={"last_turn": 12,
                                                           "description": base.scenarios["patton"].description})
    assert changed == base.scenarios["patton"]  # nothing else of the scenario changed


def test_14_1_the_short_assault_starts_like_the_full_one_on_the_engine() -> None:
    module = load_module(bundled_module(VARIANT)).module
    base = load_module(bundled_module("traces_of_victory")).module
    short = Game(module, "patton", 3, engine=ENGINE)
    full = Game(base, "patton", 3, engine=ENGINE)
    assert short.state.pieces == full.state.pieces
    assert legal_actions(module, short.state) == legal_actions(base, full.state)
