"""Tiled ``.tmx`` maps: the terrain layer (and levels as a second layer) out and back in.

Tiled's hexagonal maps use the same offset coordinates as ours: ``staggeraxis="x"`` staggers
columns (our flat-top), ``"y"`` rows (pointy-top), and ``staggerindex`` odd/even says which
are shifted, one to one with our ``shifted``. A flat-top hex of circumradius ``s`` is a
``2s`` × ``s·√3`` tile with ``hexsidelength`` ``s`` (pointy: the same turned).

Export writes the ``.tmx`` with two embedded tilesets, ``terrain`` (one tile per terrain
type, with its id, name and colour as tile properties) and ``levels`` (one tile per level),
whose pictures are one PNG of hex swatches each, written next to the ``.tmx``. Our grid
details Tiled has no field for (labels, exact hex size, origin) are map properties.

Import reads csv or base64 (plain, zlib or gzip) layer data, bounded in size; a tileset is
read when embedded, or from a ``.tsx`` file beside the ``.tmx`` (a plain name, never a path).
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import math
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hexwright.runtime.model import Grid, HexData, Labels, Level, Module, TerrainType, new_module

from .png import encode_png, parse_color
from .vassal_read import VmodError, parse_xml

SQRT3 = math.sqrt(3.0)
FLIP_MASK = 0x1FFFFFFF
MAX_TMX_BYTES = 64 * 1024 * 1024
MAX_CELLS = 400 * 400
PROP = "hexwright:"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


class TmxError(VmodError):
    """A ``.tmx`` that cannot be read; the message names the file and the field."""


@dataclass
class TmxExport:
    tmx: bytes
    images: dict[str, bytes]
    """File name (beside the .tmx) -> PNG bytes."""


@dataclass
class TmxMap:
    grid: Grid
    terrain: list[str | None]
    """Terrain id of each hex, row-major (None: no tile)."""
    levels: list[int | None] | None
    terrain_types: dict[str, TerrainType]
    report: list[str] = field(default_factory=list)


def tile_size(grid: Grid) -> tuple[int, int, int]:
    """(tilewidth, tileheight, hexsidelength) of ``grid``'s hexes in Tiled."""
    s = grid.hex_size
    if grid.orientation == "flat":
        return round(2 * s), round(SQRT3 * s), round(s)
    return round(SQRT3 * s), round(2 * s), round(s)


def _swatches(grid: Grid, colors: list[str], size: tuple[int, int]) -> bytes:
    """One hex per colour, side by side, each filling its tile."""
    w, h = size
    rows: list[list[tuple[int, int, int, int]]] = [[(0, 0, 0, 0)] * (w * len(colors)) for _ in range(h)]
    for i, color in enumerate(colors):
        rgba = parse_color(color)
        rgba = rgba if rgba[3] else (255, 255, 255, 40)
        for y in range(h):
            for x in range(w):
                u, v = (x + 0.5 - w / 2) / (w / 2), (y + 0.5 - h / 2) / (h / 2)
                if grid.orientation == "pointy":
                    u, v = v, u
                # flat-top hex in unit box: |v| <= 1 and |u| <= 1 - |v|/2
                if abs(v) <= 1 and abs(u) <= 1 - abs(v) / 2:
                    rows[y][i * w + x] = rgba
    return encode_png(w * len(colors), h, rows)


def _prop(parent: ET.Element, name: str, value: str, kind: str = "") -> None:
    attrs = {"name": name, "value": value}
    if kind:
        attrs["type"] = kind
    ET.SubElement(parent, "property", attrs)


def _argb(color: str) -> str:
    r, g, b, a = parse_color(color)
    return f"#{a:02x}{r:02x}{g:02x}{b:02x}"


def _level_color(value: int, low: int, high: int) -> str:
    t = 0.0 if high == low else (value - low) / (high - low)
    shade = round(235 - 170 * t)
    return f"#{shade:02x}{shade:02x}{shade:02x}"


