"""Small module builders shared by tests."""

from __future__ import annotations

from runtime.model import (
    CombatResultsTable, CrtColumn, Formation, HexData, HexFeature, HexsideData, Module, Piece,
    Placement, ResultCode, ResultEffect, Scenario, Side, StepValues, UnitType, new_module,
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
