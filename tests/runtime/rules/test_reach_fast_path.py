"""The fast paths of reach agree with the hand-written search on random maps (DoM §8.1, §8.1.1;
ToV 9.2; St-Lô 4.1): networkx's cutoff Dijkstra with the ZOC weight function gives the same
costs, paths, stops and exits, and the incrementally kept position gives the same occupied
hexes and enemy ZOC as indexing every unit afresh."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from builders import add_unit, hexside_id, rules_module
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwright.runtime.model.rules_config import RulesConfig, ZocRules, ZocWithdrawal
from hexwright.runtime.rules import enemy_zoc, make_board, reach
from hexwright.runtime.rules.movement_search import ZocSearch
from hexwright.runtime.rules.position import ENEMY, IN_ZOC, Position


def random_game(seed: int):
    rng = random.Random(seed)
    probe = rules_module(8, 8)
    grid = probe.map.grid.hex_grid()
    scheme = probe.map.grid.labels.scheme()
    labels = [scheme.format(h, grid) for h in grid.hexes()]
    sides = sorted({hexside_id(probe, a, scheme.format(n, grid))
                    for a in labels for _d, n in grid.neighbors(scheme.parse(a, grid))})
    z = ZocRules(stop_on_enter=rng.random() < 0.6, can_leave=rng.random() < 0.6, zoc_to_zoc=rng.random() < 0.5,
                 reenter_after_leaving=rng.random() < 0.5, friendly_negates_for_movement=rng.random() < 0.5,
                 enter_cost=rng.choice(["0", "1", "1/2"]), leave_cost=rng.choice(["0", "1"]),
                 no_crossing_between_ezoc=["stream"] if rng.random() < 0.3 else [],
                 withdrawal=ZocWithdrawal(first_hex_not_in_ezoc=rng.random() < 0.5) if rng.random() < 0.3 else None)
    m = rules_module(8, 8, terrain={lab: rng.choice(["clear", "clear", "woods", "rough"]) for lab in labels},
                     hexsides={s: [rng.choice(["stream", "river"])] for s in sides if rng.random() < 0.15},
                     roads=[s for s in sides if rng.random() < 0.2], rules=RulesConfig(zoc=z))
    cells = rng.sample(labels, 10)
    occ = {}
    for k, label in enumerate(cells):
        pid = f"u{k}"
        add_unit(m, pid, side="red" if k % 2 else "blue", unit_type=rng.choice(["inf", "arm", "art"]),
                 movement=rng.randrange(3, 13))
        occ[pid] = label
    return m, occ, rng


def as_the_old_search(self: ZocSearch, graph: object) -> None:
    self.run()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_networkx_reach_equals_the_hand_written_search(seed):
    m, occ, _rng = random_game(seed)
    fast = {u: reach(m, occ, u).to_json() for u in sorted(occ)}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ZocSearch, "run_networkx", as_the_old_search)
        slow = {u: reach(m, occ, u).to_json() for u in sorted(occ)}
    assert fast == slow


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_position_kept_move_by_move_equals_a_fresh_index(seed):
    m, occ, rng = random_game(seed)
    pos = Position(m, occ)
    labels = sorted(pos.hm.labels)
    armour_only = m.rules.zoc.model_copy(update={"exerting_unit_types": ["arm"]})  # another ZOC key
    marks = [(z, side, pos.marks(z, side)) for z in (m.rules.zoc, armour_only) for side in ("blue", "red")]
    for _ in range(15):
        pid = rng.choice(sorted(m.pieces.pieces))
        target = None if rng.random() < 0.15 else rng.choice(labels)
        pos.move(pid, target)
        if target is None:
            occ.pop(pid, None)
        else:
            occ[pid] = target
        board = make_board(m, occ)
        assert dict(pos) == occ
        for side in ("blue", "red"):
            assert set(pos.enemy[side]) == board.enemy_hexes(side)
            assert set(pos.own[side]) == board.friendly_hexes(side)
            here = Counter(u.hex for u in board.units.values() if u.side == side)  # units per hex, stacks counted
            assert pos.own[side] == dict(here)
            assert pos.enemy[side] == dict(Counter(u.hex for u in board.units.values() if u.side != side))
            assert set(pos.enemy_zoc(m.rules.zoc, side)) == enemy_zoc(board, m.rules.zoc, side)
        assert pos.by_hex == board.by_hex
        for z, side, kept in marks:  # one byte per hex, kept move by move like the counts
            ezoc, enemy = enemy_zoc(board, z, side), board.enemy_hexes(side)
            assert list(kept) == [(ENEMY if i in enemy else 0) | (IN_ZOC if i in ezoc else 0)
                                  for i in range(len(labels))]
            assert kept is pos.marks(z, side)


def test_position_refuses_an_unknown_piece_or_hex_and_stays_as_it_was():
    m, occ, _rng = random_game(1)
    pos = Position(m, occ)
    with pytest.raises(ValueError, match="unknown piece 'nobody'"):
        pos.sync({**occ, "nobody": "0101"})
    with pytest.raises(ValueError, match="'9999' is not on the map"):
        pos.sync({**occ, "u0": "9999"})
    assert dict(pos) == occ


def test_reach_answers_from_a_changed_occupancy_not_the_last_one_dom_8_1():
    m, occ, _rng = random_game(2)
    first = reach(m, occ, "u0").to_json()
    moved = dict(occ)
    blocker = next(h for h in sorted(first["hexes"]) if h not in occ.values())
    moved["u1"] = blocker  # an enemy unit now stands on a hex u0 could reach
    second = reach(m, moved, "u0").to_json()
    assert blocker not in second["hexes"]
    assert reach(m, occ, "u0").to_json() == first


def test_a_path_read_after_the_position_moved_on_is_still_the_querys_dom_8_1():
    """Paths are named when read; by then the module's position may be another query's (the
    units elsewhere): the path must still be the one of the position the query was asked in."""
    seen = 0
    for seed in range(3):
        m, occ, rng = random_game(seed)
        for u in sorted(occ):
            first = reach(m, occ, u)
            expected = {h: x.path for h, x in reach(m, occ, u).hexes.items()}
            others = rng.sample(sorted(m.map.hexes), len(occ))
            reach(m, {p: h if p == u else others.pop() for p, h in occ.items()}, u)
            assert {h: x.path for h, x in first.hexes.items()} == expected
            seen += sum(len(p) > 1 for p in expected.values())
    assert seen > 30  # paths of more than one hex were compared


def reference_supply_lengths(m, occ, side):
    """ToV 8.1 by the book, with networkx: BFS from the sources over hexes a line may enter."""
    import networkx as nx

    from hexwright.runtime.rules import source_hexes

    board = make_board(m, occ)
    hm = board.hm
    sr = m.rules.supply
    blocked = board.enemy_hexes(side) | (enemy_zoc(board, m.rules.zoc, side) - board.friendly_hexes(side))
    g = nx.Graph()
    g.add_nodes_from(i for i in range(len(hm.labels)) if i not in blocked)
    for i in g:
        for _d, j in hm.neighbors[i]:
            feats = hm.side_features.get((i, j), frozenset())
            if j in g and not (feats & set(sr.blocked_by_hexsides) and (i, j) not in hm.side_connections):
                g.add_edge(i, j)
    sources = [hm.index[s] for s in source_hexes(m, sr, side) if hm.index[s] in g]
    lengths = nx.multi_source_dijkstra_path_length(g, sources) if sources else {}
    return {hm.labels[i]: d for i, d in lengths.items()}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_whole_side_supply_equals_a_networkx_search_tov_8_1(seed):
    from hexwright.runtime.model.map import HexFeature, HexFeatureType
    from hexwright.runtime.model.rules_config import SupplyRules
    from hexwright.runtime.rules import supply

    m, occ, rng = random_game(seed)
    m.rules = m.rules.model_copy(update={"supply": SupplyRules(blocked_by_hexsides=["river"])})
    m.map.hex_feature_types["depot"] = HexFeatureType(name="Depot", kind="depot")
    for label in rng.sample(sorted(m.map.hexes), 3):
        depot = HexFeature(type="depot", side=rng.choice([None, "blue"]))
        m.map.hexes[label] = m.map.hexes[label].model_copy(update={"features": [depot]})
    m.mark_edited()
    ours = supply(m, occ, "blue")
    expected = reference_supply_lengths(m, occ, "blue")
    own = {h for u, h in occ.items() if m.pieces.pieces[u].side == "blue"}
    assert {h: d for h, d in ours.length.items() if h not in own or h in expected} == expected
    for h, d in ours.length.items():
        if h in ours.parent:
            assert ours.length[ours.parent[h]] == d - 1
