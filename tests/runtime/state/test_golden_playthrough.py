"""A golden playthrough: the same actions must give the same log, dice and save forever.

The expected files were written once by :func:`regen` below (run it by hand, with
``tests/support`` and the repository root on ``sys.path``, only after a deliberate change); a change in
the dice, the log lines or the save format shows here first. (The module's content hash is
left out of the comparison, so a change to the module format elsewhere does not break it.)
"""

import json
from pathlib import Path

from builders import play_module

from hexwright.runtime.state import Game, load_game_bytes, save_bytes

from .golden_game import ACTIONS, SEED, returned_chit_action

GOLDEN = Path(__file__).with_name("golden") / "play-basic.hwsav"
GOLDEN_LOG = Path(__file__).with_name("golden") / "play-basic.log"


def play() -> Game:
    game = Game(play_module(), "basic", SEED)
    game.extend(ACTIONS)
    game.do(returned_chit_action(game.state))
    return game


def without_hash(data: bytes) -> dict:
    raw = json.loads(data)
    raw["module"].pop("hash")
    return raw


def test_playthrough_matches_the_golden_save_and_log():
    game = play()
    assert without_hash(save_bytes(game)) == without_hash(GOLDEN.read_bytes())
    assert [e.text for e in game.entries] == GOLDEN_LOG.read_text(encoding="utf-8").splitlines()


def test_golden_save_loads_and_replays():
    module = play_module()
    loaded = load_game_bytes(GOLDEN.read_bytes(), module)
    assert loaded.game.state == play().state
    assert all("content differs" in w for w in loaded.warnings)


def regen() -> None:  # pragma: no cover - run by hand
    game = play()
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_bytes(save_bytes(game))
    GOLDEN_LOG.write_text("".join(e.text + "\n" for e in game.entries), encoding="utf-8")
