"""A chit drawn from the cup (ToV 4.3): its owner becomes the active side, its draw is
counted (arrivals on the Nth draw, ToV 11.1), and it leads to its procedure by chit id or
kind — unless its owner skips it for the ``skip`` procedure when the rules allow it."""

from __future__ import annotations

from hexwright.runtime.model.sequence import CupDraw

from . import runner
from .actions import Choose
from .transaction import Tx


def _chit_name(tx: Tx, chit: str) -> str:
    found = tx.module.pieces.chits.get(chit)
    return found.name if found is not None else chit


def procedure_of(tx: Tx, step: CupDraw, chit: str) -> str | None:
    found = tx.module.pieces.chits.get(chit)
    if chit in step.by_chit:
        return step.by_chit[chit]
    return step.by_kind.get(found.kind) if found is not None else None


def after_draw(tx: Tx, step: CupDraw, chit: str) -> None:
    from .arrivals import arrive_by_chit

    found = tx.module.pieces.chits.get(chit)
    counts = dict(tx.data.seq.chit_draws)
    keys = [chit] + (list(found.activates) if found is not None else [])
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    runner.seq_set(tx, chit_draws=dict(sorted(counts.items())), chit=chit, arriving=(), hq="", formations=())
    owner = found.side if found is not None and found.side else tx.data.seq.active
    runner.set_active(tx, owner, f"drew {_chit_name(tx, chit)}")
    arrive_by_chit(tx, keys)
    if step.skip is not None and (not step.skip_sides or owner in step.skip_sides):
        runner.seq_set(tx, pending_skip=True)
        return
    _play(tx, step, chit)


def _play(tx: Tx, step: CupDraw, chit: str) -> None:
    proc = procedure_of(tx, step, chit)
    if proc is None:
        tx.say(f"{_chit_name(tx, chit)}: nothing to do")
        runner.done(tx)
        return
    runner.call(tx, proc)


def decide_skip(tx: Tx, act: Choose) -> None:
    step = runner.waiting(tx.module, tx.data.seq)
    assert isinstance(step, CupDraw)
    chit = tx.data.seq.chit
    if act.option not in ("play", "skip") or act.target:
        tx.refuse(f"play or skip {_chit_name(tx, chit)}", step.section)
    runner.seq_set(tx, pending_skip=False)
    if act.option == "play":
        _play(tx, step, chit)
        return
    tx.say(f"{_chit_name(tx, chit)} skipped" + (f" — {step.section}" if step.section else ""))
    assert step.skip is not None
    runner.call(tx, step.skip)
