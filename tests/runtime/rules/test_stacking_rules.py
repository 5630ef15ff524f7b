"""Stacking in one hex read from a kept position (``stacking_problem_at``) says what the whole
map's check (``stacking_violations``) says of that hex, over random positions and moves and
random stacking rules: limits, weights by unit type and by size, exempt types, HQs that do or
do not count, a separate HQ limit, and units of both sides in one hex (DoM §6, ToV 5.0,
St-Lô 8.3)."""

from __future__ import annotations

import random

from builders import add_unit, rules_module
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwright.runtime.model.rules_config import RulesConfig, StackingRules
from hexwright.runtime.rules import stacking_problem_at, stacking_violations
from hexwright.runtime.rules.position import Position


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_one_hex_of_a_kept_position_has_the_problem_the_whole_map_check_finds_there_dom_6(seed):
    rng = random.Random(seed)
    weights = {k: rng.randrange(1, 4) for k in rng.sample(["inf", "arm", "III", "II"], rng.randrange(0, 3))}
    rules = StackingRules(limit=rng.choice([None, 1, 2, 3]), weights=weights,
                          exempt_unit_types=rng.sample(["art", "hq"], rng.randrange(0, 2)),
                          hq_counts=rng.random() < 0.5, max_hq=rng.choice([None, 0, 1]))
    m = rules_module(4, 4, rules=RulesConfig(stacking=rules))
    labels = [f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 5)]
    occ = {}
    for k in range(14):
        pid = add_unit(m, f"u{k:02d}", side=rng.choice(["blue", "red"]), unit_type=rng.choice(["inf", "arm", "hq", "art"]),
                       size=rng.choice(["III", "II"]))
        occ[pid] = rng.choice(labels[:6])  # crowded: a few hexes hold most units
    pos = Position(m, occ)
    for _ in range(6):
        found = dict(stacking_violations(m, occ, m.rules))
        for label in labels:
            assert stacking_problem_at(pos, pos.hm.idx(label), rules) == found.get(label, "")
        pid = rng.choice(sorted(occ))
        occ[pid] = rng.choice(labels[:6])
        pos.move(pid, occ[pid])
