"""pieces.json of St-Lô: sides, formations, unit types, the units, markers (2.2).

As the "Sides and types" grids and the OOB table of the editor hold them; the rows come
from ``oob`` with reconstructed values and setups marked with their clue.
"""

from __future__ import annotations

import oob
from build_board import Builder

from hexwright.runtime.model import (
    Formation,
    Marker,
    MarkerFace,
    MovementClass,
    Piece,
    Provenance,
    Restriction,
    Side,
    StepValues,
    UnitType,
)

VALUE_CLUE = ("reconstructed (counter values are not in the rulebook): by kind, kept to the examples (9.5 A: "
              "battalion 1/115 combat 11, German company 1/8 combat 2 anti-tank 2; 10.5.4: a US company combat 3; "
              "8.1 A: movement 3; 17.0 D: recon 4)")
MORALE_CLUE = "reconstructed: 6.2 A 'every HQ has a printed morale value of 6 or 7'; by division (oob.MORALE)"
ASSET_CLUE = ("reconstructed: 9.5 B gives M4 armor 5 and the German 75mm anti-tank 5; the other armor and "
              "anti-tank values are by weapon (oob.WEAPONS)")
COMMAND_RADIUS = 4
"""7.4.1 A: a path no more than four hexes long."""


def piece_id(div: str, designation: str) -> str:
    return f"{div}_" + designation.lower().replace("/", "_")


def hq_id(div: str, designation: str) -> str:
    return piece_id(div, designation) + "_hq"


def artillery_id(div: str, designation: str) -> str:
    return f"{div}_art_" + designation.lower().replace("/", "_")


def types(p: Builder) -> None:
    pc = p.module.pieces
    pc.sides = {sid: Side(name=name, short=short, color=color, text_color=text, map_edge=edge)  # type: ignore[arg-type]
                for sid, (name, short, color, text, edge) in oob.SIDES.items()}
    pc.formations = {}
    for fid, (name, side, echelon, parent, colour) in oob.FORMATIONS.items():
        pc.formations[fid] = Formation(name=name, side=side, echelon=echelon, parent=parent, color=colour)  # type: ignore[arg-type]
    for div, regiments in oob.REGIMENTS.items():
        side = oob.FORMATIONS[div][1]
        for reg in regiments:
            name = f"{reg}th Infantry Regiment" if side == "us" else f"Regiment {reg}"
            pc.formations[f"{div}_{reg}"] = Formation(name=name, side=side, echelon="regiment", parent=div)
    pc.movement_classes = {"foot": MovementClass(name="Movement action (8.1)"),
                           "strategic": MovementClass(name="Strategic movement (8.2)")}
    pc.unit_types = {
        "hq": UnitType(name="Battalion HQ", symbol="hq", movement_class="foot", abbreviation="HQ", is_hq=True,
                       exerts_zoc=False),
        "infantry": UnitType(name="Infantry (battalion or company)", symbol="infantry", movement_class="foot",
                             abbreviation="inf"),
        "recon": UnitType(name="Recon (RCN)", symbol="recon", movement_class="foot", abbreviation="RCN"),
        "asset_major": UnitType(name="Major asset", symbol="tank_destroyer", movement_class="foot",
                                abbreviation="maj", armored=True, exerts_zoc=False),
        "asset_minor": UnitType(name="Minor asset", symbol="assault_gun", movement_class="foot", abbreviation="min",
                                exerts_zoc=False),
        "asset_engineer": UnitType(name="Engineer asset", symbol="engineer", movement_class="foot",
                                   abbreviation="eng", exerts_zoc=False),
        "artillery": UnitType(name="Artillery", symbol="artillery", movement_class="foot", abbreviation="art",
                              exerts_zoc=False),
        "op": UnitType(name="Observation post (OP)", symbol="observation_post", movement_class="foot",
                       abbreviation="OP", exerts_zoc=False),
    }


