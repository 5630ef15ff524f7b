"""Issue 20: mutated modules, packs, saves and e-mail packets end in success or in the boundary's
own error (ModuleError, SaveError, PacketError), never another exception. A quick hypothesis run
in the normal test run; ``tests/fuzz/fuzz.py`` runs tens of thousands with time and memory limits."""

from __future__ import annotations

import random

import pytest
from boundary_fuzz import (
    game_seeds,
    mutate_text,
    mutated_module_files,
    mutated_pack,
    mutated_packet,
    try_module,
    try_pack,
    try_packet,
    try_save,
)
from builders import play_module, rules_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexwright.runtime.storage import files_from_module

FUZZ = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.fixture(scope="module")
def module_files():
    return [files_from_module(play_module()), files_from_module(rules_module())]


@pytest.fixture(scope="module")
def seeds():
    return game_seeds(play_module())


@FUZZ
@given(seed=SEEDS)
def test_mutated_modules_load_or_are_refused(module_files, seed):
    rng = random.Random(seed)
    assert try_module(mutated_module_files(rng.choice(module_files), rng)) in ("ok", "refused")


@FUZZ
@given(seed=SEEDS)
def test_mutated_packs_load_or_are_refused(module_files, seed):
    rng = random.Random(seed)
    assert try_pack(mutated_pack(rng.choice(module_files), rng)) in ("ok", "refused")


@FUZZ
@given(seed=SEEDS)
def test_mutated_saves_load_or_are_refused(seeds, seed):
    assert try_save(mutate_text(seeds.save, random.Random(seed)), seeds) in ("ok", "refused")


@FUZZ
@given(seed=SEEDS)
def test_mutated_packets_import_or_are_refused_changing_nothing(seeds, seed):
    assert try_packet(mutated_packet(seeds, random.Random(seed)), seeds) in ("ok", "refused")


def test_the_unmutated_seeds_pass(module_files, seeds):
    assert [try_module(files) for files in module_files] == ["ok", "ok"]
    assert try_save(seeds.save, seeds) == "ok" and try_packet(seeds.packet, seeds) == "ok"
