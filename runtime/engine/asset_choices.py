"""The owners' choices about assets (``rules.json`` ``assets``), each a frame on the engine's
stack that waits for its side, so the choice is a legal action like any other:

* ``assets`` (St-Lô 9.3 C): once the attack is declared and the attacker's assets are in,
  the defender assigns assets one by one (:class:`AssignAsset`), up to ``defender_max`` of
  each class, each to a defending unit that traces its line (9.3.2 A) within the limits
  (9.3.1), or stops (:class:`Decline`);
* ``asset_loss`` (9.4.1 E–F): the attacker eliminates the armoured assets the differential
  costs, its choice (:class:`EliminateExcess`). The assets add no strength, so the choice
  cannot change the combat it comes from: it is offered once the result is in, before the
  losses and the advance;
* ``asset_split`` (12.2.5): the assets of a battalion that broke down go to its companies
  as the owner wishes (:class:`AssignAsset`), one by one, within the limits; one that fits
  nowhere goes back to its division;
* ``reassign`` (3.1.4.2 B, 5.1): in the asset phase each owner may send attached assets back
  to their division (:class:`ReassignAsset`), one by one, then stops (:class:`Decline`).
"""

from __future__ import annotations

from hexwright.runtime.model.rules_config import AssetRules
from hexwright.runtime.state import Eliminate, Location, piece_name

from . import runner
from .actions import AssignAsset, Decline, EliminateExcess, EngineAction, ReassignAsset
from .assets import asset_class, follow, limits_problem, over_limits, place, to_division
from .data import Frame
from .transaction import Tx

PROCS = ("assets", "asset_loss", "asset_split", "reassign")


def _rules(tx: Tx) -> AssetRules:
    rules = tx.rules.assets
    assert rules is not None
    return rules


def _sec(tx: Tx) -> str:
    rules = tx.rules.assets
    return rules.section if rules is not None else ""


# -- 9.3 C: the defender's assets -------------------------------------------------------------------


def defence_frame(tx: Tx, hex: str, defenders: list[str]) -> Frame | None:
    """The defender's choice of assets for the attack just declared on ``hex``, if it has one."""
    rules = tx.rules.assets
    if rules is None or not rules.defender_max or not defenders:
        return None
    side = tx.module.pieces.pieces[defenders[0]].side
    frame = Frame(proc="assets", side=side, hex=hex, units=tuple(sorted(defenders)))
    return frame if _defence_options(tx, frame) else None


def _defence_options(tx: Tx, frame: Frame) -> list[AssignAsset]:
    rules = _rules(tx)
    used = [asset_class(rules, tx, a) for a in frame.assets]
    left = {c for c, most in rules.defender_max.items() if used.count(c) < most}
    if not left:
        return []
    units = [u for u in frame.units if tx.state.hex_of(u) is not None]
    if rules.needs_loc and tx.rules.supply.enabled and units:
        from .tactical import lines_of

        lines = lines_of(tx, frame.side)
        units = [u for u in units if lines.get(u, False)]  # 9.3.2 A
    pool = sorted(a for box in rules.from_boxes for a in tx.state.stack(Location.box(box))
                  if asset_class(rules, tx, a) in left and tx.module.pieces.pieces[a].side == frame.side)
    return [AssignAsset(asset=a, unit=u) for a in pool for u in units if not limits_problem(tx, rules, u, (a,))]


# -- 9.4.1 E–F: armoured assets lost ----------------------------------------------------------------


def loss_frame(tx: Tx, armour: list[str], lost: int) -> Frame | None:
    """Eliminate ``lost`` of the ``armour`` assets now when there is nothing to choose, else the
    attacker's choice."""
    if lost >= len(armour):
        for asset in armour:
            _eliminate(tx, asset)
        return None
    side = tx.module.pieces.pieces[armour[0]].side
    return Frame(proc="asset_loss", side=side, assets=tuple(sorted(armour)), length=lost)


def _eliminate(tx: Tx, asset: str) -> None:
    runner.seq_set(tx, attached={k: v for k, v in tx.data.seq.attached.items() if k != asset})
    tx.do(Eliminate(pieces=(asset,)))
    sec = _sec(tx)
    tx.texts[-1] += f" (lost to the armour differential{' — ' + sec if sec else ''})"


def _loss_candidates(tx: Tx, frame: Frame) -> list[str]:
    return [a for a in frame.assets if tx.state.pieces[a].at.kind != "eliminated"]


# -- 12.2.5: the assets of a battalion that broke down ----------------------------------------------


def split_frame(tx: Tx, units: tuple[str, ...], assets: list[str]) -> Frame:
    side = tx.module.pieces.pieces[units[0]].side
    return Frame(proc="asset_split", side=side, units=tuple(sorted(units)), assets=tuple(assets))


def _split_options(tx: Tx, frame: Frame) -> list[AssignAsset]:
    if not frame.assets:
        return []
    rules = _rules(tx)
    asset = frame.assets[0]
    return [AssignAsset(asset=asset, unit=u) for u in frame.units
            if tx.state.hex_of(u) is not None and not over_limits(tx, rules, u, (asset,))]


# -- 3.1.4.2 B: voluntary reassignment --------------------------------------------------------------


def reassign_frames(tx: Tx) -> None:
    """Each side with attached assets may send some back to their division, the first side first."""
    sides = list(tx.module.pieces.sides)
    mine = {s: [a for a in tx.data.seq.attached if tx.module.pieces.pieces[a].side == s] for s in sides}
    frames = tuple(Frame(proc="reassign", side=s) for s in reversed(sides) if mine[s])
    if frames:
        tx.set(frames=tx.data.frames + frames)


