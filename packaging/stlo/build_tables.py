"""tables.json of St-Lô: the TEC, the CRT by terrain line, the Tactical Actions Chart, the
Reinforcement Chart, the Weather / Air Strike Table, the Armor Superiority Chart, the turn
track and victory (7.0, 8.0, 9.2-9.4, 3.3, 18.0, 21.0).

The charts are not printed in the rulebook: every value the text does not state is
reconstructed and marked (``provenance`` or ``reconstructed_cells``) with its clue.
"""

from __future__ import annotations

import oob
from build_board import Builder

from hexwright.runtime.model import (
    CellProvenance,
    CombatEffect,
    CombatResultsTable,
    CrtColumn,
    LookupRow,
    LookupTable,
    Provenance,
    ResultCode,
    ResultEffect,
    TablesData,
    TerrainEffects,
    Turn,
    TurnTrack,
    Victory,
    VictoryLevel,
    VpRule,
)

TEC_CLUE = ("reconstructed (no Terrain Effects Chart in the rulebook): 8.1 B-D (1 MP a hex, +1 across a stream, "
            "roads only in strategic movement), 8.2 C (1/3 MP along a road, ignoring the hex and the stream), "
            "2.1.1 (every hex woods or hedgerow), 9.2.1 (the CRT line by the defender's terrain; 9.5 C: a village "
            "line), 13.2 (permanent entrenchments: German only, as IP -1 / SP -2, 9.4.4); the Vire is crossed only by "
            "its bridges (no rule lets infantry ford it; 18.0 Design Note: 'only a limited number of crossing "
            "sites')")

LINES = [("city", "St-Lô", 4), ("village", "Village", 2), ("woods", "Woods", 1), ("hedgerow", "Hedgerow", 0)]
"""9.2.1: the CRT's terrain lines, top (most favourable to the defender, C) first, with the
offset the reconstruction subtracts from the score of each cell."""
COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]
ROWS = list(range(-1, 12))
"""Modified rolls: a die 1-6 with DRMs capped at -2 and +5 (9.4.5)."""
BANDS = [(1, "A3"), (4, "A2"), (7, "A1"), (9, "D1"), (11, "D2"), (13, "D3"), (14, "D4"), (15, "D5"), (16, "D6")]


def terrain_effects() -> TerrainEffects:
    other = {"*": "other"}
    road = {"foot": "other", "strategic": "1/3"}
    return TerrainEffects(
        terrain={key: {"*": "1"} for key in ("hedgerow", "woods", "village", "city")},
        features={key: dict(other) for key in ("steeple", "cathedral", "depot", "improved_position", "strongpoint")},
        hexsides={"stream": {"*": "+1"}, "river": {"*": "prohibited"}},
        connections={"road": road, "minor_road": road},
        combat={
            "city": CombatEffect(crt_line="city", note="9.2.1: the St-Lô line"),
            "village": CombatEffect(crt_line="village", note="9.2.1; 9.5 C: 'the 5-1 ratio on the village line'"),
            "woods": CombatEffect(crt_line="woods", note="9.2.1"),
            "hedgerow": CombatEffect(crt_line="hedgerow", note="9.2.1: every other hex (2.1.1)"),
            "improved_position": CombatEffect(drm=-1, drm_group="entrenchment", note="13.2.1: German units only, as an Improved Position "
                                                           "(9.4.4)"),
            "strongpoint": CombatEffect(drm=-2, drm_group="entrenchment", note="13.2.1: German units only, as a Strongpoint (9.4.4)"),
        },
        section="8.1-8.2, 9.2.1, 9.4.4, 13.2", provenance=Provenance(clue=TEC_CLUE),
    )


def _code(score: int) -> str:
    for top, code in BANDS:
        if score <= top:
            return code
    return "D7"


