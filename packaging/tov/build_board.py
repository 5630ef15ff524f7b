"""Areas, boxes and tracks of the Traces of Victory map sheet and boards (2.1, 2.7, 2.8).

As the Boxes dock adds them (Add box… / Add track…, rectangles typed as printed, entry
hexes clicked with the box tool) and as Map ▸ Save Selection as Area… saves areas.
"""

from __future__ import annotations

import geo
from build_map import COLS, ROWS, Painter

from hexwright.editor.edits.boxes import parse_rect, parse_spaces
from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Area, Box, HexFeature, PlaceName, Provenance, Track

MAP_LIMITS = ("14.1 'remain north of hex row 3000': rows 01-29; 14.2 'east of a line from 1008 to 3608': "
              "columns 09-25 (the line is column 08, drawn from the north edge to the south edge; the "
              "hexes of the row or line themselves are outside)")


def areas(p: Painter) -> None:
    m = p.m
    for city, extra in sorted(geo.CITY_HEXES.items()):
        for where in extra:
            label = p.label(p.proj.hex_at(where))
            p.feature(label, HexFeature(type="major_city", name=city), f"{city}, a city of more than one hex (14.3)")
    city_hexes = {
        name: sorted(lb for lb, d in m.hexes.items() if any(f.type == "major_city" and f.name == name
                                                              for f in d.features))
        for name in ("Saarbrücken", "Strasbourg", "Nancy")
    }
    every = [p.label(h) for h in p.proj.grid.hexes()]
    m.areas = {
        "metz": Area(name="Metz and its fortifications", kind="city", hexes=sorted(p.metz_hexes), color="#c0302040",
                     provenance=Provenance(clue="12.4, 12.7: the city hex and the ring of forts round it")),
        "saarbrucken": Area(name="Saarbrücken", kind="city", hexes=city_hexes["Saarbrücken"], color="#c0302040"),
        "strasbourg": Area(name="Strasbourg", kind="city", hexes=city_hexes["Strasbourg"], color="#c0302040"),
        "nancy": Area(name="Nancy", kind="city", hexes=city_hexes["Nancy"], color="#c0302040"),
        "saverne_pass": Area(name="Saverne Pass", kind="victory", hexes=["2217"], color="#c0800040"),
        "border": Area(name="The French-German border", kind="victory", color="#9c2aa0d0",
                       hexes=sorted(set(p.line_hexes(geo.BORDER)) | set(p.line_hexes(geo.RHINE))),
                       provenance=Provenance(clue="15.2 'reach the French-German border': the hexes the 1937 "
                                                  "border passes through (Schengen to Lauterbourg, then the Rhine), "
                                                  "from an atlas; the printed map is not in the text")),
        "patton_limits": Area(name="Patton's Assault map limits", kind="map_limits", color="#3070d020",
                              hexes=[lb for lb in every if int(lb[:2]) <= 29],
                              provenance=Provenance(clue=MAP_LIMITS)),
        "patch_limits": Area(name="Patch's Advance map limits", kind="map_limits", color="#30a03020",
                             hexes=[lb for lb in every if int(lb[2:]) >= 9],
                             provenance=Provenance(clue=MAP_LIMITS)),
    }


def sources(p: Painter, side: str) -> list[str]:
    return sorted(lb for lb, d in p.m.hexes.items()
                  if any(f.type == "supply_source" and f.side == side for f in d.features))


