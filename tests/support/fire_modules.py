"""A small synthetic module for fire support (after St-Lô 10, 11, 14–16) — not St-Lô.

A 9×9 flat-top map. Blue: infantry ``b_inf`` at 0503 (formation ``b_div``, under the corps
``b_corps``), its OP ``b_op`` in the display box; artillery ``b_a1`` and ``b_a2`` of ``b_div``
(support 2, defensive 1, long-range 1, six missions), ``b_gs`` of the corps (support 5,
long-range 3, four missions) and ``b_far`` of another division ``b_div2``. Red: infantry
``r_inf`` (two steps) and ``r_inf2`` with recon ``r_rec`` at 0508, recon ``r_rec2`` alone at
0308. Hex 0505 is level 8 (an OP there is four levels above the level-4 target 0508, three
hexes away: OV 4); everything else level 0 except 0508.

Phases: interdiction (one long-range fire by blue, 16.0), operations (barrages until blue
ends it, 14.1), air (air strikes from the ``air`` pool, 15.0), rally (missions reset, 10.1.2).
"""

from __future__ import annotations

from builders import add_unit, rules_module

from hexwright.runtime.model import Box, Formation, Phase, Placement, Scenario, Turn, TurnTrack, UnitType
from hexwright.runtime.model.fire import (
    FireColumn,
    FireIntensity,
    FireMission,
    FireResult,
    FireRules,
    FireTable,
    WeatherDrm,
)
from hexwright.runtime.model.sequence import (
    ActionsStep,
    FixedSide,
    PoolDef,
    ResetMissions,
    SequenceRules,
    StatusDef,
    StatusEffects,
)

INTENSITIES = {"normal": FireIntensity(name="normal", multiplier=1, missions=1),
               "rapid": FireIntensity(name="rapid", multiplier=2, missions=2),
               "maximum": FireIntensity(name="maximum", multiplier=3, missions=3)}


def barrage_table() -> FireTable:
    return FireTable(
        name="Barrage Table", rows=[-1, 0, 1, 2, 3, 4, 5, 6], section="14.1",
        columns=[FireColumn(label="1-15", min_value=1, cells=["N", "N", "N", "N", "N", "N", "P", "D"]),
                 FireColumn(label="16-47", min_value=16, cells=["N", "N", "N", "N", "P", "P", "D", "DL"]),
                 FireColumn(label="48+", min_value=48, cells=["P", "P", "P", "D", "D", "DL", "DL", "DL"]),
                 FireColumn(label="Air", cells=["F", "F", "F", "N", "P", "D", "DL", "DL"])],
        results={"N": FireResult(name="no effect"), "P": FireResult(name="pinned", pin=True, section="14.1.1"),
                 "D": FireResult(name="disrupted", disrupt=True, section="14.1.1"),
                 "DL": FireResult(name="disrupted, step loss", disrupt=True, step_loss=1, section="14.1.2"),
                 "F": FireResult(name="own units hit", friendly=True, section="15.0 C")})


def long_range_table() -> FireTable:
    return FireTable(
        name="Long-Range Table", rows=[1, 2, 3, 4, 5, 6, 7, 8], section="16.0",
        columns=[FireColumn(label="1-3", min_value=1, cells=["0", "0", "0", "0", "0", "1", "1", "2"]),
                 FireColumn(label="4+", min_value=4, cells=["0", "0", "0", "1", "1", "1", "2", "2"])],
        results={"0": FireResult(name="no effect"), "1": FireResult(initiative=1, section="16.0 B"),
                 "2": FireResult(initiative=2, section="16.0 B")})


def fire_rules() -> FireRules:
    return FireRules(
        unit_types=["art"], op_unit_types=["op"], op_radius=4,
        intensities={k: v.model_copy() for k, v in INTENSITIES.items()},  # each module its own: a test may rename one
        tables={"barrage": barrage_table(), "long_range": long_range_table()},
        missions={
            "barrage": FireMission(name="Barrage", value="support", table="barrage", always_fire=["b_corps"],
                                   loss_order=[["inf"], ["rec"]], section="14.1"),
            "interdiction": FireMission(name="Interdiction", value="long_range", table="long_range", target="none",
                                        observed=False, firers="any",
                                        weather_drms=[WeatherDrm(side="blue", weather="clear", drm=2)],
                                        section="16.0"),
            "defensive": FireMission(name="Defensive fire", value="defensive", intensities=["normal"],
                                     section="10.5"),
            "air_strike": FireMission(name="Air strike", table="barrage", column="Air", ov_multiplies=False,
                                      op_near="unit_types", op_unit_types=["inf"], firers="any", pool="air",
                                      friendly_result="DL", loss_order=[["inf"], ["rec"]], section="15.0"),
        },
        pinned="pinned", disrupted="disrupted", initiative_pool="initiative", section="10.0")


