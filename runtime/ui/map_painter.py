"""Draws a module's map with a QPainter, in map pixel coordinates.

One :class:`MapPainter` serves the headless PNG render, the editor and the play window.
It paints only the hexes that meet the exposed rectangle, so repainting after a brush
stroke touches a few dozen hexes however big the map is. Hex data is read live from the
map on every paint; only grid geometry and per-terrain styles are cached, and those
caches notice by themselves when the grid or a terrain type changes.

Layers are painted bottom to top: underlay image, terrain, level shading, grid, hexside
features, roads and railroads, hex features, names and labels, areas, map furniture.

How each layer looks is the map style's (:class:`~runtime.model.MapStyle`): ``classic``
fills each hex and draws lines on hexsides and between centres; ``modern`` draws natural
terrain shapes with symbol fields, tints and contours, curved roads and meandering rivers
(see :mod:`.natural_layers`, :mod:`.smooth_lines`, :mod:`.furniture`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPen,
    QTransform,
)

from hexwright.runtime.geometry import Hex
from hexwright.runtime.geometry.pixels import MAP_MARGIN
from hexwright.runtime.model import BUILTIN_STYLES, MapData, MapStyle, TerrainType
from hexwright.runtime.model.legend import LegendEntry

from .colors import qcolor
from .edge_sprites import EdgeSprites
from .feature_glyphs import SLOTS, draw_feature, feature_color
from .field_layer import FieldLayer
from .furniture import haloed_text
from .glyph_stamps import GlyphStamps
from .hex_cache import GridLines, HexCache, grid_key
from .hex_table import HexTable, TableChange
from .hexside_index import HexsideIndex
from .label_run import draw_labels
from .layers import Layers
from .level_layers import level_range, own_level_brushes, paint_hexside_contours, paint_level_ramp, ramp_tints
from .line_layers import AreaOutlines, paint_areas, paint_connections, paint_hexside_features
from .map_furniture import FurniturePainter
from .natural_layers import (
    LEVEL_REACH,
    TileCache,
    changed_level_tiles,
    changed_terrain_tiles,
    level_regions,
    paint_contours,
    paint_hillshade,
    paint_level_colors,
    paint_region,
    terrain_reach,
    terrain_region,
    tint_alpha,
    tint_color,
)
from .smooth_lines import paint_smooth_connections, paint_smooth_hexsides
from .terrain_style import TerrainStyle, style_key
from .textures import TOWN_SIZE, Texture, paint_star_fort, paint_town

RULE_AREAS = frozenset({"city", "victory"})
UNDER, TERRAIN, CONTOURS, OVER = "under", "terrain", "contours", "over"
"""Layer groups, bottom to top: paper, underlay, base terrain, tints and hillshade (classic:
all terrain and levels); natural terrain shapes and fields; contour lines (or level numbers)
over them; everything above (grid, lines, features, names, areas, furniture)."""
ALL_GROUPS = frozenset({UNDER, TERRAIN, CONTOURS, OVER})


@dataclass(frozen=True)
class Dirty:
    """What an edit makes stale: these layer groups, around its hexes or (``everywhere``) all over."""

    groups: frozenset[str]
    everywhere: bool = False
    rect: QRectF | None = None
    """Map pixels to draw again when narrower than ``MapPainter.repaint_rect`` of the hexes."""

UNKNOWN_TERRAIN = TerrainType(name="unknown terrain", color="#ff00ff", pattern="hatch")
GLYPH_MIN_PX = 14.0
"""Below this many screen pixels of hex size, terrain glyphs are left out."""
TEXT_MIN_PX = 22.0
"""Below this many screen pixels of hex size, labels, names and level numbers are left out."""


def device_scale(painter: QPainter) -> float:
    """Screen pixels per map pixel under the painter's current transform."""
    return math.sqrt(abs(painter.worldTransform().determinant())) or 1.0


