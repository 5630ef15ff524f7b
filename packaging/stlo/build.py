"""Build the St-Lô module from its sources with the editor's edit layer.

    .venv/bin/python packaging/stlo/build.py [OUT_DIR]

writes ``modules/st_lo`` (or OUT_DIR): the map painted by ``build_map`` from ``geo`` (the real
ground) and ``examples`` (what the rulebook names), the Division and Artillery Displays, the
pieces, tables, the scenario and the rules. Run it again after changing a source; the output
is byte-stable.
"""

from __future__ import annotations

import sys
from pathlib import Path

import build_board
from build_map import paint
from build_pieces import build_pieces
from build_rules import build_rules
from build_scenarios import build_scenarios
from build_tables import build_tables

from hexwright.runtime.storage import save_module

ROOT = Path(__file__).resolve().parents[2]


def build(out: Path) -> None:
    painter = paint()
    build_board.boxes(painter)
    build_board.tracks(painter)
    build_pieces(painter)
    build_tables(painter)
    build_scenarios(painter)
    build_rules(painter)
    module = painter.module
    module.meta = module.meta.model_copy(update={
        "id": "st_lo",
        "title": "St-Lô: Normandy 1944 – The Breakout Begins",
        "rulebook": "st_lo.txt",
        "description": ("The US XIX Corps against the II Fallschirmjäger Corps north and east of St-Lô, 11-18 July "
                        "1944: a variable number of operations a turn on initiative rolls, battalion HQs activated "
                        "on their morale, tactical action points. The printed map, counter values and charts are not "
                        "in the rulebook: they are reconstructed and marked with provenance "
                        "(docs/st-lo-reconstruction.md)."),
    })
    save_module(module, out)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "modules" / "st_lo")
