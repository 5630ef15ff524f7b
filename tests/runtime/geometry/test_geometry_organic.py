"""Organic tiles (natural terrain and contours) and smooth roads and rivers: pure geometry."""

import math

import pytest

from hexwright.runtime.geometry import Hex, HexGrid, Layout
from hexwright.runtime.geometry.curves import crossing_direction, river_on_side, road_in_hex
from hexwright.runtime.geometry.organic import meander, organic_tile, side_key, unit_random

SIZE = 40.0


def layout(orientation="flat"):
    return Layout(HexGrid(6, 6, orientation), SIZE)


def points(ops):
    """Every end point of a list of path operations."""
    return [(args[-2], args[-1]) for kind, args in ops if kind != "Z"]


def dist_to_segment(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def inside_hex(p, corners, center):
    """True if p is inside (or on) the convex hexagon."""
    for k in range(6):
        a, b = corners[k], corners[(k + 1) % 6]
        side = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        ref = (b[0] - a[0]) * (center[1] - a[1]) - (b[1] - a[1]) * (center[0] - a[0])
        if side * ref < -1e-9:
            return False
    return True


def tile_for(lay, h, region, seed=7, inset=0.1 * SIZE, amplitude=0.07 * SIZE):
    grid = lay.grid
    idx = {x: n for n, x in enumerate(Hex(c, r) for c in range(grid.cols) for r in range(grid.rows))}
    same, keys = [], []
    for d in range(6):
        nb = grid.neighbor(h, d)
        same.append(not grid.contains(nb) or nb in region)
        keys.append(side_key(seed, idx[h], idx.get(nb, -1)))
    return organic_tile(lay.corners(h), lay.center(h), same, keys, inset, amplitude)


def test_noise_is_deterministic_and_seeded():
    assert unit_random(1, 2, 3) == unit_random(1, 2, 3)
    assert unit_random(1, 2, 3) != unit_random(2, 2, 3)
    assert all(0 <= unit_random(k) < 1 for k in range(100))
    key = side_key(5, 3, 9)[0]
    assert meander(key, 0.1) == 0 and meander(key, 0.9) == 0  # never near a corner
    assert max(abs(meander(key, t / 50)) for t in range(51)) <= 1.0
    assert any(abs(meander(key, t / 50)) > 0.1 for t in range(51))


def test_side_key_is_the_same_from_both_hexes_with_opposite_signs():
    assert side_key(1, 4, 9)[0] == side_key(1, 9, 4)[0]
    assert side_key(1, 4, 9)[1] == -side_key(1, 9, 4)[1]
    assert side_key(1, 4, 9)[0] != side_key(2, 4, 9)[0]


def test_a_hex_inside_its_region_is_its_hexagon():
    lay = layout()
    h = Hex(2, 2)
    region = {h, *(lay.grid.neighbor(h, d) for d in range(6))}
    tile = tile_for(lay, h, region)
    assert [c for p in points(tile.fill) for c in p] == pytest.approx([c for p in lay.corners(h) for c in p])
    assert tile.edge == ()


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_lone_hex_stays_strictly_inside_itself(orientation):
    lay = layout(orientation)
    h = Hex(2, 3)
    tile = tile_for(lay, h, {h})
    corners, center = lay.corners(h), lay.center(h)
    pts = points(tile.fill) + [(a[0], a[1]) for kind, a in tile.fill if kind == "Q"]
    for p in pts:
        assert inside_hex(p, corners, center)
        nearest_side = min(dist_to_segment(p, corners[k], corners[(k + 1) % 6]) for k in range(6))
        assert nearest_side >= 0.1 * SIZE - 0.07 * SIZE - 1e-9
    assert len(points(tile.edge)) > 30  # the whole outline is boundary


def test_tiles_are_stable_between_calls_and_change_with_the_seed():
    lay = layout()
    h = Hex(2, 2)
    assert tile_for(lay, h, {h}) == tile_for(lay, h, {h})
    assert tile_for(lay, h, {h}, seed=1) != tile_for(lay, h, {h}, seed=2)


def test_two_hexes_of_a_region_meet_exactly_on_their_shared_hexside():
    lay = layout()
    a = Hex(2, 2)
    b = lay.grid.neighbor(a, 1)
    region = {a, b}
    ta, tb = tile_for(lay, a, region), tile_for(lay, b, region)
    shared = lay.hexside_segment(lay.grid.hexside(a, 1))

    def on_shared(tile):
        return sorted((round(x, 6), round(y, 6)) for x, y in points(tile.fill)
                      if dist_to_segment((x, y), *shared) < 1e-6)

    ends_a, ends_b = on_shared(ta), on_shared(tb)
    assert len(ends_a) == 2 and ends_a == ends_b  # the same two points: no gap, no overlap


def test_facing_regions_meander_in_parallel_with_a_constant_gap():
    lay = layout()
    a = Hex(2, 2)
    b = lay.grid.neighbor(a, 2)
    ta, tb = tile_for(lay, a, {a}), tile_for(lay, b, {b})
    p0, p1 = lay.hexside_segment(lay.grid.hexside(a, 2))
    length = math.dist(p0, p1)

    def middle(tile):
        """Edge points beside the middle of the hexside, by their position along it."""
        out = {}
        for p in points(tile.edge):
            t = ((p[0] - p0[0]) * (p1[0] - p0[0]) + (p[1] - p0[1]) * (p1[1] - p0[1])) / length ** 2
            if 0.3 <= t <= 0.7 and dist_to_segment(p, p0, p1) < 0.25 * SIZE:
                out[round(t, 6)] = p
        return out

    ma, mb = middle(ta), middle(tb)
    shared = sorted(set(ma) & set(mb))
    assert len(shared) >= 3
    gaps = [math.dist(ma[t], mb[t]) for t in shared]
    assert gaps == pytest.approx([2 * 0.1 * SIZE] * len(gaps))  # each line 0.1 size inside its hex
    offsets = [dist_to_segment(ma[t], p0, p1) for t in shared]
    assert max(offsets) - min(offsets) > 0.01 * SIZE  # and they do meander, together


def test_amplitude_must_stay_inside_the_inset():
    lay = layout()
    with pytest.raises(ValueError, match="amplitude"):
        tile_for(lay, Hex(1, 1), {Hex(1, 1)}, inset=2.0, amplitude=3.0)


def test_road_straight_across_a_hex_is_straight_and_turns_keep_their_direction():
    lay = layout()
    h = Hex(2, 2)
    c = lay.center(h)
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in
            (lay.hexside_segment(lay.grid.hexside(h, d)) for d in range(6))]
    _, (c1x, c1y, c2x, c2y, _, _) = road_in_hex(c, [mids[0], mids[3]])[1]
    for x, y in ((c1x, c1y), (c2x, c2y)):
        assert dist_to_segment((x, y), mids[0], mids[3]) < 1e-9
    _, (c1x, c1y, *_rest) = road_in_hex(c, [mids[0], mids[2]])[1]
    # The handle leaves the crossing square to the hexside, toward the centre.
    dx, dy = c1x - mids[0][0], c1y - mids[0][1]
    cx, cy = c[0] - mids[0][0], c[1] - mids[0][1]
    assert abs(dx * cy - dy * cx) < 1e-9 and dx * cx + dy * cy > 0
    assert len(road_in_hex(c, [mids[0], mids[2], mids[4]])) == 6  # a junction: three spokes


