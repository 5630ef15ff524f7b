"""Small module builders shared by tests."""

from __future__ import annotations

from hexwright.runtime.model import (
    CombatResultsTable,
    CrtColumn,
    Formation,
    HexData,
    HexFeature,
    HexsideData,
    Module,
    Piece,
    Placement,
    ResultCode,
    ResultEffect,
    Scenario,
    Side,
    StepValues,
    UnitType,
    new_module,
)


def small_module(cols: int = 6, rows: int = 5) -> Module:
    """A module with a little of everything: terrain, a river, a road, a unit, a CRT, a scenario."""
    m = new_module("small", "Small", cols, rows)
    m.map.hexes["0203"] = HexData(terrain="woods", level=0, features=[HexFeature(type="town", name="Ville")])
    m.map.hexsides["0203/N"] = HexsideData(features=["river"])
    m.map.hexsides["0101/SE"] = HexsideData(connections=["road"])
    m.pieces.sides = {"blue": Side(name="Blue", color="#3050c0"), "red": Side(name="Red", color="#c03030")}
    m.pieces.formations = {"1id": Formation(name="1st Infantry Division", side="blue")}
    m.pieces.unit_types = {"inf": UnitType(name="Infantry", symbol="infantry", movement_class="foot")}
    m.pieces.pieces = {
        "blue-1": Piece(side="blue", designation="1/1", unit_type="inf", size="III", formation="1id",
                        steps=[StepValues(attack=4, defense=3, movement=6), StepValues(attack=2, defense=2, movement=6)]),
    }
    m.tables.crts = {
        "crt": CombatResultsTable(
            name="CRT", kind="differential",
            columns=[CrtColumn(label="≤0", max="0"), CrtColumn(label="1+", min="1")],
            rows=[1, 2], cells=[["-", "D1"], ["A1", "-"]],
            results={
                "-": ResultCode(name="No effect"),
                "D1": ResultCode(name="Defender retreats 1", effects=[ResultEffect(who="defender", what="retreat")]),
                "A1": ResultCode(name="Attacker retreats 1", effects=[ResultEffect(who="attacker", what="retreat")]),
            },
        )
    }
    m.scenarios = {"basic": Scenario(name="Basic", last_turn=3, setup=[Placement(piece="blue-1", hex="0202")])}
    return m


COUNTER_SYMBOLS = (
    "infantry", "armor", "mechanized_infantry", "armored_cavalry", "cavalry", "recon", "airborne", "hq",
    "artillery", "anti_tank", "assault_gun", "flak", "engineer", "observation_post", "tank_destroyer",
)


