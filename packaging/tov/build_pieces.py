"""pieces.json of Traces of Victory: formations, unit types, the units, markers and chits.

As the "Sides and types" grids and the OOB table of the editor hold them; the rows come
from ``oob`` (the historical order of battle) with reconstructed values marked.
"""

from __future__ import annotations

import oob
from build_map import Painter

from hexwright.runtime.model import (
    Chit,
    Formation,
    Marker,
    MarkerFace,
    MovementClass,
    Piece,
    Provenance,
    Restriction,
    StepValues,
    UnitType,
)

VALUE_CLUE = ("reconstructed (counter values are not in the rulebook): by unit type, kept consistent with the "
              "examples (9.2: German infantry 4 MP; 10: 20 attack points against 5; 12.2: command range 6)")


def types(p: Painter) -> None:
    pc = p.module.pieces
    pc.movement_classes = {"foot": MovementClass(name="Non-mechanized"), "mech": MovementClass(name="Mechanized"),
                           "rail": MovementClass(name="Rail (11.2: German reinforcements, along rail lines)")}
    pc.unit_types = {
        "infantry": UnitType(name="Infantry", symbol="infantry", movement_class="foot", abbreviation="inf"),
        "armor": UnitType(name="Armor / Panzer", symbol="armor", movement_class="mech", abbreviation="arm",
                          armored=True),
        "mech_infantry": UnitType(name="Mechanized infantry / Panzergrenadier", symbol="mechanized_infantry",
                                  movement_class="mech", abbreviation="pg"),
        "armored_cavalry": UnitType(name="Armored cavalry", symbol="armored_cavalry", movement_class="mech",
                                    abbreviation="cav"),
        "hq": UnitType(name="Corps HQ", symbol="hq", movement_class="mech", abbreviation="HQ", is_hq=True),
    }
    pc.formations = {}
    for army, (name, side) in oob.ARMIES.items():
        pc.formations[army] = Formation(name=name, side=side, echelon="army")
    for corps, (name, army, colour, _where) in oob.CORPS.items():
        pc.formations[corps] = Formation(name=name, side=oob.ARMIES[army][1], echelon="corps", parent=army,
                                         color=colour)
    for div, (name, parent, _kind, _units) in oob.DIVISIONS.items():
        side = div.split("_")[0].replace("fr", "us")
        pc.formations[div] = Formation(name=name, side=side, echelon="division", parent=parent)


def _steps(kind: str, command_range: int | None = None) -> tuple[list[StepValues], str, str, int]:
    steps, movement, unit_type, _size = oob.VALUES[kind]
    mech = unit_type in ("armor", "mech_infantry", "armored_cavalry")
    out = []
    for i, (a, d) in enumerate(steps):
        label = "full" if i == 0 else "reduced"
        if mech:
            sv = StepValues(label=label, attack=a, defense=d, movement=movement)
        else:
            sv = StepValues(label=label, combat=a, movement=movement, command_range=command_range)
        out.append(sv.model_copy(update={"provenance": Provenance(clue=VALUE_CLUE)}))
    return out, unit_type, _size, movement


def setup_code(p: Painter, where: oob.Where) -> str:
    if isinstance(where, str):
        return where
    return p.label(p.proj.hex_at(where))


