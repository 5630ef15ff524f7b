"""docs/traces-of-victory-play.png: a game of Traces of Victory in progress in the play window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/tov_screenshots.py

The Combined Assault scenario, a seeded game played by random legal actions into its second
turn or later (the chit draws, activations, moves and attacks in the log), with the Allied air
interdiction markers of the turn on the map (7.2), stopped where a player chooses inside a
combat in the phase bar (a step loss to allocate, 10.3, or the roll after an attack at higher
intensity, 10.2.3), the view between the units concerned and the nearest hex of the
French-German border of the alternate victory (15.2), drawn as a purple strip.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from hexwright.runtime.engine import ENGINE, Declare, EndPhase, Interdict, engine_state, legal_actions, to_step
from hexwright.runtime.state import Game, Location
from hexwright.runtime.storage import load_module
from hexwright.runtime.ui.play.play_window import PlayWindow

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "traces-of-victory-play.png"


def waiting_for_losses(game: Game) -> bool:
    data = engine_state(game.state)
    return game.state.turn >= 2 and bool(data.seq.interdicted) and data.top is not None \
        and data.top.proc in ("losses", "roll")


def main() -> None:
    app = QApplication.instance() or QApplication([])
    loaded = load_module(ROOT / "modules" / "traces_of_victory")
    module = loaded.module
    game = Game(module, "combined", 44, engine=ENGINE)
    rnd = random.Random(44)
    while not waiting_for_losses(game):
        acts = legal_actions(module, game.state)
        markers = [a for a in acts if isinstance(a, Interdict)]
        attacks = [a for a in acts if isinstance(a, Declare) and len(game.state.stack(Location.hex(a.hex))) > 1]
        ends = [a for a in acts if isinstance(a, EndPhase)]
        moves = [a for a in acts if not isinstance(a, EndPhase)]
        if markers:
            pick = rnd.choice(markers)
        elif attacks and rnd.random() < 0.7:
            pick = rnd.choice(attacks)
        else:
            pick = rnd.choice(moves) if moves and (not ends or rnd.random() < 0.8) else (ends or acts)[0]
        game.do(to_step(pick))
    window = PlayWindow(game, loaded.assets)
    window.resize(1600, 1000)
    window.show()
    window.view.set_zoom(1.1)
    top = engine_state(game.state).top
    assert top is not None
    where = game.state.hex_of(top.units[0]) or "1605"
    grid, scheme, layout = module.map.grid.hex_grid(), module.map.grid.labels.scheme(), module.map.grid.layout()
    combat = scheme.parse(where, grid)
    border = min((scheme.parse(h, grid) for h in module.map.areas["border"].hexes),
                 key=lambda h: grid.distance(h, combat))
    (x1, y1), (x2, y2) = layout.center(combat), layout.center(border)
    window.view.centerOn(QPointF(x1 + (x2 - x1) / 3, y1 + (y2 - y1) / 3))
    app.processEvents()
    window.grab().save(str(OUT))
    print(f"{OUT.name}: turn {game.state.turn}, {len(game.actions)} actions, markers "
          f"{', '.join(engine_state(game.state).seq.interdicted)}, {top.proc} at {where}")


if __name__ == "__main__":
    main()