def fire_module():
    m = rules_module(9, 9, levels={"0505": 8, "0508": 4})
    m.pieces.unit_types["op"] = UnitType(name="OP", symbol="observation_post", movement_class="foot",
                                         exerts_zoc=False)
    m.pieces.unit_types["rec"] = UnitType(name="Recon", symbol="recon", movement_class="foot")
    m.pieces.formations["b_corps"] = Formation(name="Blue corps", side="blue", echelon="corps")
    m.pieces.formations["b_div"] = Formation(name="Blue division", side="blue", parent="b_corps")
    m.pieces.formations["b_div2"] = Formation(name="Blue second division", side="blue", parent="b_corps")
    m.map.boxes["b_dd"] = Box(name="Blue display", kind="display", side="blue")
    m.map.boxes["b_art"] = Box(name="Blue artillery display", kind="display", side="blue")
    add_unit(m, "b_inf", "blue", combat=3, movement=4, formation="b_div", size="II")
    add_unit(m, "b_op", "blue", "op", combat=0, movement=0, formation="b_div")
    for art, form, values in (("b_a1", "b_div", (2, 1, 1, 6)), ("b_a2", "b_div", (2, 1, 1, 6)),
                              ("b_gs", "b_corps", (5, 3, 3, 4)), ("b_far", "b_div2", (3, 2, 2, 4))):
        add_unit(m, art, "blue", "art", combat=0, movement=0, formation=form)
        v = m.pieces.pieces[art].steps[0]
        v.support, v.defensive, v.long_range, v.fire_missions = values
    add_unit(m, "r_inf", "red", combat=4, movement=4, reduced=2)
    add_unit(m, "r_inf2", "red", combat=4, movement=4)
    add_unit(m, "r_rec", "red", "rec", combat=1, movement=4)
    add_unit(m, "r_rec2", "red", "rec", combat=1, movement=4)
    m.meta.sequence = [Phase(id="interdiction", name="Interdiction", kind="other", section="16.0"),
                       Phase(id="operations", name="Operations", kind="operations", section="14.1"),
                       Phase(id="air", name="Air strikes", kind="other", section="15.0"),
                       Phase(id="rally", name="Artillery rally", kind="other", section="10.1.2")]
    blue = FixedSide(side="blue")
    m.rules.fire = fire_rules()
    m.rules.statuses = {
        "pinned": StatusDef(name="Pinned", section="14.2", cleared_at_turn_end=True,
                            effects=StatusEffects(may_move=False, may_attack=False, defender_drm=2, drm_group="pin")),
        "disrupted": StatusDef(name="Disrupted", section="14.2", cleared_at_turn_end=True,
                               effects=StatusEffects(may_move=False, may_attack=False, defender_drm=3,
                                                     drm_group="pin"))}
    m.rules.pools = {"initiative": PoolDef(name="Initiative level", min=-2, max=0, initial={"blue": 0, "red": 0}),
                     "air": PoolDef(name="Air strikes", min=0, max=3, initial={"blue": 2})}
    m.rules.sequence = SequenceRules(
        phases={"interdiction": [ActionsStep(id="interdiction", allow=["fire"], mission="interdiction", once=True,
                                             side=blue, section="16.0")],
                "operations": [ActionsStep(id="barrage", allow=["fire"], mission="barrage", side=blue,
                                           section="14.1")],
                "air": [ActionsStep(id="air_strike", allow=["fire"], mission="air_strike", side=blue,
                                    section="15.0")],
                "rally": [ResetMissions(id="rally", name="Artillery rally", section="10.1.2")]})
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n) for n in (1, 2)])
    m.scenarios = {"fire": Scenario(
        name="Fire", last_turn=2, first_side="blue",
        setup=[Placement(piece="b_inf", hex="0503"), Placement(piece="b_op", box="b_dd"),
               *[Placement(piece=a, box="b_art") for a in ("b_a1", "b_a2", "b_gs", "b_far")],
               Placement(piece="r_inf", hex="0508"), Placement(piece="r_inf2", hex="0508"),
               Placement(piece="r_rec", hex="0508"), Placement(piece="r_rec2", hex="0308")])}
    return m


