"""The hexes and hexsides the rulebook's worked examples name, set as the examples need them.

The atlas (``geo``) puts rivers and forests where they are; the examples then fix the few
hexes and hexsides whose terrain they state or imply. Each is marked with the example as
its clue (``HEX_CLUES``, ``SIDE_CLUES``), before the geography it rests on.
"""

from __future__ import annotations

from typing import Any

from hexwright.editor.edits.hex_edits import paint_terrain, set_name
from hexwright.editor.edits.patch import MapPatch
from hexwright.editor.edits.side_edits import set_connection, set_side_feature

HEX_CLUES: dict[str, str] = {
    "2407": "10 Combat Example: hex 2407 is Rough (one column in the defender's favour, 4:1 → 3:1)",
    "2408": "10 Combat Example: stack B attacks 2407 from 2408 at full strength (no stream or river between)",
    "2507": "10 Combat Example: unit C attacks 2407 from 2507 across a stream hexside (halved)",
    "2508": "10 Combat Example: unit D attacks 2407 from 2508 across a stream hexside (halved)",
    "2307": "10 Combat Example: stack A retreats 2407 → 2307 → 2207, out of enemy ZOC",
    "2308": "10 Combat Example: retreating through 2308 would enter the EZOC of stack B in 2408",
    "2207": "10 Combat Example: stack A ends its two-hex retreat in 2207, in supply",
    "2217": "14.2, 14.3: 2217 is the Saverne Pass (an Allied objective)",
    "2316": "9.2 Normal Movement Example: the German unit ends its move on the road in 2316",
    "2415": "9.2 Normal Movement Example: hex A is clear (1 MP) and has the road to 2316",
    "2515": "9.2 Normal Movement Example: the German unit's start hex, west of it the Sarre on three hexsides",
    "2414": "9.2 Normal Movement Example: hex B, across an unbridged river hexside",
    "2514": "9.2 Normal Movement Example: hex C, across a bridged river hexside, in 319's ZOC",
    "2614": "9.2 Normal Movement Example: US 319 across the river from the German unit",
    "2615": "9.2 Normal Movement Example: US 318, whose ZOC the German unit leaves (+2 MP)",
}

# (hex, hex, feature or connection, present): hexsides the examples need
COMBAT = "10 Combat Example"
MOVE = "9.2 Normal Movement Example"
SIDES: list[tuple[str, str, str, str, bool]] = [
    # 10 Combat Example
    (COMBAT, "2407", "2507", "stream", True), (COMBAT, "2407", "2508", "stream", True),
    (COMBAT, "2407", "2507", "river", False), (COMBAT, "2407", "2508", "river", False),
    (COMBAT, "2407", "2408", "stream", False), (COMBAT, "2407", "2408", "river", False), (COMBAT, "2407", "2408", "canal", False),
    (COMBAT, "2407", "2307", "river", False), (COMBAT, "2307", "2207", "river", False),
    (COMBAT, "2407", "2308", "river", False), (COMBAT, "2408", "2308", "river", False),
    (COMBAT, "2407", "2307", "canal", False), (COMBAT, "2407", "2307", "stream", True), (COMBAT, "2407", "2308", "canal", False),
    # 9.2 Normal Movement Example: the Sarre wraps the start hex 2515 on its south-west, west and north-west
    (MOVE, "2614", "2615", "river", True), (MOVE, "2515", "2614", "river", True), (MOVE, "2515", "2514", "river", True),
    (MOVE, "2515", "2414", "river", True), (MOVE, "2414", "2415", "river", True),
    (MOVE, "2515", "2514", "road", True), (MOVE, "2515", "2414", "road", False), (MOVE, "2515", "2414", "railroad", False),
    (MOVE, "2515", "2415", "river", False), (MOVE, "2515", "2615", "river", False), (MOVE, "2515", "2516", "river", False),
    (MOVE, "2415", "2316", "river", False), (MOVE, "2415", "2316", "road", True), (MOVE, "2515", "2415", "road", False),
    (MOVE, "2514", "2614", "river", False), (MOVE, "2515", "2615", "road", False),
]
CLEAR_RIVERS_IN = ["2513", "2514", "2515", "2516", "2613", "2614", "2615", "2616", "2713", "2714", "2715"]
"""9.2: the Sarre's upper course is redrawn round 2515 (its source in the Vosges south of it)."""
TERRAIN = {"2407": "rough", "2415": "clear", "2515": "clear"}

SIDE_CLUES: dict[str, str] = {}


def apply(painter: Any) -> None:
    names, m = painter.names, painter.m
    grid = names.grid

    def key(a: str, b: str) -> str:
        side = grid.hexside_between(names.hex_of(a), names.hex_of(b))
        assert side is not None, f"{a} and {b} are not adjacent"
        return names.side_id(side)

    patch = MapPatch()
    for label in CLEAR_RIVERS_IN:
        for side in grid.hexsides_of(names.hex_of(label)):
            set_side_feature(patch, m, names.side_id(side), "river", False)
    painter.apply(patch)
    patch = MapPatch()
    for example, a, b, what, present in SIDES:
        k = key(a, b)
        if what in m.connection_types:
            set_connection(patch, m, k, what, present)
        else:
            set_side_feature(patch, m, k, what, present)
        said = f"{a}/{b} {'has' if present else 'has no'} {what}"
        SIDE_CLUES[k] = f"{SIDE_CLUES[k]}, {said}" if k in SIDE_CLUES else f"{example}: {said}"
    painter.apply(patch)
    patch = MapPatch()
    for label, terrain in TERRAIN.items():
        paint_terrain(patch, m, [label], terrain)
    set_name(patch, m, "2217", "Saverne Pass")
    painter.apply(patch)
