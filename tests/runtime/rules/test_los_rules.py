"""Line of sight and observation (St-Lô 11.2–11.3).

Lines along a column (0401 → 0406) pass through each hex of the column in turn; the line
0205 → 0605 runs along two hexsides: (0305 | 0306), 0405, (0505 | 0506).
"""

from builders import rules_module

from hexwright.runtime.model import HexFeature
from hexwright.runtime.model.rules_config import LosRules, RulesConfig
from hexwright.runtime.rules import observe


def test_los_auto_within_two_hexes_st_lo_11_3_1_a():
    m = rules_module(4, 20, terrain={"0402": "woods"}, levels={"0403": 5})
    o = observe(m, "0401", "0403")
    assert o.visible and o.value == 1 and o.distance == 2


def test_los_impossible_beyond_12_hexes_st_lo_11_3_1_b():
    m = rules_module(4, 20, levels={"0401": 9})
    assert observe(m, "0401", "0413").visible
    o = observe(m, "0401", "0414")
    assert not o.visible and "beyond 12 hexes" in o.reason


def test_los_needs_two_levels_above_target_st_lo_11_3_3():
    m = rules_module(4, 20, levels={"0401": 1})
    o = observe(m, "0401", "0404")
    assert not o.visible and "2 levels above" in o.reason
    m = rules_module(4, 20, levels={"0401": 2})
    assert observe(m, "0401", "0404").visible


def test_los_woods_blocks_st_lo_11_3_4_b():
    m = rules_module(4, 20, levels={"0401": 2}, terrain={"0403": "woods"})
    o = observe(m, "0401", "0406")
    assert not o.visible and o.blocking == ("0403",) and "blocking terrain" in o.reason


def test_los_woods_in_target_hex_does_not_block_st_lo_11_3_4_b():
    m = rules_module(4, 20, levels={"0401": 2}, terrain={"0406": "woods"})
    assert observe(m, "0401", "0406").visible


def test_los_hex_higher_than_observer_blocks_st_lo_11_3_4_a():
    m = rules_module(4, 20, levels={"0401": 2, "0403": 3})
    o = observe(m, "0401", "0406")
    assert not o.visible and "higher than the observer" in o.reason


def test_los_higher_hex_adjacent_to_target_blocks_st_lo_11_3_4_c():
    m = rules_module(4, 20, levels={"0401": 5, "0405": 1})
    o = observe(m, "0401", "0406")  # five hexes: no exception applies
    assert not o.visible and "next to the target" in o.reason and o.blocking == ("0405",)


def test_higher_adjacent_exception_at_3_hexes():
    """St-Lô 11.3.5: at exactly three hexes a higher adjacent hex does not block if the OP
    is three or more levels above the target."""
    m = rules_module(4, 20, levels={"0401": 3, "0403": 1})
    assert observe(m, "0401", "0404").visible
    m = rules_module(4, 20, levels={"0401": 2, "0403": 1})
    assert not observe(m, "0401", "0404").visible


def test_higher_adjacent_exception_at_4_hexes():
    m = rules_module(4, 20, levels={"0401": 4, "0404": 1})
    assert observe(m, "0401", "0405").visible
    m = rules_module(4, 20, levels={"0401": 3, "0404": 1})
    assert not observe(m, "0401", "0405").visible


def test_steeple_adds_one_level_to_observer_st_lo_11_2_2():
    m = rules_module(4, 20, levels={"0401": 1}, features={"0401": ["steeple"]})
    o = observe(m, "0401", "0405")
    assert o.visible and o.observer_level == 2 and o.value == 2
    # as a target, a steeple hex is at its normal level
    assert observe(m, "0405", "0401").target_level == 1


def test_cathedral_observes_from_its_own_level_st_lo_11_2_3():
    m = rules_module(4, 20, levels={"0401": 3},
                     features={"0401": [HexFeature(type="cathedral", observation_level=7)]})
    o = observe(m, "0401", "0406")
    assert o.visible and o.observer_level == 7 and o.value == 4


def test_los_along_hexside_clear_if_either_choice_st_lo_11_3_2_b():
    m = rules_module(9, 9, levels={"0205": 2}, terrain={"0305": "woods"})
    o = observe(m, "0205", "0605", with_line=True)
    assert o.line[1] == ("0305", "0306")
    assert o.visible
    m = rules_module(9, 9, levels={"0205": 2}, terrain={"0305": "woods", "0306": "woods"})
    o = observe(m, "0205", "0605")
    assert not o.visible and o.blocking == ("0305", "0306")


def test_los_along_hexside_both_choice_rule():
    rules = RulesConfig(los=LosRules(hexside_choice="both"))
    m = rules_module(9, 9, levels={"0205": 2}, terrain={"0305": "woods"}, rules=rules)
    assert not observe(m, "0205", "0605").visible


def test_observation_values_st_lo_11_3_7():
    for level, value in [(2, 2), (3, 3), (4, 4), (6, 4)]:
        m = rules_module(4, 20, levels={"0401": level})
        assert observe(m, "0401", "0406").value == value
    m = rules_module(4, 20)
    assert observe(m, "0401", "0402").value == 1


def test_towns_and_units_do_not_block_st_lo_11_3_6():
    m = rules_module(4, 20, levels={"0401": 2}, features={"0403": ["town"]})
    assert observe(m, "0401", "0406").visible


def test_los_does_not_depend_on_where_the_line_sits():
    """Lines are cached by axial offset: the same shape gives the same answer anywhere."""
    m = rules_module(9, 9, levels={"0205": 2, "0207": 2})
    assert observe(m, "0205", "0605").visible
    assert observe(m, "0207", "0607").visible


def test_cached_line_shapes_match_geometry_line_of_hexes_st_lo_11_3_2_a():
    """Lines are cached by axial offset; on both grid shapes they must equal the geometry's
    straight line from centre to centre, entry for entry."""
    import random

    from hexwright.runtime.geometry import line_of_hexes

    for orientation, shifted in (("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")):
        m = rules_module(15, 15)
        m.map.grid.orientation, m.map.grid.shifted = orientation, shifted
        grid = m.map.grid.hex_grid()
        scheme = m.map.grid.labels.scheme()
        rng = random.Random(orientation + shifted)
        for _ in range(60):
            a, b = rng.choice(grid.hexes()), rng.choice(grid.hexes())
            o = observe(m, scheme.format(a, grid), scheme.format(b, grid), with_line=True)
            if o.distance > 12:
                continue
            expected = tuple(tuple(sorted(scheme.format(h, grid) for h in entry if grid.contains(h)))
                             for entry in line_of_hexes(grid, a, b))
            assert tuple(tuple(sorted(e)) for e in o.line) == expected
