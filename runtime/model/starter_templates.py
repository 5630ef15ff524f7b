"""Starter templates: a new module with a playable rule set to start from.

``hexwright new --template NAME`` and the editor's New Module dialog offer these. Each
gives two sides, unit types, a terrain effects chart, a CRT, a turn track, a sequence of
play and an empty scenario, all ordinary module data the designer then edits. A
template knows no game: it is the shape of a family of games (I-go-you-go with a
differential CRT, chit-pull activation with an odds CRT, initiative with HQ activations).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .map import Box
from .meta import Phase
from .module import Module
from .pieces import Chit, MovementClass, Side, UnitType
from .rules_config import RulesConfig, StackingRules
from .scenario import Scenario
from .sequence import (
    ActionsStep,
    Activation,
    AllPassed,
    ChitSelection,
    ChoiceOption,
    ChoiceStep,
    CupDraw,
    CupEmpty,
    CupFill,
    DieEnds,
    EachSide,
    Initiative,
    Loop,
    PhaseSide,
    PoolDef,
    SequenceRules,
    SetPool,
    StatusDef,
    Step,
    UnitSelect,
)
from .tables import (
    CombatEffect,
    CombatResultsTable,
    CrtColumn,
    ResultCode,
    ResultEffect,
    TerrainEffects,
    Turn,
    TurnTrack,
)
from .templates import new_module

TemplateBuild = Callable[[Module], None]


@dataclass(frozen=True)
class StarterTemplate:
    name: str
    title: str
    description: str
    build: TemplateBuild


# -- what every playable template shares ---------------------------------------------------


def _sides_and_types(m: Module) -> None:
    p = m.pieces
    p.sides = {"blue": Side(name="Blue", short="B", color="#4a6fb5", text_color="#ffffff"),
               "red": Side(name="Red", short="R", color="#c0483c", text_color="#ffffff")}
    p.movement_classes = {"foot": MovementClass(name="Foot"), "motor": MovementClass(name="Motorized")}
    p.unit_types = {
        "infantry": UnitType(name="Infantry", symbol="infantry", movement_class="foot"),
        "armor": UnitType(name="Armor", symbol="armor", movement_class="motor", armored=True),
        "hq": UnitType(name="Headquarters", symbol="hq", movement_class="motor", is_hq=True, exerts_zoc=False),
    }


def _terrain_effects(m: Module) -> None:
    m.tables.terrain_effects = TerrainEffects(
        terrain={"clear": {"*": "1"}, "woods": {"foot": "2", "motor": "3"}, "rough": {"*": "2"},
                 "marsh": {"foot": "3", "motor": "all"}, "water": {"*": "prohibited"}},
        hexsides={"river": {"*": "all"}, "stream": {"*": "+1"}},
        connections={"road": {"*": "1/2"}, "railroad": {"*": "1"}},
        combat={"woods": CombatEffect(shift=-1), "rough": CombatEffect(shift=-1),
                "town": CombatEffect(shift=-1), "city": CombatEffect(shift=-2)},
        hexside_combat={"river": CombatEffect(shift=-1)},
        shift_mode="cumulative",
    )


def _results() -> dict[str, ResultCode]:
    return {
        "AE": ResultCode(name="Attacker eliminated", effects=[ResultEffect(who="attacker", what="eliminate")]),
        "AR": ResultCode(name="Attacker retreats 1", effects=[ResultEffect(who="attacker", what="retreat")]),
        "NE": ResultCode(name="No effect"),
        "EX": ResultCode(name="Exchange", effects=[ResultEffect(who="defender", what="exchange")]),
        "DR": ResultCode(name="Defender retreats 1", effects=[ResultEffect(who="defender", what="retreat")]),
        "DE": ResultCode(name="Defender eliminated", effects=[ResultEffect(who="defender", what="eliminate")]),
    }


_GRID = [  # rows 1–6 of a six-column table, weakest column first (a classic shape)
    ["AR", "NE", "DR", "DR", "DE", "DE"],
    ["AR", "AR", "NE", "DR", "DR", "DE"],
    ["AE", "AR", "EX", "DR", "DR", "DE"],
    ["AE", "AR", "AR", "EX", "DR", "DR"],
    ["AE", "AE", "AR", "NE", "EX", "DR"],
    ["AE", "AE", "AE", "AR", "NE", "EX"],
]


def odds_crt() -> CombatResultsTable:
    labels = [("1:2", None, "1/2"), ("1:1", "1", "1"), ("2:1", "2", "2"), ("3:1", "3", "3"), ("4:1", "4", "4"),
              ("5:1", "5", None)]
    return CombatResultsTable(name="Combat results (odds)", kind="odds", dice="1d6",
                              columns=[CrtColumn(label=lb, min=lo, max=hi) for lb, lo, hi in labels],
                              rows=[1, 2, 3, 4, 5, 6], cells=[list(r) for r in _GRID], results=_results())


def differential_crt() -> CombatResultsTable:
    labels = [("≤-1", None, "-1"), ("0", "0", "0"), ("+1", "1", "2"), ("+3", "3", "4"), ("+5", "5", "6"),
              ("+7", "7", None)]
    return CombatResultsTable(name="Combat results (differential)", kind="differential", dice="1d6",
                              columns=[CrtColumn(label=lb, min=lo, max=hi) for lb, lo, hi in labels],
                              rows=[1, 2, 3, 4, 5, 6], cells=[list(r) for r in _GRID], results=_results())


def _turns(m: Module, count: int = 6) -> None:
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n) for n in range(1, count + 1)])


def _scenario(m: Module, cups: dict[str, list[str]] | None = None) -> None:
    m.scenarios = {"first": Scenario(name="First scenario", last_turn=len(m.tables.turn_track.turns) or 6,
                                     first_side="blue", cups=cups or {})}


def _common(m: Module, crt: CombatResultsTable) -> None:
    _sides_and_types(m)
    _terrain_effects(m)
    m.tables.crts = {"crt": crt}
    _turns(m)
    m.rules = RulesConfig()
    m.rules.combat.crt = "crt"
    m.rules.stacking = StackingRules(limit=2, check_at="end_of_move")


# -- the templates ---------------------------------------------------------------------------


def _blank(m: Module) -> None:
    """Nothing but the map palette: the designer adds everything."""


def _igo_ugo(m: Module) -> None:
    _common(m, differential_crt())
    m.rules.combat.attack_value = "attack"
    m.meta.sequence = []
    steps: dict[str, list[Step]] = {}
    for side in ("blue", "red"):
        name = m.pieces.sides[side].name
        m.meta.sequence += [Phase(id=f"{side}_movement", name=f"{name} movement", side=side, kind="movement"),
                            Phase(id=f"{side}_combat", name=f"{name} combat", side=side, kind="combat")]
        steps[f"{side}_movement"] = [ActionsStep(id=f"{side}_move", name=f"{name} moves", side=PhaseSide(),
                                                 allow=["move", "exit"])]
        steps[f"{side}_combat"] = [ActionsStep(id=f"{side}_attack", name=f"{name} attacks", side=PhaseSide(),
                                               allow=["declare", "resolve"])]
    m.rules.sequence = SequenceRules(phases=steps)
    _scenario(m)


def _move_then_fight() -> list[Step]:
    return [ActionsStep(id="move", name="Movement", allow=["move"], units="activated"),
            ActionsStep(id="fight", name="Combat", allow=["declare", "resolve"], units="activated")]


def _chit_pull(m: Module) -> None:
    _common(m, odds_crt())
    m.map.boxes["cup"] = Box(name="Cup", kind="cup")
    m.pieces.chits = {"blue_command": Chit(name="Blue command", side="blue", kind="command"),
                      "red_command": Chit(name="Red command", side="red", kind="command")}
    m.meta.sequence = [Phase(id="chits", name="Chit selection", kind="chit_draw"),
                       Phase(id="action", name="Action", kind="activation")]
    m.rules.statuses = {"activated": StatusDef(name="Activated")}
    m.rules.sequence = SequenceRules(
        phases={
            "chits": [CupFill(id="fill", name="Fill the cup", cup="cup", side=EachSide(),
                              sides={"blue": ChitSelection(chits=["blue_command"]),
                                     "red": ChitSelection(chits=["red_command"])})],
            "action": [Loop(id="draws", name="Draw chits", until=[CupEmpty(cup="cup")],
                            steps=[CupDraw(id="draw", name="Draw a chit", cup="cup",
                                           by_kind={"command": "command"})])],
        },
        procedures={"command": [Activation(id="activation", name="Activate the side", select=UnitSelect(by="side"),
                                           steps=_move_then_fight())]},
    )
    _scenario(m, cups={"cup": []})


def _initiative(m: Module) -> None:
    _common(m, odds_crt())
    m.meta.sequence = [Phase(id="initiative", name="Initiative levels", kind="initiative"),
                       Phase(id="operations", name="Operations", kind="operations")]
    m.rules.statuses = {"activated": StatusDef(name="Activated")}
    m.rules.pools = {"initiative": PoolDef(name="Initiative level", min=-2, max=2)}
    m.rules.sequence = SequenceRules(
        phases={
            "initiative": [SetPool(id="levels", name="Initiative levels", pool="initiative",
                                   values={"blue": 0, "red": 0})],
            "operations": [Loop(id="ops", name="Operations", until=[AllPassed(), DieEnds()],
                                steps=[Initiative(id="roll", name="Initiative roll", pool="initiative", tie="red",
                                                  sides=["blue", "red"], end_loop_on=1),
                                       ChoiceStep(id="operation", name="Operation", options=[
                                           ChoiceOption(kind="hq", id="activate", label="Activate an HQ",
                                                        procedure="hq_actions"),
                                           ChoiceOption(kind="pass", id="pass", label="Pass")])])],
        },
        procedures={"hq_actions": [Activation(id="hq_units", name="HQ's units act",
                                              select=UnitSelect(by="designation", hq_from="choice"),
                                              steps=_move_then_fight())]},
    )
    _scenario(m)


TEMPLATES: dict[str, StarterTemplate] = {t.name: t for t in (
    StarterTemplate("blank", "Blank", "A map and a terrain palette; no sides, tables or sequence of play.", _blank),
    StarterTemplate("igo-ugo", "I-go-you-go, differential CRT",
                    "Each side moves, then attacks (Drive on Metz-like); zones of control stop movement; "
                    "a differential CRT with terrain shifts.", _igo_ugo),
    StarterTemplate("chit-pull", "Chit-pull activation, odds CRT",
                    "Each turn both sides' command chits go into a cup; each chit drawn activates its side to "
                    "move, then attack (Traces of Victory-like); an odds CRT.", _chit_pull),
    StarterTemplate("initiative", "Initiative and HQ action points",
                    "Sides roll for initiative, the winner activates an HQ whose units act or passes, until both "
                    "pass or a 1 is rolled (St-Lô-like); an odds CRT.", _initiative),
)}
"""The starter templates by name, in the order the New Module dialog lists them."""


def module_from_template(template: str, module_id: str, title: str, cols: int, rows: int,
                         orientation: str = "flat") -> Module:
    """A new module of ``cols`` × ``rows`` hexes built from the starter template named ``template``."""
    if template not in TEMPLATES:
        raise ValueError(f"unknown template {template!r}; choose one of {', '.join(TEMPLATES)}")
    m = new_module(module_id, title, cols, rows, orientation)
    TEMPLATES[template].build(m)
    return m