def crt_line(line: str, name: str, offset: int) -> CombatResultsTable:
    """One terrain line of the CRT (9.2): odds columns, modified rolls -1..11, A/D results."""
    cells = [[_code(roll + c - offset) for c in range(len(COLUMNS))] for roll in ROWS]
    codes = sorted({c for row in cells for c in row} | {"D1"})
    results = {c: ResultCode(name=c, effects=[ResultEffect(who="attacker" if c[0] == "A" else "defender",
                                                            what="step_loss", amount=int(c[1:]))],
                             description=f"{'attacker' if c[0] == 'A' else 'defender'} loses {c[1:]} step(s) (9.2.2)")
               for c in codes}
    columns = [CrtColumn(label="1-2", min="1/2", max="1/2")]
    columns += [CrtColumn(label=lab, min=lab.split("-")[0], max=lab.split("-")[0]) for lab in COLUMNS[1:-1]]
    columns.append(CrtColumn(label="7-1", min="7"))
    clue = (f"reconstructed: the CRT is not in the rulebook; {name} line built so that the CRT is 'heavily weighted "
            "in favour of the defender' (13.0 Design Note), results a letter and 1-7 steps (9.2.2)")
    marked = []
    for roll in ROWS:
        for col in COLUMNS:
            if line == "village" and col == "5-1" and roll == 6:
                marked.append(CellProvenance(row=roll, column=col, clue="9.5 C: 6 on the 5-1 ratio, village line: D1"))
            else:
                marked.append(CellProvenance(row=roll, column=col, clue=clue))
    return CombatResultsTable(name=f"Combat Results Table: {name} line", kind="odds", columns=columns, rows=ROWS,
                              cells=cells, results=results, rounding="defender", section="9.2, 9.2.8",
                              reconstructed_cells=marked)


def tactical_actions() -> LookupTable:
    rows = [
        ("Movement", "1", "3", "2", "yes", "7.0, 8.1"),
        ("Strategic Movement", "all", "prohibited", "prohibited", "no", "7.1.2, 8.2"),
        ("Hasty Attack", "1", "3", "2", "yes", "9.0"),
        ("Deliberate Attack", "2", "prohibited", "prohibited", "no", "9.0 B, 9.4.4"),
        ("Intensive Attack", "3", "prohibited", "prohibited", "no", "9.0 B, 9.4.4"),
        ("Recovery", "1", "3", "2", "yes", "14.3"),
        ("Reorganization", "1", "3", "2", "yes", "12.0"),
        ("Entrenching", "all", "prohibited", "prohibited", "yes", "7.1.2, 13.1"),
    ]
    marked = [CellProvenance(row=i, column="TAPs", clue="reconstructed: 9.0 B 'the Deliberate and Intensive Actions "
                                                         "cost more TAPs' (2 and 3); the DRMs +1 / +2 are 9.4.4's")
              for i in (3, 4)]
    return LookupTable(name="Tactical Actions Chart", key_label="action",
                       columns=["TAPs", "HQ without LOC (7.3.2)", "Battalion out of command (7.4.2)",
                                "Companies may take part (7.5.1)", "Section"],
                       rows=[LookupRow(key=k, cells=list(v)) for k, *v in rows], section="7.0-7.5",
                       reconstructed_cells=marked)


def reinforcement_chart() -> LookupTable:
    rows = []
    for side, order, at_most, from_turn, units, hexes in oob.ARRIVALS:
        roll = "automatic, the turn after group 1" if at_most == 6 else f"1-{at_most}" + (
            f" from turn {from_turn}" if from_turn > 1 else "")
        names = [f"{u} and its HQ" for u in units] + [f"artillery {a}" for a in oob.ARRIVAL_ARTILLERY.get((side, order), [])]
        rows.append(LookupRow(key=f"{side.upper()} {order}",
                              cells=[roll, ", ".join(names), ", ".join(hexes) or "Artillery Display"]))
    return LookupTable(name="Reinforcement Chart", dice="1d6", key_label="side / group",
                       columns=["Roll", "Units", "Entry hexes"], rows=rows, section="18.0",
                       provenance=Provenance(clue=oob.ARRIVAL_CLUE))


