"""The St-Lô Division Displays, Artillery Displays and map tracks (2.1.2-2.1.4), as boxes and
tracks of the play window.

As the Boxes dock adds them (Add box… / Add track…, rectangles typed as printed): per
division its Divisional Asset box and one holding box per HQ (the HQ, its morale marker and,
for a battalion broken down, the battalion counter, 2.1.3, 20.0 B); per display sheet the
Substitute Company box, the Asset Holding box and the Initiative Level track; per artillery
unit its fire-mission track (10.1); on the map sheet the TAP, Turn, Weather and Air Strike
tracks.
"""

from __future__ import annotations

from typing import Protocol

import oob

from hexwright.editor.edits.boxes import parse_rect, parse_spaces
from hexwright.editor.edits.naming import GridNames
from hexwright.runtime.model import Box, Module, Track


class Builder(Protocol):
    """What the build steps need of the map painter (packaging/stlo/build_map.Painter)."""

    module: Module


COL_W, ROW_H, BOX_W, BOX_H = 130.0, 70.0, 122.0, 62.0


class Layout:
    """Boxes laid out in sheets to the east of the map, column by column; a column starts past
    the widest box or track of the one before it (the tracks are two and three boxes wide)."""

    def __init__(self, module: Module, x: float | None = None):
        self.x0 = GridNames(module.map.grid).layout.bounds()[0] + 60.0
        self.y0 = 10.0
        self.x = self.x0 if x is None else x
        self.row = 0
        self.rows = 14
        self.widest = 0.0

    def _next_column(self) -> None:
        self.x += max(COL_W, self.widest + COL_W - BOX_W)
        self.row, self.widest = 0, 0.0

    def next(self, width: float = BOX_W, height: float = BOX_H) -> tuple[float, float, float, float]:
        if self.row >= self.rows:
            self._next_column()
        x, y = self.x, self.y0 + self.row * ROW_H
        self.row += 1
        self.widest = max(self.widest, width)
        return x, y, width, height

    def sheet(self) -> None:
        """Start a new display sheet in the next column."""
        if self.row:
            self._next_column()


def _rect(xywh: tuple[float, float, float, float]):  # type: ignore[no-untyped-def]
    return parse_rect(*(str(v) for v in xywh))


def _hq_boxes(division: str) -> list[tuple[str, str]]:
    out = []
    for div, designation, _kind, _setup in oob.BATTALIONS:
        if div == division:
            out.append((f"{div}_" + designation.lower().replace("/", "_") + "_box", f"HQ {designation}"))
    return out


def boxes(p: Builder) -> None:
    lay = Layout(p.module)
    out: dict[str, Box] = {}
    sheets = {"us": ["us_35", "us_29", "us_2"], "de": ["de_3fj", "de_352"]}
    for side, divisions in sheets.items():
        for div in divisions:
            lay.sheet()
            short = oob.FORMATIONS[div][0].split(" (")[0]
            out[f"{div}_assets"] = Box(name=f"{short}: Divisional Assets", kind="pool", side=side,
                                       rect=_rect(lay.next()))
            for box_id, name in _hq_boxes(div):
                out[box_id] = Box(name=f"{short}: {name}", kind="display", side=side, rect=_rect(lay.next()))
        lay.sheet()
        nation = "US" if side == "us" else "German"
        out[f"{side}_substitutes"] = Box(name=f"{nation} Substitute Companies", kind="holding", side=side,
                                         rect=_rect(lay.next()))
        out[f"{side}_asset_holding"] = Box(name=f"{nation} Asset Holding", kind="holding", side=side,
                                           rect=_rect(lay.next()))
        out[f"{side}_artillery"] = Box(name=f"{nation} Artillery Display", kind="display", side=side,
                                       rect=_rect(lay.next()))
        out[f"{side}_op"] = Box(name=f"{nation} Observation Posts", kind="holding", side=side, rect=_rect(lay.next()))
        out[f"{side}_reinforcements"] = Box(name=f"{nation} reinforcements (R)", kind="reinforcement", side=side,
                                            rect=_rect(lay.next()))
        out[f"{side}_eliminated"] = Box(name=f"{nation} eliminated units", kind="eliminated", side=side,
                                        rect=_rect(lay.next()))
    p.module.map.boxes = out


def artillery_track_id(div: str, designation: str) -> str:
    return f"art_{div}_" + designation.lower().replace("/", "_")


def tracks(p: Builder) -> None:
    """The map tracks (2.1.2, 3.3, 15.0), the Initiative Tracks of the DDs (3.4 F) and one
    fire-mission track per artillery unit on the Artillery Displays (10.1)."""
    shown = [b.rect for b in p.module.map.boxes.values() if b.rect is not None]
    right = max((r.x + r.width for r in shown), default=None)
    lay = Layout(p.module, None if right is None else right + 2 * (COL_W - BOX_W) + BOX_W / 2)  # past the boxes
    wide = (BOX_W * 3, 36.0)

    def track(name: str, kind: str, text: str):  # type: ignore[no-untyped-def]
        return Track(name=name, kind=kind, spaces=parse_spaces(text), rect=_rect(lay.next(*wide)))  # type: ignore[arg-type]

    out = {
        "turn": track("Turn Record Track", "turn", "\n".join(f"{t} = {t}" for t in range(1, 9))),
        "tap": track("Tactical Action Points", "action_points", "\n".join(f"{n} = {n}" for n in range(7))),
        "weather": track("Weather", "weather", "\n".join(f"{n} = {n}" for n in range(1, 7))),
        "air_strikes": track("Air Strikes", "other", "\n".join(f"{n} = {n}" for n in range(4))),
        "initiative_us": track("US Initiative Level", "initiative", "\n".join(f"{n} = {n}" for n in range(-2, 1))),
        "initiative_de": track("German Initiative Level", "initiative", "\n".join(f"{n} = {n}" for n in range(-2, 1))),
    }
    lay.sheet()
    for div, designation, _s, _d, _l, missions, _setup in oob.ARTILLERY:
        side = "US" if div.startswith("us") else "German"
        out[artillery_track_id(div, designation)] = Track(
            name=f"{side} artillery {designation}: fire missions", kind="other",
            spaces=parse_spaces("\n".join(f"{n} = {n}" for n in range(missions + 1))),
            rect=_rect(lay.next(BOX_W * 2, 36.0)))
    p.module.map.tracks = out