def combat_fire_module():
    """:func:`fire_module` with a combat phase and the scenario ``clash``: blue ``b_inf`` on the level-8
    hex 0505 next to red ``r_inf`` (formation ``r_div``, combat 4) at 0506; red has an OP ``r_op``
    and artillery ``r_a1`` of ``r_div`` (defensive 2). Blue fires on-call (10.4) with units of the
    attacking unit's formation, red defensive fire (10.5: normal only, its OP apart from blue's)."""
    from builders import dom_crt

    m = fire_module()
    m.tables.crts["crt"] = dom_crt()
    m.rules.combat = m.rules.combat.model_copy(update={"attack_value": "combat", "defense_value": "combat"})
    m.meta.sequence.insert(3, Phase(id="combat", name="Combat", kind="combat", section="9.0"))
    m.pieces.formations["r_div"] = Formation(name="Red division", side="red")
    m.pieces.pieces["r_inf"].formation = "r_div"
    add_unit(m, "r_op", "red", "op", combat=0, movement=0, formation="r_div")
    add_unit(m, "r_a1", "red", "art", combat=0, movement=0, formation="r_div")
    v = m.pieces.pieces["r_a1"].steps[0]
    v.support, v.defensive, v.long_range, v.fire_missions = 2, 2, 1, 4
    m.map.boxes["r_dd"] = Box(name="Red display", kind="display", side="red")
    assert m.rules.fire is not None
    m.rules.fire.missions["on_call"] = FireMission(
        name="On-call fire", value="support", combat="attack", same_formation_as_supported=True, max_units=1,
        section="10.4")
    m.rules.fire.missions["defend"] = FireMission(
        name="Defensive fire", value="defensive", combat="defense", intensities=["normal"], op_near="supported",
        same_formation_as_supported=True, max_units=1, supported_types=["inf"], apart_from_enemy_op=True,
        section="10.5")
    m.scenarios["clash"] = Scenario(name="Clash", last_turn=2, first_side="blue", setup=[
        Placement(piece="b_inf", hex="0505"), Placement(piece="b_op", box="b_dd"),
        *[Placement(piece=a, box="b_art") for a in ("b_a1", "b_a2", "b_gs")],
        Placement(piece="r_inf", hex="0506"), Placement(piece="r_op", box="r_dd"), Placement(piece="r_a1", box="r_dd")])
    return m


def declared_attack(m):
    """:func:`combat_fire_module`'s game at its combat phase, with blue's infantry declared on
    0506: where the combat-fire tests start (St-Lô 10.4, 10.5)."""
    from hexwright.runtime.engine import Declare, EndPhase, apply
    from hexwright.runtime.state import initial_state

    s = initial_state(m, "clash", 3)
    for _ in range(10):
        if m.meta.sequence[s.phase].id == "combat":
            break
        s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0506"))
    return s