def weather_table() -> LookupTable:
    rows = [("1", "clear", "3"), ("2", "clear", "2"), ("3", "cloudy", "1"), ("4", "cloudy", "1"),
            ("5", "rain", "0"), ("6", "rain", "0")]
    clue = ("reconstructed: the Weather Table is not in the rulebook; 3.3 gives its shape (one US roll: clear, "
            "cloudy or rain and the number of air strikes) and 16.0 B the US DRMs (+1 cloudy, +2 clear); July 1944 "
            "in Normandy was mostly overcast and wet (25.1)")
    return LookupTable(name="Weather / Air Strike Table", dice="1d6", key_label="die roll",
                       columns=["Weather", "Air strikes"], rows=[LookupRow(key=k, cells=[w, a]) for k, w, a in rows],
                       section="3.3, 15.0", provenance=Provenance(clue=clue))


def armor_superiority() -> LookupTable:
    """9.4.1 G: the chart beside the CRT, every cell from the text of 9.4.1 C-F."""
    rows = [("+2 or more", "half the differential, fractions dropped", "none"),
            ("-2 to +1", "none", "none"),
            ("-3 to -6", "none", "one asset with a positive armor value"),
            ("-7 or less", "none", "two assets with positive armor values")]
    return LookupTable(name="Armor Superiority Chart", dice="1d6", key_label="armor differential",
                       columns=["Attacker DRM", "Attacker eliminates"],
                       rows=[LookupRow(key=k, cells=[d, e]) for k, d, e in rows], section="9.4.1")


def turn_track() -> TurnTrack:
    minimum = {1: 12, 2: 8}
    return TurnTrack(turns=[Turn(number=n, label=str(n), date=f"{10 + n} July 1944",
                                 data={"min_operations": minimum.get(n, 0)},
                                 note="3.2.6: at least 12 / 8 Operations Phases" if n in minimum else "")
                            for n in range(1, 9)])


def depots(p: Builder) -> tuple[list[str], list[str]]:
    """German depot hexes of the map: special (21.1.1 A: 2626, 2727, 2927) and ordinary."""
    special, ordinary = [], []
    for label, data in sorted(p.module.map.hexes.items()):
        if any(f.type == "depot" and f.side == "de" for f in data.features):
            (special if label in ("2626", "2727", "2927") else ordinary).append(label)
    return special, ordinary


def victory(p: Builder) -> Victory:
    special, ordinary = depots(p)
    occupants = ["infantry", "recon"]
    rules = [
        VpRule(side="us", kind="control_hex", points=2, per="once", trace="loc",
               params={"hexes": special, "occupied_by": occupants},
               description="2 VP for each special depot hex occupied by a US infantry or recon unit tracing a LOC",
               section="21.1.1"),
        VpRule(side="us", kind="control_hex", points=8, per="once", trace="loc",
               params={"area": "st_lo_vp", "occupied_by": occupants},
               description="8 VP (at most) for a US infantry or recon unit tracing a LOC in the St-Lô VP Area",
               section="21.1.2"),
    ]
    if ordinary:
        rules.insert(1, VpRule(side="us", kind="control_hex", points=1, per="once", trace="loc",
                               params={"hexes": ordinary, "occupied_by": occupants},
                               description="1 VP for each ordinary depot hex occupied by a US infantry or recon unit "
                                           "tracing a LOC", section="21.1.1"))
    levels = [
        VictoryLevel(name="Decisive US", side="us", min_total=21),
        VictoryLevel(name="Substantial US", side="us", min_total=16, max_total=20),
        VictoryLevel(name="Marginal US", side="us", min_total=11, max_total=15),
        VictoryLevel(name="Marginal German", side="us", min_total=8, max_total=10, winner="de"),
        VictoryLevel(name="Substantial German", side="us", min_total=6, max_total=7, winner="de"),
        VictoryLevel(name="Decisive German", side="us", max_total=5, winner="de"),
    ]
    return Victory(rules=rules, levels=levels, basis="total",
                   note="21.0: only the US scores, at the end of the eighth turn")


def build_tables(p: Builder) -> None:
    crts = {f"crt_{line}": crt_line(line, name, offset) for line, name, offset in LINES}
    p.module.tables = TablesData(
        terrain_effects=terrain_effects(), crts=crts,
        lookups={"tactical_actions": tactical_actions(), "reinforcements": reinforcement_chart(),
                 "weather": weather_table(), "armor_superiority": armor_superiority()},
        turn_track=turn_track(), victory=victory(p))
