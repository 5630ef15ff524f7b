"""Build the Traces of Victory module from its sources with the editor's edit layer.

    .venv/bin/python packaging/tov/build.py [OUT_DIR]

writes ``modules/traces_of_victory`` (or OUT_DIR): the map painted from ``geo`` (the real
geography) and ``examples`` (what the rulebook's worked examples need), the pieces, tables,
scenarios and rules. Run it again after changing a source; the output is byte-stable.
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

from hexwright.runtime.model import OptionalRule
from hexwright.runtime.model.meta import Seat
from hexwright.runtime.storage import save_module

OPTIONAL_RULES = {
    "three_players": OptionalRule(name="3 players", section="15.1",
                                  description="One player each directs the Third Army, the Seventh Army and the "
                                              "German forces."),
    "four_players": OptionalRule(name="4 players", section="15.1",
                                 description="One player each directs the Third Army, the Seventh Army, the German "
                                             "19th Army (IV LWF, LXIV, LXXXIX Corps) and the German 1st Army "
                                             "(XIII SS, LXXXII Corps)."),
    "alternate_victory": OptionalRule(name="Alternate Allied victory", section="15.2",
                                      description="The Allies also win by eliminating every unit of two German "
                                                  "corps (not the IV LWF) and reaching the French-German border "
                                                  "with six regiments in supply."),
}

ALLIED_ARMIES = ["three_players", "four_players"]
SEATS = {  # 15.1; the OKW reserves (not named in 15.1) go with the German 1st Army's player: a reading
    "us_3rd": Seat(name="Third Army", side="us", formations=["us_3rd"], optional_rules=ALLIED_ARMIES),
    "us_7th": Seat(name="Seventh Army", side="us", formations=["us_7th"], optional_rules=ALLIED_ARMIES),
    "de": Seat(name="German forces", side="de", optional_rules=["three_players"]),
    "de_1st": Seat(name="German 1st Army", side="de", formations=["de_1st", "de_okw"], optional_rules=["four_players"]),
    "de_19th": Seat(name="German 19th Army", side="de", formations=["de_19th"], optional_rules=["four_players"]),
}

ROOT = Path(__file__).resolve().parents[2]


def build(out: Path) -> None:
    painter = paint()
    build_board.areas(painter)
    build_board.boxes(painter)
    build_board.tracks(painter)
    build_board.printed_names(painter)
    painter.mark()
    build_pieces(painter)
    build_tables(painter)
    build_scenarios(painter)
    build_rules(painter)
    module = painter.module
    module.meta = module.meta.model_copy(update={
        "rulebook": "traces_of_victory.txt",
        "optional_rules": OPTIONAL_RULES,
        "seats": SEATS,
        "description": ("The US Third and Seventh Armies against the German 1st and 19th Armies in Lorraine and "
                        "Alsace, November 1944: chit-pull activation by HQ, weather and mud, air support, supply. "
                        "The printed map, counter values and charts are not in the rulebook: they are "
                        "reconstructed and marked with provenance (docs/traces-of-victory-reconstruction.md)."),
    })
    save_module(module, out)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "modules" / "traces_of_victory")
