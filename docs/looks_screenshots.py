"""Issue 17's looks before and after: the play window and the editor's Rules dock (run offscreen).

* ``play-window-WHICH.png``, ``play-charts-WHICH.png``: a chit-pull starter module (``hexwright
  new --template chit-pull``) with two units of each side face to face, played by its legal
  actions, attacks first, until the log holds an attack; the window with its log at 1366×768,
  and the Charts window on the combat results table.
* ``rules-1366-WHICH.png``: *Traces of Victory* in the editor at 1366×768 with the Rules dock.

    .venv/bin/python docs/looks_screenshots.py after

writes the ``…-after.png`` pictures into ``docs/``. The *before* pictures were made by the same
script with ``before``, run on older trees with their ``runtime`` and ``editor`` imported as
``hexwright``: the play window's on commit ``bf9bc4f^`` (before the Charts window was drawn like
the editor's charts and the log lost its stray dash), the Rules dock's on ``aad8ef7`` (before the
dock stopped scrolling as a whole).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

DOCS = Path(__file__).resolve().parent


def _module():
    from hexwright.runtime.model import Piece, Placement, StepValues
    from hexwright.runtime.model.starter_templates import module_from_template

    m = module_from_template("chit-pull", "looks", "Looks", 8, 6)
    hq = {"blue": "blue_hq", "red": "red_hq"}
    where = {"blue": ("0303", "0403", "0503"), "red": ("0305", "0404", "0505")}
    for side in ("blue", "red"):
        m.pieces.pieces[hq[side]] = Piece(side=side, designation="HQ", unit_type="hq",
                                          steps=[StepValues(combat=1, movement=6, command_range=3)])
        for i in (1, 2):
            m.pieces.pieces[f"{side}_{i}"] = Piece(side=side, designation=f"{i}", unit_type="infantry", hq=hq[side],
                                                   steps=[StepValues(attack=6 if side == "blue" else 4, defense=3,
                                                                     movement=4)])
        for pid, label in zip((hq[side], f"{side}_1", f"{side}_2"), where[side], strict=True):
            m.scenarios["first"].setup.append(Placement(piece=pid, hex=label))
    return m


def _play_to_an_attack(game, seed: int = 3) -> None:
    """Legal actions, an attack whenever one is offered, until the log tells of a resolved attack."""
    from hexwright.runtime.engine import is_over, legal_actions, to_step

    rnd = random.Random(seed)
    for _ in range(400):
        if is_over(game.state) or any(" attacks " in entry.text for entry in game.entries):
            return
        actions = legal_actions(game.module, game.state)
        attacks = [a for a in actions if "attack" in type(a).__name__.lower() or "resolve" in type(a).__name__.lower()]
        game.do(to_step(rnd.choice(attacks or actions)))


def rules_dock(which: str) -> None:
    """The editor at 1366×768 with the Rules dock raised on the sequence of play."""
    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow
    from hexwright.runtime.storage.bundled import bundled_modules_dir

    app = QApplication.instance() or QApplication([])
    window = EditorWindow(MapDocument.open(bundled_modules_dir() / "traces_of_victory"))
    window.ask_unsaved = lambda: "discard"
    window.resize(1366, 768)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.rules_dock.show()
    window.rules_dock.raise_()
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(DOCS / f"rules-1366-{which}.png"))
    window.close()


def play_window(which: str) -> None:
    from hexwright.runtime.engine import ENGINE
    from hexwright.runtime.state import Game
    from hexwright.runtime.ui.play.play_window import PlayWindow

    app = QApplication.instance() or QApplication([])
    game = Game(_module(), "first", 3, engine=ENGINE)
    _play_to_an_attack(game)
    window = PlayWindow(game)
    window.resize(1366, 768)
    window.show()
    QTest.qWaitForWindowExposed(window)
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(DOCS / f"play-window-{which}.png"))
    charts = window.show_charts()
    charts.resize(900, 560)
    charts.show()
    QTest.qWaitForWindowExposed(charts)
    for i in range(charts.tabs.count()):
        if "combat" in charts.tabs.tabText(i).lower() or "crt" in charts.tabs.tabText(i).lower():
            charts.tabs.setCurrentIndex(i)
    for _ in range(10):
        app.processEvents()
    charts.grab().save(str(DOCS / f"play-charts-{which}.png"))
    print("\n".join(entry.text for entry in game.entries if " attacks " in entry.text))
    charts.close()
    window.close()


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "after"
    parts = sys.argv[2:] or ["play", "rules"]
    if "play" in parts:
        play_window(which)
    if "rules" in parts:
        rules_dock(which)
