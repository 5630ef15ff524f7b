"""The St-Lô scenario (20.0, 21.0): the eight turns of 11-18 July 1944 as the setup of section 20.

As the scenario editor holds it: each unit with a four-digit setup code in that hex (20.0 A),
DD battalions in their HQ's box (20.0 B), HQs in their boxes IA side up (20.0 D), assets in
the Divisional Asset boxes (20.0 E), artillery on the Artillery Displays (20.0 F), substitute
companies in their boxes (20.0 G), markers on their tracks (20.0 H); R units come in by the
arrivals of rules.json (18.0).
"""

from __future__ import annotations

import oob
from build_board import Builder
from build_pieces import hq_id, piece_id

from hexwright.runtime.model import MarkerPlacement, Placement, Scenario


def hq_box(div: str, designation: str) -> str:
    return piece_id(div, designation) + "_box"


def placements(p: Builder) -> list[Placement]:
    pieces = p.module.pieces.pieces
    out: list[Placement] = []
    for div, designation, _kind, setup in oob.BATTALIONS:
        box = hq_box(div, designation)
        if setup != "R":  # 20.0 D; a reinforcement HQ comes to its box with its battalion (18.2.2)
            out.append(Placement(piece=hq_id(div, designation), box=box))
        bn = piece_id(div, designation)
        if setup == "DD":
            out.append(Placement(piece=bn, box=box))
        elif setup != "R":
            out.append(Placement(piece=bn, hex=setup))
        for n in range(1, len(oob.COMPANIES.get(designation, [])) + 1):
            co = f"{bn}_c{n}"
            out.append(Placement(piece=co, hex=pieces[co].setup))
    for pid, piece in sorted(pieces.items()):
        ut = piece.unit_type
        if ut == "recon":
            out.append(Placement(piece=pid, hex=piece.setup))
        elif ut.startswith("asset_"):
            out.append(Placement(piece=pid, box=f"{piece.formation}_assets"))
        elif pid.startswith(("us_sub_", "de_sub_")):
            out.append(Placement(piece=pid, box=f"{piece.side}_substitutes"))
        elif ut == "artillery" and piece.setup != "R":
            out.append(Placement(piece=pid, box=f"{piece.side}_artillery"))
        elif ut == "op":
            out.append(Placement(piece=pid, box=f"{piece.side}_op"))
    return out


def markers() -> list[MarkerPlacement]:
    """20.0 H: turn 1, TAP 0, weather and air strikes (set by the first weather roll), the US
    initiative level 0 and the German -2 (3.4 C)."""
    out = [
        MarkerPlacement(marker="turn", track="turn", space=0),
        MarkerPlacement(marker="tap", track="tap", space=0),
        MarkerPlacement(marker="weather", track="weather", space=0),
        MarkerPlacement(marker="air_strike", track="air_strikes", space=0),
        MarkerPlacement(marker="initiative_us", track="initiative_us", space=2),
        MarkerPlacement(marker="initiative_de", track="initiative_de", space=0),
    ]
    return out


def build_scenarios(p: Builder) -> None:
    p.module.scenarios = {
        "st_lo": Scenario(
            name="St-Lô, 11-18 July 1944",
            description=("20.0-21.0: the US XIX Corps (29th, 35th and part of the 2nd Division) against the II "
                         "Fallschirmjäger Corps (3rd FJ and 352nd Divisions); eight turns, the US scores for depots "
                         "and the St-Lô area held with a LOC at the end."),
            last_turn=8, first_side="us", setup=placements(p), markers=markers(),
            victory_note="21.2: US VPs at the end of turn 8: 21+ Decisive US ... 5 or less Decisive German.",
        ),
    }
