"""Small synthetic modules whose sequences of play exercise the engine's step kinds.

* :func:`chit_module` — chit-pull activation (after Traces of Victory 4.0): weather with
  persistent mud, chits chosen into a cup by per-turn counts, a draw loop until the cup
  is empty, HQ activations by command range, a supply chit, arrivals on the Nth draw,
  control of towns only, VP with a supply trace and sudden death.
* :func:`initiative_module` — an initiative loop (after St-Lô 3.0): arrivals by die roll
  in ordered groups, initiative levels, operations until both sides pass or a double 1
  after the minimum, HQ activation by designation, recovery of statuses, levels on one
  side's total.
* :func:`activation_module` — what an activation allows (after ToV 4.3, 10.0, 11.2, 2.3 and
  St-Lô 9.1): a side's choice of an HQ or of two divisions (SHAEF / OB West), several attacks
  per activation, reinforcements chosen by division that may move by rail or at double
  allowance on the turn they arrive, HQs relocated when destroyed or cut off.
"""

from __future__ import annotations

from builders import add_unit, dom_crt, rules_module

from hexwright.runtime.model import (
    Box,
    Chit,
    HexFeature,
    LookupRow,
    LookupTable,
    Phase,
    Placement,
    ResultCode,
    ResultEffect,
    Scenario,
    Turn,
    TurnTrack,
    Victory,
    VictoryLevel,
    VpRule,
)
from hexwright.runtime.model.sequence import (
    ActionsStep,
    Activation,
    AllPassed,
    ArrivalGroup,
    ArrivalsStep,
    ChitDrawTrigger,
    ChitSelection,
    ChoiceOption,
    ChoiceStep,
    ChoiceTrigger,
    ClearStatuses,
    ControlRules,
    CountEnds,
    CupDraw,
    CupEmpty,
    CupFill,
    DieEnds,
    DieTrigger,
    EachSide,
    FixedSide,
    HqRelocation,
    Initiative,
    Loop,
    Persist,
    PhaseSide,
    PoolDef,
    RollModifier,
    SequenceRules,
    SetPool,
    StatusDef,
    StatusEffects,
    SupplyCheck,
    TableRoll,
    TurnTrigger,
    UnitSelect,
    VictoryCheck,
)
from hexwright.runtime.model.tables import SuddenDeath

MOVE_THEN_FIGHT = [
    ActionsStep(id="move", name="Movement", allow=["move", "relocate"], units="activated", section="9.0"),
    ActionsStep(id="fight", name="Combat", allow=["declare", "resolve"], units="activated", section="10.0"),
]

STATUSES = {
    "activated": StatusDef(name="Activated", section="2.3"),
    "out_of_supply": StatusDef(name="Out of supply", effects=StatusEffects(allowance_multiplier="1/2"),
                               section="8.1"),
    "pinned": StatusDef(name="Pinned", effects=StatusEffects(may_move=False, may_attack=False, defender_drm=1),
                        cleared_at_turn_end=True, section="14.2"),
}


def _weather_table() -> LookupTable:
    rows = [("0", "rain"), ("1", "rain"), ("2", "overcast"), ("3", "overcast"), ("4", "clear"), ("5", "clear"),
            ("6", "clear"), ("7", "clear")]
    return LookupTable(name="Weather", dice="1d6", key_label="roll", columns=["weather", "air"],
                       rows=[LookupRow(key=k, cells=[w, "2" if w == "clear" else "0"]) for k, w in rows])


def _common(cols: int = 9, rows: int = 9):
    m = rules_module(cols, rows)
    m.tables.crts["crt"] = dom_crt()
    m.tables.crts["crt"].results["P"] = ResultCode(name="Pinned", effects=[ResultEffect(who="defender", what="pin")])
    m.tables.lookups["weather"] = _weather_table()
    m.tables.terrain_effects.weather = {"mud": m.tables.terrain_effects.weather.get("mud") or _mud()}
    return m


def _mud():
    from hexwright.runtime.model import WeatherCosts

    return WeatherCosts(terrain={"clear": {"*": "4"}})