def units(p: Painter) -> None:
    pc = p.module.pieces
    pieces: dict[str, Piece] = {}
    hq_of: dict[str, str] = {}
    for corps, (name, army, _colour, where) in oob.CORPS.items():
        side = oob.ARMIES[army][1]
        steps, unit_type, size, _mv = _steps(f"{side}_hq", oob.COMMAND_RANGE)
        pid = f"{corps}_hq"
        hq_of[corps] = pid
        pieces[pid] = Piece(side=side, designation=f"{name.split()[0]} {name.split()[1]}".replace(" Corps", ""),
                            unit_type=unit_type, size=size, formation=corps, steps=steps,  # type: ignore[arg-type]
                            setup=setup_code(p, where), provenance=Provenance(clue=VALUE_CLUE))
    for div, (_name, parent, kind, rows) in oob.DIVISIONS.items():
        side = div.split("_")[0].replace("fr", "us")
        for uid, designation, where in rows:
            pid = f"{div}_{uid}"
            k = "de_pz" if pid in oob.PANZER else kind
            steps, unit_type, size, _mv = _steps(k)
            restrictions = []
            if div in oob.RESTRICTED:
                restrictions.append(Restriction(kind="no_move_before_turn", turn=4, section="12.1"))
            if where == "Metz":
                restrictions.append(Restriction(kind="must_stay_in_area", area="metz", section="12.7",
                                                until_retreated_out=True,
                                                note="until a combat result drives it from Metz"))
            hq = hq_of.get(parent)
            pieces[pid] = Piece(side=side, designation=designation, unit_type=unit_type, size=size,  # type: ignore[arg-type]
                                formation=div, hq=hq, steps=steps, setup=setup_code(p, where),
                                restrictions=restrictions)
    pc.pieces = pieces


def markers_and_chits(p: Painter) -> None:
    pc = p.module.pieces
    pc.markers = {
        "turn": Marker(name="Game Turn", kind="turn", faces=[MarkerFace(text="TURN")]),
        "weather": Marker(name="Weather", kind="weather", faces=[MarkerFace(text="WX")]),
        "mud": Marker(name="Mud", kind="weather", faces=[MarkerFace(text="MUD", color="#8a6a40")], count=2),
        "vp1": Marker(name="Allied VP ×1", kind="victory_points", side="us",
                      faces=[MarkerFace(text="VP×1"), MarkerFace(text="VP×-1")]),
        "vp10": Marker(name="Allied VP ×10", kind="victory_points", side="us",
                       faces=[MarkerFace(text="VP×10"), MarkerFace(text="VP×-10")]),
        "air": Marker(name="Allied Air", kind="other", side="us", faces=[MarkerFace(text="AIR", color="#9fc0e8")],
                      count=4),
        "allied_control": Marker(name="Allied Control", kind="control", side="us",
                                 faces=[MarkerFace(text="US", color="#6f8f3a")], count=6),
        "out_of_supply": Marker(name="Out of Supply", kind="status", faces=[MarkerFace(text="OOS", color="#f0e040")],
                                count=20),
        "hq_start_us": Marker(name="HQ Movement Starting Point", kind="other", side="us",
                              faces=[MarkerFace(text="HQ START")]),
        "hq_start_de": Marker(name="HQ Movement Starting Point", kind="other", side="de",
                              faces=[MarkerFace(text="HQ START")]),
        "restricted": Marker(name="Restricted until Turn 4", kind="status", faces=[MarkerFace(text="T4")], count=6,
                             until_turn=4),
    }
    chits: dict[str, Chit] = {}
    command = {"us": [("us_vi", 2), ("us_xv", 1), ("us_xx", 2), ("us_xii", 1)],
               "de": [("de_iv_lwf", 1), ("de_lxiv", 2), ("de_lxxxix", 2), ("de_xiii_ss", 2), ("de_lxxxii", 2)]}
    for side, rows in command.items():
        for corps, n in rows:
            for i in range(1, n + 1):
                chits[f"{corps}_{i}"] = Chit(name=f"{oob.CORPS[corps][0]} {i}", side=side, kind="command",
                                             activates=[f"{corps}_hq"], face=MarkerFace(text=oob.CORPS[corps][0]))
    chits["de_reinforcement"] = Chit(name="German Reinforcement", side="de", kind="reinforcement",
                                     face=MarkerFace(text="REINF"))
    chits["ob_west"] = Chit(name="OB West", side="de", kind="event", face=MarkerFace(text="OB WEST"))
    chits["us_reserve"] = Chit(name="US Reserve", side="us", kind="reinforcement", face=MarkerFace(text="US RES"))
    chits["shaef"] = Chit(name="SHAEF", side="us", kind="event", face=MarkerFace(text="SHAEF"))
    chits["supply"] = Chit(name="Supply", kind="supply", face=MarkerFace(text="SUPPLY"))
    pc.chits = chits


def build_pieces(p: Painter) -> None:
    types(p)
    units(p)
    markers_and_chits(p)