class MapPainter:
    """Paints ``map_data`` with the given ``layers``.

    ``side_colors`` (side id -> ``#rrggbb``) colours supply sources and control marks;
    ``assets`` (``images/…`` -> bytes, as loaded with the module) supplies the underlay.
    ``style`` is the map style (classic if not given); ``seed`` makes natural shapes differ
    from module to module but stay the same between renders; ``legend`` lists the rows of
    the legend (from the terrain effects chart) drawn at ``map.furniture.legend_at``.
    """

    def __init__(self, map_data: MapData, layers: Layers | None = None, *,
                 side_colors: dict[str, str] | None = None, assets: dict[str, bytes] | None = None,
                 style: MapStyle | None = None, seed: int = 0, legend: list[LegendEntry] | None = None):
        self.map_data = map_data
        self.layers = layers if layers is not None else Layers()
        self.side_colors = dict(side_colors or {})
        self.assets = dict(assets or {})
        self.style = style if style is not None else BUILTIN_STYLES["classic"]
        self.seed = seed
        self.furniture = FurniturePainter(self, list(legend or []))
        self._tiles = TileCache(seed)
        self._regions: dict[tuple, tuple[HexTable, list]] = {}
        """Level regions by the hexes they were made for (the view and the minimap share them)."""
        self._textures: dict[tuple, Texture] = {}
        self._fields = FieldLayer()
        self._sprites = EdgeSprites()
        self._stamps = GlyphStamps()
        self._kept_lines = False
        self._sides_made: tuple[list[int], GridLines] | None = None
        """The sides of the hexes of the paint under way (:meth:`_grid_lines`)."""
        self._level_brush_key: tuple | None = None
        self._level_brush_cache: dict[int, QBrush] = {}
        self._cache: HexCache | None = None
        self._painting = False
        self._hex_data: HexTable | None = None
        self._styles: dict[tuple, TerrainStyle] = {}
        self._sides = HexsideIndex()
        self._areas = AreaOutlines()
        self._underlay: tuple[str, QImage | None] | None = None
        self._text_width: dict[tuple[str, str], float] = {}
        self.last_visible: list[int] = []
        """Dense indices of the hexes the last :meth:`paint` visited (for tests and tools)."""

    # -- geometry -----------------------------------------------------------------------

    @property
    def cache(self) -> HexCache:
        """Geometry of the current grid (rebuilt when the grid changes).

        Whether the grid changed is checked once per paint (and after :meth:`invalidate`),
        not at every one of the thousands of look-ups a paint makes."""
        if self._cache is not None and self._painting:
            return self._cache
        grid = self.map_data.grid
        if self._cache is None or self._cache.key != grid_key(grid):
            self._cache = HexCache(grid)
            self._styles.clear()
            self._stamps = GlyphStamps()  # images of the looks just forgotten
            self._text_width.clear()
            self._hex_data = None
        return self._cache

    def set_map(self, map_data: MapData) -> None:
        """Paint another map (or a changed copy of this one)."""
        self.map_data = map_data
        self.invalidate()

    @property
    def hex_table(self) -> HexTable:
        """Terrain and level of every hex by index (see :meth:`invalidate`)."""
        c = self.cache
        table = self._hex_data
        if table is None or table.cache is not c or table.map_data is not self.map_data:
            table = self._hex_data = HexTable(self.map_data, c)
        return table

    def invalidate(self, labels: Iterable[str] | None = None) -> Dirty:
        """The data of these hexes changed (``None``: anything may have): forget what was
        cached about them, and say which layer groups must be drawn again, and whether only
        around these hexes or everywhere. The editor calls this with each edit's change
        record; a painter whose map nobody edits never needs it."""
        self._regions.clear()
        table = self._hex_data
        if labels is None or table is None:
            self._hex_data = None
            return Dirty(ALL_GROUPS, everywhere=labels is None)
        low = level_range(self.map_data)[0]
        before = table.thresholds(low)
        change = table.update(labels)
        changed = change.what
        if not changed:  # a hexside, or something else the table does not hold
            return Dirty(ALL_GROUPS)
        natural = self.style.terrain == "natural"
        groups: set[str] = set()
        if "terrain" in changed:
            groups.add(TERRAIN if natural else UNDER)
        if "level" in changed:
            groups |= {UNDER, CONTOURS} if natural else {UNDER}
        if "other" in changed:
            groups.add(OVER)
        # A level appearing or vanishing renumbers the contours (index contours) everywhere.
        everywhere = "level" in changed and table.thresholds(low) != before
        rect = None
        if natural and "other" not in changed and not everywhere:
            rect = self._reshaped_rect(table, change, low)
        return Dirty(frozenset(groups), everywhere=everywhere, rect=rect)

    def _reshaped_rect(self, table: HexTable, change: TableChange, low: int) -> QRectF:
        """Natural shapes, tints and contours changed: around the hexes whose tiles changed, no
        further (and with hillshade, the slopes next to them)."""
        c = self.cache
        rect = QRectF()
        if change.terrain_was:
            pad = terrain_reach(c.size)
            for i in changed_terrain_tiles(c, table.terrain, table.default, change.terrain_was):
                rect = rect.united(c.bounding_rect(i).adjusted(-pad, -pad, pad, pad))
        if change.level_was:
            pad = LEVEL_REACH * c.size
            reshaped = changed_level_tiles(c, table.level, change.level_was, table.thresholds(low))
            if self.style.hillshade:  # a slope's shading depends on its neighbours' levels
                for i in change.level_was:
                    reshaped.update(j for j in c.neighbors(i) if j >= 0)
            for i in reshaped:
                rect = rect.united(c.bounding_rect(i).adjusted(-pad, -pad, pad, pad))
        return rect

    def set_style(self, style: MapStyle) -> None:
        """Draw in another style (the next paint uses it; cached shapes that do not depend on it stay)."""
        if style != self.style:
            self.style = style
            self._styles.clear()
            self._stamps = GlyphStamps()  # images of the looks just forgotten
            self._textures.clear()
            self._text_width.clear()

    def set_legend(self, legend: list[LegendEntry]) -> None:
        self.furniture.legend = list(legend)

    def set_reserved(self, rects: Iterable[QRectF]) -> bool:
        """Keep the furniture placed automatically (cartouche, legend, scale, compass) clear
        of these rectangles drawn beside the map (boxes, piles, tracks of the play window or
        the print kit): it goes in a column right of them. Returns whether that moved it."""
        right = max((r.right() for r in rects), default=None)
        if right == self.furniture.reserved_right:
            return False
        self.furniture.reserved_right = right
        return True

    def set_assets(self, assets: dict[str, bytes]) -> None:
        """Replace the module's images (e.g. after the designer loads a new underlay scan)."""
        self.assets = dict(assets)
        self._underlay = None

    def margin(self) -> float:
        """Room around the hexes for roads leaving the map and thick edge lines."""
        return MAP_MARGIN * self.map_data.grid.hex_size

    def grid_rect(self) -> QRectF:
        """The hexes of the map plus :meth:`margin`, without the furniture, in map pixels."""
        grid = self.map_data.grid
        w, h = self.cache.layout.bounds()
        m = self.margin()
        return QRectF(grid.origin_x - m, grid.origin_y - m, w + 2 * m, h + 2 * m)

    def map_rect(self) -> QRectF:
        """The whole map plus :meth:`margin` and the map furniture, in map pixels."""
        rect = self.grid_rect()
        m = self.margin()
        if self.layers.furniture:
            extra = self.furniture.bounds()
            if not extra.isNull():
                rect = rect.united(extra.adjusted(-m, -m, m, m))
        return rect

    def hex_index(self, label: str) -> int | None:
        """Dense index of the hex labelled ``label``, ``None`` if there is none."""
        c = self.cache
        try:
            return c.index(c.scheme.parse(label, c.hex_grid))
        except ValueError:
            return None

    def hexes_rect(self, labels: Iterable[str]) -> QRectF:
        """Bounding rectangle of the given hexes plus the margin (empty if none exist)."""
        c, m = self.cache, self.margin()
        rect = QRectF()
        for label in labels:
            i = self.hex_index(label)
            if i is not None:
                rect = rect.united(c.bounding_rect(i))
        return rect.adjusted(-m, -m, m, m) if not rect.isNull() else rect

    def repaint_rect(self, labels: Iterable[str]) -> QRectF:
        """What to repaint after the data of these hexes changed: their rectangle, and in a
        natural style their neighbours' too (a hex's shape depends on its neighbours)."""
        labels = list(labels)
        if self.style.terrain != "natural" and not self.style.lines.smooth:
            return self.hexes_rect(labels)
        c, m = self.cache, self.margin()
        around: set[int] = set()
        for label in labels:
            i = self.hex_index(label)
            if i is not None:
                around.add(i)
                around.update(j for j in c.neighbors(i) if j >= 0)
        rect = QRectF()
        for i in around:
            rect = rect.united(c.bounding_rect(i))
        return rect.adjusted(-m, -m, m, m) if not rect.isNull() else rect

    def visible_indices(self, exposed: QRectF | None) -> list[int]:
        """Hexes to paint for ``exposed`` (``None``: the whole map), with a margin for strokes."""
        c = self.cache
        if exposed is None:
            return list(range(c.cols * c.rows))
        m = self.margin()
        return c.indices_in_rect(exposed.left() - m, exposed.top() - m, exposed.right() + m, exposed.bottom() + m)

    def visible_hexes(self, exposed: QRectF | None) -> list[Hex]:
        c = self.cache
        return [c.hex_of(i) for i in self.visible_indices(exposed)]

    # -- painting -----------------------------------------------------------------------

    def paint(self, painter: QPainter, exposed: QRectF | None = None, groups: frozenset[str] = ALL_GROUPS, *,
              kept_lines: bool = False) -> None:
        """Paint the hexes meeting ``exposed`` (map pixels; ``None``: the whole map).

        ``groups`` picks layer groups (:data:`UNDER`, :data:`TERRAIN`, :data:`CONTOURS`,
        :data:`OVER`; drawn in that order), so a view can keep each as a raster and draw again only the group an
        edit changed (see :mod:`.layer_cache`). ``kept_lines``: copy the natural terrain's edges and the
        contours from images kept between paints at this zoom (see :mod:`.edge_sprites`): for a view's
        tiles, drawn again and again around each edit; a one-off render strokes them."""
        c, layers, md, style = self.cache, self.layers, self.map_data, self.style
        self._painting = True  # the grid was checked just now; not again for every look-up
        self._sprites.reset_for(c)
        self._kept_lines = kept_lines
        try:
            self._paint(painter, exposed, c, layers, md, style, groups)
        finally:
            self._painting = False
            self._kept_lines = False
            self._sides_made = None

    def _paint(self, painter: QPainter, exposed: QRectF | None, c: HexCache, layers: Layers, md: MapData,
               style: MapStyle, groups: frozenset[str]) -> None:
        natural = style.terrain == "natural"
        under, terrain, contours, over = UNDER in groups, TERRAIN in groups, CONTOURS in groups, OVER in groups
        visible = self.visible_indices(exposed)
        self.last_visible = visible
        px = c.size * device_scale(painter)
        labels = [c.label(i) for i in visible]
        hexes = md.hexes
        data = [hexes.get(label) for label in labels]
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setRenderHint(QPainter.TextAntialiasing, True)
        level_style = style.elevation if layers.level_style == "style" else layers.level_style
        glyphs = px >= GLYPH_MIN_PX
        if under and layers.underlay:
            self._paint_underlay(painter)
        if natural:
            tinted = layers.levels and level_style in ("contours", "ramp")
            regions = self._level_regions(visible) if tinted and (under or (level_style == "contours" and contours)) else []
            brushes = self._level_brushes() if regions else {}
            if under and layers.terrain:
                self._paint_base(painter, exposed, visible, glyphs=glyphs and not brushes)
            if under and brushes:
                # the module's own level colours are the ground; the default terrain's symbols go on them
                paint_level_colors(painter, c, visible, regions, brushes, level_range(md)[0])
                if layers.terrain and glyphs:
                    self._paint_base_texture(painter, visible)
            elif under and regions:
                self._paint_tints(painter, regions)
            if under and layers.levels and style.hillshade:
                paint_hillshade(painter, c, visible, self.hex_table.level.__getitem__)
            if terrain and layers.terrain:
                self._paint_natural_terrain(painter, visible, data, glyphs=glyphs)
            if contours and regions and level_style == "contours":
                steps = len(self.hex_table.thresholds(level_range(md)[0]))
                paint_contours(painter, regions, qcolor(style.palette.contour), c.size, style.lines.contour, steps,
                               self._sprites, self._kept_lines)
            elif contours and layers.levels and level_style == "numbers" and px >= TEXT_MIN_PX:
                self._paint_level_numbers(painter, visible, data)
        elif under:
            # the ramp's tints laid into the terrain's colours: one fill per hex, not two
            tints = ramp_tints(md) if layers.terrain and layers.levels and level_style == "ramp" else None
            if layers.terrain:
                self._paint_terrain(painter, visible, data, glyphs=glyphs, tints=tints)
            if layers.levels:
                self._paint_levels(painter, visible, data, level_style, text=px >= TEXT_MIN_PX, tinted=tints is not None)
        if over:
            self._paint_over(painter, exposed, visible, labels, data, px)
        painter.restore()

    def _paint_over(self, painter: QPainter, exposed: QRectF | None, visible: list[int], labels: list[str],
                    data: list, px: float) -> None:
        """Everything above terrain and elevation: grid, lines, features, names, areas, furniture."""
        c, layers, md, style = self.cache, self.layers, self.map_data, self.style
        if layers.grid:
            self._paint_grid(painter, visible)
        if layers.hexsides or layers.connections:
            self._sides.update(c, md.hexsides)
            sides = self._sides.near(visible)
            if layers.hexsides:
                if style.lines.smooth:
                    paint_smooth_hexsides(painter, md, self._sides, sides, c.size, self.seed, style)
                else:
                    paint_hexside_features(painter, md, sides, c.size)
            if layers.connections:
                if style.lines.smooth:
                    paint_smooth_connections(painter, md, c, self._sides, visible, style)
                else:
                    knockout = qcolor(style.palette.paper)
                    knockout.setAlphaF(0.75)
                    paint_connections(painter, md, c, sides, knockout)
        if layers.features:
            self._paint_features(painter, visible, data, text=px >= TEXT_MIN_PX)
        if layers.labels and px >= TEXT_MIN_PX:
            self._paint_text(painter, visible, labels, data)
        if layers.areas and md.areas and style.areas != "none":
            if style.areas == "bands":
                paint_areas(painter, md, c, self._areas, visible)
            else:
                paint_areas(painter, md, c, self._areas, visible, RULE_AREAS, band=0.06)
        if layers.labels and md.place_names:
            self.furniture.paint_place_names(painter, exposed)
        if layers.furniture:
            self.furniture.paint(painter, exposed)

    def paint_overlay_hexes(self, painter: QPainter, labels: Iterable[str], brush: QBrush | QColor,
                            pen: QPen | None = None) -> None:
        """Fill the given hexes with ``brush`` (e.g. a translucent highlight); unknown labels are skipped."""
        c = self.cache
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setBrush(brush if isinstance(brush, QBrush) else QBrush(brush))
        painter.setPen(pen if pen is not None else Qt.NoPen)
        for label in labels:
            i = self.hex_index(label)
            if i is not None:
                painter.drawPolygon(c.polygon(i))
        painter.restore()

    # -- layers -------------------------------------------------------------------------

    def _paint_underlay(self, painter: QPainter) -> None:
        underlay = self.map_data.grid.underlay
        if underlay is None or not underlay.visible:
            return
        if self._underlay is None or self._underlay[0] != underlay.image:
            raw = self.assets.get(underlay.image)
            image = QImage.fromData(raw) if raw else None
            self._underlay = (underlay.image, image if image is not None and not image.isNull() else None)
        image = self._underlay[1]
        if image is None:
            return
        a, b, c, d, e, f = underlay.transform
        painter.save()
        painter.setTransform(QTransform(a, d, b, e, c, f), True)
        painter.setOpacity(underlay.opacity)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        painter.drawImage(QPointF(0, 0), image)
        painter.restore()

    def terrain_color(self, terrain: TerrainType, terrain_id: str) -> str:
        """The fill of a terrain type in the current style."""
        palette = self.style.palette
        if terrain_id == self.map_data.default_terrain and palette.default_terrain:
            return palette.terrain.get(terrain_id) or palette.default_terrain
        return palette.terrain.get(terrain_id) or palette.pattern.get(terrain.pattern) or terrain.color

    def _style(self, terrain_id: str) -> TerrainStyle:
        terrain = self.map_data.terrain_types.get(terrain_id, UNKNOWN_TERRAIN)
        color = self.terrain_color(terrain, terrain_id)
        if color != terrain.color:
            terrain = terrain.model_copy(update={"color": color})
        key = style_key(terrain)
        style = self._styles.get(key)
        if style is None:
            c = self.cache
            cx, cy = c.center(0)
            corners = [(p.x() - cx, p.y() - cy) for p in c.polygon(0)]
            style = self._styles[key] = TerrainStyle(terrain, c.size, corners)
        return style

    def _paint_terrain(self, painter: QPainter, visible: list[int], data: list, glyphs: bool,
                       tints: Callable[[int], QColor | None] | None = None) -> None:
        """Hex fills and glyphs, grouped by look; ``tints``: each level's ramp tint, laid into them."""
        c, default = self.cache, self.map_data.default_terrain
        groups: dict[tuple[str, int], list[int]] = {}
        for i, hd in zip(visible, data):
            if hd is None:
                key = (default, 0)
            else:
                key = (hd.terrain if hd.terrain is not None else default, hd.level if tints is not None else 0)
            groups.setdefault(key, []).append(i)
        looks = {key: self._style(key[0]).tinted(tints(key[1]) if tints is not None else None) for key in groups}
        # Fills without antialiasing: neighbouring hexes share edges exactly, leaving no seams.
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(Qt.NoPen)
        polygon, draw = c.polygon, painter.drawPolygon
        for key, members in groups.items():
            painter.setBrush(looks[key].fill)
            for i in members:
                draw(polygon(i))
        painter.setRenderHint(QPainter.Antialiasing, True)
        if not glyphs:
            return
        placement = self._stamps.placement(painter)
        for key, members in groups.items():
            style = looks[key]
            if not style.glyphs:
                continue
            if placement is not None:
                self._stamps.paint(painter, style, members, c, placement)
                continue
            style.set_glyph_ink(painter)
            for i in members:
                cx, cy = c.center(i)
                col, row = divmod(i, c.rows)
                painter.translate(cx, cy)
                painter.drawPath(style.glyph_for(col, row))
                painter.translate(-cx, -cy)

    def _paint_levels(self, painter: QPainter, visible: list[int], data: list, level_style: str,
                      text: bool, tinted: bool = False) -> None:
        """Elevation over the terrain; ``tinted``: the ramp's tints are in the terrain's fills already."""
        if level_style == "ramp":
            if not tinted:
                paint_level_ramp(painter, self.map_data, self.cache, visible, data)
            # Thin contours on the hexsides between levels: the tint alone must stay light
            # enough not to be mistaken for another terrain, so the lines carry the levels.
            paint_hexside_contours(painter, self.cache, visible, self.hex_table.level, qcolor(self.style.palette.contour),
                                   0.06, self._grid_lines(visible))
        elif level_style == "contours":
            paint_hexside_contours(painter, self.cache, visible, self.hex_table.level, qcolor(self.style.palette.contour),
                                   sides=self._grid_lines(visible))
        elif level_style == "numbers" and text:
            self._paint_level_numbers(painter, visible, data)

    def _paint_level_numbers(self, painter: QPainter, visible: list[int], data: list) -> None:
        c = self.cache
        font = self._font(0.22, bold=True)
        painter.setFont(font)
        painter.setPen(qcolor(self.style.palette.contour))
        for i, hd in zip(visible, data):
            text = str(hd.level if hd is not None else 0)
            cx, cy = c.center(i)
            self._draw_centered(painter, font, "lvl", text, cx + 0.55 * c.size, cy + 0.08 * c.size)

    # -- natural terrain and elevation (modern) -----------------------------------------

    def _terrain_id(self, i: int) -> str:
        return self.hex_table.terrain[i]

    def _texture(self, terrain_id: str) -> Texture | None:
        terrain = self.map_data.terrain_types.get(terrain_id, UNKNOWN_TERRAIN)
        color = self.terrain_color(terrain, terrain_id)
        key = (terrain.pattern, color, self.cache.key)
        tex = self._textures.get(key)
        if tex is None:
            tex = self._textures[key] = Texture(terrain.pattern, qcolor(color), self.cache.size, self.seed)
        return tex if tex.builder is not None else None

    def _corners(self, i: int) -> list[tuple[float, float]]:
        return self.cache.corners(i)

    def _paint_base(self, painter: QPainter, exposed: QRectF | None, visible: list[int], glyphs: bool) -> None:
        """Every hex in the default terrain's colour (the paper natural shapes are drawn on): the
        exposed rectangle at once when hexes cover it all, or else hex by hex."""
        c, default = self.cache, self.map_data.default_terrain
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(Qt.NoPen)
        painter.setBrush(self._style(default).fill)
        if exposed is not None and self._covered().contains(exposed):
            painter.drawRect(exposed.adjusted(-1, -1, 1, 1))  # (the painter's clip is ``exposed``)
        else:
            for i in visible:
                painter.drawPolygon(c.polygon(i))
        painter.setRenderHint(QPainter.Antialiasing, True)
        if glyphs:
            self._paint_base_texture(painter, visible)

    def _covered(self) -> QRectF:
        """The part of the map that hexes cover entirely: all of it but a hex's width along
        the edges, where the rows or columns of hexes end unevenly."""
        grid, s = self.map_data.grid, self.cache.size
        w, h = self.cache.layout.bounds()
        return QRectF(grid.origin_x + s, grid.origin_y + s, w - 2 * s, h - 2 * s)

    def _paint_base_texture(self, painter: QPainter, visible: list[int]) -> None:
        """The default terrain's symbols (the hedges of bocage) on every visible hex."""
        c, tex = self.cache, self._texture(self.map_data.default_terrain)
        if tex is not None:
            ds = device_scale(painter)
            for i in visible:
                tex.paint(painter, i, self._corners(i), c.center(i), ds)

    def _level_brushes(self) -> dict[int, QBrush]:
        """The brushes of the levels with their own colours (hypsometric tints), cached by the
        levels and the hex size; empty when no level has a colour."""
        md = self.map_data
        key = (tuple((lv.value, lv.color, lv.stripe_color) for lv in md.levels), self.cache.size)
        if self._level_brush_key != key:
            self._level_brush_key, self._level_brush_cache = key, own_level_brushes(md, self.cache.size)
        return self._level_brush_cache

    def _level_regions(self, visible: list[int]) -> list:
        table = self.hex_table
        thresholds = table.thresholds(level_range(self.map_data)[0])
        if not thresholds:
            return []
        c = self.cache
        if 2 * len(visible) > c.cols * c.rows:
            visible = list(range(c.cols * c.rows))  # most of the map: all of it, once for every view of it
        # the same hexes again (the other layer groups, the minimap): the same paths, made once
        key = (tuple(thresholds), tuple(visible))
        found = self._regions.get(key)
        if found is None or found[0] is not table:  # (a table kept in the entry: its id is never reused)
            if len(self._regions) >= 4:
                self._regions.pop(next(iter(self._regions)))
            found = self._regions[key] = (table, level_regions(self._tiles, c, visible,
                                                               table.level.__getitem__, thresholds))
        return found[1]

    def _paint_tints(self, painter: QPainter, regions: list) -> None:
        thresholds = self.hex_table.thresholds(level_range(self.map_data)[0])
        color = self.tint_color()
        color.setAlpha(tint_alpha(len(thresholds)))
        painter.setPen(Qt.NoPen)
        painter.setBrush(color)
        painter.setRenderHint(QPainter.Antialiasing, False)  # the contour line hides the steps
        for _t, fill, _edges in regions:
            painter.drawPath(fill)
        painter.setRenderHint(QPainter.Antialiasing, True)

    def tint_color(self) -> QColor:
        """The elevation tint: the style's, unless high ground in it would look like another
        terrain of the map (then a neutral one that does not, see ``natural_layers.tint_color``)."""
        md = self.map_data
        base = QColor(self._style(md.default_terrain).color)
        others = [QColor(self._style(tid).color) for tid in sorted(md.terrain_types) if tid != md.default_terrain]
        return tint_color(qcolor(self.style.palette.high), base, others)

    def _paint_natural_terrain(self, painter: QPainter, visible: list[int], data: list, glyphs: bool) -> None:
        c, default = self.cache, self.map_data.default_terrain
        groups: dict[str, list[int]] = {}
        for i, hd in zip(visible, data):
            tid = hd.terrain if hd is not None and hd.terrain is not None else default
            if tid != default:
                groups.setdefault(tid, []).append(i)
        for tid in sorted(groups):
            members = groups[tid]
            fill, edge = terrain_region(self._tiles, c, members, self.hex_table.terrain.__getitem__, tid)
            paint_region(painter, fill, edge, QColor(self._style(tid).color), c.size, self._sprites, self._kept_lines)
            tex = self._texture(tid) if glyphs else None
            if tex is not None:
                self._fields.paint(painter, tex, members, fill, self._corners, c.center, device_scale(painter))

    def _paint_grid(self, painter: QPainter, visible: list[int]) -> None:
        c, lines_style = self.cache, self.style.lines
        if lines_style.grid <= 0 or lines_style.grid_opacity <= 0:
            return
        width = max(lines_style.grid * c.size / 40.0, 0.8 / device_scale(painter))
        color = qcolor(self.style.palette.grid)
        color.setAlphaF(color.alphaF() * lines_style.grid_opacity)
        painter.setPen(QPen(color, width, Qt.SolidLine, Qt.FlatCap, Qt.MiterJoin))
        painter.setBrush(Qt.NoBrush)
        # Each hexside once: twice, a translucent grid would be twice as dark. An opaque one has its
        # sides between hexes drawn twice over (their antialiased edges a shade darker than the
        # map's edge): the lines the map always had, from half the lines made.
        sides = self._grid_lines(visible)
        inner = list(sides.inner.values())
        painter.drawLines(inner)
        if color.alpha() == 255:
            painter.drawLines(inner)
        painter.drawLines(sides.edge)

    def _grid_lines(self, visible: list[int]) -> GridLines:
        """The sides of the hexes this paint visits, made once for the contours and the grid."""
        if self._sides_made is None or self._sides_made[0] is not visible:
            self._sides_made = (visible, self.cache.grid_lines(visible))
        return self._sides_made[1]

    def _paint_features(self, painter: QPainter, visible: list[int], data: list, text: bool = True) -> None:
        c, md, s = self.cache, self.map_data, self.cache.size
        types = md.hex_feature_types
        font = self._font(0.3, bold=True)
        modern = self.style.symbols == "modern"
        named: list[tuple[str, float, float]] = []
        for i, hd in zip(visible, data):
            if hd is None or not hd.features:
                continue
            cx, cy = c.center(i)
            for k, feature in enumerate(hd.features):
                ftype = types.get(feature.type)
                if ftype is None:
                    continue
                dx, dy = SLOTS[k % len(SLOTS)]
                x, y = cx + dx * s, cy + dy * s
                if modern and ftype.kind in TOWN_SIZE:
                    paint_town(painter, ftype.kind, x, y, s, self.seed, i)
                elif modern and ftype.kind == "fortification":
                    paint_star_fort(painter, x, y, s)
                else:
                    color = feature_color(ftype.kind, ftype.color, self.side_colors.get(feature.side or ""))
                    draw_feature(painter, ftype.kind, ftype.symbol, x, y, s, color, font)
                if modern and text and feature.name and feature.name != hd.name:  # the hex's name is printed anyway
                    named.append((feature.name, x, y))
        # A named feature (a village, a reference point) carries its name, as printed maps do.
        if named:
            name_font = self._font(self.style.fonts.place * 0.6, serif=True)
            ink, halo = qcolor(self.style.palette.label), qcolor(self.style.palette.halo)
            for name, x, y in named:
                haloed_text(painter, name, name_font, x, y + 0.3 * s, ink, halo, 0.05 * s)

    def _paint_text(self, painter: QPainter, visible: list[int], labels: list[str], data: list) -> None:
        c, s, style = self.cache, self.cache.size, self.style
        flat = c.flat
        ink = qcolor(style.palette.label)
        halo = qcolor(style.palette.halo)
        modern = style.symbols == "modern"
        name_y = (0.72 if flat else 0.66) * s
        if modern:
            name_font = self._font(style.fonts.place * 0.8, bold=True, serif=True)
            for i, hd in zip(visible, data):
                if hd is not None and hd.name:
                    cx, cy = c.center(i)
                    haloed_text(painter, hd.name, name_font, cx, cy + name_y * 0.9, ink, halo, 0.06 * s)
        else:
            name_font = self._font(0.24, italic=True)
            painter.setPen(ink)
            painter.setFont(name_font)
            for i, hd in zip(visible, data):
                if hd is not None and hd.name:
                    cx, cy = c.center(i)
                    self._draw_centered(painter, name_font, "name", hd.name, cx, cy + name_y)
        label_font = self._font(style.fonts.hex_label)
        painter.setFont(label_font)
        label_ink = QColor(ink)
        if modern:
            label_ink.setAlphaF(0.7)
        painter.setPen(label_ink)
        label_y = (-0.58 if flat else -0.5) * s if not modern else (-0.62 if flat else -0.54) * s
        center, placed = c.center, []
        for i, label in zip(visible, labels):
            cx, cy = center(i)
            placed.append((label, cx, cy + label_y))
        others = draw_labels(painter, label_font, placed)  # labels of digits: one glyph run
        metrics, draw = QFontMetricsF(label_font), self._draw_centered
        for label, x, baseline in others:
            draw(painter, label_font, "label", label, x, baseline, metrics)

    # -- text helpers -------------------------------------------------------------------

    def _font(self, fraction: float, *, bold: bool = False, italic: bool = False, serif: bool = False) -> QFont:
        fonts = self.style.fonts
        font = QFont(fonts.serif_family if serif else fonts.family)
        font.setPixelSize(max(1, round(fraction * self.cache.size)))
        font.setBold(bold)
        font.setItalic(italic)
        if self.style.name != "classic":
            font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        return font

    def _draw_centered(self, painter: QPainter, font: QFont, kind: str, text: str, x: float, baseline: float,
                       metrics: QFontMetricsF | None = None) -> None:
        """Draw ``text`` horizontally centred on ``x`` with its baseline at ``baseline``
        (``metrics``: the font's, when the caller draws many texts in it)."""
        key = (kind, text)
        width = self._text_width.get(key)
        if width is None:
            width = self._text_width[key] = (metrics or QFontMetricsF(font)).horizontalAdvance(text)
        painter.drawText(QPointF(x - width / 2, baseline), text)