def chit_module():
    """Blue and red HQs with units, a cup of chits, three turns (ToV-like)."""
    m = _common()
    m.map.hex_feature_types["town"] = m.map.hex_feature_types.get("town") or _town_type()
    for label in ("0505", "0707"):
        m.map.hexes.setdefault(label, _hex()).features.append(HexFeature(type="town"))
    m.map.hexes.setdefault("0101", _hex()).features.append(HexFeature(type="source", side="blue"))
    m.map.hexes.setdefault("0909", _hex()).features.append(HexFeature(type="source", side="red"))
    m.map.boxes["cup"] = Box(name="Cup", kind="cup")
    m.map.boxes["blue_arrivals"] = Box(name="Blue arrivals", kind="arrival", side="blue", entry_hexes=["0102", "0201"])
    add_unit(m, "b_hq", "blue", "hq", combat=1, movement=6)
    m.pieces.pieces["b_hq"].steps[0].command_range = 3
    add_unit(m, "b_1", "blue", combat=4, movement=6)
    add_unit(m, "b_2", "blue", combat=4, movement=6)
    add_unit(m, "b_far", "blue", combat=4, movement=6)
    add_unit(m, "b_late", "blue", combat=3, movement=6)
    add_unit(m, "r_hq", "red", "hq", combat=1, movement=6)
    m.pieces.pieces["r_hq"].steps[0].command_range = 3
    add_unit(m, "r_1", "red", combat=3, movement=6)
    add_unit(m, "r_2", "red", combat=3, movement=6)
    m.pieces.chits = {
        "blue_i": Chit(name="Blue I", side="blue", kind="command", activates=["b_hq"]),
        "blue_ii": Chit(name="Blue I (2)", side="blue", kind="command", activates=["b_hq"]),
        "red_i": Chit(name="Red I", side="red", kind="command", activates=["r_hq"]),
        "red_ii": Chit(name="Red I (2)", side="red", kind="command", activates=["r_hq"]),
        "supply": Chit(name="Supply", kind="supply"),
    }
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n, data={"blue_chits": 2 if n == 1 else 1}) for n in (1, 2, 3)])
    m.meta.sequence = [
        Phase(id="weather", name="Weather", kind="weather", section="4.1"),
        Phase(id="chits", name="Chit selection", kind="chit_draw", section="4.2"),
        Phase(id="action", name="Action", kind="activation", section="4.3"),
        Phase(id="end", name="Turn end", kind="end", section="4.4"),
    ]
    m.rules.statuses = dict(STATUSES)
    m.rules.control = ControlRules(feature_types=["town", "source"], section="6.1")
    m.rules.hq_relocation = HqRelocation(min_distance=5, section="2.3")
    m.rules.sequence = SequenceRules(
        phases={
            "weather": [TableRoll(id="weather_roll", name="Weather roll", table="weather", side=FixedSide(side="blue"),
                                  fixed={"1": "rain"}, section="4.1",
                                  modifiers=[RollModifier(drm=1, previous=["clear"]),
                                             RollModifier(drm=-1, previous=["rain"]),
                                             RollModifier(drm=-1, turns=[3], note="worsening weather")],
                                  persist=[Persist(result="rain", condition="mud", turns=2)])],
            "chits": [CupFill(id="fill", name="Chit selection", cup="cup", side=EachSide(order=["blue", "red"]),
                              sides={"blue": ChitSelection(chits=["blue_i", "blue_ii"], count_field="blue_chits"),
                                     "red": ChitSelection(chits=["red_i", "red_ii"], count=1)},
                              always=["supply"], section="4.2")],
            "action": [Loop(id="draws", name="Action phase", until=[CupEmpty(cup="cup")], section="4.3",
                            steps=[CupDraw(id="draw", name="Draw a chit", cup="cup", section="4.3",
                                           by_kind={"command": "hq_activation", "supply": "supply_check"})])],
            "end": [VictoryCheck(id="sudden_death", name="Victory determination", section="13.0")],
        },
        procedures={
            "hq_activation": [Activation(id="activation", name="HQ activation", section="2.3",
                                         select=UnitSelect(by="hq_range"), steps=list(MOVE_THEN_FIGHT))],
            "supply_check": [SupplyCheck(id="supply", name="Supply check", status="out_of_supply", section="8.1")],
        },
    )
    m.rules.arrivals = {
        "blue_second_draw": ArrivalGroup(side="blue", pieces=["b_late"], box="blue_arrivals",
                                         trigger=ChitDrawTrigger(chit="b_hq", nth=2), section="11.1"),
    }
    m.tables.victory = Victory(
        rules=[VpRule(side="blue", kind="control_hex", points=3, trace="supply", params={"hexes": ["0505", "0707"]},
                      description="objective in supply", section="13.1"),
               VpRule(side="blue", kind="relocate_hq", points=-2, params={"of_side": "blue"},
                      description="Allied HQ relocated", section="2.3")],
        sudden_death=[SuddenDeath(side="blue", hexes=["0505", "0707"], trace="supply", level="Allied sudden death",
                                  section="13.0")],
        levels=[VictoryLevel(min_margin=1, name="Marginal")],
    )
    m.scenarios = {"chits": Scenario(
        name="Chits", last_turn=3, first_side="blue", cups={"cup": []},
        setup=[Placement(piece="b_hq", hex="0303"), Placement(piece="b_1", hex="0304"),
               Placement(piece="b_2", hex="0403"), Placement(piece="b_far", hex="0108"),
               Placement(piece="r_hq", hex="0707"), Placement(piece="r_1", hex="0606"),
               Placement(piece="r_2", hex="0706")],
        conditions={"weather": "overcast"})}
    return m


