"""Dice in play by e-mail: the opponent cannot predict a roll, a tampered roll is refused,
a whole exchange verifies on both ends, and old single-seed saves still load."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from builders import play_module

from hexwright.runtime.state import (
    ActionError,
    CommitDice,
    Game,
    Location,
    MovePieces,
    NextPhase,
    PacketError,
    RevealDice,
    RollDice,
    SaveError,
    load_game,
    load_game_bytes,
    new_secret,
    save_bytes,
)
from hexwright.runtime.state.dice import dice_key, link_after
from hexwright.runtime.state.dice_secret_file import find_secret, read_secret, write_secret
from hexwright.runtime.state.pbem import ActionsFile, append_actions, export_actions, signed_bytes
from hexwright.runtime.state.rng import RngState, roll
from hexwright.runtime.state.signing import sign

GOLDEN = Path(__file__).parent / "golden" / "play-basic-v1.hwsav"
"""A save of the first format (single seed, no history hash), kept as it was written."""
BLUE_SECRET = "b1" * 32
RED_SECRET = "7e" * 32


@pytest.fixture(scope="module")
def module():
    return play_module()


class Seat:
    """One player's computer: its own Game and its own dice secret."""

    def __init__(self, module, side, secret, game=None):
        self.game = game or Game(module, "basic", 11)
        self.secret = new_secret(module.meta.id, "basic", side, length=200, secret=secret)
        self.mark = len(self.game.actions)

    def send(self) -> bytes:
        data = export_actions(self.game, self.mark)
        self.mark = len(self.game.actions)
        return data

    def receive(self, data: bytes):
        entries = append_actions(self.game, data)
        self.mark = len(self.game.actions)
        return entries


def opened(module):
    """Blue starts the game and joins; Red receives the save and joins; Blue can then roll."""
    blue = Seat(module, "blue", BLUE_SECRET)
    blue.game.join_by_email(blue.secret)
    red = Seat(module, "red", RED_SECRET, load_game_bytes(save_bytes(blue.game), module).game)
    red.game.join_by_email(red.secret)
    blue.receive(red.send())  # Red's commitment and its opening reveal
    return blue, red


def hexes_in(data: bytes) -> set[str]:
    return set(re.findall(r"[0-9a-f]{64}", data.decode("utf-8")))


def test_receiver_cannot_compute_the_senders_next_roll(module):
    blue, red = opened(module)
    blue.game.do(RollDice(count=3))
    packet = blue.send()
    red.receive(packet)
    everything = packet + save_bytes(red.game) + export_actions(red.game, 0)
    next_link = blue.secret.link(blue.game.state.rng.dice.chains["blue"].index + 1)
    assert BLUE_SECRET not in everything.decode() and next_link not in everything.decode()
    # Blue's next roll, made on Blue's computer:
    blue.game.do(RollDice(count=6, reason="next"))
    actual = blue.game.state.last_roll
    # Red tries every 64-hex value it holds as Blue's next link: none is one, none rolls the same.
    dice = red.game.state.rng.dice
    blue_last = dice.chains["blue"].last
    candidates = hexes_in(everything)
    assert len(candidates) >= 4
    for candidate in candidates:
        assert link_after(candidate) != blue_last
        chains = dict(dice.chains)
        chains["blue"] = chains["blue"].model_copy(update={"last": candidate, "index": chains["blue"].index + 1})
        key = dice_key(red.game.state.rng.seed, "blue", chains)
        guess, _ = roll(RngState(seed=11, dice=dice.model_copy(update={"key": key})), 6, 6)
        assert tuple(guess) != actual
    # and the public seed alone (the old scheme) does not give it either
    assert tuple(roll(RngState(seed=11, counter=red.game.state.rng.counter), 6, 6)[0]) != actual
    # after the packet, Red verifies that very roll
    red.receive(blue.send())
    assert red.game.state.last_roll == actual


def signed_by(seat: Seat, packet: dict) -> bytes:
    """A packet altered by its own sender, who signs it again with its key: only the dice checks remain."""
    file = ActionsFile.model_validate_json(json.dumps(packet))
    file = file.model_copy(update={"signature": sign(seat.secret.secret, signed_bytes(file))})
    return file.model_dump_json().encode()


def test_a_tampered_roll_is_refused_with_a_clear_message(module):
    blue, red = opened(module)
    blue.game.do(RollDice(count=2))
    packet = json.loads(blue.send())
    before = save_bytes(red.game)
    with pytest.raises(PacketError, match="signature is not blue's"):  # altered by anyone else: not signed
        red.receive(json.dumps({**packet, "rolls": []}).encode())

    wrong_link = json.loads(json.dumps(packet))
    reveal = next(a for a in wrong_link["actions"] if a["kind"] == "dice_reveal" and a["roll"])
    reveal["link"] = "0" * 64
    with pytest.raises(PacketError, match=r"Blue's dice link 2 does not match its commitment"):
        red.receive(signed_by(blue, wrong_link))

    wrong_result = json.loads(json.dumps(packet))
    record = wrong_result["rolls"][0]
    record["dice"] = [6, 6] if record["dice"] != [6, 6] else [1, 1]
    with pytest.raises(PacketError, match=r"the file says it rolled 6 \+ 6|the file says it rolled 1 \+ 1"):
        red.receive(signed_by(blue, wrong_result))

    no_reveal = json.loads(json.dumps(packet))
    no_reveal["actions"] = [a for a in no_reveal["actions"] if a["kind"] != "dice_reveal"]
    with pytest.raises(PacketError, match="every roll needs a fresh reveal"):
        red.receive(signed_by(blue, no_reveal))

    dangling = json.loads(json.dumps(packet))
    cut = next(i for i, a in enumerate(dangling["actions"]) if a["kind"] == "dice_reveal" and a["roll"])
    dangling["actions"] = dangling["actions"][:cut + 1]
    with pytest.raises(PacketError, match="ends with a dice reveal for a roll but not the roll"):
        red.receive(signed_by(blue, dangling))

    assert save_bytes(red.game) == before  # nothing changed
    red.receive(json.dumps(packet).encode())
    assert red.game.state == blue.game.state