def export_tmx(module: Module, stem: str, progress: Callable[[int, int], None] | None = None) -> TmxExport:
    """The ``.tmx`` of ``module``'s terrain and levels; tileset images are ``<stem>_terrain.png``
    and ``<stem>_levels.png`` beside it. ``progress(done, total)`` hears of each row of hexes
    (it may raise to stop)."""
    md = module.map
    grid = md.grid
    tw, th, side = tile_size(grid)
    terrain_ids = list(md.terrain_types)
    hg, scheme = grid.hex_grid(), grid.labels.scheme()
    values = sorted({lv.value for lv in md.levels} | {d.level for d in md.hexes.values()} | {0})
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "hexagonal", "renderorder": "right-down",
        "width": str(grid.cols), "height": str(grid.rows), "tilewidth": str(tw), "tileheight": str(th),
        "hexsidelength": str(side), "staggeraxis": "x" if grid.orientation == "flat" else "y",
        "staggerindex": grid.shifted, "infinite": "0", "nextlayerid": "3", "nextobjectid": "1"})
    props = ET.SubElement(root, "properties")
    _prop(props, PROP + "module", module.meta.id)
    _prop(props, PROP + "hex_size", repr(grid.hex_size), "float")
    _prop(props, PROP + "origin", json.dumps([grid.origin_x, grid.origin_y]))
    _prop(props, PROP + "labels", grid.labels.model_dump_json())
    images: dict[str, bytes] = {}
    for firstgid, name, keys, colors in (
        (1, "terrain", terrain_ids, [md.terrain_types[t].color for t in terrain_ids]),
        (1 + len(terrain_ids), "levels", [str(v) for v in values],
         [_level_color(v, values[0], values[-1]) for v in values]),
    ):
        image = f"{stem}_{name}.png"
        images[image] = _swatches(grid, colors, (tw, th))
        ts = ET.SubElement(root, "tileset", {"firstgid": str(firstgid), "name": name, "tilewidth": str(tw),
                                             "tileheight": str(th), "tilecount": str(len(keys)),
                                             "columns": str(len(keys))})
        ET.SubElement(ts, "image", {"source": image, "width": str(tw * len(keys)), "height": str(th)})
        for i, key in enumerate(keys):
            tile = ET.SubElement(ts, "tile", {"id": str(i)})
            tp = ET.SubElement(tile, "properties")
            if name == "terrain":
                _prop(tp, "terrain", key)
                _prop(tp, "name", md.terrain_types[key].name)
            else:
                _prop(tp, "level", key, "int")
            _prop(tp, "color", _argb(colors[i]), "color")
    level_gid = {v: 1 + len(terrain_ids) + i for i, v in enumerate(values)}
    terrain_rows, level_rows = [], []
    for row in range(grid.rows):
        if progress is not None:
            progress(row, grid.rows + 1)
        t_cells, l_cells = [], []
        for col in range(grid.cols):
            label = scheme.format((col, row), hg)  # type: ignore[arg-type]
            t_cells.append(str(1 + terrain_ids.index(md.terrain_of(label))) if md.terrain_of(label) in terrain_ids
                           else "0")
            l_cells.append(str(level_gid[md.hex_data(label).level]))
        terrain_rows.append(",".join(t_cells))
        level_rows.append(",".join(l_cells))
    for layer_id, name, rows in ((1, "terrain", terrain_rows), (2, "levels", level_rows)):
        layer = ET.SubElement(root, "layer", {"id": str(layer_id), "name": name, "width": str(grid.cols),
                                              "height": str(grid.rows)})
        ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"
    ET.indent(root, " ")
    tmx = b'<?xml version="1.0" encoding="UTF-8"?>\n' + bytes(ET.tostring(root, encoding="utf-8")) + b"\n"
    if progress is not None:
        progress(grid.rows + 1, grid.rows + 1)
    return TmxExport(tmx, images)


# -- reading ----------------------------------------------------------------------


def _parse(data: bytes, where: str) -> ET.Element:
    try:
        return parse_xml(data, where)
    except VmodError as exc:
        raise TmxError(str(exc)) from None


def _int(el: ET.Element, key: str, where: str, low: int, high: int) -> int:
    raw = el.get(key)
    try:
        value = int(raw or "")
    except ValueError:
        raise TmxError(f"{where}: <{el.tag}> field {key!r}: {raw!r} is not a whole number") from None
    if not low <= value <= high:
        raise TmxError(f"{where}: <{el.tag}> field {key!r}: {value} is outside {low}..{high}")
    return value


def _props(el: ET.Element) -> dict[str, str]:
    out: dict[str, str] = {}
    for props in el.findall("properties"):
        for p in props.findall("property"):
            out[p.get("name", "")] = p.get("value", p.text or "")
    return out