def _town_type():
    from hexwright.runtime.model.map import HexFeatureType

    return HexFeatureType(name="Town", kind="town")


def _hex():
    from hexwright.runtime.model import HexData

    return HexData()


def initiative_module():
    """Two sides, HQs activated by designation, an operations loop (St-Lô-like), 2 turns."""
    m = _common()
    m.map.hexes.setdefault("0101", _hex()).features.append(HexFeature(type="depot", side="blue"))
    m.map.hexes.setdefault("0909", _hex()).features.append(HexFeature(type="depot", side="red"))
    add_unit(m, "b_hq", "blue", "hq", combat=0, movement=0)
    add_unit(m, "b_bn", "blue", combat=4, movement=3)
    m.pieces.pieces["b_bn"].hq = "b_hq"
    add_unit(m, "r_hq", "red", "hq", combat=0, movement=0)
    add_unit(m, "r_bn", "red", combat=4, movement=3)
    m.pieces.pieces["r_bn"].hq = "r_hq"
    for n in (1, 2, 3):
        add_unit(m, f"r_re{n}", "red", combat=2, movement=3)
    m.map.boxes["dd_blue"] = Box(name="Blue DD", kind="display", side="blue")
    m.map.boxes["dd_red"] = Box(name="Red DD", kind="display", side="red")
    m.meta.sequence = [
        Phase(id="reinforcement", name="Reinforcement", kind="reinforcement", section="3.1.2"),
        Phase(id="initiative", name="Initiative", kind="initiative", section="3.1.3"),
        Phase(id="operations", name="Operations", kind="operations", section="3.1.5"),
        Phase(id="recovery", name="Recovery", kind="other", section="3.1.6"),
    ]
    m.rules.statuses = dict(STATUSES)
    m.rules.pools = {"initiative": PoolDef(name="Initiative level", min=-2, max=2, section="3.4")}
    m.rules.sequence = SequenceRules(
        phases={
            "reinforcement": [ArrivalsStep(id="arrivals", name="Reinforcement roll", section="18.1",
                                           side=FixedSide(side="red"))],
            "initiative": [SetPool(id="levels", name="Initiative levels", pool="initiative",
                                   values={"blue": 0, "red": 0}, by_turn={"1": {"blue": 0, "red": -2}},
                                   section="3.4")],
            "operations": [Loop(id="ops", name="Operations phases", section="3.2", min_by_turn={"1": 3},
                                until=[AllPassed(), DieEnds()],
                                steps=[Initiative(id="init", name="Initiative segment", pool="initiative", tie="red",
                                                  sides=["blue", "red"], end_loop_on=1, section="3.2.1"),
                                       ChoiceStep(id="operation", name="Operation segment", section="3.2.3",
                                                  options=[ChoiceOption(kind="hq", id="activate",
                                                                        label="HQ activation", procedure="tactical"),
                                                           ChoiceOption(kind="pass", id="pass", label="Pass")])])],
            "recovery": [ClearStatuses(id="recover", name="Recovery", statuses=["pinned"], section="3.1.6")],
        },
        procedures={
            "tactical": [Activation(id="hq_units", name="Tactical actions", section="7.2.1", moves=1,
                                    select=UnitSelect(by="designation", hq_from="choice", include_hq=False,
                                                      exclude_statuses=["pinned"]),
                                    steps=list(MOVE_THEN_FIGHT))],
        },
    )
    m.rules.arrivals = {
        "red_a": ArrivalGroup(side="red", pieces=["r_re1"], hexes=["0809"], queue="red", order=1,
                              trigger=DieTrigger(at_most=4), section="18.1.1"),
        "red_b": ArrivalGroup(side="red", pieces=["r_re2", "r_re3"], hexes=["0809", "0908"], queue="red", order=2,
                              trigger=DieTrigger(at_most=4), section="18.1.1"),
    }
    m.tables.victory = Victory(
        basis="total",
        rules=[VpRule(side="blue", kind="control_hex", points=8, trace="supply", params={"hex": "0707"},
                      description="objective with a line of communication", section="21.1")],
        levels=[VictoryLevel(side="blue", min_total=8, name="Blue victory"),
                VictoryLevel(side="blue", max_total=7, winner="red", name="Red victory")],
    )
    m.scenarios = {"ops": Scenario(
        name="Operations", last_turn=2, first_side="red",
        setup=[Placement(piece="b_hq", box="dd_blue"), Placement(piece="b_bn", hex="0303"),
               Placement(piece="r_hq", box="dd_red"), Placement(piece="r_bn", hex="0606")])}
    return m