def boxes(p: Painter) -> None:
    """Chit pools, the cup, the air box, arrival, reinforcement and reserve boxes, eliminated units."""
    x0 = p.names.layout.bounds()[0] + 40.0
    south = [p.label(Hex(c, ROWS - 1)) for c in range(4, 12)]
    west = [p.label(Hex(0, r)) for r in range(8, 24)]
    de_src, us_src = sources(p, "de"), sources(p, "us")
    arrival_clue = ("11.1: entry hexes 'stated with their holding boxes on the map' (not in the text): the "
                    "Third Army's arrivals on the west edge, the Seventh Army's on the southern edge (11.1 note)")
    spec: list[tuple[str, str, str, str | None, list[str], str]] = [
        ("cup", "Command chit cup", "cup", None, [], ""),
        ("us_pool_inactive", "Allied command chits: inactive", "pool", "us", [], ""),
        ("us_pool_played", "Allied command chits: played", "pool", "us", [], ""),
        ("de_pool_inactive", "German command chits: inactive", "pool", "de", [], ""),
        ("de_pool_played", "German command chits: played", "pool", "de", [], ""),
        ("air_available", "Allied Air Box: available", "holding", "us", [], ""),
        ("air_used", "Allied Air Box: used", "holding", "us", [], ""),
        ("us_3rd_act1", "Third Army arrivals: Act1", "arrival", "us", west, arrival_clue),
        ("us_3rd_act2", "Third Army arrivals: Act2", "arrival", "us", west, arrival_clue),
        ("us_3rd_act3", "Third Army arrivals: Act3", "arrival", "us", west, arrival_clue),
        ("us_7th_act1", "Seventh Army arrivals: Act1", "arrival", "us", south, arrival_clue),
        ("us_7th_act2", "Seventh Army arrivals: Act2", "arrival", "us", south, arrival_clue),
        ("us_7th_act3", "Seventh Army arrivals: Act3", "arrival", "us", south, arrival_clue),
        ("us_reserve", "US Reserve Units", "reinforcement", "us", us_src, ""),
        *[(f"de_gt{t}", f"Axis reinforcements: Game Turn {t}", "reinforcement", "de", de_src, "")
          for t in (2, 3, 5, 7, 9)],
        ("us_eliminated", "Allied eliminated units", "eliminated", "us", [], ""),
        ("de_eliminated", "German eliminated units", "eliminated", "de", [], ""),
    ]
    out: dict[str, Box] = {}
    for i, (box_id, name, kind, side, entry, clue) in enumerate(spec):
        col, row = divmod(i, 12)
        rect = parse_rect(str(x0 + col * 170), str(10 + row * 112), "160", "100")
        out[box_id] = Box(name=name, kind=kind, side=side, entry_hexes=entry, rect=rect,  # type: ignore[arg-type]
                          provenance=Provenance(clue=clue) if clue else None)
    p.m.boxes = out


def tracks(p: Painter) -> None:
    """The track sheet (2.7): turn, current weather and Allied victory points."""
    x0 = p.names.layout.bounds()[0] + 40.0
    y0 = 12 * 112 + 20
    vp = "\n".join(f"{v} = {v}" for v in range(-30, 61))
    p.m.tracks = {
        "turn": Track(name="Turn Track", kind="turn", spaces=parse_spaces("\n".join(f"{t} = {t}" for t in range(1, 13))),
                      rect=parse_rect(str(x0), str(y0), "500", "60")),
        "weather": Track(name="Current Weather", kind="weather",
                         spaces=parse_spaces("Clear\nLight overcast\nRain\nHeavy overcast"),
                         rect=parse_rect(str(x0), str(y0 + 70), "500", "50")),
        "vp": Track(name="Allied Victory Points", kind="victory_points", spaces=parse_spaces(vp),
                    rect=parse_rect(str(x0), str(y0 + 130), "500", "60")),
    }


def printed_names(p: Painter) -> None:
    names = []
    for text, lon, lat, kind, size in geo.PRINTED:
        h = p.proj.hex_at((lon, lat))
        h = Hex(min(max(h.col, 0), COLS - 1), min(max(h.row, 0), ROWS - 1))
        names.append(PlaceName(text=text, hex=p.label(h), kind=kind, size=size))  # type: ignore[arg-type]
    p.m.place_names = names
    p.m.furniture = p.m.furniture.model_copy(update={
        "title": "Traces of Victory", "subtitle": "Lorraine and Alsace, November 1944", "legend": True,
        "compass": True, "hex_scale": "1 hex ≈ 6 km"})
    p.m.style = p.m.style.model_copy(update={"base": "modern"})
