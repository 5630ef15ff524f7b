"""11.2 German reinforcements on the shipped module: "On the turn they appear, alternatively to
normal movement they may move as many hexes as a player wants exclusively along rail lines, or
double their movement allowance, without entering an EZOC." The German Reinforcement chit of
turn 2 brings the 25th Panzergrenadier Division in at supply sources the German player picks (the
5th Panzer battalion at Kaiserslautern, 0723, on the Kaiserslautern-Saarbrücken-Metz railroad);
its movement step offers normal, rail and double moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from tov_states import place, reinforcement_chit_drawn

from hexwright.runtime.engine import Choose, Enter, Move, apply, engine_state, legal_actions
from hexwright.runtime.engine.context import unit_reach
from hexwright.runtime.geometry import parse_hexside
from hexwright.runtime.geometry.hexsides import hexside_hexes
from hexwright.runtime.rules import make_board, zoc_of_side
from hexwright.runtime.rules.supply import source_hexes
from hexwright.runtime.state import ActionError, GameState
from hexwright.runtime.storage import load_module

TOV = Path(__file__).resolve().parents[3] / "modules" / "traces_of_victory"
PZ = "de_25pg_5pz"  # 5th Panzer battalion, MA 7, placed at Kaiserslautern


@pytest.fixture(scope="module")
def m():
    return load_module(TOV).module


@pytest.fixture(scope="module")
def played(m) -> GameState:
    """Turn 2 of the Combined Assault: the German Reinforcement chit drawn and played."""
    s, _ = apply(m, reinforcement_chit_drawn(m), Choose(option="play"))
    return s


@pytest.fixture(scope="module")
def arrived(m, played) -> GameState:
    """Turn 2 of the Combined Assault: the German Reinforcement chit drawn and played, the 25th
    PG Division picked and placed by the German player on supply sources (11.2: "on any Supply
    Source hex", each a legal action): its regiments at 0109, the 5th Panzer at Kaiserslautern
    (0723); its units wait in their movement step."""
    s, _ = apply(m, played, Choose(option="division", target="de_gt2"))
    for unit, hex in (("de_25pg_35", "0109"), ("de_25pg_119", "0109"), (PZ, "0723")):
        s, entry = apply(m, s, Enter(unit=unit, to=hex))
    assert "Reinforcements move" in entry.text and s.hex_of(PZ) == "0723"
    return s


def test_11_2_the_german_player_places_each_unit_on_any_supply_source_out_of_enemy_zoc(m, played):
    """11.2: "enter at full strength on any Supply Source hex"; "A unit cannot be placed in a hex
    where the stacking limit would be exceeded. Friendly units do not negate enemy ZOCs for the
    purpose of placement." The offered hexes are the German sources out of the Allied ZOC, with
    room."""
    s, _ = apply(m, played, Choose(option="division", target="de_gt2"))
    sources = source_hexes(m, m.rules.supply, "de")
    assert legal_actions(m, s) == [Enter(unit="de_25pg_35", to=h) for h in sorted(sources)] and len(sources) == 5
    s1, _ = apply(m, s, Enter(unit="de_25pg_35", to="2725"))
    s2, _ = apply(m, s1, Enter(unit="de_25pg_119", to="2725"))
    assert "2725" in [a.to for a in legal_actions(m, s1)] and "2725" not in [a.to for a in legal_actions(m, s2)]
    with pytest.raises(ActionError, match=r"stacking limit would be exceeded at 2725 — 11\.2"):
        apply(m, s2, Enter(unit=PZ, to="2725"))  # 5.0: two combat units a hex
    watched = place(s, us_3cav_3cav=next(iter(geo_neighbours(m, "1220"))))  # a US unit next to 1220
    assert "1220" not in [a.to for a in legal_actions(m, watched)]
    with pytest.raises(ActionError, match=r"in an enemy ZOC .* — 11\.2"):
        apply(m, watched, Enter(unit="de_25pg_35", to="1220"))


def test_11_2_one_division_per_reinforcement_chit(m, played):
    """11.2: "the German player can select units of one division": with two divisions available
    (turn 3: the 25th PG and the 36th VG), the picking ends with the first."""
    s = played.model_copy(update={"turn": 3})
    assert {a.target for a in legal_actions(m, s) if isinstance(a, Choose)} >= {"de_gt2", "de_gt3"}
    s, _ = apply(m, s, Choose(option="division", target="de_gt3"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Choose)]
    assert all(isinstance(a, Enter) for a in legal_actions(m, s))


def geo_neighbours(m, label: str) -> list[str]:
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    return sorted(scheme.format(n, grid) for _d, n in grid.neighbors(scheme.parse(label, grid)) if grid.contains(n))


def rail_network(m) -> dict[str, set[str]]:
    """Hex → its neighbours across a railroad hexside, read from map.json."""
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    out: dict[str, set[str]] = {}
    for key, side in m.map.hexsides.items():
        if "railroad" in side.connections:
            a, b = hexside_hexes(grid, parse_hexside(grid, key, scheme))
            if b is not None:
                x, y = scheme.format(a, grid), scheme.format(b, grid)
                out.setdefault(x, set()).add(y)
                out.setdefault(y, set()).add(x)
    return out


def enemy_zoc(m, s: GameState) -> set[str]:
    board = make_board(m, s.occupancy())
    return {board.hm.labels[i] for i in zoc_of_side(board, m.rules.zoc, "us")}


def moves(m, s: GameState, mode: str) -> set[str]:
    return {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.unit == PZ and a.mode == mode}


def test_11_2_rail_movement_any_distance_exclusively_along_rail_lines(m, arrived):
    """Every hex offered by rail is on the railroad, joined to 0723 by railroad hexsides and clear
    of the enemy's ZOC; Strasbourg (2622) is 33 hexes of line away, past the battalion's 7 MP and
    the 14 of a double move (at ½ MP a road hex)."""
    by_rail = moves(m, arrived, "rail")
    net = rail_network(m)
    assert by_rail and by_rail <= set(net)
    seen, todo = {"0723"}, ["0723"]  # the line from Kaiserslautern, with the enemy's ZOC left out
    zoc = enemy_zoc(m, arrived)
    while todo:
        for n in net.get(todo.pop(), ()):
            if n not in seen and n not in zoc:
                seen.add(n)
                todo.append(n)
    assert by_rail == seen - {"0723"}
    far = unit_reach(m, arrived, PZ, m.rules, mode="rail").hexes["2622"]  # Strasbourg
    assert len(far.path) == 33 and all(b in net[a] for a, b in zip(("0723", *far.path), far.path))
    assert "2622" not in moves(m, arrived, "") | moves(m, arrived, "double")
    off_rail = "0823"  # next to 0722 on the line, no railroad into it
    assert off_rail not in net and off_rail in moves(m, arrived, "")
    with pytest.raises(ActionError, match="out of reach|too far"):
        apply(m, arrived, Move(unit=PZ, to=off_rail, mode="rail"))
    s, entry = apply(m, arrived, Move(unit=PZ, to="2622", mode="rail"))
    assert s.hex_of(PZ) == "2622" and "[Rail]" in entry.text


def test_11_2_rail_movement_neither_enters_nor_passes_an_enemy_zoc(m, arrived):
    """A US unit at 1017 beside the line puts 0917, 0918 and 1016 in its ZOC: the rail move
    stops short of them and nothing beyond them is offered; normal movement may still enter
    the ZOC (9.2, +2 MP)."""
    s = place(arrived, us_3cav_3cav="1017")
    zoc = enemy_zoc(m, s)
    assert {"0917", "0918", "1016"} <= zoc
    by_rail = moves(m, s, "rail")
    assert by_rail and not by_rail & zoc
    assert by_rail == {"0722", "0724", "0725", "0819", "0820", "0821", "0919"}  # the line up to the ZOC
    reach = unit_reach(m, s, PZ, m.rules, mode="rail")
    assert all(not set(x.path) & zoc for x in reach.hexes.values())
    with pytest.raises(ActionError, match="11.2|out of reach|stopped"):
        apply(m, s, Move(unit=PZ, to="1113", mode="rail"))
    assert "0918" in moves(m, s, "")  # 11.2's restriction is the alternative modes', not normal movement's


def test_11_2_double_movement_doubles_the_allowance_without_entering_an_enemy_zoc(m, arrived):
    normal = unit_reach(m, arrived, PZ, m.rules)
    double = unit_reach(m, arrived, PZ, m.rules, mode="double")
    assert (normal.allowance, double.allowance) == (7, 14)
    farther = {h for h, x in double.hexes.items() if x.cost > 7}
    assert farther and not farther & set(normal.hexes)
    assert set(normal.hexes) - set(double.hexes) <= enemy_zoc(m, arrived)
    s = place(arrived, us_3cav_3cav="1017")
    zoc = enemy_zoc(m, s)
    doubled = moves(m, s, "double")
    assert doubled and not doubled & zoc
    assert all(not set(x.path) & zoc for x in unit_reach(m, s, PZ, m.rules, mode="double").hexes.values())
    far = max(sorted(doubled), key=lambda h: double.hexes[h].cost if h in double.hexes else 0)
    s2, entry = apply(m, s, Move(unit=PZ, to=far, mode="double"))
    assert s2.hex_of(PZ) == far and "[Double]" in entry.text


def test_11_2_normal_movement_is_still_offered_on_the_arrival_turn(m, arrived):
    normal = moves(m, arrived, "")
    assert normal == set(unit_reach(m, arrived, PZ, m.rules).hexes)
    s, entry = apply(m, arrived, Move(unit=PZ, to="0823"))
    assert s.hex_of(PZ) == "0823" and "[" not in entry.text


def test_11_2_rail_and_double_movement_only_on_the_turn_they_appear(m, arrived):
    """The same units a turn later: neither mode is offered, and a move naming one is refused
    with 11.2."""
    later = arrived.model_copy(update={"turn": arrived.turn + 1})
    offered = {a.mode for a in legal_actions(m, later) if isinstance(a, Move)}
    assert offered == {""}
    for mode in ("rail", "double"):
        with pytest.raises(ActionError, match=r"only on the turn a unit arrives.*11\.2"):
            apply(m, later, Move(unit=PZ, to="0722", mode=mode))
    assert engine_state(arrived).seq.entered[PZ] == arrived.turn