def activation_module():
    """Blue orders by a choice (an HQ, two divisions, or pass); red activates its whole side.
    Blue's divisions: b_d1 (b_1, b_2), b_d2 (b_3), b_d3 (b_4) under the army b_army; the CRT
    has no effect in any cell unless a test changes it, so units stay where they are."""
    from hexwright.runtime.model import Formation

    m = _common()
    m.map.hexes.setdefault("0101", _hex()).features.append(HexFeature(type="source", side="blue"))
    m.map.hexes.setdefault("0909", _hex()).features.append(HexFeature(type="source", side="red"))
    m.map.hexes.setdefault("0901", _hex()).features.append(HexFeature(type="source", side="red"))
    crt = m.tables.crts["crt"]
    crt.cells = [["-"] * len(crt.columns) for _ in crt.rows]
    m.pieces.formations = {
        "b_army": Formation(name="Blue Army", side="blue", echelon="army"),
        "b_d1": Formation(name="1st Division", side="blue", parent="b_army"),
        "b_d2": Formation(name="2nd Division", side="blue", parent="b_army"),
        "b_d3": Formation(name="3rd Division", side="blue", parent="b_army"),
        "r_d1": Formation(name="Red 1st Division", side="red"),
        "r_d2": Formation(name="Red 2nd Division", side="red"),
        "r_d3": Formation(name="Red 3rd Division", side="red"),
    }
    add_unit(m, "b_hq", "blue", "hq", combat=1, movement=6, formation="b_army", reduced=0)
    m.pieces.pieces["b_hq"].steps[0].command_range = 2
    add_unit(m, "b_1", "blue", combat=4, movement=6, formation="b_d1")
    add_unit(m, "b_2", "blue", combat=4, movement=6, formation="b_d1")
    add_unit(m, "b_3", "blue", combat=4, movement=6, formation="b_d2")
    add_unit(m, "b_4", "blue", combat=4, movement=6, formation="b_d3")
    add_unit(m, "r_hq", "red", "hq", combat=1, movement=6, formation="r_d1", reduced=0)
    m.pieces.pieces["r_hq"].steps[0].command_range = 3
    add_unit(m, "r_1", "red", combat=3, movement=6, formation="r_d1")
    add_unit(m, "r_2", "red", combat=3, movement=6, formation="r_d1")
    add_unit(m, "r_new", "red", combat=3, movement=3, formation="r_d2")
    add_unit(m, "r_new2", "red", combat=3, movement=3, formation="r_d3")
    m.meta.sequence = [
        Phase(id="blue_orders", name="Blue orders", side="blue", kind="activation", section="4.3"),
        Phase(id="red_orders", name="Red orders", side="red", kind="activation", section="4.3"),
    ]
    m.rules.statuses = dict(STATUSES)
    m.rules.hq_relocation = HqRelocation(min_distance=3, section="2.3")
    m.rules.combat.declare_all_first = False
    m.rules.combat.defend_once = "hex"
    m.rules.sequence = SequenceRules(
        phases={
            "blue_orders": [ChoiceStep(id="shaef", name="SHAEF", side=PhaseSide(), section="4.3", options=[
                ChoiceOption(kind="hq", id="hq", label="Activate an HQ", procedure="hq_activation"),
                ChoiceOption(kind="formations", id="divisions", label="Two divisions", count=2,
                             echelons=["division"], procedure="division_activation"),
                ChoiceOption(kind="pass", id="pass", label="Pass")])],
            "red_orders": [Activation(id="red_all", name="Red activation", side=PhaseSide(), section="4.3",
                                      select=UnitSelect(by="side"), steps=list(MOVE_THEN_FIGHT))],
        },
        procedures={
            "hq_activation": [Activation(id="hq_act", name="HQ activation", section="2.3", side=PhaseSide(),
                                         select=UnitSelect(by="hq_range", hq_from="choice"),
                                         steps=list(MOVE_THEN_FIGHT))],
            "division_activation": [Activation(id="div_act", name="Division activation", section="4.3",
                                               side=PhaseSide(), select=UnitSelect(by="formation",
                                                                                   formations_from="choice"),
                                               steps=list(MOVE_THEN_FIGHT))],
        },
    )
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n) for n in (1, 2, 3)])
    m.scenarios = {"act": Scenario(
        name="Activations", last_turn=3, first_side="blue",
        setup=[Placement(piece="b_hq", hex="0303"), Placement(piece="b_1", hex="0404"),
               Placement(piece="b_2", hex="0403"), Placement(piece="b_3", hex="0304"),
               Placement(piece="b_4", hex="0107"), Placement(piece="r_hq", hex="0808"),
               Placement(piece="r_1", hex="0504"), Placement(piece="r_2", hex="0505")])}
    return m


