"""docs/play-traces-of-victory.png: a game of Traces of Victory in progress in the play window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/tov_screenshots.py

The Combined Assault scenario, a seeded game played by random legal actions into its second
turn (the chit draws, activations and moves of turn 1 in the log), the view on Metz and the
Moselle front.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from hexwright.runtime.engine import ENGINE, EndPhase, legal_actions, to_step
from hexwright.runtime.state import Game
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    app = QApplication.instance() or QApplication([])
    loaded = load_module(ROOT / "modules" / "traces_of_victory")
    module = loaded.module
    game = Game(module, "combined", 44, engine=ENGINE)
    rnd = random.Random(44)
    while game.state.turn < 2 or len(game.actions) < 160:
        acts = legal_actions(module, game.state)
        ends = [a for a in acts if isinstance(a, EndPhase)]
        moves = [a for a in acts if not isinstance(a, EndPhase)]
        pick = rnd.choice(moves) if moves and (not ends or rnd.random() < 0.8) else (ends or acts)[0]
        game.do(to_step(pick))
    window = PlayWindow(game, loaded.assets)
    window.resize(1600, 1000)
    window.show()
    window.view.set_zoom(1.3)
    layout = module.map.grid.layout()
    x, y = layout.center(module.map.grid.labels.scheme().parse("1605", module.map.grid.hex_grid()))
    window.view.centerOn(QPointF(x, y))
    app.processEvents()
    window.grab().save(str(ROOT / "docs" / "play-traces-of-victory.png"))


if __name__ == "__main__":
    main()