def _infantry_steps(kind: str) -> list[StepValues]:
    full, reduced, movement = oob.VALUES[kind]
    out = [StepValues(label="full", combat=full[0], anti_tank=full[1], movement=movement)]
    if reduced is not None:
        out.append(StepValues(label="reduced", combat=reduced[0], anti_tank=reduced[1], movement=movement))
    return [s.model_copy(update={"provenance": Provenance(clue=VALUE_CLUE)}) for s in out]


def _regiment(div: str, designation: str) -> str | None:
    reg = designation.split("/")[-1].removesuffix("FJ")
    return f"{div}_{reg}" if reg in oob.REGIMENTS.get(div, []) else div


def _boundary(div: str, designation: str) -> list[Restriction]:
    """8.4: 2nd Division infantry may not enter or attack west of its boundary, the 35th's east of its
    own; 1/5FJ may never move west of the 2nd Division boundary (8.4.4)."""
    if designation == "1/5FJ":
        return [Restriction(kind="must_stay_in_area", area="east_of_2nd_boundary", section="8.4.4")]
    area = {"us_2": "east_of_2nd_boundary", "us_35": "west_of_35th_boundary"}.get(div)
    if area is None:
        return []
    return [Restriction(kind="must_stay_in_area", area=area, attacks=True, section="8.4.1-8.4.2")]


def battalions(p: Builder) -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    for div, designation, kind, setup in oob.BATTALIONS:
        side = oob.FORMATIONS[div][1]
        hq = hq_id(div, designation)
        reinforcement = setup == "R"
        pieces[hq] = Piece(side=side, designation=designation, unit_type="hq", size="II", formation=_regiment(div, designation),
                           steps=[StepValues(label="IA", morale=oob.MORALE[div], command_range=COMMAND_RADIUS,
                                             movement=0, provenance=Provenance(clue=MORALE_CLUE))],
                           setup="R" if reinforcement else "DD",
                           note="Inactive (IA) side up; the Attempted Activation (AA) side is the status "
                                "'attempted' (6.4)" + ("; R: reinforcement HQ (2.2.1 C)" if reinforcement else ""))
        clue = oob.CUT_OFF.get(designation) if designation not in oob.COMPANIES else None
        pieces[piece_id(div, designation)] = Piece(
            side=side, designation=designation, unit_type="infantry", size="II", formation=_regiment(div, designation),
            hq=hq, steps=_infantry_steps(kind), setup=setup, restrictions=_boundary(div, designation),
            provenance=Provenance(clue=f"setup {setup}: {clue}") if clue else None)
        hexes = oob.COMPANIES.get(designation)
        if hexes:
            co_kind = "us_co" if side == "us" else "de_co"
            for n, where in enumerate(hexes, start=1):
                cut = oob.CUT_OFF.get(designation)
                printed = n <= _printed_companies(designation)
                pieces[f"{piece_id(div, designation)}_c{n}"] = Piece(
                    side=side, designation=designation, unit_type="infantry", size="I",
                    formation=_regiment(div, designation), hq=hq, steps=_infantry_steps(co_kind), setup=where,
                    restrictions=_boundary(div, designation), note="company (C), printed designation (2.2.3 A)",
                    provenance=None if printed or cut is None else Provenance(clue=f"setup {where}: {cut}"))
    return pieces


def _printed_companies(designation: str) -> int:
    """How many of a DD battalion's companies the section 20 text prints (the rest are cut off)."""
    return {"2/320": 3, "3/115": 3, "2/9": 3, "3/8": 2, "1/897": 2, "1/916": 2, "1/115": 1, "2/115": 1,
            "1/8": 1}.get(designation, 0)