def relocation_module(result: str = "DE", *, destroyed: bool = True, cut_off: bool = False):
    """The activation module with the red HQ in 0505, next to b_1, and HQ relocation when
    destroyed (and cut off, with ``cut_off``); every CRT cell gives ``result``: DE (defender
    eliminated) or DS (defender loses a step)."""
    m = activation_module()
    crt = m.tables.crts["crt"]
    crt.results["DE"] = ResultCode(name="Defender eliminated", effects=[ResultEffect(who="defender", what="eliminate")])
    crt.results["DS"] = ResultCode(name="Defender step loss", effects=[ResultEffect(who="defender", what="step_loss")])
    crt.cells = [[result] * len(crt.columns) for _ in crt.rows]
    m.rules.hq_relocation = m.rules.hq_relocation.model_copy(
        update={"when_destroyed": destroyed, "when_out_of_supply": cut_off})
    m.tables.victory = Victory(rules=[VpRule(side="blue", kind="relocate_hq", points=2, params={"of_side": "red"},
                                             description="Red HQ relocated", section="2.3")],
                               levels=[VictoryLevel(min_margin=1, name="Marginal")])
    setup = [p for p in m.scenarios["act"].setup if p.piece not in ("r_hq", "r_2")]
    m.scenarios["act"].setup = setup + [Placement(piece="r_hq", hex="0505")]
    return m


RAIL = [f"09{r:02d}" for r in range(1, 10)]