def counters_module() -> Module:
    """``small_module`` plus one unit of every NATO symbol, with values in the three rulebooks' layouts,
    formations with colour bars (one inherited from its corps), markers and chits."""
    from hexwright.runtime.model import Chit, Marker, MarkerFace, MovementClass, Restriction

    m = small_module(9, 11)
    p = m.pieces
    p.sides = {
        "us": Side(name="United States", short="US", color="#9fb36a", text_color="#000000"),
        "de": Side(name="Germany", short="DE", color="#5f6f7a", text_color="#ffffff"),
        "blue": Side(name="Blue", color="#3050c0"), "red": Side(name="Red", color="#c03030"),
    }
    p.movement_classes = {"foot": MovementClass(name="Foot"), "mech": MovementClass(name="Mechanized")}
    p.formations = {
        "xx-corps": Formation(name="XX Corps", side="us", echelon="corps", color="#d9b23c"),
        "90id": Formation(name="90th Infantry Division", side="us", parent="xx-corps"),
        "7ad": Formation(name="7th Armored Division", side="us", color="#c8553d"),
        "462vgd": Formation(name="462nd Volksgrenadier Division", side="de", color="#202020"),
        "1id": Formation(name="1st Infantry Division", side="blue"),
    }
    p.unit_types = {sym: UnitType(name=sym.replace("_", " ").title(), symbol=sym,
                                  movement_class="mech" if sym in ("armor", "mechanized_infantry", "armored_cavalry",
                                                                    "tank_destroyer", "assault_gun") else "foot",
                                  is_hq=sym == "hq")
                    for sym in COUNTER_SYMBOLS}
    p.unit_types["inf"] = UnitType(name="Infantry", symbol="infantry", movement_class="foot")
    p.pieces["us-357-90"] = Piece(side="us", designation="357/90", unit_type="infantry", size="III", formation="90id",
                                  setup="A", steps=[StepValues(combat=4, movement=5)])
    p.pieces["us-cca-7"] = Piece(side="us", designation="CCA/7", unit_type="armor", size="X", formation="7ad",
                                 setup="B", steps=[StepValues(attack=7, defense=5, movement=8),
                                                   StepValues(attack=4, defense=3, movement=8)])
    p.pieces["de-fhnjkr"] = Piece(side="de", designation="Fhnjkr/462", unit_type="infantry", size="III",
                                  formation="462vgd", setup="0807", steps=[StepValues(combat=3, movement=4)])
    p.pieces["us-xx-hq"] = Piece(side="us", designation="XX", unit_type="hq", size="XXX", formation="xx-corps",
                                 steps=[StepValues(command_range=4, combat=1, movement=6),
                                        StepValues(command_range=3, combat=1, movement=6)])
    p.pieces["us-hq-1-115"] = Piece(side="us", designation="1/115", unit_type="hq", size="II", setup="DD",
                                    steps=[StepValues(label="IA", morale=5, action_points=2),
                                           StepValues(label="AA", morale=5, action_points=2)])
    p.pieces["us-2-115"] = Piece(side="us", designation="2/115", unit_type="infantry", size="II", setup="0513",
                                 hq="us-hq-1-115", steps=[StepValues(combat=4, anti_tank=1),
                                                          StepValues(combat=2, anti_tank=1)])
    p.pieces["us-m10"] = Piece(side="us", designation="M10", unit_type="tank_destroyer", size="I",
                               steps=[StepValues(armor=2, anti_tank=3)])
    p.pieces["us-gs-155"] = Piece(side="us", designation="GS/155", unit_type="artillery", size="II",
                                  steps=[StepValues(support=6, defensive=4, long_range=2, fire_missions=3),
                                         StepValues(support=3, defensive=2, long_range=1, fire_missions=1)])
    p.pieces["us-502-101"] = Piece(side="us", designation="502/101", unit_type="airborne", size="III",
                                   steps=[StepValues(combat=5, movement=5)],
                                   restrictions=[Restriction(kind="no_move_before_turn", turn=2)])
    for i, sym in enumerate(s for s in COUNTER_SYMBOLS
                            if s not in ("infantry", "armor", "hq", "tank_destroyer", "artillery", "airborne")):
        p.pieces[f"de-{sym}"] = Piece(side="de", designation=f"{i + 1}/{sym[:3]}", unit_type=sym, size="II",
                                      formation="462vgd", setup=f"09{i + 1:02d}",
                                      steps=[StepValues(attack=4, defense=3, movement=6),
                                             StepValues(attack=2, defense=2, movement=6)])
    p.markers = {
        "turn": Marker(name="Game Turn", kind="turn", faces=[MarkerFace(text="Turn", color="#ffffff")]),
        "pin": Marker(name="Pin", kind="status", faces=[MarkerFace(text="Improved Position", color="#e8d9a0"),
                                                       MarkerFace(text="Pin", color="#d04040", text_color="#ffffff")]),
    }
    p.chits = {"xx-chit": Chit(name="XX Corps", side="us", activates=["us-xx-hq"])}
    return m


def oob_module(count: int = 20) -> Module:
    """``counters_module`` with ``count`` plain two-step infantry regiments ``inf-01``…"""
    m = counters_module()
    for i in range(1, count + 1):
        m.pieces.pieces[f"inf-{i:02d}"] = Piece(
            side="us" if i % 2 else "de", designation=f"{i}/9", unit_type="infantry", size="III",
            steps=[StepValues(attack=i % 7 + 1, defense=3, movement=5), StepValues(attack=1, defense=1, movement=5)])
    return m


