"""The ground's height from the atlas, and the fourteen levels the map prints (11.2).

Heights: the bocage plateau, raised by each peak and ridge (its height falling away at its
slope), cut by each valley (its floor rising at its slope). Levels (11.2.1): every 12.5 m
is a level, odd levels are solid bands two levels high, and each even level is the
one-hex-wide strip where a band meets the band above it ("a combination of the colors of
the next-lowest and next-highest levels").
"""

from __future__ import annotations

import math

import geo

KM_PER_LON = 72.83
KM_PER_LAT = 111.2
BASE_M = 20.0       # level 1 is everything below 32.5 m (the Vire's valley floor is 7-16 m)
LEVEL_M = 12.5      # 14 levels: Hill 192 (192 m) is level 14, Hill 122 level 9
TOP = 14


def _km(p: tuple[float, float]) -> tuple[float, float]:
    lon0, lat0 = geo.CATHEDRAL
    return (p[0] - lon0) * KM_PER_LON, (p[1] - lat0) * KM_PER_LAT


def _nearest(p: tuple[float, float], line: list[geo.HPoint]) -> tuple[float, float]:
    """(distance in km from ``p`` to the polyline, the height interpolated at the nearest point)."""
    pts = [(*_km((lon, lat)), h) for lon, lat, h in line]
    if len(pts) == 1:
        x, y, h = pts[0]
        return math.hypot(p[0] - x, p[1] - y), h
    best = (math.inf, 0.0)
    for (ax, ay, ah), (bx, by, bh) in zip(pts, pts[1:]):
        dx, dy = bx - ax, by - ay
        n = dx * dx + dy * dy
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
        d = math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)
        if d < best[0]:
            best = (d, ah + t * (bh - ah))
    return best


def height(lon: float, lat: float) -> float:
    """Metres above the sea at a real place."""
    p = _km((lon, lat))
    h = geo.PLATEAU_M + geo.PLATEAU_EAST_M_PER_KM * p[0]
    for _name, line, slope in geo.RIDGES:
        d, top = _nearest(p, line)
        h = max(h, top - slope * d)
    for _name, line, slope in geo.VALLEYS:
        d, floor = _nearest(p, line)
        h = min(h, floor + slope * d)
    for _name, line, slope in geo.SPURS:
        d, top = _nearest(p, line)
        h = max(h, top - slope * d)
    return h


def raw_level(metres: float) -> int:
    return max(1, min(TOP, 1 + int((metres - BASE_M) // LEVEL_M)))


def printed_levels(raw: dict[str, int], neighbours: dict[str, list[str]]) -> dict[str, int]:
    """11.2.1: odd levels as bands, each even level a one-hex strip at the edge of a band.

    A hex's band is its raw level rounded down to odd; a hex next to a higher band becomes
    the even level above its own band, the strip between the two bands (so a summit keeps
    its odd level, and the strip runs round the foot of the band above). Where a band is so
    narrow that all its hexes are strips (the strip of the band above it), the strip below
    would separate nothing: it joins the band above instead, until every strip separates
    two bands.
    """
    band = {lb: v if v % 2 else v - 1 for lb, v in raw.items()}
    while True:
        out = {lb: b + 1 if b < TOP - 1 and any(band[n] > b for n in neighbours[lb]) else b
               for lb, b in band.items()}
        lonely = [lb for lb, v in out.items() if v % 2 == 0 and v < TOP
                  and not any(out[n] == v + 1 for n in neighbours[lb])]
        if not lonely:
            return out
        for lb in lonely:
            band[lb] += 2
