"""tables.json of Traces of Victory: terrain effects, the CRT, the Weather/Air Unit Table,
the turn track and victory points (2.6, 4.1, 9.1, 10, 13). The charts are not printed in the
rulebook: every value the text does not state is reconstructed and its cells marked."""

from __future__ import annotations

from build_map import Painter

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
    WeatherCosts,
)
from hexwright.runtime.model.tables import FormationsDestroyed, SuddenDeath, UnitsInArea

TEC_CLUE = ("reconstructed (no Terrain Effects Chart in the rulebook): 9.1 gives roads (1 MP, mechanized 1/2), "
            "unbridged streams and canals (+1), 9.2 unbridged rivers (no crossing); 2.1 and 9.1 a railroad across a "
            "stream or river bridges it ('the MP costs for crossing ... are negated'), so for normal movement a "
            "railroad is a bridge with no rate of its own (the hex entered is paid); 10 Combat Example gives Rough "
            "one column left and halving across a stream; 12.3-12.6 the fortifications; 11.2 rail movement "
            "'exclusively along rail lines' (the rail class: 1 a hex along a railroad, no hex entered otherwise); "
            "the rest is plausible")

COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1", "10+"]
CELLS = [  # rows: die 1..6; '*' = the attacker's casualty roll (10.3)
    ["A1*", "A1", "A1*", "-*", "R*", "1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR"],
    ["A1", "-", "-*", "R*", "1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR", "3RR*"],
    ["-", "-*", "R*", "1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR", "3RR*", "3RR"],
    ["-", "R*", "1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR", "3RR*", "3RR", "E"],
    ["R*", "1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR", "3RR*", "3RR", "3RR", "E"],
    ["1R*", "1RR*", "1RR", "2R*", "2RR*", "2RR", "2RR", "3RR", "3RR", "E", "E"],
]


def terrain_effects() -> TerrainEffects:
    mud = WeatherCosts(terrain={
        "clear": {"foot": "1", "mech": "2"}, "woods": {"foot": "3", "mech": "4"},
        "rough": {"foot": "3", "mech": "4"}, "mountain": {"foot": "4", "mech": "all"},
        "marsh": {"foot": "3", "mech": "all"},
    })
    other = {"*": "other"}
    return TerrainEffects(
        terrain={  # the rail class (11.2 rail movement) enters a hex only along a railroad
            "clear": {"*": "1", "rail": "prohibited"}, "woods": {"foot": "2", "mech": "3", "rail": "prohibited"},
            "rough": {"foot": "2", "mech": "3", "rail": "prohibited"},
            "mountain": {"foot": "3", "mech": "4", "rail": "prohibited"},
            "marsh": {"foot": "2", "mech": "3", "rail": "prohibited"},
        },
        features=dict.fromkeys(("major_city", "city", "town", "fortification", "maginot", "siegfried",
                                "supply_source", "pass", "objective"), other),
        hexsides={"stream": {"*": "+1"}, "canal": {"*": "+1"}, "river": {"*": "prohibited"},
                  "rhine": {"*": "prohibited"}},
        connections={"road": {"foot": "1", "mech": "1/2"}, "railroad": {"*": "bridge", "rail": "1"}},
        weather={"mud": mud},
        combat={
            "woods": CombatEffect(shift=-1), "rough": CombatEffect(shift=-1, note="10 Combat Example"),
            "mountain": CombatEffect(shift=-2), "marsh": CombatEffect(shift=-1),
            "town": CombatEffect(shift=0), "city": CombatEffect(shift=-1), "major_city": CombatEffect(shift=-1),
            "fortification": CombatEffect(defense_multiplier="3", note="12.4 Metz ×3 (×4 across rivers only)"),
            "maginot": CombatEffect(shift=-1, note="12.5"),
            "siegfried": CombatEffect(defense_multiplier="2", note="12.6"),
        },
        hexside_combat={
            "river": CombatEffect(attack_multiplier="1/2", note="10.2"),
            "stream": CombatEffect(attack_multiplier="1/2", note="10 Combat Example: C and D halved across a stream"),
            "canal": CombatEffect(attack_multiplier="1/2", note="as a stream"),
        },
        shift_mode="cumulative",
        section="9.1, 10.2.2, 12.3-12.6",
        provenance=Provenance(clue=TEC_CLUE),
    )


def crt() -> CombatResultsTable:
    def codes(code: str) -> list[ResultEffect]:
        out = []
        body = code.rstrip("*")
        if body.startswith("A"):
            out.append(ResultEffect(who="attacker", what="step_loss", amount=int(body[1:])))
        elif body == "E":
            out.append(ResultEffect(who="defender", what="eliminate"))
        elif body != "-":
            digits = body.rstrip("R")
            retreat = len(body) - len(digits)
            if digits:
                out.append(ResultEffect(who="defender", what="step_loss", amount=int(digits)))
            if retreat:
                out.append(ResultEffect(who="defender", what="retreat", amount=retreat))
        if body == "E" or body.endswith("R"):  # 10.5: the attacked hex may be left empty
            out.append(ResultEffect(who="attacker", what="advance"))
        if code.endswith("*"):
            out.append(ResultEffect(who="attacker", what="casualty_check", amount=1,
                                    note="10.3: a die roll of 6 costs the attacker one step"))
        return out

    used = sorted({c for row in CELLS for c in row})
    results = {c: ResultCode(name=c, effects=codes(c)) for c in used}
    columns = []
    for label in COLUMNS:
        if label == "1:2":
            columns.append(CrtColumn(label=label, min="1/2", max="1/2"))
        elif label == "10+":
            columns.append(CrtColumn(label=label, min="10"))
        else:
            n = label.split(":")[0]
            columns.append(CrtColumn(label=label, min=n, max=n))
    clue = "reconstructed: the CRT is not in the rulebook"
    cells = [CellProvenance(row=r, column=c, clue=clue) for r in range(1, 7) for c in COLUMNS
             if not (r == 6 and c == "6:1")]
    cells.append(CellProvenance(row=6, column="6:1", clue="10 Combat Example: 6:1, a roll of 6 gives 2RR, "
                                                          "the attacker loses no steps"))
    return CombatResultsTable(name="Combat Results Table", kind="odds", columns=columns, rows=[1, 2, 3, 4, 5, 6],
                              cells=CELLS, results=results, rounding="defender", section="10.2-10.3",
                              reconstructed_cells=sorted(cells, key=lambda c: (c.row, COLUMNS.index(c.column))))