def play_module(cols: int = 8, rows: int = 6) -> Module:
    """A two-sided module for the play window: boxes, a cup with chits, a turn track, markers,
    a sequence of play and a scenario with setup, reinforcements and a turn marker."""
    from hexwright.runtime.model import (
        Box,
        Chit,
        Marker,
        MarkerFace,
        MarkerPlacement,
        Phase,
        Reinforcement,
        Track,
        TrackSpace,
    )

    m = small_module(cols, rows)
    m.meta.id = "play"
    m.meta.title = "Play test"
    m.meta.sequence = [
        Phase(id="blue-move", name="Blue Movement", side="blue", kind="movement"),
        Phase(id="blue-combat", name="Blue Combat", side="blue", kind="combat"),
        Phase(id="red-move", name="Red Movement", side="red", kind="movement"),
        Phase(id="red-combat", name="Red Combat", side="red", kind="combat"),
    ]
    m.pieces.sides["blue"].short = "BL"
    m.pieces.sides["red"].short = "RD"
    m.pieces.formations["9pz"] = Formation(name="9th Panzer", side="red")
    m.pieces.unit_types["arm"] = UnitType(name="Armor", symbol="armor", movement_class="motor", abbreviation="pz")
    m.pieces.unit_types["inf"].abbreviation = "i"
    m.pieces.pieces.update({
        "blue-2": Piece(side="blue", designation="2/1", unit_type="inf", size="III", formation="1id",
                        steps=[StepValues(attack=4, defense=3, movement=6), StepValues(attack=2, defense=2, movement=6)]),
        "blue-3": Piece(side="blue", designation="3/1", unit_type="inf", size="III", formation="1id",
                        steps=[StepValues(attack=4, defense=3, movement=6), StepValues(attack=2, defense=2, movement=6)]),
        "red-1": Piece(side="red", designation="33", unit_type="arm", size="II", formation="9pz",
                       steps=[StepValues(attack=6, defense=4, movement=8), StepValues(attack=3, defense=2, movement=8)]),
        "red-2": Piece(side="red", designation="10", unit_type="inf", size="III", formation="9pz",
                       steps=[StepValues(attack=3, defense=3, movement=4)]),
    })
    m.pieces.markers = {
        "turn": Marker(name="Turn", kind="turn", faces=[MarkerFace(text="TURN", color="#ffffff")]),
        "control": Marker(name="Control", kind="control", faces=[MarkerFace(text="BL", color="#3050c0"),
                                                                 MarkerFace(text="RD", color="#c03030")], count=4),
    }
    m.pieces.chits = {
        "chit-a": Chit(name="1st ID", side="blue"), "chit-b": Chit(name="9th Pz", side="red"),
        "chit-c": Chit(name="Event", kind="event"),
    }
    m.map.boxes = {
        "blue-reinf": Box(name="Blue reinforcements", kind="reinforcement", side="blue", entry_hexes=["0101"]),
        "cup": Box(name="Chit cup", kind="cup"),
        "dead": Box(name="Eliminated", kind="eliminated"),
    }
    m.map.tracks = {
        "turns": Track(name="Turn", kind="turn", spaces=[TrackSpace(label=str(n), value=n) for n in range(1, 6)]),
    }
    m.scenarios = {
        "basic": Scenario(
            name="Basic", last_turn=5, first_side="blue",
            setup=[Placement(piece="blue-1", hex="0202"), Placement(piece="blue-2", hex="0202"),
                   Placement(piece="red-1", hex="0504"), Placement(piece="red-2", hex="0605")],
            reinforcements=[Reinforcement(piece="blue-3", turn=2, box="blue-reinf")],
            markers=[MarkerPlacement(marker="turn", track="turns", space=0)],
            cups={"cup": ["chit-a", "chit-b", "chit-c"]},
        ),
    }
    return m


# -- rules engine (tests/runtime/rules) ------------------------------------------------------


