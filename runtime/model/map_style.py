"""How a map is drawn: map styles (palette, symbols, line widths, fonts) and map furniture.

A module picks a built-in style by name in ``map.json`` (``"style": {"base": "modern"}``)
and may tweak it (colours, line scale, font, hillshade…); :func:`resolve_style` turns that
choice into the full :class:`MapStyle` the renderer reads. A module that says nothing is
drawn in ``classic``, the hex-filled look of earlier versions, so old modules look as before.

Place names and map furniture (title cartouche, legend, scale bar, compass) are map data
too: where they go and what they say is the designer's; how they look is the style's.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Color, HexLabel, Id, Model

StyleName = Literal["classic", "modern"]
TerrainLook = Literal["hexes", "natural"]
SymbolSet = Literal["classic", "modern"]
ElevationLook = Literal["ramp", "contours", "numbers", "none"]
PaletteSlot = Literal["paper", "grid", "label", "halo", "water", "contour", "low", "high", "furniture",
                      "default_terrain"]


class Palette(Model):
    """Named colours of a style. Terrain colours come from the terrain types unless overridden."""

    paper: Color = Field("#ffffff", description="behind everything (margins, gaps between terrain shapes)")
    grid: Color = "#262626"
    label: Color = "#1a1a1a"
    halo: Color = "#ffffffd0"
    water: str = Field("", pattern=r"^(#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?)?$",
                       description="rivers and streams; empty: each hexside type's own colour")
    contour: Color = "#8a5a2b"
    low: Color = Field("#ffffff", description="hypsometric tint of the lowest level")
    high: Color = Field("#6b4a2a", description="hypsometric tint of the highest level")
    furniture: Color = Field("#f4efe0", description="cartouche, legend and box backgrounds")
    default_terrain: str = Field("", pattern=r"^(#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?)?$",
                                 description="fill of the map's default terrain; empty: its type's colour")
    terrain: dict[Id, Color] = Field({}, description="fill by terrain id, replacing the terrain type's colour")
    pattern: dict[str, Color] = Field({}, description="fill by terrain pattern (trees, hills…) when not set by id")


class LineStyle(Model):
    """Line widths as multiples of the widths the module's types give (at hex size 40)."""

    grid: float = Field(1.0, ge=0, le=8, description="grid line width in map pixels at hex size 40")
    grid_opacity: float = Field(1.0, ge=0, le=1)
    roads: float = Field(1.0, gt=0, le=4)
    water: float = Field(1.0, gt=0, le=4)
    contour: float = Field(1.0, ge=0, le=4)
    casing: bool = Field(True, description="dark edges on roads and rivers")
    smooth: bool = Field(False, description="roads as curves and rivers with a gentle meander")


class FontStyle(Model):
    family: str = Field("Sans Serif", max_length=64)
    serif_family: str = Field("Serif", max_length=64, description="place names and the title")
    hex_label: float = Field(0.25, gt=0, le=1, description="hex numbers, as a fraction of the hex size")
    place: float = Field(0.3, gt=0, le=2, description="place names, as a fraction of the hex size")


class MapStyle(Model):
    """Everything about how a map looks (one built-in style, possibly tweaked by the module)."""

    name: str = "classic"
    terrain: TerrainLook = Field("hexes", description="hexes: each hex filled; natural: merged organic shapes")
    symbols: SymbolSet = "classic"
    elevation: ElevationLook = "ramp"
    hillshade: bool = False
    areas: Literal["bands", "rules_only", "none"] = Field(
        "bands", description="areas as tinted bands; rules_only: only city and victory areas, thinly")
    palette: Palette = Palette()
    lines: LineStyle = LineStyle()
    fonts: FontStyle = FontStyle()


class StyleTweaks(Model):
    """The designer's changes to a built-in style; anything left empty keeps the style's value."""

    terrain: TerrainLook | None = None
    elevation: ElevationLook | None = None
    hillshade: bool | None = None
    colors: dict[PaletteSlot, Color] = Field({}, description="palette entries by name (paper, grid, water…)")
    terrain_colors: dict[Id, Color] = {}
    line_scale: float | None = Field(None, gt=0, le=4, description="multiplies road and water widths")
    grid_opacity: float | None = Field(None, ge=0, le=1)
    font_family: str | None = Field(None, max_length=64)