def _cells(layer: ET.Element, count: int, where: str) -> list[int]:
    data = layer.find("data")
    name = layer.get("name", "")
    if data is None:
        raise TmxError(f"{where}: layer {name!r} has no <data>")
    encoding, compression = data.get("encoding", ""), data.get("compression", "")
    text = (data.text or "").strip()
    if encoding == "csv":
        try:
            gids = [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
        except ValueError:
            raise TmxError(f"{where}: layer {name!r} <data>: not a list of tile numbers") from None
    elif encoding == "base64":
        try:
            raw = base64.b64decode(text, validate=False)
            if compression == "zlib":
                d = zlib.decompressobj()
                raw = d.decompress(raw, count * 4 + 1)
            elif compression == "gzip":
                raw = gzip.GzipFile(fileobj=io.BytesIO(raw)).read(count * 4 + 1)
            elif compression:
                raise TmxError(f"{where}: layer {name!r} <data>: compression {compression!r} is not supported")
        except (ValueError, zlib.error, OSError, EOFError) as exc:
            raise TmxError(f"{where}: layer {name!r} <data>: cannot be decoded ({exc})") from None
        if len(raw) != count * 4:
            raise TmxError(f"{where}: layer {name!r} <data>: {len(raw) // 4} tiles, expected {count}")
        gids = list(struct.unpack(f"<{count}I", raw))
    else:
        raise TmxError(f"{where}: layer {name!r} <data>: encoding {encoding or 'xml'!r} is not supported "
                       f"(save as CSV or Base64)")
    if len(gids) != count:
        raise TmxError(f"{where}: layer {name!r} <data>: {len(gids)} tiles, expected {count}")
    return [g & FLIP_MASK for g in gids]


@dataclass
class _TileSet:
    firstgid: int
    name: str
    tiles: dict[int, dict[str, str]]
    count: int


def _tilesets(root: ET.Element, where: str, folder: Path | None, report: list[str]) -> list[_TileSet]:
    out = []
    for element in root.findall("tileset"):
        firstgid = _int(element, "firstgid", where, 1, 2**29)
        ts = element
        source = ts.get("source")
        if source:
            if folder is None or "/" in source or "\\" in source or source.startswith("."):
                report.append(f"tileset {source!r}: an external tileset is read only from a plain name beside the "
                              f".tmx; its tiles are named by number")
                out.append(_TileSet(firstgid, source, {}, 0))
                continue
            path = folder / source
            if not path.is_file() or path.stat().st_size > 4 * 1024 * 1024:
                report.append(f"tileset {source!r}: not found beside the .tmx; its tiles are named by number")
                out.append(_TileSet(firstgid, source, {}, 0))
                continue
            ts = _parse(path.read_bytes(), str(path))
        tiles = {_int(t, "id", where, 0, 2**29): _props(t) for t in ts.findall("tile")}
        count = int(ts.get("tilecount", "0") or 0) if (ts.get("tilecount") or "0").isdigit() else 0
        out.append(_TileSet(firstgid, ts.get("name", ""), tiles, count))
    return sorted(out, key=lambda t: t.firstgid)


def _tile(tilesets: list[_TileSet], gid: int) -> tuple[_TileSet, dict[str, str]] | None:
    found = None
    for ts in tilesets:
        if ts.firstgid <= gid:
            found = ts
    if found is None:
        return None
    return found, found.tiles.get(gid - found.firstgid, {})


def _color(text: str) -> str:
    """Tiled's ``#aarrggbb`` (or ``#rrggbb``) as ours ``#rrggbb[aa]``."""
    h = text.lstrip("#").lower()
    if re.fullmatch(r"[0-9a-f]{8}", h):
        return f"#{h[2:]}" + ("" if h[:2] == "ff" else h[:2])
    if re.fullmatch(r"[0-9a-f]{6}", h):
        return f"#{h}"
    return "#b0b0b0"


def read_tmx(data: bytes, where: str, folder: Path | None = None) -> TmxMap:
    """Read a hexagonal ``.tmx``; raises :class:`TmxError` naming the file and field."""
    if len(data) > MAX_TMX_BYTES:
        raise TmxError(f"{where}: larger than {MAX_TMX_BYTES} bytes")
    root = _parse(data, where)
    if root.tag != "map":
        raise TmxError(f"{where}: the root element is <{root.tag}>, not a Tiled <map>")
    if root.get("orientation") != "hexagonal":
        raise TmxError(f"{where}: <map> field 'orientation': {root.get('orientation')!r} maps cannot be read; "
                       f"only hexagonal ones")
    if root.get("infinite", "0") != "0":
        raise TmxError(f"{where}: <map> field 'infinite': infinite maps cannot be read; give the map a fixed size")
    cols, rows = _int(root, "width", where, 1, 400), _int(root, "height", where, 1, 400)
    axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise TmxError(f"{where}: <map> fields 'staggeraxis'/'staggerindex': {axis!r}/{index!r} are not x|y, odd|even")
    tw, th = _int(root, "tilewidth", where, 1, 4000), _int(root, "tileheight", where, 1, 4000)
    side = _int(root, "hexsidelength", where, 0, 4000) if root.get("hexsidelength") else 0
    props = _props(root)
    report: list[str] = []
    orientation = "flat" if axis == "x" else "pointy"
    size = side or (tw / 2 if orientation == "flat" else th / 2)
    try:
        size = float(props.get(PROP + "hex_size", size))
        origin = json.loads(props.get(PROP + "origin", "[0, 0]"))
        labels = Labels.model_validate_json(props[PROP + "labels"]) if PROP + "labels" in props else Labels()
        grid = Grid(orientation=orientation, cols=cols, rows=rows, shifted=index,
                    hex_size=size, origin_x=float(origin[0]), origin_y=float(origin[1]), labels=labels)
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise TmxError(f"{where}: <map> properties: {str(exc).splitlines()[0]}") from None
    tilesets = _tilesets(root, where, folder, report)
    layers = {layer.get("name", ""): layer for layer in root.findall("layer")}
    if not layers:
        raise TmxError(f"{where}: no tile layer")
    terrain_layer = layers.get("terrain") or next(iter(layers.values()))
    count = cols * rows
    types: dict[str, TerrainType] = {}
    terrain: list[str | None] = []
    for gid in _cells(terrain_layer, count, where):
        if gid == 0:
            terrain.append(None)
            continue
        found = _tile(tilesets, gid)
        props_t = found[1] if found else {}
        tid = props_t.get("terrain") or f"tile_{gid}"
        if not _ID.match(tid) or len(tid) > 64:
            tid = f"tile_{gid}"
        if tid not in types:
            types[tid] = TerrainType(name=(props_t.get("name") or tid)[:60], color=_color(props_t.get("color", "")))
        terrain.append(tid)
    levels: list[int | None] | None = None
    if "levels" in layers:
        levels = []
        for gid in _cells(layers["levels"], count, where):
            found = _tile(tilesets, gid) if gid else None
            raw = found[1].get("level") if found else None
            try:
                levels.append(int(raw) if raw is not None else None)
            except ValueError:
                raise TmxError(f"{where}: levels tile {gid}: level {raw!r} is not a whole number") from None
    for extra in layers:
        if extra not in ("terrain", "levels") and layers[extra] is not terrain_layer:
            report.append(f"layer {extra!r}: only the terrain and levels layers are read")
    if root.findall("objectgroup") or root.findall("imagelayer"):
        report.append("object and image layers are not read")
    return TmxMap(grid, terrain, levels, types, report)


def apply_tmx(module: Module, tmx: TmxMap, where: str) -> Module:
    """``module`` with its terrain (and levels) replaced by the TMX's; grids must match in shape."""
    g, t = module.map.grid, tmx.grid
    if (g.cols, g.rows, g.orientation, g.shifted) != (t.cols, t.rows, t.orientation, t.shifted):
        raise TmxError(f"{where}: the map is {t.cols}x{t.rows} {t.orientation}-top {t.shifted}, the module's "
                       f"{g.cols}x{g.rows} {g.orientation}-top {g.shifted}")
    out = module.model_copy(deep=True)
    md = out.map
    for tid, tt in tmx.terrain_types.items():
        md.terrain_types.setdefault(tid, tt)
    hg, scheme = g.hex_grid(), g.labels.scheme()
    hexes = dict(md.hexes)
    for i, cell in enumerate(tmx.terrain):
        row, col = divmod(i, g.cols)
        label = scheme.format((col, row), hg)  # type: ignore[arg-type]
        data = hexes.get(label) or HexData()
        terrain = None if cell is None or cell == md.default_terrain else cell
        level = data.level
        if tmx.levels is not None and tmx.levels[i] is not None:
            level = int(tmx.levels[i] or 0)
        data = data.model_copy(update={"terrain": terrain, "level": level})
        if data == HexData():
            hexes.pop(label, None)
        else:
            hexes[label] = data
    md.hexes = dict(sorted(hexes.items()))
    known = {lv.value for lv in md.levels}
    md.levels = sorted([*md.levels, *(Level(value=v) for v in {h.level for h in hexes.values()} - known)],
                       key=lambda lv: lv.value)
    return out


def module_from_tmx(tmx: TmxMap, module_id: str, title: str) -> Module:
    """A new module whose map is the TMX's."""
    module = new_module(module_id, title, tmx.grid.cols, tmx.grid.rows, tmx.grid.orientation)
    module.map.grid = tmx.grid
    most = max(sorted({t for t in tmx.terrain if t}), key=tmx.terrain.count, default=None)
    if most is not None:
        module.map.terrain_types = {**tmx.terrain_types, **{k: v for k, v in module.map.terrain_types.items()
                                                            if k not in tmx.terrain_types}}
        module.map.default_terrain = most
    return apply_tmx(module, tmx, "")