def test_a_river_never_leaves_its_hexside_and_reads_the_same_from_both_ends():
    p0, p1 = (0.0, 0.0), (40.0, 0.0)
    ops = river_on_side(p0, p1, key=123, amplitude=0.06 * SIZE, bend0=None, bend1=None)
    pts = points(ops)
    assert pts[0] == p0 and pts[-1] == p1
    assert all(abs(y) <= 0.06 * SIZE + 1e-9 for _, y in pts)
    assert any(abs(y) > 0.01 for _, y in pts)  # it does meander
    reverse = river_on_side(p1, p0, key=123, amplitude=0.06 * SIZE, bend0=None, bend1=None)
    assert reverse == ops


def test_a_river_bend_is_rounded_and_both_halves_meet():
    v = (40.0, 0.0)
    a, b = (0.0, 0.0), (40.0 + 40 * math.cos(math.radians(60)), 40 * math.sin(math.radians(60)))
    first = river_on_side(a, v, key=1, amplitude=2.0, bend0=None, bend1=b)
    second = river_on_side(v, b, key=2, amplitude=2.0, bend0=a, bend1=None)
    end_first, start_second = points(first)[-1], points(second)[0]
    assert end_first == pytest.approx(start_second)
    assert math.dist(end_first, v) > 1.0  # cut the corner: not through the vertex


def test_a_road_keeps_its_direction_across_a_hexside_and_leans_at_most_forty_degrees():
    mid, here, there = (0.0, 0.0), (0.0, 30.0), (0.0, -30.0)
    before, after = (-20.0, -30.0), (25.0, 30.0)
    into_here = crossing_direction(mid, here, after, before)
    into_there = crossing_direction(mid, there, before, after)
    assert into_here == pytest.approx((-into_there[0], -into_there[1]))
    assert math.degrees(math.acos(into_here[1])) == pytest.approx(math.degrees(math.atan2(45, 60)))
    steep = crossing_direction(mid, here, (100.0, 1.0), (-100.0, -1.0))
    assert math.degrees(math.acos(steep[1])) == pytest.approx(40.0)
    assert crossing_direction(mid, here, None, before) == pytest.approx((0.0, 1.0))