def _reassign_options(tx: Tx, frame: Frame) -> list[ReassignAsset]:
    return [ReassignAsset(asset=a) for a in sorted(tx.data.seq.attached)
            if tx.module.pieces.pieces[a].side == frame.side]


# -- the frames ------------------------------------------------------------------------------------


def legal(tx: Tx, frame: Frame) -> list[EngineAction]:
    if frame.proc == "assets":
        return [*_defence_options(tx, frame), Decline()]
    if frame.proc == "asset_loss":
        return [EliminateExcess(unit=a) for a in _loss_candidates(tx, frame)]
    if frame.proc == "asset_split":
        return list(_split_options(tx, frame))
    if frame.proc == "reassign":
        return [*_reassign_options(tx, frame), Decline()]
    return []


def settle(tx: Tx, frame: Frame) -> bool:
    """Do what needs no choice; True while the owner must choose."""
    if frame.proc == "assets":
        waits = bool(_defence_options(tx, frame))
    elif frame.proc == "asset_loss":
        left = _loss_candidates(tx, frame)
        if frame.length > 0 and len(left) <= frame.length:
            for asset in left:
                _eliminate(tx, asset)
            left = []
        waits = frame.length > 0 and bool(left)
    elif frame.proc == "asset_split":
        waits = _settle_split(tx, frame)
    else:
        waits = bool(_reassign_options(tx, frame))
    if not waits:
        _pop(tx)
    return waits


def _settle_split(tx: Tx, frame: Frame) -> bool:
    """Place the assets that have one place or none; True when the owner must choose."""
    while frame.assets:
        options = _split_options(tx, frame)
        if len(options) > 1:
            _replace_top(tx, frame)
            return True
        asset = frame.assets[0]
        if options:
            _put(tx, asset, options[0].unit)
        else:
            to_division(tx, _rules(tx), asset)
            tx.say(f"{piece_name(tx.module, asset)}: no company may take it, back to its division")
        frame = frame.model_copy(update={"assets": frame.assets[1:]})
    return False


def _put(tx: Tx, asset: str, unit: str) -> None:
    runner.seq_set(tx, attached=dict(sorted({**tx.data.seq.attached, asset: unit}.items())))
    follow(tx, unit)
    sec = _sec(tx)
    tx.say(f"{piece_name(tx.module, asset)} assigned to {piece_name(tx.module, unit)}" + (f" — {sec}" if sec else ""))


def _pop(tx: Tx) -> None:
    tx.set(frames=tx.data.frames[:-1])


def _replace_top(tx: Tx, frame: Frame) -> None:
    tx.set(frames=tx.data.frames[:-1] + (frame,))


def _top(tx: Tx, procs: tuple[str, ...], what: str) -> Frame:
    top = tx.data.top
    if top is None or top.proc not in procs:
        tx.refuse(f"no {what} is to be chosen now", _sec(tx))
    assert top is not None
    return top


def apply_assign(tx: Tx, act: AssignAsset) -> None:
    top = _top(tx, ("assets", "asset_split"), "asset assignment")
    rules = _rules(tx)
    if top.proc == "assets":
        if act not in _defence_options(tx, top):
            m = tx.module
            why = limits_problem(tx, rules, act.unit, (act.asset,)) if act.unit in top.units else \
                "it is not a defending unit"
            name = piece_name(m, act.asset) if act.asset in m.pieces.pieces else act.asset
            unit = piece_name(m, act.unit) if act.unit in m.pieces.pieces else act.unit
            tx.refuse(f"{name} may not be assigned to {unit}: "
                      f"{why or 'the defence has its assets of that class, or the unit traces no line'}",
                      rules.section, top.hex)
        place(tx, rules, act.unit, (act.asset,))
        _replace_top(tx, top.model_copy(update={"assets": top.assets + (act.asset,)}))
        return
    if act not in _split_options(tx, top):
        tx.refuse(f"assign {piece_name(tx.module, top.assets[0])} to one of "
                  f"{', '.join(piece_name(tx.module, u) for u in top.units)} within the limits", rules.section)
    _put(tx, act.asset, act.unit)
    _replace_top(tx, top.model_copy(update={"assets": top.assets[1:]}))


def apply_reassign(tx: Tx, act: ReassignAsset) -> None:
    top = _top(tx, ("reassign",), "reassignment")
    if act not in _reassign_options(tx, top):
        tx.refuse(f"{act.asset} is not an attached asset of this side", _sec(tx))
    to_division(tx, _rules(tx), act.asset)
    sec = _sec(tx)
    tx.texts[-1] += f" (reassigned to its division by its owner{' — ' + sec if sec else ''})"


def apply_decline(tx: Tx) -> None:
    top = _top(tx, ("assets", "reassign"), "asset choice")
    _pop(tx)
    tx.say("no more assets for the defence" if top.proc == "assets" else "no more assets reassigned")


def apply_eliminate(tx: Tx, act: EliminateExcess) -> None:
    top = _top(tx, ("asset_loss",), "armoured asset loss")
    if act.unit not in _loss_candidates(tx, top):
        names = ", ".join(piece_name(tx.module, a) for a in _loss_candidates(tx, top))
        tx.refuse(f"choose one of the armoured assets {names}", _sec(tx))
    _eliminate(tx, act.unit)
    _replace_top(tx, top.model_copy(update={"length": top.length - 1}))