def choices_fire_module():
    """:func:`fire_module` for the choices fire leaves to a side (after St-Lô 14.2, 15.0 D, 22), scenario
    ``choices``: blue ``b_inf`` at 0506 and ``b_inf2`` at 0607, both within two hexes of red's 0508;
    red artillery ``r_a1``–``r_a3`` (long-range 1, four missions) in its display. Each turn: ``ops``,
    one operation of blue (barrage, air strike from one point of ``air``, counter-battery fire with the
    optional rule ``cb``, or pass); ``red_move`` (red moves); ``rally`` (missions reset, a disorganized
    unit rallies on 1-2). Pins and disruptions mark the hex (14.2)."""
    from hexwright.runtime.model.meta import OptionalRule
    from hexwright.runtime.model.sequence import ChoiceOption, ChoiceStep

    m = fire_module()
    m.pieces.formations["r_div"] = Formation(name="Red division", side="red")
    m.map.boxes["r_art"] = Box(name="Red artillery display", kind="display", side="red")
    add_unit(m, "b_inf2", "blue", combat=3, movement=4, formation="b_div", size="II")
    for art in ("r_a1", "r_a2", "r_a3"):
        add_unit(m, art, "red", "art", combat=0, movement=0, formation="r_div")
        v = m.pieces.pieces[art].steps[0]
        v.support, v.defensive, v.long_range, v.fire_missions = 2, 1, 1, 4
    assert m.rules.fire is not None
    m.rules.fire.disorganized = "disorganized"
    m.rules.fire.missions["counter_battery"] = FireMission(
        name="Counter-battery fire", value="long_range", table="long_range", target="none", observed=False,
        firers="any", disorganizes=True, weather_drms=[WeatherDrm(side="blue", weather="clear", drm=2)],
        section="22.1")
    for status in ("pinned", "disrupted"):
        m.rules.statuses[status].marks_hex = True
    m.rules.statuses["disorganized"] = StatusDef(name="Disorganized", section="22.2.1",
                                                 effects=StatusEffects(may_attack=False))
    m.rules.pools["air"] = PoolDef(name="Air strikes", min=0, max=3, initial={"blue": 1})
    m.rules.stacking = m.rules.stacking.model_copy(update={"limit": None})
    m.meta.optional_rules = {"cb": OptionalRule(name="Counter-battery fire", section="22.0")}
    m.meta.sequence = [Phase(id="ops", name="Operation", kind="operations", section="3.2.3"),
                       Phase(id="red_move", name="Red movement", kind="movement", section="8.0"),
                       Phase(id="rally", name="Artillery rally", kind="other", section="3.1.7")]
    blue, red = FixedSide(side="blue"), FixedSide(side="red")
    m.rules.sequence = SequenceRules(
        phases={"ops": [ChoiceStep(id="operation", side=blue, section="3.2.3", options=[
                    ChoiceOption(kind="procedure", id="barrage", procedure="barrage"),
                    ChoiceOption(kind="procedure", id="air_strike", procedure="air_strike"),
                    ChoiceOption(kind="procedure", id="counter_battery", procedure="counter_battery",
                                 optional_rule="cb"),
                    ChoiceOption(kind="pass", id="pass")])],
                "red_move": [ActionsStep(id="red_move", allow=["move"], side=red, section="8.0")],
                "rally": [ResetMissions(id="rally", name="Artillery rally", rally_on=[1, 2], side=blue,
                                        section="22.2.2")]},
        procedures={mid: [ActionsStep(id=f"{mid}_fire", allow=["fire"], mission=mid, once=True, section=sec)]
                    for mid, sec in (("barrage", "14.1"), ("air_strike", "15.0"), ("counter_battery", "22.1"))})
    m.scenarios["choices"] = Scenario(
        name="Choices", last_turn=2, first_side="blue",
        setup=[Placement(piece="b_inf", hex="0506"), Placement(piece="b_inf2", hex="0607"),
               Placement(piece="b_op", box="b_dd"),
               *[Placement(piece=a, box="b_art") for a in ("b_a1", "b_a2", "b_gs", "b_far")],
               *[Placement(piece=a, box="r_art") for a in ("r_a1", "r_a2", "r_a3")],
               Placement(piece="r_inf", hex="0508"), Placement(piece="r_inf2", hex="0508"),
               Placement(piece="r_rec", hex="0508"), Placement(piece="r_rec2", hex="0308")])
    return m


def counter_battery_fired(m, die: int = 6):
    """``choices_fire_module`` (with the counter-battery option, clear weather) after blue's
    counter-battery fire by b_a1 with ``die`` rolled: 6 gives result 2, and no red firing unit
    has fired, so red picks which one is disorganized (St-Lô 22.1.2 B). Returns the state and
    the fire's log entry."""
    from operations_modules import rigged

    from hexwright.runtime.engine import Choose, Fire, apply
    from hexwright.runtime.engine.core import prepared
    from hexwright.runtime.engine.data import with_engine_state
    from hexwright.runtime.state import initial_state

    tx = prepared(m, initial_state(m, "choices", 3, {"cb": True}))
    s = with_engine_state(tx.state, tx.data.model_copy(update={"seq": tx.data.seq.model_copy(update={
        "conditions": {"weather": "clear"}})}))
    s, _ = apply(m, s, Choose(option="counter_battery"))
    return apply(m, rigged(s, die), Fire(mission="counter_battery", units=("b_a1",), intensities=("normal",)))


def barrage_window(qtbot, tmp_path):
    """The play window on the synthetic fire module at the operations phase's barrage step (past
    the interdiction step), shown and fitted: what the fire dialog and display tests start from."""
    from play_helpers import shown_window

    from hexwright.runtime.engine import ENGINE, EndPhase, to_step
    from hexwright.runtime.state import Game

    game = Game(fire_module(), "fire", 5, engine=ENGINE)
    game.do(to_step(EndPhase()))
    return shown_window(qtbot, game, tmp_path, (1200, 900))
