"""Small synthetic modules for HQ activation by morale and tactical actions paid in points
(after St-Lô 6.0, 7.0, 19.0) — none of them is St-Lô.

:func:`operations_module`: six operations a turn, in each blue chooses an HQ from its display box (or passes); the HQ
rolls against its morale, is placed with a unit it commands and the units it commands act
(one move each per actions step); an HQ phase rests the HQs. Blue HQs ``b_hq`` (morale 5,
battalion ``b_bn`` at 0303) and ``b_hq2`` (morale 6, formation ``b_green``, whose first
attempt costs 2; companies ``b_c1`` at 0505 and ``b_c2`` at 0606); red ``r_hq`` with
``r_bn`` at 0808. A depot of each side: blue 0101, red 0909.
"""

from __future__ import annotations

from builders import add_unit, dom_crt, rules_module

from hexwright.runtime.model import Box, HexData, HexFeature, Phase, Placement, Scenario, Turn, TurnTrack
from hexwright.runtime.model.sequence import (
    ActionsStep,
    Activation,
    ChoiceOption,
    ChoiceStep,
    CountEnds,
    FirstAttempt,
    FixedSide,
    HqRoll,
    Loop,
    MoraleRecovery,
    PoolDef,
    SequenceRules,
    StatusDef,
    UnitSelect,
)

OPERATIONS = 6
"""Operations per turn (a count: these modules have no initiative)."""
HQ_ROLL = HqRoll(id="hq_roll", name="HQ activation roll", pool="tap", loss=1, loss_with_status={"aa": 2},
                 first_attempt=[FirstAttempt(formations=["b_green"], loss=2)], flip_to="aa", section="6.1")


def operations_module(*, hq_roll: HqRoll = HQ_ROLL):
    m = rules_module(9, 9)
    m.tables.crts["crt"] = dom_crt()
    for label, side in (("0101", "blue"), ("0909", "red")):
        m.map.hexes.setdefault(label, HexData()).features.append(HexFeature(type="depot", side=side))
    m.map.boxes["dd_blue"] = Box(name="Blue division display", kind="display", side="blue")
    m.map.boxes["dd_red"] = Box(name="Red division display", kind="display", side="red")
    add_unit(m, "b_hq", "blue", "hq", combat=0, movement=0)
    m.pieces.pieces["b_hq"].steps[0].morale = 5
    add_unit(m, "b_bn", "blue", combat=4, movement=3, size="II")
    m.pieces.pieces["b_bn"].hq = "b_hq"
    add_unit(m, "b_hq2", "blue", "hq", combat=0, movement=0, formation="b_green")
    m.pieces.pieces["b_hq2"].steps[0].morale = 6
    for c in ("b_c1", "b_c2"):
        add_unit(m, c, "blue", combat=2, movement=3, size="I", formation="b_green")
        m.pieces.pieces[c].hq = "b_hq2"
    add_unit(m, "r_hq", "red", "hq", combat=0, movement=0)
    m.pieces.pieces["r_hq"].steps[0].morale = 7
    add_unit(m, "r_bn", "red", combat=4, movement=3, size="II")
    m.pieces.pieces["r_bn"].hq = "r_hq"
    m.meta.sequence = [
        Phase(id="operations", name="Operations", kind="operations", section="3.2"),
        Phase(id="hq", name="Headquarters", kind="other", section="19.0"),
    ]
    m.rules.statuses = {"aa": StatusDef(name="Activation attempted", section="6.4")}
    m.rules.pools = {"tap": PoolDef(name="Tactical action points", min=0, max=9, section="7.1.1")}
    m.rules.sequence = SequenceRules(
        phases={
            "operations": [Loop(id="ops", name="Operations phases", until=[CountEnds(count=OPERATIONS)], steps=[
                ChoiceStep(id="operation", name="Operation", side=FixedSide(side="blue"), section="3.2.3",
                           options=[ChoiceOption(kind="hq", id="activate", label="HQ activation",
                                                 procedure="activation"),
                                    ChoiceOption(kind="pass", id="pass", label="Pass")])])],
            "hq": [MoraleRecovery(id="rest", name="Headquarters phase", status="aa", gain=2, section="19.0")],
        },
        procedures={"activation": [
            hq_roll,
            Activation(id="tactical", name="Tactical actions", section="7.2.1",
                       select=UnitSelect(by="designation", hq_from="choice", include_hq=False),
                       steps=[ActionsStep(id="move", name="Movement", allow=["move"], units="activated",
                                          section="8.1")])]},
    )
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n) for n in (1, 2, 3)])
    m.scenarios = {"ops": Scenario(
        name="Operations", last_turn=3, first_side="blue",
        setup=[Placement(piece="b_hq", box="dd_blue"), Placement(piece="b_bn", hex="0303"),
               Placement(piece="b_hq2", box="dd_blue"), Placement(piece="b_c1", hex="0505"),
               Placement(piece="b_c2", hex="0606"), Placement(piece="r_hq", box="dd_red"),
               Placement(piece="r_bn", hex="0808")])}
    return m


__all__ = ["HQ_ROLL", "OPERATIONS", "operations_module"]