def rules_module(cols: int = 7, rows: int = 7, *, terrain: dict[str, str] | None = None,
                 levels: dict[str, int] | None = None, features: dict[str, list[str]] | None = None,
                 hexsides: dict[str, list[str]] | None = None, roads: list[str] | None = None,
                 rules=None) -> Module:
    """A blank ``cols`` × ``rows`` flat-top map with a DoM-like terrain effects chart.

    Clear 2, woods 4, rough 3, river hexside "all", stream "+1", road 1 (motor 1/2), rail 1/3;
    towns/forts cost "other" and shift ⇐2/⇐3. Sides blue and red; unit types ``inf``
    (foot), ``arm`` (motor, armored), ``hq`` (foot HQ) and ``art`` (no ZOC). ``hexsides``
    maps a canonical hexside id to its features, ``roads`` lists hexsides a road crosses.
    """
    from hexwright.runtime.model import CombatEffect, Level, TerrainEffects, TerrainType
    from hexwright.runtime.model.map import HexFeatureType
    from hexwright.runtime.model.rules_config import RulesConfig

    m = new_module("rules", "Rules", cols, rows)
    m.map.levels = [Level(value=v, name=f"Level {v}") for v in range(16)]
    m.map.terrain_types["forest"] = TerrainType(name="Forest", color="#406030")
    m.map.hex_feature_types["steeple"] = HexFeatureType(name="Steeple", kind="steeple", observation_bonus=1)
    m.map.hex_feature_types["cathedral"] = HexFeatureType(name="Cathedral", kind="other")
    m.map.hex_feature_types["source"] = HexFeatureType(name="Supply source", kind="supply_source")
    m.map.hex_feature_types["depot"] = HexFeatureType(name="Depot", kind="depot")
    labels = set(terrain or {}) | set(levels or {}) | set(features or {})
    for label in sorted(labels):
        m.map.hexes[label] = HexData(
            terrain=(terrain or {}).get(label), level=(levels or {}).get(label, 0),
            features=[f if isinstance(f, HexFeature) else HexFeature(type=f) for f in (features or {}).get(label, [])])
    for key, feats in (hexsides or {}).items():
        m.map.hexsides[key] = HexsideData(features=feats)
    for key in roads or []:
        m.map.hexsides.setdefault(key, HexsideData()).connections.append("road")
    m.tables.terrain_effects = TerrainEffects(
        terrain={"clear": {"*": "2"}, "woods": {"*": "4"}, "rough": {"*": "3"}, "forest": {"*": "prohibited"}},
        features={"town": {"*": "other"}, "fortification": {"*": "other"}},
        hexsides={"river": {"*": "all"}, "stream": {"*": "+1"}},
        connections={"road": {"*": "1", "motor": "1/2"}, "railroad": {"*": "1/3"}},
        combat={"woods": CombatEffect(shift=-2), "rough": CombatEffect(shift=-1), "town": CombatEffect(shift=-2),
                "fortification": CombatEffect(shift=-3)},
        hexside_combat={"river": CombatEffect(shift=-3)},
        shift_mode="largest",
    )
    m.pieces.sides = {"blue": Side(name="Blue", color="#3050c0"), "red": Side(name="Red", color="#c03030")}
    m.pieces.unit_types = {
        "inf": UnitType(name="Infantry", symbol="infantry", movement_class="foot"),
        "arm": UnitType(name="Armor", symbol="armor", movement_class="motor", armored=True),
        "hq": UnitType(name="HQ", symbol="hq", movement_class="foot", is_hq=True),
        "art": UnitType(name="Artillery", symbol="artillery", movement_class="foot", exerts_zoc=False),
    }
    m.rules = rules if rules is not None else RulesConfig()
    return m


def end_of_phase_stacking_module() -> Module:
    """DoM §6 checked at the end of each movement phase: two movement phases (blue, red), blue's
    b1 in 0202 and b2 in 0204 (6 MA each), red's r1 in 0707, scenario "s" of three turns."""
    from hexwright.runtime.model import Phase
    from hexwright.runtime.model.rules_config import RulesConfig, StackingRules

    m = rules_module(rules=RulesConfig(stacking=StackingRules(check_at="end_of_phase", check_phases=["movement"],
                                                              section="§6")))
    m.meta.sequence = [Phase(id="blue-move", name="Blue movement", side="blue", kind="movement"),
                       Phase(id="red-move", name="Red movement", side="red", kind="movement")]
    add_unit(m, "b1", movement=6)
    add_unit(m, "b2", movement=6)
    add_unit(m, "r1", side="red")
    m.scenarios = {"s": Scenario(name="S", last_turn=3, first_side="blue", setup=[
        Placement(piece="b1", hex="0202"), Placement(piece="b2", hex="0204"), Placement(piece="r1", hex="0707")])}
    return m


def add_unit(m: Module, piece_id: str, side: str = "blue", unit_type: str = "inf", *, combat: int = 4,
             movement: int = 8, attack: int | None = None, defense: int | None = None,
             formation: str | None = None, size: str = "III", reduced: int | None = None) -> str:
    """Add a one- (or two-, with ``reduced`` combat) step unit to ``m``; returns its id."""
    if formation is not None and formation not in m.pieces.formations:
        m.pieces.formations[formation] = Formation(name=formation, side=side)
    steps = [StepValues(combat=combat, attack=attack, defense=defense, movement=movement)]
    if reduced is not None:
        steps.append(StepValues(combat=reduced, movement=movement))
    m.pieces.pieces[piece_id] = Piece(side=side, designation=piece_id, unit_type=unit_type, size=size,
                                      formation=formation, steps=steps)
    return piece_id


