"""Which parts of the map to draw. Plain Python, so the CLI can build one without Qt."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

LevelStyle = Literal["style", "ramp", "contours", "numbers"]
LEVEL_STYLES: tuple[LevelStyle, ...] = ("style", "ramp", "contours", "numbers")
LEVEL_STYLE_NAMES: dict[LevelStyle, str] = {
    "style": "As the Map Style", "ramp": "Colour Ramp", "contours": "Contours", "numbers": "Numbers",
}


@dataclass(frozen=True)
class Layers:
    """Map layers to draw, in the order they are painted (bottom first).

    ``level_style`` says how elevation levels are shown when ``levels`` is on: ``"style"``
    as the map style says (its ``elevation``), ``"ramp"`` tints hexes darker or lighter by level, ``"contours"`` draws a brown line
    on hexsides between different levels, ``"numbers"`` writes each hex's level.
    """

    underlay: bool = True
    terrain: bool = True
    levels: bool = True
    grid: bool = True
    hexsides: bool = True
    connections: bool = True
    features: bool = True
    labels: bool = True
    areas: bool = True
    furniture: bool = True
    level_style: LevelStyle = "style"

    def __post_init__(self) -> None:
        if self.level_style not in LEVEL_STYLES:
            raise ValueError(f"level_style must be one of {LEVEL_STYLES}, not {self.level_style!r}")

    def with_(self, **changes: object) -> Layers:
        """A copy with some layers changed, e.g. ``layers.with_(grid=False)``."""
        return replace(self, **changes)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The on/off layer names (every field but ``level_style``)."""
        return tuple(f.name for f in fields(cls) if f.name != "level_style")

    @classmethod
    def only(cls, *names: str, level_style: LevelStyle = "style") -> Layers:
        """Just the named layers on, e.g. ``Layers.only("terrain", "grid")``."""
        unknown = set(names) - set(cls.names())
        if unknown:
            raise ValueError(f"unknown layer(s) {sorted(unknown)}; known: {list(cls.names())}")
        return cls(**{n: n in names for n in cls.names()}, level_style=level_style)