def reinforcement_module():
    """The activation module where red picks one division of reinforcements each turn (r_d2
    from turn 1, r_d3 from turn 2); they enter on a red source (0901 or 0909) out of enemy ZOC
    and may move by rail along column 09 or at double allowance on that turn (ToV 11.2)."""
    from builders import hexside_id

    from hexwright.runtime.model.rules_config import MovementMode

    m = activation_module()
    te = m.tables.terrain_effects
    for row in te.terrain.values():
        row["rail"] = "prohibited"  # the rail class moves only along railroads
    te.connections["railroad"] = {"*": "1", "rail": "1"}
    for a, b in zip(RAIL, RAIL[1:]):
        m.map.hexsides.setdefault(hexside_id(m, a, b), _hexside()).connections.append("railroad")
    m.rules.movement.modes = {
        "rail": MovementMode(name="Rail", movement_class="rail", allowance=99, no_ezoc=True, arrival_turn_only=True,
                             section="11.2"),
        "double": MovementMode(name="Double", allowance_multiplier="2", no_ezoc=True, arrival_turn_only=True,
                               section="11.2"),
    }
    m.rules.arrivals = {
        "r_div2": ArrivalGroup(side="red", pieces=["r_new"], trigger=ChoiceTrigger(from_turn=1), at_sources=True,
                               not_in_ezoc=True, section="11.2"),
        "r_div3": ArrivalGroup(side="red", pieces=["r_new2"], trigger=ChoiceTrigger(from_turn=2), at_sources=True,
                               not_in_ezoc=True, section="11.2"),
    }
    m.rules.sequence.phases["red_orders"] = [
        ChoiceStep(id="reinforcement", name="Reinforcement chit", side=PhaseSide(), section="11.2", options=[
            ChoiceOption(kind="arrivals", id="reinforce", label="Reinforcements", count=1,
                         procedure="reinforcements")]),
        ActionsStep(id="red_later", name="Red later", side=PhaseSide(), allow=["move"], modes=["rail", "double"]),
    ]
    m.rules.sequence.procedures["reinforcements"] = [Activation(
        id="arrivals_act", name="Reinforcements move", side=PhaseSide(), section="11.0",
        select=UnitSelect(by="arrivals"), steps=[ActionsStep(id="rail_move", name="Movement", allow=["move"],
                                                             units="activated", modes=["rail", "double"])])]
    return m


def entry_choice_module(units: int = 1):
    """:func:`reinforcement_module` where red places its reinforcements itself on any red source
    it may enter (ToV 11.2: 'on any Supply Source hex'; ``choose_hex``); with ``units`` > 1 the
    first division has that many units."""
    from builders import add_unit

    m = reinforcement_module()
    extra = [f"r_new_{i}" for i in range(2, units + 1)]
    for pid in extra:
        add_unit(m, pid, "red", combat=3, movement=3)
    for gid, g in m.rules.arrivals.items():
        pieces = g.pieces + extra if gid == "r_div2" else g.pieces
        m.rules.arrivals[gid] = g.model_copy(update={"choose_hex": True, "pieces": pieces})
    return m


def _hexside():
    from hexwright.runtime.model import HexsideData

    return HexsideData()


__all__ = ["CountEnds", "TurnTrigger", "activation_module", "chit_module", "initiative_module", "reinforcement_module",
           "relocation_module"]


def attack_hq(m, seed: int = 1, step: int = 0, hex: str = "0505"):
    """Blue orders its 1st and 2nd divisions; b_1 (0404) attacks ``hex`` (the red HQ's, 0505,
    with the HQ on ``step``) and resolves it: the state and the resolution's log entry."""
    from hexwright.runtime.engine import Choose, Declare, EndPhase, Resolve, apply
    from hexwright.runtime.state import initial_state

    s = initial_state(m, "act", seed)
    if step:
        pieces = dict(s.pieces)
        pieces["r_hq"] = pieces["r_hq"].model_copy(update={"step": step})
        s = s.model_copy(update={"pieces": pieces})
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex=hex))
    return apply(m, s, Resolve(hex=hex))
