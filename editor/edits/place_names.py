"""Place names edited by mouse, as plain Python: which name is under the pointer, and the
list of names after adding, moving, renaming or deleting one.

A place name sits on a hex with an offset in hex sizes (``map.place_names``); it is drawn
centred on its point with its baseline there. The hit box here is the text's box as the
renderer draws it, estimated from the style's place-name size (no fonts needed).
"""

from __future__ import annotations

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import MapData, PlaceName

from .naming import GridNames

MAX_OFFSET = 3.0
"""How far (in hex sizes) a name may sit from its hex's centre (the model's limit)."""
CHAR_WIDTH = 0.58
"""Average advance of a character, as a fraction of the font's pixel size."""


def name_point(md: MapData, names: GridNames, place: PlaceName) -> tuple[float, float] | None:
    """Where ``place`` is drawn (map pixels), ``None`` if its hex is not on the map."""
    try:
        h = names.hex_of(place.hex)
    except ValueError:
        return None
    if not names.contains(h):
        return None
    cx, cy = names.layout.center(h)
    s = md.grid.hex_size
    return cx + place.dx * s, cy + place.dy * s


def name_box(md: MapData, names: GridNames, place: PlaceName, place_size: float) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of the drawn name, in map pixels; ``place_size`` is the
    style's place-name size (a fraction of the hex size)."""
    point = name_point(md, names, place)
    if point is None:
        return None
    x, y = point
    px = place_size * md.grid.hex_size * place.size
    scale = {"region": 1.1 * 1.3, "hill": 0.85}.get(place.kind, 1.0)
    half = max(0.5 * len(place.text) * CHAR_WIDTH * px * scale, 0.3 * px)
    bottom = y + (0.95 * px if place.kind == "hill" and place.height is not None else 0.25 * px)
    return x - half, y - 0.85 * px * scale, x + half, bottom


def name_at(md: MapData, names: GridNames, x: float, y: float, place_size: float, slack: float = 2.0) -> int | None:
    """Index in ``md.place_names`` of the name drawn at (x, y) (the topmost: the last drawn)."""
    for index in range(len(md.place_names) - 1, -1, -1):
        box = name_box(md, names, md.place_names[index], place_size)
        if box is not None and box[0] - slack <= x <= box[2] + slack and box[1] - slack <= y <= box[3] + slack:
            return index
    return None


def anchor(md: MapData, names: GridNames, x: float, y: float) -> tuple[str, float, float] | None:
    """The hex a name dropped at (x, y) belongs to and its offset from that hex's centre (in
    hex sizes, within the model's limits); ``None`` off the map."""
    h = Hex(*names.layout.hex_at(x, y))
    if not names.contains(h):
        return None
    cx, cy = names.layout.center(h)
    s = md.grid.hex_size
    dx = max(-MAX_OFFSET, min(MAX_OFFSET, (x - cx) / s))
    dy = max(-MAX_OFFSET, min(MAX_OFFSET, (y - cy) / s))
    return names.label(h), round(dx, 3), round(dy, 3)


def added(md: MapData, names: GridNames, text: str, x: float, y: float) -> list[PlaceName] | None:
    """The names with a new one, ``text``, at (x, y); ``None`` if nothing is added (no text, off the map)."""
    text = text.strip()
    where = anchor(md, names, x, y)
    if not text or where is None:
        return None
    label, dx, dy = where
    return [*md.place_names, PlaceName(text=text[:80], hex=label, dx=dx, dy=dy)]


def moved(md: MapData, names: GridNames, index: int, x: float, y: float) -> list[PlaceName] | None:
    """The names with name ``index`` drawn at (x, y) instead (re-anchored on the hex there)."""
    where = anchor(md, names, x, y)
    if where is None:
        return None
    label, dx, dy = where
    out = list(md.place_names)
    old = out[index]
    if (old.hex, old.dx, old.dy) == (label, dx, dy):
        return None
    out[index] = old.model_copy(update={"hex": label, "dx": dx, "dy": dy})
    return out


def renamed(md: MapData, index: int, text: str) -> list[PlaceName] | None:
    """The names with name ``index`` saying ``text`` (empty: deleted); ``None`` if unchanged."""
    text = text.strip()[:80]
    out = list(md.place_names)
    if not text:
        del out[index]
        return out
    if out[index].text == text:
        return None
    out[index] = out[index].model_copy(update={"text": text})
    return out


def removed(md: MapData, index: int) -> list[PlaceName]:
    out = list(md.place_names)
    del out[index]
    return out