def hexside_id(m: Module, a: str, b: str) -> str:
    """Canonical id (``0203/N``) of the hexside between adjacent hexes ``a`` and ``b``."""
    from hexwright.runtime.geometry import format_hexside

    grid = m.map.grid.hex_grid()
    scheme = m.map.grid.labels.scheme()
    side = grid.hexside_between(scheme.parse(a, grid), scheme.parse(b, grid))
    assert side is not None, f"{a} and {b} are not adjacent"
    return format_hexside(grid, side, scheme)


def dom_crt() -> CombatResultsTable:
    """A differential CRT laid out as *Drive on Metz* Table 3; rows 3–6 partly reconstructed."""
    from hexwright.runtime.model import CellProvenance

    labels = ["≤ −1", "0", "1", "+2/+3", "+4/+5", "+6/+7", "+8/+9", "≥ 10"]
    bounds = [(None, "-1"), ("0", "0"), ("1", "1"), ("2", "3"), ("4", "5"), ("6", "7"), ("8", "9"), ("10", None)]
    cells = [
        ["-", "D1", "D1", "D1", "D2", "D2", "D2", "D2"],
        ["-", "-", "D1", "D1", "D1", "D2", "D2", "D2"],
        ["A1", "-", "-", "D1", "D1", "D1", "D2", "D2"],
        ["A1", "A1", "-", "-", "D1", "D1", "D1", "D2"],
        ["A1", "A1", "A1", "-", "-", "D1", "D1", "D1"],
        ["A1", "A1", "A1", "A1", "-", "-", "D1", "D1"],
    ]
    reconstructed = [CellProvenance(row=r, column=labels[c], clue="Table 3 seed gives rows 1-2 and row 3 up to +2/+3")
                     for r in range(3, 7) for c in range(8) if r > 3 or c > 3]
    return CombatResultsTable(
        name="Combat Resolution Table", kind="differential", section="9.2",
        columns=[CrtColumn(label=lab, min=lo, max=hi) for lab, (lo, hi) in zip(labels, bounds)],
        rows=[1, 2, 3, 4, 5, 6], cells=cells, reconstructed_cells=reconstructed,
        results={
            "-": ResultCode(name="No effect"),
            "A1": ResultCode(name="Attacker retreat 1 hex", description="Attacker retreats 1 hex; defender may advance",
                             effects=[ResultEffect(who="attacker", what="retreat"),
                                      ResultEffect(who="defender", what="advance")]),
            "D1": ResultCode(name="Defender retreat 1 hex", description="Defender retreats 1 hex; attacker may advance",
                             effects=[ResultEffect(who="defender", what="retreat"),
                                      ResultEffect(who="attacker", what="advance")]),
            "D2": ResultCode(name="Defender retreat 2 hexes", description="Defender retreats 2 hexes; attacker may advance",
                             effects=[ResultEffect(who="defender", what="retreat", amount=2),
                                      ResultEffect(who="attacker", what="advance")]),
        },
    )


