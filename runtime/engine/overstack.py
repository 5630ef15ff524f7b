"""When stacking is checked, as ``rules.json`` ``stacking.check_at`` says (DoM §6).

* ``end_of_move``: a move, entry or drop must end within the limit — an overstacked
  end is refused (rule ``stacking``), or allowed with a logged override at ``warn``;
* ``end_of_phase``: a hex may be overstacked while a phase runs; when a phase whose kind is
  in ``stacking.check_phases`` ends — whichever side's phase it is (DoM §6: "including
  opponent's movement or combat phases") — the owner of each overstacked hex eliminates
  units there until it is right (the ``stacking`` procedure of :mod:`.sequence`).
"""

from __future__ import annotations

from hexwright.runtime.model import Phase
from hexwright.runtime.rules import Ruling, stacking_problem_at

from .state_position import state_position
from .transaction import Tx


def at_move_end(tx: Tx) -> bool:
    return tx.rules.stacking.check_at == "end_of_move"


def check_move_end(tx: Tx, hex: str) -> None:
    """After a unit ended its move in ``hex``: refuse or note an overstack there."""
    if tx.rules.enforcement_of("stacking") == "off":
        return
    with state_position(tx.module, tx.state) as (pos, _stamp):
        problem = stacking_problem_at(pos, pos.hm.idx(hex), tx.rules.stacking)
    if not problem:
        return
    sec = tx.rules.stacking.section
    if at_move_end(tx):
        tx.check("stacking", problem, sec, hex)
    else:
        tx.rule(Ruling("stacking", f"{problem}: to be put right by the end of the phase", sec, hex))


def checked_at_end_of(tx: Tx, phase: Phase | None) -> bool:
    """Does the end of ``phase`` check stacking?"""
    st = tx.rules.stacking
    return phase is not None and st.check_at == "end_of_phase" and phase.kind in st.check_phases