def test_a_full_exchange_verifies_and_ends_identical(module, tmp_path):
    blue, red = opened(module)
    for leg in range(4):
        blue.game.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303" if leg % 2 == 0 else "0202")))
        blue.game.do(RollDice(reason=f"blue attack {leg}"))
        blue.game.do(NextPhase())
        blue.game.do(NextPhase())
        red.receive(blue.send())
        red.game.do(RollDice(count=2, reason=f"red attack {leg}"))
        red.game.do(RollDice(reason="again"))
        red.game.do(NextPhase())
        red.game.do(NextPhase())
        blue.receive(red.send())
    assert blue.game.state == red.game.state
    assert save_bytes(blue.game) == save_bytes(red.game)
    rolls = [e for e in blue.game.entries if e.kind == "roll"]
    assert len(rolls) == 12
    # The save names both commitments and each link revealed, never a secret, and reloads verified.
    data = save_bytes(blue.game)
    assert BLUE_SECRET not in data.decode() and RED_SECRET not in data.decode()
    assert json.loads(data)["save_version"] == 3
    again = load_game_bytes(data, module).game
    assert [e.text for e in again.entries] == [e.text for e in blue.game.entries]
    # Same secrets and actions: byte-identical saves.
    blue2, _red2 = opened(module)
    assert save_bytes(blue2.game) == save_bytes(opened(module)[0].game)


def test_undo_and_roll_again_gives_the_same_dice(module):
    blue, red = opened(module)
    first = blue.game.do(RollDice(count=4)).dice
    blue.game.undo()
    assert not any(a.kind == "dice_reveal" and a.roll for a in blue.game.actions)
    blue.game.do(NextPhase())
    blue.game.undo()
    assert blue.game.do(RollDice(count=4)).dice == first
    blue.game.undo()
    assert blue.game.redo().dice == first
    # Undo and redo of the opponent's roll on the receiving end redoes its reveal, not one of ours.
    red.receive(blue.send())
    red.game.undo()
    assert red.game.redo().dice == first and red.game.state == blue.game.state


def test_no_one_rolls_before_the_opponent_reveals_after_joining(module):
    blue = Seat(module, "blue", BLUE_SECRET)
    blue.game.join_by_email(blue.secret)
    with pytest.raises(ActionError, match="no opponent has joined"):
        blue.game.do(RollDice())
    red = Seat(module, "red", RED_SECRET, load_game_bytes(save_bytes(blue.game), module).game)
    red.game.join_by_email(red.secret)
    with pytest.raises(ActionError, match="Blue must first send moves made after Red joined"):
        red.game.do(RollDice())
    assert [a.kind for a in red.game.actions] == ["dice_commit", "dice_commit"]
    # A game without the secret (the opponent's copy) cannot roll for anyone.
    spectator = load_game_bytes(save_bytes(red.game), module).game
    with pytest.raises(ActionError, match="only the player of a side"):
        spectator.do(RollDice())
    # A link cannot be skipped to pick another roll: only the next link checks.
    with pytest.raises(ActionError, match="does not match its commitment"):
        blue.game.do(RevealDice(side="blue", link=blue.secret.link(2), roll=False))
    with pytest.raises(ActionError, match="already committed"):
        red.game.do(CommitDice(side="red", head=red.secret.head))


def test_the_secret_file_is_separate_private_and_found_by_commitment(module, tmp_path):
    blue, red = opened(module)
    path = write_secret(tmp_path / "secrets", blue.secret)
    assert path.stat().st_mode & 0o077 == 0
    assert read_secret(path) == blue.secret
    heads = {s: c.head for s, c in red.game.state.rng.dice.chains.items()}
    assert find_secret(tmp_path / "secrets", module.meta.id, "basic", heads) == blue.secret
    assert find_secret(tmp_path / "none", module.meta.id, "basic", heads) is None
    path.write_text(path.read_text().replace(BLUE_SECRET, "c3" * 32))
    with pytest.raises(SaveError, match="does not give its head"):
        read_secret(path)


def test_old_single_seed_saves_still_load_unchanged(module):
    data = GOLDEN.read_bytes()
    game = load_game(GOLDEN, module).game
    assert game.state.rng.dice is None
    assert json.loads(data)["save_version"] == 1
    # Saved again, it gains the history hash (version 3) and nothing else changes.
    again = json.loads(save_bytes(game))
    old = json.loads(data)
    assert again.pop("history_hash") == game.history_hash() and again.pop("save_version") == 3
    old.pop("save_version")
    assert again == old
