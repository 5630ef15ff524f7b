"""A small synthetic module for the choices and rolls around one combat (after Traces of
Victory 7.1, 10.2.3, 10.3, 10.5): combat intensity, attacker casualties, owner-allocated step
losses, air support from a pool, several units advancing."""

from __future__ import annotations

from builders import add_unit
from sequence_modules import activation_module

from hexwright.runtime.model import Placement, ResultCode, ResultEffect
from hexwright.runtime.model.combat_options import AirSupport, CasualtyCheck, CombatIntensity, IntensityLevel
from hexwright.runtime.model.sequence import PoolDef
from hexwright.runtime.state.rng import RngState, roll


def two_r_star() -> ResultCode:
    """ToV's "2R*": two steps lost, one hex of retreat, the attacker may advance and rolls for casualties."""
    return ResultCode(name="2R*", effects=[ResultEffect(who="defender", what="step_loss", amount=2),
                                           ResultEffect(who="defender", what="retreat"),
                                           ResultEffect(who="attacker", what="advance"),
                                           ResultEffect(who="attacker", what="casualty_check")])


def combat_module(code: str = "2R*", *, owner: bool = True, air: int = 2):
    """The activation module (blue orders divisions; b_1 in 0404 and b_2 in 0403 are next to
    0504) with red's r_1 and r_2 (two steps each) stacked in 0504, every CRT cell ``code``,
    intensity +1 (loss on 1-2) and +2 (1-4), casualties on a 6, ``air`` blue air points
    (+2 attacking, -1 defending, one per hex), stacking 2, any attacker may advance."""
    m = activation_module()
    crt = m.tables.crts["crt"]
    crt.results["2R*"] = two_r_star()
    crt.results["A1"] = ResultCode(name="A1", effects=[ResultEffect(who="attacker", what="step_loss")])
    crt.cells = [[code] * len(crt.columns) for _ in crt.rows]
    for u in ("r_1", "r_2", "b_1", "b_2"):
        steps = m.pieces.pieces[u].steps
        steps.append(steps[0].model_copy(update={"combat": 1}))
    add_unit(m, "r_3", "red", combat=3, movement=6, formation="r_d1")
    m.rules.stacking.limit = 2
    c = m.rules.combat
    c.section = "10.2"
    c.loss_allocation = "owner" if owner else "each_unit"
    c.intensity = CombatIntensity(levels=[IntensityLevel(shift=1, loss_on=[1, 2]),
                                          IntensityLevel(shift=2, loss_on=[1, 2, 3, 4])], section="10.2.3")
    c.casualty = CasualtyCheck(section="10.3")
    c.advance.units = "any"
    c.air_support = AirSupport(pool="air", side="blue", section="7.1")
    m.rules.pools = {"air": PoolDef(name="Air points", min=0, max=4, initial={"blue": air}, section="7.0")}
    sc = m.scenarios["act"]
    sc.setup = [p for p in sc.setup if p.piece != "r_2"] + [Placement(piece="r_2", hex="0504")]
    return m


def fighting(m, seed: int = 0):
    """:func:`combat_module`'s game with blue's 1st and 2nd divisions ordered, at the combat step."""
    from hexwright.runtime.engine import Choose, EndPhase, apply
    from hexwright.runtime.state import initial_state

    s = initial_state(m, "act", seed)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    return s


def seed_rolling(*faces: int) -> int:
    """The smallest seed whose first dice (d6) are ``faces``, in order."""
    def ok(seed: int) -> bool:
        rng = RngState(seed=seed, counter=0)
        for face in faces:
            dice, rng = roll(rng, 6, 1)
            if dice[0] != face:
                return False
        return True
    return next(s for s in range(100_000) if ok(s))


def air_module(multiplier: str | None = None):
    """A 9×9 clear map (2 MP a hex): a weather phase where blue rolls its air points (3 on any
    die; times ``multiplier`` in the scenario) and places interdiction markers, then red moves
    r_1 (0505, 8 MP); blue's b_1 stands in 0202. Interdiction: +1 to enter, +1 to leave a hex
    within one of a marker, for red only (after ToV 7.2)."""
    from builders import rules_module

    from hexwright.runtime.model import LookupRow, LookupTable, Phase, Scenario, Turn, TurnTrack
    from hexwright.runtime.model.combat_options import Interdiction
    from hexwright.runtime.model.sequence import ActionsStep, FixedSide, PhaseSide, SequenceRules, TableRoll

    m = rules_module(9, 9)
    add_unit(m, "r_1", "red", combat=3, movement=8)
    add_unit(m, "b_1", "blue", combat=3, movement=8)
    m.tables.lookups["air"] = LookupTable(name="Weather/Air", dice="1d6", key_label="die", columns=["weather", "air"],
                                          rows=[LookupRow(key=str(k), cells=["clear", "3"]) for k in range(1, 7)])
    m.tables.turn_track = TurnTrack(turns=[Turn(number=n) for n in (1, 2)])
    m.meta.sequence = [Phase(id="weather", name="Weather", side="blue", kind="weather", section="4.1"),
                       Phase(id="red_move", name="Red movement", side="red", kind="movement", section="9.0")]
    m.rules.pools = {"air": PoolDef(name="Air points", min=0, max=4, section="7.0")}
    m.rules.interdiction = Interdiction(pool="air", side="blue", affects_sides=["red"], section="7.2")
    m.rules.sequence = SequenceRules(phases={
        "weather": [TableRoll(id="air_roll", name="Weather", table="air", side=FixedSide(side="blue"),
                              pools={"1": "air"}, section="4.1"),
                    ActionsStep(id="interdiction", name="Interdiction", allow=["interdict"],
                                side=FixedSide(side="blue"), section="7.2")],
        "red_move": [ActionsStep(id="move", name="Movement", allow=["move"], side=PhaseSide(), section="9.0")]})
    m.scenarios = {"s": Scenario(name="S", last_turn=2, first_side="blue",
                                 pool_multipliers={"air": multiplier} if multiplier else {},
                                 setup=[Placement(piece="r_1", hex="0505"), Placement(piece="b_1", hex="0202")])}
    return m
