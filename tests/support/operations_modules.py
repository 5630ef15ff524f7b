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

from hexwright.runtime.model import (
    Box,
    CombatEffect,
    HexData,
    HexFeature,
    Marker,
    MarkerFace,
    Phase,
    Placement,
    Scenario,
    Turn,
    TurnTrack,
)
from hexwright.runtime.model.rules_config import HexMarker, MovementMode, ZocRules
from hexwright.runtime.model.sequence import (
    ActionCost,
    ActionsStep,
    Activation,
    ChoiceOption,
    ChoiceStep,
    CountEnds,
    Entrench,
    FirstAttempt,
    FixedSide,
    HqRoll,
    Loop,
    MoraleRecovery,
    PoolDef,
    PoolEmpty,
    Recover,
    Reorganize,
    SequenceRules,
    StatusDef,
    StatusEffects,
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
            hq_roll.model_copy(deep=True),  # each module its own: a test may change it
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


def rigged(s, *faces: int):
    """``s`` with a generator whose next d6 rolls are ``faces`` (a seed found by search)."""
    from hexwright.runtime.state.rng import RngState, roll

    for seed in range(100_000):
        rng = RngState(seed=seed)
        if roll(rng, 6, len(faces))[0] == list(faces):
            return s.model_copy(update={"rng": rng})
    raise AssertionError(faces)


def activate(m, s, hq: str, place: str = ""):
    """``hq`` activated (its roll rigged to 1), placed at ``place`` when the activation asks where."""
    from hexwright.runtime.engine import Choose, Roll, apply

    s, _ = apply(m, s, Choose(option="activate", target=hq))
    s, _ = apply(m, rigged(s, 1), Roll())
    if place:
        s, _ = apply(m, s, Choose(option="place", target=place))
    return s


def options(m, s) -> list[str]:
    """The options of every ``Choose`` the legal actions hold."""
    from hexwright.runtime.engine import Choose, legal_actions

    return [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]


def _cost(points: int = 1, **update) -> ActionCost:
    base = ActionCost(pool="tap", points=points, without_loc=3, radius=2, out_of_command={"II": 2},
                      exclude_statuses=["pinned"], section="7.1")
    return base.model_copy(update=update)


BATTALION_ONLY = {"without_loc": None, "without_loc_allowed": False, "out_of_command": {}, "sizes": ["II"]}
TACTICAL_ACTIONS = [
    ChoiceOption(kind="procedure", id="movement", label="Movement", procedure="movement", cost=_cost()),
    ChoiceOption(kind="procedure", id="strategic", label="Strategic movement", procedure="strategic",
                 cost=_cost(all=True, first_only=True, **BATTALION_ONLY)),
    ChoiceOption(kind="procedure", id="hasty", label="Hasty attack", procedure="attack", cost=_cost()),
    ChoiceOption(kind="procedure", id="deliberate", label="Deliberate attack", procedure="attack", attack_drm=1,
                 cost=_cost(2, **BATTALION_ONLY)),
    ChoiceOption(kind="procedure", id="entrench", label="Entrenching", procedure="entrench",
                 cost=_cost(all=True, first_only=True, without_loc=None, without_loc_allowed=False,
                            out_of_command={})),
    ChoiceOption(kind="procedure", id="breakdown", label="Breakdown", procedure="breakdown",
                 cost=_cost(radius=None, sizes=["II"])),
    ChoiceOption(kind="procedure", id="buildup", label="Buildup", procedure="buildup",
                 cost=_cost(radius=None, sizes=["I"])),
    ChoiceOption(kind="procedure", id="recovery", label="Recovery", procedure="recovery",
                 cost=_cost(out_of_command={}, exclude_statuses=[], with_statuses=["pinned"])),
    ChoiceOption(kind="end", id="end", label="End of activation"),
]


def tactical_module():
    """:func:`operations_module` (clear terrain at 1 MP) where an activated HQ buys tactical actions with its points
    (after St-Lô 7.1–7.5): movement 1 (3 without a line of communication, 2 with a battalion
    beyond the HQ's command radius of 2; companies beyond it stay put); strategic movement, all
    points, first and only, battalions only, not without a line; hasty attack 1; deliberate
    attack 2 (+1 DRM), battalions only; entrenching, all points, first and only, not without a
    line, units in the radius only (an ``entrenchment`` hex marker: IP −1, SP −2, one DRM group
    with the red-only permanent IP feature ``permanent_ip``, kept by infantry); breakdown (b_bn, two
    steps, into substitutes s1–s3 from the box ``subs_blue``) and buildup (companies within 2 of the
    HQ; b_hq2's battalion ``b_bn2`` waits on the display) for 1; recovery for 1 (pinned units in
    the radius, one roll per hex, even recovers); pinned units take part in nothing else; or end
    the activation. A third blue company ``b_c3``
    stands at 0209, far from its HQ; red ``r_c`` (a company) at 0707."""
    m = operations_module()
    m.tables.terrain_effects.terrain["clear"] = {"*": "1"}
    add_unit(m, "b_c3", "blue", combat=2, movement=3, size="I", formation="b_green")
    m.pieces.pieces["b_c3"].hq = "b_hq2"
    add_unit(m, "r_c", "red", combat=1, movement=3, size="I")
    m.pieces.pieces["r_c"].hq = "r_hq"
    m.scenarios["ops"].setup += [Placement(piece="b_c3", hex="0209"), Placement(piece="r_c", hex="0707")]
    m.rules.movement.modes = {"strategic": MovementMode(name="Strategic movement", allowance=8, keep_away_from_enemy=4,
                                                        section="8.2")}
    m.rules.sequence.procedures["activation"] = [
        HQ_ROLL.model_copy(deep=True),
        Activation(id="tactical", name="Tactical actions", section="7.2.1", moves=99, attacks=99,
                   select=UnitSelect(by="designation", hq_from="choice", include_hq=False),
                   steps=[Loop(id="actions", name="Tactical actions", until=[PoolEmpty(pool="tap")], section="7.1",
                               steps=[ChoiceStep(id="tactical_action", name="Tactical action", section="7.1",
                                                 options=[o.model_copy(deep=True) for o in TACTICAL_ACTIONS])])])]
    m.rules.sequence.procedures |= {
        "movement": [ActionsStep(id="move", name="Movement", allow=["move"], units="activated", moves_per_unit=1,
                                 section="8.1")],
        "strategic": [ActionsStep(id="strategic_move", name="Strategic movement", allow=["move"], units="activated",
                                  modes=["strategic"], modes_only=True, moves_per_unit=1, section="8.2")],
        "attack": [ActionsStep(id="attack", name="Attack", allow=["declare", "resolve"], units="activated",
                               attacks_per_unit=1, section="9.1")],
        "entrench": [Entrench(id="dig", name="Entrenching", marker="entrenchment", unit_types=["inf"],
                              upgrade_features=["permanent_ip"], section="13.1")],
    }
    m.rules.sequence.procedures |= {
        "breakdown": [Reorganize(id="break", mode="breakdown", substitute_boxes={"b_white": ["subs_blue"]},
                                 section="12.2")],
        "buildup": [Reorganize(id="build", mode="buildup", radius=2, section="12.1")],
        "recovery": [Recover(id="recover", statuses=["pinned"], succeed_on=[2, 4, 6], section="14.3")],
    }
    m.rules.statuses["pinned"] = StatusDef(name="Pinned", effects=StatusEffects(defender_drm=2, drm_group="pin"),
                                           section="14.2")
    m.map.boxes["subs_blue"] = Box(name="Blue substitute companies", kind="holding", side="blue")
    m.pieces.pieces["b_bn"].formation = "b_white"
    m.pieces.formations["b_white"] = m.pieces.formations["b_green"].model_copy(update={"name": "White"})
    m.pieces.pieces["b_bn"].steps.append(m.pieces.pieces["b_bn"].steps[0].model_copy(update={"combat": 2}))
    add_unit(m, "b_bn2", "blue", combat=6, movement=3, size="II", formation="b_green", reduced=3)
    m.pieces.pieces["b_bn2"].hq = "b_hq2"
    for sub in ("s1", "s2", "s3"):
        add_unit(m, sub, "blue", combat=1, movement=3, size="I", formation="b_white")
    m.scenarios["ops"].setup += [Placement(piece="b_bn2", box="dd_blue")] + [
        Placement(piece=sub, box="subs_blue") for sub in ("s1", "s2", "s3")]
    m.pieces.markers["entrenchment"] = Marker(name="Entrenchment", kind="status", count=50,
                                              faces=[MarkerFace(text="IP"), MarkerFace(text="SP")])
    m.rules.hex_markers = {"entrenchment": HexMarker(
        combat=[CombatEffect(drm=-1, drm_group="entrenchment"), CombatEffect(drm=-2, drm_group="entrenchment")],
        kept_by=["inf"], section="13.0")}
    m.map.hex_feature_types["permanent_ip"] = m.map.hex_feature_types["cathedral"].model_copy(
        update={"name": "Permanent improved position"})
    m.tables.terrain_effects.combat["permanent_ip"] = CombatEffect(drm=-1, drm_group="entrenchment")
    m.rules.combat.terrain_benefits_side = {"permanent_ip": "red"}
    m.rules.zoc = ZocRules(can_leave=True, reenter_after_leaving=False, section="4.1")
    m.rules.combat.max_attackers = 1
    m.rules.combat.declare_all_first = False
    m.rules.combat.defend_once = "no"
    return m


__all__ = ["HQ_ROLL", "OPERATIONS", "TACTICAL_ACTIONS", "assets_module", "losses_module", "operations_module", "recon_module", "rigged", "tactical_module"]


def losses_module(code: str = "D3"):
    """Blue ``b_inf`` at 0303 attacks red's hex 0304 in a blue combat phase: ``r_bn`` (infantry,
    2 steps), ``r_gun`` (an asset), ``r_rcn`` (recon) and, with ``hq``, ``r_hq``; every CRT cell
    is ``code`` (D<n>: the defender loses n steps in all). Hex 0304 is woods with a village;
    0404 woods alone. CRT lines, top first: village (``crt_village``), woods (``crt_woods``);
    ``crt`` is the rest (after St-Lô 9.2.1, 9.2.4–9.2.6)."""
    from builders import odds_crt

    from hexwright.runtime.model import CombatEffect, ResultCode, ResultEffect, UnitType
    from hexwright.runtime.model.rules_config import AdvanceRules, CrtLine, LossRules

    m = rules_module(7, 7, terrain={"0304": "woods", "0404": "woods"}, features={"0304": ["village"]})
    m.map.hex_feature_types["village"] = m.map.hex_feature_types["cathedral"].model_copy(update={"name": "Village"})
    te = m.tables.terrain_effects
    te.combat = {"woods": CombatEffect(crt_line="woods"), "village": CombatEffect(crt_line="village")}
    results = {f"D{n}": ResultCode(name=f"Defender loses {n}", effects=[ResultEffect(who="defender", what="step_loss",
                                                                                      amount=n)]) for n in range(1, 8)}
    for crt_id in ("crt", "crt_woods", "crt_village"):
        crt = odds_crt(crt_id)
        crt.cells = [[code] * len(crt.columns) for _ in crt.rows]
        crt.results = results
        m.tables.crts[crt_id] = crt
    m.pieces.unit_types |= {"asset": UnitType(name="Asset", symbol="armor", movement_class="foot", exerts_zoc=False),
                            "recon": UnitType(name="Recon", symbol="recon", movement_class="foot")}
    add_unit(m, "b_inf", "blue", combat=12, movement=3, size="II")
    add_unit(m, "r_bn", "red", combat=2, movement=3, size="II", reduced=1)
    add_unit(m, "r_gun", "red", "asset", combat=0, movement=3)
    add_unit(m, "r_rcn", "red", "recon", combat=0, movement=4)
    add_unit(m, "r_hq", "red", "hq", combat=0, movement=0)
    m.meta.sequence = [Phase(id="blue_combat", name="Blue combat", side="blue", kind="combat", section="9.0")]
    m.rules.stacking.limit = None
    m.rules.combat.crt = "crt"
    m.rules.combat.crt_lines = [CrtLine(line="village", crt="crt_village"), CrtLine(line="woods", crt="crt_woods")]
    m.rules.combat.losses = LossRules(order=[["inf"], ["asset"], ["recon"]], immune=["hq"], section="9.2.4")
    m.rules.combat.advance_when_vacated = True
    m.rules.combat.advance = AdvanceRules(mode="free", max_hexes=1, section="9.2.6")
    m.scenarios = {"fight": Scenario(name="Fight", last_turn=1, first_side="blue", setup=[
        Placement(piece="b_inf", hex="0303"), Placement(piece="r_bn", hex="0304"), Placement(piece="r_gun", hex="0304"),
        Placement(piece="r_rcn", hex="0304")])}
    return m


def recon_module():
    """:func:`tactical_module` where, once an HQ's tactical actions end, the recon units within
    its command radius of 2 may move (after St-Lô 17.0 C): blue ``b_rcn`` at 0304 (near 0303),
    ``b_rcn2`` at 0109 (far from every HQ)."""
    from hexwright.runtime.model import UnitType

    m = tactical_module()
    m.pieces.unit_types["recon"] = UnitType(name="Recon", symbol="recon", movement_class="foot")
    for unit, hex in (("b_rcn", "0304"), ("b_rcn2", "0109")):
        add_unit(m, unit, "blue", "recon", combat=1, movement=4, size="I")
        m.scenarios["ops"].setup.append(Placement(piece=unit, hex=hex))
    roll, tactical = m.rules.sequence.procedures["activation"]
    assert isinstance(tactical, Activation)
    m.rules.sequence.procedures["activation"] = [
        roll, tactical.model_copy(update={"return_hq": False}),
        Activation(id="recon", name="Recon movement", section="17.0", skip_if_empty=True,
                   select=UnitSelect(by="hq_range", hq_from="choice", range=2, range_kind="radius",
                                     unit_types=["recon"], include_hq=False),
                   steps=[ActionsStep(id="recon_move", name="Recon movement", allow=["move"], units="activated",
                                      section="17.0")])]
    return m


def assets_module(code: str = "D1"):
    """:func:`losses_module` with assets (after St-Lô 5.0, 9.3, 9.4.1–9.4.3): blue's box
    ``blue_assets`` holds four M4s (major, armour 5) and an engineer, all of the formation
    ``b_div`` like ``b_inf`` (combat 11); red ``r_bn`` (anti-tank 2) and ``r_gun`` (a minor
    asset, anti-tank 5) defend 0304; a red M10 ``r_m10`` (major, armour 3) waits in
    ``red_assets``. Limits: a battalion 3 major, 1 engineer, 2 minor; DRMs capped at +5/−2."""
    from hexwright.runtime.model import Formation, UnitType
    from hexwright.runtime.model.rules_config import ArmorLoss, ArmorSuperiority, AssetRules

    m = losses_module(code)
    m.pieces.unit_types |= {"major": UnitType(name="Major asset", symbol="armor", movement_class="foot",
                                              exerts_zoc=False),
                            "engineer": UnitType(name="Engineer asset", symbol="engineer", movement_class="foot",
                                                 exerts_zoc=False)}
    m.pieces.pieces["b_inf"].steps[0].combat = 11
    m.pieces.pieces["b_inf"].formation = "b_div"
    m.pieces.pieces["r_bn"].steps[0].anti_tank = 2
    m.pieces.pieces["r_gun"].steps[0].anti_tank = 5
    m.pieces.pieces["r_gun"].formation = "r_div"
    m.pieces.formations |= {"b_div": Formation(name="Blue division", side="blue"),
                            "r_div": Formation(name="Red division", side="red")}
    for n in range(1, 5):
        add_unit(m, f"b_m4_{n}", "blue", "major", combat=0, movement=3, formation="b_div")
        m.pieces.pieces[f"b_m4_{n}"].steps[0].armor = 5
    add_unit(m, "b_eng", "blue", "engineer", combat=0, movement=3, formation="b_div")
    add_unit(m, "r_m10", "red", "major", combat=0, movement=3)
    m.pieces.pieces["r_m10"].steps[0].armor = 3
    for box, side in (("blue_assets", "blue"), ("red_assets", "red"), ("red_holding", "red")):
        m.map.boxes[box] = Box(name=box, kind="holding", side=side)
    m.scenarios["fight"].setup += [Placement(piece=f"b_m4_{n}", box="blue_assets") for n in range(1, 5)] + [
        Placement(piece="b_eng", box="blue_assets"), Placement(piece="r_m10", box="red_assets")]
    m.rules.assets = AssetRules(
        classes={"major": "major", "engineer": "engineer", "asset": "minor"}, parent_types=["inf"],
        limits={"II": {"major": 3, "engineer": 1, "minor": 2}}, from_boxes=["blue_assets", "red_assets"],
        holding_boxes={"r_div": "red_holding"}, engineer_drm=1, defending_armor_drm=-1,
        armor_superiority=ArmorSuperiority(losses=[ArmorLoss(at_most=-3, assets=1), ArmorLoss(at_most=-7, assets=2)]),
        section="9.3")
    m.rules.combat.drm_min, m.rules.combat.drm_max = -2, 5
    return m


def defence_module(depot: bool = True):
    """Red may assign one major and one minor asset to the defence of 0304 (9.3 C): the M10
    ``r_m10`` (armour 3, anti-tank 4) and the anti-tank gun ``r_at`` wait in ``red_assets``; a
    red depot at 0307 gives ``r_bn`` its line (9.3.2 A), unless ``depot`` is False."""
    from hexwright.runtime.model import HexData, HexFeature, HexFeatureType

    m = assets_module()
    m.pieces.pieces["r_bn"].formation = "r_div"
    m.pieces.pieces["r_m10"].formation = "r_div"
    m.pieces.pieces["r_m10"].steps[0].anti_tank = 4
    add_unit(m, "r_at", "red", "asset", combat=0, movement=3, formation="r_div")
    m.pieces.pieces["r_at"].steps[0].anti_tank = 3
    m.scenarios["fight"].setup.append(m.scenarios["fight"].setup[-1].model_copy(update={"piece": "r_at"}))
    m.rules.assets.defender_max = {"major": 1, "minor": 1}
    m.map.hex_feature_types["depot"] = HexFeatureType(name="Depot", kind="depot")
    if depot:
        m.map.hexes["0307"] = HexData(features=[HexFeature(type="depot", side="red")])
    return m
