"""A small synthetic game the engine plays whole: two sides, a hill to take, a CRT with losses.

7×7 flat-top map of clear and woods; blue (3 infantry) attacks from the west towards the
town hex 0404, red (2 infantry) holds it. Turns: blue movement, blue combat, red movement,
red combat; four turns. Blue scores 10 VP for controlling 0404 at the end; red scores 2 VP
per blue step eliminated… the engine scores only named places, so red's points come from
holding the town: 6 VP for controlling 0404. Differential CRT with step losses and
retreats, so attacks at good odds pay and bad ones cost.
"""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.model import (
    CombatResultsTable,
    CrtColumn,
    Module,
    Phase,
    Placement,
    ResultCode,
    ResultEffect,
    Scenario,
    VictoryLevel,
    VpRule,
)
from hexwright.runtime.model.rules_config import CombatRules, RulesConfig


def crt() -> CombatResultsTable:
    bounds = [(None, "-1"), ("0", "1"), ("2", "3"), ("4", None)]
    cols = [CrtColumn(label=label, min=lo, max=hi) for label, (lo, hi) in zip(["≤−1", "0/1", "2/3", "≥4"], bounds, strict=True)]
    cells = [
        ["AL", "AL", "EX", "DL"],
        ["AL", "EX", "DR", "DL"],
        ["AL", "DR", "DL", "DE"],
        ["EX", "DR", "DL", "DE"],
        ["DR", "DL", "DE", "DE"],
        ["DL", "DL", "DE", "DE"],
    ]
    results = {
        "AL": ResultCode(name="Attacker loses a step", effects=[ResultEffect(who="attacker", what="step_loss")]),
        "DL": ResultCode(name="Defender loses a step", effects=[ResultEffect(who="defender", what="step_loss")]),
        "DR": ResultCode(name="Defender retreats", effects=[ResultEffect(who="defender", what="retreat"),
                                                           ResultEffect(who="attacker", what="advance")]),
        "DE": ResultCode(name="Defender eliminated", effects=[ResultEffect(who="defender", what="eliminate")]),
        "EX": ResultCode(name="Exchange", effects=[ResultEffect(who="attacker", what="step_loss"),
                                                   ResultEffect(who="defender", what="step_loss")]),
    }
    return CombatResultsTable(name="Skirmish CRT", kind="differential", columns=cols, rows=[1, 2, 3, 4, 5, 6],
                              cells=cells, results=results)


def skirmish(turns: int = 4) -> Module:
    m = rules_module(7, 7, terrain={"0404": "woods", "0403": "woods", "0505": "woods"})
    m.meta.id = "skirmish"
    m.meta.sequence = [
        Phase(id="blue-move", name="Blue Movement", side="blue", kind="movement"),
        Phase(id="blue-combat", name="Blue Combat", side="blue", kind="combat"),
        Phase(id="red-move", name="Red Movement", side="red", kind="movement"),
        Phase(id="red-combat", name="Red Combat", side="red", kind="combat"),
    ]
    for pid in ("b1", "b2", "b3"):
        add_unit(m, pid, "blue", combat=4, movement=6)
    for pid in ("r1", "r2"):
        add_unit(m, pid, "red", combat=4, movement=4)
    for pid in m.pieces.pieces:
        steps = m.pieces.pieces[pid].steps
        m.pieces.pieces[pid].steps = [steps[0], steps[0].model_copy(update={"combat": 2})]
    m.tables.crts = {"crt": crt()}
    m.rules = RulesConfig(combat=CombatRules(crt="crt", attack_value="combat", defense_value="combat",
                                             min_value="-1", max_value="4"))
    m.tables.victory.rules = [
        VpRule(side="blue", kind="control_hex", points=10, params={"hex": "0404"}, description="Take the wood"),
        VpRule(side="red", kind="control_hex", points=6, params={"hex": "0404"}, description="Hold the wood"),
    ]
    m.tables.victory.levels = [VictoryLevel(min_margin=1, name="Marginal"), VictoryLevel(min_margin=8, name="Decisive")]
    m.scenarios = {
        "attack": Scenario(
            name="Attack on the wood", last_turn=turns, first_side="blue",
            setup=[Placement(piece="b1", hex="0103"), Placement(piece="b2", hex="0104"),
                   Placement(piece="b3", hex="0105"), Placement(piece="r1", hex="0404"),
                   Placement(piece="r2", hex="0504")],
        ),
    }
    return m