def tables_module() -> Module:
    """``counters_module`` with a chart of every kind: terrain effects (with weather), an odds and a
    differential CRT, a weather lookup table, a turn track and victory points."""
    from hexwright.runtime.model import (
        CombatEffect,
        LookupRow,
        LookupTable,
        TerrainEffects,
        Turn,
        TurnTrack,
        Victory,
        VictoryLevel,
        VpRule,
        WeatherCosts,
    )

    m = counters_module()
    t = m.tables
    t.terrain_effects = TerrainEffects(
        terrain={"clear": {"*": "1"}, "woods": {"foot": "2", "mech": "3"}, "rough": {"foot": "2", "mech": "all"},
                 "marsh": {"foot": "3", "mech": "prohibited"}, "water": {"*": "prohibited"}},
        features={"town": {"*": "other"}, "fortification": {"*": "other"}},
        hexsides={"river": {"*": "all"}, "stream": {"foot": "+1", "mech": "+2"}},
        connections={"road": {"*": "1/2"}, "railroad": {"*": "1/3"}},
        weather={"mud": WeatherCosts(terrain={"clear": {"foot": "1", "mech": "2"}})},
        combat={"woods": CombatEffect(shift=-2), "fortification": CombatEffect(shift=-3),
                "town": CombatEffect(defense_multiplier="2", drm=-1)},
        hexside_combat={"river": CombatEffect(shift=-1)},
        shift_mode="largest", section="Table 1",
    )
    t.crts = {
        "dom": dom_crt(),
        "odds": CombatResultsTable(
            name="Odds CRT", kind="odds", rounding="defender",
            columns=[CrtColumn(label="1:2", max="1/2"), CrtColumn(label="1:1", min="1", max="1"),
                     CrtColumn(label="2:1", min="2", max="2"), CrtColumn(label="3:1+", min="3")],
            rows=[0, 1, 2, 3, 4, 5, 6, 7],
            cells=[["AE", "AR", "DR", "DE"], ["AE", "AR", "DR", "DE"], ["AR", "EX", "DR", "DE"],
                   ["AR", "EX", "DR", "DR"], ["AR", "AR", "EX", "DR"], ["AE", "AR", "EX", "DR"],
                   ["AE", "AR", "AR", "EX"], ["AE", "AE", "AR", "EX"]],
            results={
                "AE": ResultCode(name="Attacker eliminated", effects=[ResultEffect(who="attacker", what="eliminate")]),
                "AR": ResultCode(name="Attacker retreats", effects=[ResultEffect(who="attacker", what="retreat")]),
                "EX": ResultCode(name="Exchange", effects=[ResultEffect(who="attacker", what="exchange"),
                                                           ResultEffect(who="defender", what="exchange")]),
                "DR": ResultCode(name="Defender retreats", effects=[ResultEffect(who="defender", what="retreat", amount=2)]),
                "DE": ResultCode(name="Defender eliminated", effects=[ResultEffect(who="defender", what="eliminate")]),
            },
        ),
    }
    t.lookups = {"weather": LookupTable(name="Weather Table", dice="1d6", key_label="Die", columns=["Sep", "Oct", "Nov"],
                                        rows=[LookupRow(key="1-3", cells=["Clear", "Clear", "Overcast"]),
                                              LookupRow(key="4-5", cells=["Clear", "Overcast", "Rain"]),
                                              LookupRow(key="6", cells=["Rain", "Rain", "Mud"])])}
    t.turn_track = TurnTrack(turns=[Turn(number=n, date=f"{7 + n} Nov", data={"us_chits": 3 + n % 2} if n < 4 else {})
                                    for n in range(1, 13)])
    t.victory = Victory(
        rules=[VpRule(side="us", kind="control_hex", points=3, description="Control Metz (0807)", params={"hex": "0807"}),
               VpRule(side="de", kind="eliminate", points=1, per="unit", description="Each US unit eliminated"),
               VpRule(side="us", kind="exit_edge", points=10, minus_turn=True, description="Exit east edge", section="10.2")],
        levels=[VictoryLevel(min_margin=5, name="Decisive"), VictoryLevel(min_margin=1, name="Marginal")],
        note="The side with more VPs wins.",
    )
    return m


def differential_crt(name: str = "crt") -> CombatResultsTable:
    """DoM Table 3's shape: ΔCF columns ≤−1, 0, 1, 2–3, 4–5, 6–7, 8–9, ≥10; rows 1–6."""
    bounds = [(None, "-1"), ("0", "0"), ("1", "1"), ("2", "3"), ("4", "5"), ("6", "7"), ("8", "9"), ("10", None)]
    labels = ["≤−1", "0", "1", "+2/+3", "+4/+5", "+6/+7", "+8/+9", "≥10"]
    cols = [CrtColumn(label=lab, min=lo, max=hi) for lab, (lo, hi) in zip(labels, bounds)]
    cells = [[f"r{row}c{c}" for c in range(8)] for row in range(1, 7)]
    results = {code: ResultCode(name=code) for line in cells for code in line}
    return CombatResultsTable(name=name, kind="differential", columns=cols, rows=[1, 2, 3, 4, 5, 6], cells=cells,
                              results=results)


def odds_crt(name: str = "crt") -> CombatResultsTable:
    """Odds columns 1:2, 1:1, 2:1 … 10:1 (each column from its ratio up), rows 1–6."""
    ratios = [("1:2", "1/2"), ("1:1", "1")] + [(f"{k}:1", str(k)) for k in range(2, 11)]
    cols = [CrtColumn(label=lab, min=lo) for lab, lo in ratios]
    cells = [[f"r{row}:{lab}" for lab, _ in ratios] for row in range(1, 7)]
    results = {code: ResultCode(name=code) for line in cells for code in line}
    return CombatResultsTable(name=name, kind="odds", columns=cols, rows=[1, 2, 3, 4, 5, 6], cells=cells,
                              results=results)
