"""The bundled example variant of The Drive on Metz: the 106th Panzer Brigade arrives on turn 1
(§3, §8.2, Figure 6 say turn 2). Played through the engine, and saved against its composition."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import ENGINE, Move, legal_actions
from hexwright.runtime.state import Game, Location, MovePieces, SaveError, SetTurn, initial_state, load_game_bytes
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.state.save_file import save_bytes
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import bundled_module

VARIANT = "drive_on_metz_106th_early"


def _turn1_de_movement(module_id: str):  # type: ignore[no-untyped-def]
    module = load_module(bundled_module(module_id)).module
    state = initial_state(module, "campaign", 1)
    state, _ = state_apply(module, state, MovePieces(pieces=("us_90_358",), to=Location.off("unavailable")))
    state, _ = state_apply(module, state, SetTurn(turn=1, phase=2))
    return module, state


def test_the_variant_is_the_base_with_one_scenario_changed_and_one_added() -> None:
    loaded = load_module(bundled_module(VARIANT))
    assert [layer.id for layer in loaded.module.layers] == ["drive_on_metz", VARIANT]
    assert sorted(loaded.module.scenarios) == ["campaign", "first_day"]
    base = load_module(bundled_module("drive_on_metz")).module
    assert loaded.module.map == base.map and loaded.module.pieces == base.pieces and loaded.module.tables == base.tables


def test_s8_2_the_106th_enters_on_turn_1_in_the_variant_and_waits_in_the_base() -> None:
    base, state = _turn1_de_movement("drive_on_metz")
    assert not [a for a in legal_actions(base, state) if getattr(a, "unit", "") == "de_106"]
    variant, state = _turn1_de_movement(VARIANT)
    moves = {a.to for a in legal_actions(variant, state) if isinstance(a, Move) and a.unit == "de_106"}
    assert {"0401", "0501", "0701", "0801", "0901"} <= moves


def test_a_save_of_the_variant_records_its_stack_and_refuses_the_base() -> None:
    variant = load_module(bundled_module(VARIANT)).module
    game = Game(variant, "first_day", 7, engine=ENGINE)
    data = save_bytes(game)
    assert b'"stack"' in data and b'"drive_on_metz_106th_early"' in data
    assert load_game_bytes(data, variant, "first.hwsav", engine=ENGINE).warnings == []
    base = load_module(bundled_module("drive_on_metz")).module
    with pytest.raises(SaveError, match="this save is for module 'drive_on_metz_106th_early', not 'drive_on_metz'"):
        load_game_bytes(data, base, "first.hwsav", engine=ENGINE)
    plain = save_bytes(Game(base, "campaign", 7, engine=ENGINE))
    assert b'"stack"' not in plain  # a plain module's save is as it always was
