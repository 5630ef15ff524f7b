"""The three scenarios of Traces of Victory (14.1-14.3) and the setup they share (3.0, 12.1).

As the scenario editor holds them: placements from each counter's setup code (a hex, Metz,
GT#, Act1-3, Res; 3.1), stacks kept within 5.0 (two combat units and one HQ), forces and
chits removed, map limits, the restrictions of 12.1 and the conditions of 3.2.
"""

from __future__ import annotations

from build_map import Painter

from hexwright.runtime.model import MarkerPlacement, Placement, Reinforcement, Scenario

GT_BOX = {f"GT{t}": f"de_gt{t}" for t in (2, 3, 5, 7, 9)}
REMOVED_CHITS = {
    "patton": ["us_vi_1", "us_vi_2", "us_xv_1", "de_iv_lwf_1", "de_lxiv_1", "de_lxiv_2", "de_lxxxix_1", "de_lxxxix_2"],
    "patch": ["us_xii_1", "us_xx_1", "us_xx_2", "de_xiii_ss_1", "de_xiii_ss_2", "de_lxxxii_1", "de_lxxxii_2"],
    "combined": [],
}
FORCES = {
    "patton": {"us_3rd", "de_1st", "de_okw"},
    "patch": {"us_7th", "de_19th", "de_okw"},
    "combined": {"us_3rd", "us_7th", "de_1st", "de_19th", "de_okw"},
}


def army_of(p: Painter, pid: str) -> str:
    forms = p.module.pieces.formations
    f = p.module.pieces.pieces[pid].formation
    while f is not None and forms[f].echelon != "army":
        f = forms[f].parent
    assert f is not None, pid
    return f


def within_limits(p: Painter, pid: str, label: str) -> bool:
    """A unit of a scenario with map limits sets up inside them (14.1 rows 01-29, 14.2 columns 09-25)."""
    army = army_of(p, pid)
    if army in ("us_7th", "de_19th"):
        return int(label[2:]) >= 9
    if army in ("us_3rd", "de_1st"):
        return int(label[:2]) <= 29
    return True


def resolved_hexes(p: Painter) -> dict[str, str]:
    """Each counter's setup hex, moved to the nearest hex with room where its printed hex is
    full (5.0: two combat units and one HQ); Metz units spread over Metz's hexes."""
    pieces = p.module.pieces.pieces
    grid = p.proj.grid
    combat: dict[str, int] = {}
    hq: set[str] = set()
    side_at: dict[str, str] = {}
    out: dict[str, str] = {}
    metz = sorted(p.m.areas["metz"].hexes, key=lambda lb: (lb != "1402", lb))
    for pid, piece in pieces.items():
        code = piece.setup
        is_hq = p.module.pieces.unit_types[piece.unit_type].is_hq
        if code == "Metz":
            candidates = metz
        elif code and code[0].isdigit():
            start = p.names.hex_of(code)
            ring = sorted(grid.within(start, 4), key=lambda h: (grid.distance(start, h), h))
            candidates = [p.label(h) for h in ring if grid.contains(h) and within_limits(p, pid, p.label(h))]
        else:
            continue
        for label in candidates:
            if side_at.get(label, piece.side) != piece.side:
                continue
            if (is_hq and label not in hq) or (not is_hq and combat.get(label, 0) < (1 if code == "Metz" else 2)):
                break
        else:
            raise ValueError(f"no room to set up {pid} near {code}")
        side_at[label] = piece.side
        if is_hq:
            hq.add(label)
        else:
            combat[label] = combat.get(label, 0) + 1
        out[pid] = label
    return out


def scenario(p: Painter, sid: str, name: str, description: str, hexes: dict[str, str]) -> Scenario:
    forces = FORCES[sid]
    pieces = p.module.pieces.pieces
    setup: list[Placement] = []
    reinforcements: list[Reinforcement] = []
    removed: list[str] = []
    for pid, piece in pieces.items():
        reinforcement = army_of(p, pid) == "de_okw"
        if army_of(p, pid) not in forces or (sid == "patton" and pid.startswith("de_21pz")) or \
                (sid == "patch" and reinforcement and not pid.startswith("de_21pz")):  # 14.2: only the 21st
            removed.append(pid)
            continue
        code = piece.setup
        if pid in hexes:
            setup.append(Placement(piece=pid, hex=hexes[pid]))
        elif code in GT_BOX:
            reinforcements.append(Reinforcement(piece=pid, turn=int(code[2:]), box=GT_BOX[code]))
        elif code.startswith("Act"):
            army = "3rd" if army_of(p, pid) == "us_3rd" else "7th"
            setup.append(Placement(piece=pid, box=f"us_{army}_act{code[3:]}"))
        elif code == "Res":
            setup.append(Placement(piece=pid, box="us_reserve"))
    markers = [
        MarkerPlacement(marker="turn", track="turn", space=0),
        MarkerPlacement(marker="mud", track="turn", space=0),
        MarkerPlacement(marker="vp1", track="vp", space=30),
        MarkerPlacement(marker="weather", track="weather", space=3),
        *[MarkerPlacement(marker="air", box="air_used") for _ in range(4)],
    ]
    restricted = [pid for pid in pieces if pid not in removed and any(r.kind == "no_move_before_turn"
                                                                      for r in pieces[pid].restrictions)]
    for label in sorted({hexes[pid] for pid in restricted if pid in hexes}):
        markers.append(MarkerPlacement(marker="restricted", hex=label))
    limits = {"patton": "patton_limits", "patch": "patch_limits"}.get(sid)
    return Scenario(
        name=name, description=description, last_turn=12, first_side="us", setup=setup, markers=markers,
        reinforcements=reinforcements, removed_pieces=sorted(removed), removed_chits=REMOVED_CHITS[sid],
        map_limits=limits, conditions={"weather": "heavy_overcast"}, lasting={"mud": 1},
        pool_multipliers={"air": "1/2"} if sid in ("patton", "patch") else {},  # 14.1, 14.2: half, rounded up
        victory_note={
            "patton": "14.1: the Allies must capture and hold Metz and Saarbrücken by the end; otherwise 13.1.",
            "patch": "14.2: the Allies must capture and hold Strasbourg and the Saverne Pass (2217) by the end; "
                     "otherwise 13.1.",
            "combined": "14.3: a major US victory if the Allies capture all hexes of Metz, Saarbrücken, Strasbourg "
                        "and the Saverne Pass (2217); otherwise 13.1.",
        }[sid],
    )


def build_scenarios(p: Painter) -> None:
    hexes = resolved_hexes(p)
    for pid, label in hexes.items():  # the counters' printed setup hexes, with room made (3.1)
        piece = p.module.pieces.pieces[pid]
        if piece.setup and piece.setup[0].isdigit():
            p.module.pieces.pieces[pid] = piece.model_copy(update={"setup": label})
    p.module.scenarios = {
        "patton": scenario(p, "patton", "Patton's Assault",
                           "14.1: the Third Army against the German 1st Army (XIII SS, LXXXII Corps, 361st VG), "
                           "north of hex row 3000.", hexes),
        "patch": scenario(p, "patch", "Patch's Advance",
                          "14.2: the Seventh Army against the German 19th Army (IV LWF, LXIV, LXXXIX Corps), east of "
                          "the line 1008-3608.", hexes),
        "combined": scenario(p, "combined", "Combined Assault", "14.3: all units, all rules, the whole map.", hexes),
    }