class StyleChoice(Model):
    """``map.style``: which built-in style the module is drawn in, and the designer's tweaks."""

    base: StyleName = "classic"
    tweaks: StyleTweaks = StyleTweaks()


class PlaceName(Model):
    """A name printed on the map (a town, a river, a forest, a hill with its spot height)."""

    text: str = Field(min_length=1, max_length=80)
    hex: HexLabel
    dx: float = Field(0.0, ge=-3, le=3, description="offset from the hex centre, in hex sizes")
    dy: float = Field(0.0, ge=-3, le=3)
    size: float = Field(1.0, gt=0, le=4, description="relative to the style's place-name size")
    kind: Literal["place", "water", "hill", "region"] = "place"
    height: int | None = Field(None, description="a spot height printed under a hill's name (metres)")
    angle: float = Field(0.0, ge=-90, le=90, description="degrees, counter-clockwise")


class Furniture(Model):
    """What is printed around the hexes: a title cartouche (if there is a title), a legend, a
    scale bar (if ``hex_scale`` says what a hex measures) and a compass.

    Positions are the top-left corners in map pixels (like boxes and tracks); a piece without
    one goes in a column to the right of the map and of its boxes and tracks.
    """

    title: str = Field("", max_length=80)
    subtitle: str = Field("", max_length=120)
    legend: bool = Field(False, description="print a legend generated from the terrain effects chart")
    compass: bool = False
    hex_scale: str = Field("", max_length=40, description="what one hex measures, e.g. '1 hex = 4 km'")
    title_at: tuple[float, float] | None = None
    legend_at: tuple[float, float] | None = None
    scale_at: tuple[float, float] | None = None
    compass_at: tuple[float, float] | None = None


CLASSIC = MapStyle()
MODERN = MapStyle(
    name="modern",
    terrain="natural",
    symbols="modern",
    elevation="contours",
    areas="rules_only",
    palette=Palette(
        paper="#f3eedb", grid="#3a3a3a", label="#2b2b2b", halo="#fbf8eee0", water="#4f8fc6",
        contour="#7a4520", low="#f3eedb", high="#b89868", furniture="#f7f2e2", default_terrain="#f0ead0",
        pattern={"trees": "#a9c98a", "hills": "#dcc79e", "marsh": "#cfe0d6", "urban": "#d9cfc2",
                 "hatch": "#d8d2a8", "dots": "#e6dbb5"},
    ),
    lines=LineStyle(grid=0.7, grid_opacity=0.55, roads=0.7, water=0.9, casing=True, smooth=True),
    fonts=FontStyle(family="Sans Serif", serif_family="Serif", hex_label=0.2, place=0.32),
)
BUILTIN_STYLES: dict[str, MapStyle] = {"classic": CLASSIC, "modern": MODERN}


def resolve_style(choice: StyleChoice, override: str | None = None) -> MapStyle:
    """The full style for a module's choice; ``override`` names a built-in to use instead of its base."""
    name = override or choice.base
    base = BUILTIN_STYLES.get(name)
    if base is None:
        raise ValueError(f"unknown map style {name!r}; built-in styles: {sorted(BUILTIN_STYLES)}")
    t = choice.tweaks
    palette = base.palette.model_copy(update={str(k): v for k, v in t.colors.items()})
    if t.terrain_colors:
        palette = palette.model_copy(update={"terrain": {**palette.terrain, **t.terrain_colors}})
    lines = base.lines
    if t.line_scale is not None:
        lines = lines.model_copy(update={"roads": lines.roads * t.line_scale, "water": lines.water * t.line_scale})
    if t.grid_opacity is not None:
        lines = lines.model_copy(update={"grid_opacity": t.grid_opacity})
    fonts = base.fonts if t.font_family is None else base.fonts.model_copy(update={"family": t.font_family})
    update: dict[str, object] = {"palette": palette, "lines": lines, "fonts": fonts}
    for key in ("terrain", "elevation", "hillshade"):
        value = getattr(t, key)
        if value is not None:
            update[key] = value
    return base.model_copy(update=update)