def weather_table() -> LookupTable:
    rows = [("1", "rain", "0"), ("2", "heavy_overcast", "0"), ("3", "light_overcast", "2"),
            ("4", "light_overcast", "2"), ("5", "clear", "4"), ("6", "clear", "4")]
    clue = ("reconstructed: the Weather/Air Unit Table is not in the rulebook; 4.1.4's example (5 - 2 = 3 → "
            "light overcast), 4.1.2 (clear all, light overcast half, rain and heavy overcast none) and 7.0 "
            "(up to 4 air units) fix its shape; modified rolls below 1 read row 1, above 6 row 6")
    return LookupTable(name="Weather / Air Unit Table", dice="1d6", key_label="modified die roll",
                       columns=["Weather", "Air units"], rows=[LookupRow(key=k, cells=[w, a]) for k, w, a in rows],
                       section="4.1, 7.0", provenance=Provenance(clue=clue))


def turn_track() -> TurnTrack:
    """Chits per turn are on the printed Turn Track (not in the text): reconstructed."""
    turns = []
    for n in range(1, 13):
        special = {"de_special": "de_reinforcement ob_west", "us_special": "us_reserve shaef"}
        turns.append(Turn(number=n, label=str(n), date=f"{7 + 2 * n} Nov 1944" if n <= 11 else "1 Dec 1944",
                          data={"us_chits": 4 if n == 1 else 5, "de_chits": 4 if n == 1 else 5, **special},
                          note="chits per side reconstructed (4 on turn 1, 5 after); turns of two or three days"))
    return TurnTrack(turns=turns)


OBJECTIVES = ["1403", "1112", "1113", "2522", "2622", "2217"]
"""13.0, 14.3: the hexes of Metz, Saarbrücken, Strasbourg and the Saverne Pass that can be
controlled (6.1: only city and town hexes and supply sources; Metz's forts are not)."""


def victory() -> Victory:
    rules = [
        VpRule(side="us", kind="control_hex", points=3, per="once", trace="supply",
               params={"hexes": OBJECTIVES},
               description="3 VP for each objective hex under Allied control tracing supply at the end", section="13.1"),
        VpRule(side="us", kind="eliminate", points=-5, per="unit", params={"unit_types": ["hq"], "of_side": "us"},
               description="an HQ eliminated (relocated)", section="13.1"),
        VpRule(side="us", kind="eliminate", points=-4, per="unit",
               params={"unit_types": ["armor", "mech_infantry", "armored_cavalry"], "of_side": "us"},
               description="an Allied mechanized unit eliminated", section="13.1"),
        VpRule(side="us", kind="eliminate", points=-2, per="unit", params={"unit_types": ["infantry"], "of_side": "us"},
               description="an Allied non-mechanized unit eliminated", section="13.1"),
        VpRule(side="us", kind="reduced", points=-1, per="unit", params={"of_side": "us"},
               description="an Allied unit not on its full-strength side", section="13.1"),
        VpRule(side="us", kind="relocate_hq", points=-2, per="unit", params={"of_side": "us"},
               description="an Allied HQ relocated", section="2.3"),
        VpRule(side="us", kind="relocate_hq", points=2, per="unit", params={"of_side": "de"},
               description="a German HQ relocated", section="2.3"),
    ]
    levels = [
        VictoryLevel(name="German Major Victory", side="us", max_total=12, winner="de"),
        VictoryLevel(name="Draw (a German Minor Victory)", side="us", min_total=13, winner="de"),
    ]
    sudden = [
        SuddenDeath(side="us", hexes=["1403", "1112", "1113"], trace="supply", level="Allied Victory",
                    scenarios=["patton"], section="13.0, 14.1"),
        SuddenDeath(side="us", hexes=["2522", "2622", "2217"], trace="supply", level="Allied Victory",
                    scenarios=["patch"], section="13.0, 14.2"),
        SuddenDeath(side="us", hexes=OBJECTIVES, trace="supply", level="Major US Victory", scenarios=["combined"],
                    section="13.0, 14.3"),
        SuddenDeath(side="us", destroyed=FormationsDestroyed(formations=["de_xiii_ss", "de_lxxxii", "de_lxiv",
                                                                         "de_lxxxix"], count=2),
                    in_area=UnitsInArea(area="border", count=6, sizes=["III"], trace="supply"),
                    optional_rule="alternate_victory", scenarios=["combined"], level="Alternate Allied Victory",
                    section="15.2"),
    ]
    return Victory(rules=rules, levels=levels, basis="total", sudden_death=sudden,
                   note="13.0-13.1, 14.0: the Allies win at once by their scenario's objectives; otherwise by VPs")


def build_tables(p: Painter) -> None:
    p.module.tables = TablesData(terrain_effects=terrain_effects(), crts={"crt": crt()},
                                 lookups={"weather": weather_table()}, turn_track=turn_track(), victory=victory())