def others(p: Builder) -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    counts: dict[str, int] = {}
    for div, where in oob.RECON:
        counts[div] = counts.get(div, 0) + 1
        pid = f"{div}_rcn_{counts[div]}"
        clue = oob.CUT_OFF.get(pid)
        pieces[pid] = Piece(side="us", designation="RCN", unit_type="recon", size="•••", formation=div,
                            steps=_infantry_steps("rcn"), setup=where,
                            provenance=Provenance(clue=f"setup {where}: {clue}") if clue else None)
    for side, (corps, n) in oob.SUBSTITUTES.items():
        co_kind = "us_co" if side == "us" else "de_co"
        for i in range(1, n + 1):
            pieces[f"{side}_sub_{i}"] = Piece(side=side, designation=f"SUB {i}", unit_type="infantry", size="I",
                                              formation=corps, steps=_infantry_steps(co_kind), setup="DD",
                                              note="substitute company: takes the designation of the battalion it "
                                                   "replaces (12.2.2)")
    for div, rows in oob.ASSETS.items():
        side = oob.FORMATIONS[div][1]
        for aid, designation, weapon, kind in rows:
            armor, anti_tank = oob.WEAPONS[weapon]
            pieces[f"{div}_{aid}"] = Piece(
                side=side, designation=designation, unit_type=f"asset_{kind}", size="", formation=div,
                steps=[StepValues(label=weapon, armor=armor, anti_tank=anti_tank,
                                  provenance=Provenance(clue=ASSET_CLUE)),
                       StepValues(label="To Division")],
                setup="DD", note=f"{weapon}; reverse: To Division (2.2.4)")
    for div, designation, support, defensive, long_range, missions, setup in oob.ARTILLERY:
        side = oob.FORMATIONS[div][1]
        pid = artillery_id(div, designation)
        # 10.4, 10.4.1: a numeric regimental designation puts the unit in its regiment (on-call and
        # defensive fire with that regiment's units); GS and corps artillery stay with their formation
        pieces[pid] = Piece(side=side, designation=designation, unit_type="artillery", size="II",
                            formation=_regiment(div, designation),
                            steps=[StepValues(label="organized", support=support, defensive=defensive,
                                              long_range=long_range, fire_missions=missions,
                                              provenance=Provenance(clue=oob.ARTILLERY_CLUE))],
                            setup=setup or "DD", note="on the Artillery Display only (2.2.5)")
    for div in oob.DIVISION_OP:
        side = oob.FORMATIONS[div][1]
        pieces[f"{div}_op"] = Piece(side=side, designation="OP", unit_type="op", formation=div,
                                    steps=[StepValues(label="OP")], setup="DD", note="2.2.6, 11.1")
    return pieces


def markers(p: Builder) -> None:
    face = MarkerFace
    p.module.pieces.markers = {
        "turn": Marker(name="Turn Record", kind="turn", faces=[face(text="TURN")]),
        "weather": Marker(name="Weather", kind="weather", faces=[face(text="WX", color="#cfe0f0")]),
        "air_strike": Marker(name="Air Strikes", kind="track", side="us", faces=[face(text="AIR", color="#9fc0e8")]),
        "initiative_us": Marker(name="US Initiative Level", kind="track", side="us", faces=[face(text="INIT US")]),
        "initiative_de": Marker(name="German Initiative Level", kind="track", side="de", faces=[face(text="INIT DE")]),
        "tap": Marker(name="Tactical Action Points", kind="track", faces=[face(text="TAP", color="#f0d060")]),
        "entrenchment": Marker(name="Improved Position / Strongpoint", kind="status",
                               faces=[face(text="IP", color="#c8b48a"), face(text="SP", color="#8a7050",
                                                                                   text_color="#ffffff")], count=30),
        "pin": Marker(name="Pin / Disruption", kind="status",
                      faces=[face(text="PIN", color="#f0e040"), face(text="DIS", color="#e06030")], count=30),
        **{f"morale_{n}": Marker(name=f"Morale {n}", kind="status", faces=[face(text=str(n), color="#ffffff")],
                                 count=12) for n in range(1, 7)},
    }


def build_pieces(p: Builder) -> None:
    types(p)
    p.module.pieces.pieces = {**battalions(p), **others(p)}
    markers(p)
