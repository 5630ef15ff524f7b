"""Dice by e-mail, action by action: commitments, openings, reveals and the roll key.

Each test applies CommitDice / RevealDice / RollDice to a fresh state with the pure
``apply``, so every refusal and every field of the dice state can be looked at between two
actions (runtime/state/dice.py explains the protocol).
"""

from __future__ import annotations

import hashlib

import pytest
from builders import play_module

from hexwright.runtime.model import Side
from hexwright.runtime.state import (
    ActionError,
    CommitDice,
    Note,
    RevealDice,
    RollDice,
    apply,
    initial_state,
    new_secret,
)
from hexwright.runtime.state.dice import DiceRevealNeeded, dice_key, link_after, owed_openings, roll_blockers
from hexwright.runtime.state.rng import Chain

SECRETS = {"blue": "b1" * 32, "red": "7e" * 32, "green": "9a" * 32}


@pytest.fixture(scope="module")
def module():
    m = play_module()
    m.pieces.sides["green"] = Side(name="Green", color="#30a030")
    return m


@pytest.fixture(scope="module")
def secrets(module):
    return {side: new_secret(module.meta.id, "basic", side, length=50, secret=s) for side, s in SECRETS.items()}


class Table:
    """A game state and the actions applied to it, with each side's next link at hand."""

    def __init__(self, module, secrets):
        self.module, self.secrets = module, secrets
        self.state = initial_state(module, "basic", 11)
        self.entries = []

    def do(self, action):
        self.state, entry = apply(self.module, self.state, action)
        self.entries.append(entry)
        return entry

    def commit(self, side):
        return self.do(CommitDice(side=side, head=self.secrets[side].head))

    def reveal(self, side, roll):
        chain = self.state.rng.dice.chains[side]
        return self.do(RevealDice(side=side, link=self.secrets[side].link(chain.index + 1), roll=roll))

    @property
    def dice(self):
        return self.state.rng.dice


def test_a_chain_links_back_to_its_head(secrets):
    s = secrets["blue"]
    assert s.link(0) == s.head
    assert s.link(s.length) == hashlib.sha256(b"hexwright-dice-chain:" + bytes.fromhex(s.secret)).hexdigest()
    for i in (1, 2, s.length):
        assert link_after(s.link(i)) == s.link(i - 1)
    for outside in (-1, s.length + 1):
        with pytest.raises(ActionError, match="blue's dice chain has only 50 links: start a new game"):
            s.link(outside)


def test_a_new_secret_is_random_unless_given(module):
    a = new_secret(module.meta.id, "basic", "blue", length=5)
    b = new_secret(module.meta.id, "basic", "blue", length=5)
    assert a.secret != b.secret and len(a.secret) == 64
    assert a.head == a.link(0) and a.head != b.head
    given = new_secret(module.meta.id, "basic", "blue", length=5, secret=SECRETS["blue"])
    assert given.secret == SECRETS["blue"] and given.head == given.link(0)


def test_commit_starts_a_chain_with_its_sequence_number(module, secrets):
    t = Table(module, secrets)
    entry = t.commit("blue")
    assert entry.text == f"Blue plays by e-mail (dice commitment {secrets['blue'].head[:12]}…)"
    t.commit("red")
    assert t.dice.seq == 2 and not t.dice.fresh
    assert [(s, c.committed, c.revealed, c.index, c.last) for s, c in t.dice.chains.items()] == [
        ("blue", 1, 0, 0, secrets["blue"].head), ("red", 2, 0, 0, secrets["red"].head)]


def test_commit_refusals_name_the_side(module, secrets):
    t = Table(module, secrets)
    with pytest.raises(ActionError, match="no side 'purple' in the module"):
        t.do(CommitDice(side="purple", head=secrets["blue"].head))
    t.commit("blue")
    with pytest.raises(ActionError, match="Blue has already committed its dice"):
        t.commit("blue")


def test_reveal_refusals_without_a_commitment(module, secrets):
    t = Table(module, secrets)
    link = secrets["red"].link(1)
    with pytest.raises(ActionError, match="Red has no dice commitment in this game"):
        t.do(RevealDice(side="red", link=link, roll=True))
    t.commit("blue")
    with pytest.raises(ActionError, match="Red has no dice commitment in this game"):
        t.do(RevealDice(side="red", link=link, roll=False))


def test_openings_are_owed_to_each_side_that_joined_after_the_last_reveal(module, secrets):
    t = Table(module, secrets)
    assert owed_openings(None, "blue") == [] and owed_openings(t.dice, "blue") == []
    t.commit("blue")
    assert owed_openings(t.dice, "blue") == []  # no one else yet
    assert owed_openings(t.dice, "red") == []  # red has not joined
    t.commit("red")
    t.commit("green")
    assert owed_openings(t.dice, "blue") == ["green", "red"]
    assert owed_openings(t.dice, "red") == ["blue", "green"]  # blue joined before red: red opens to it too
    entry = t.reveal("red", roll=False)
    assert entry.text == "Red reveals dice link 1 so the opponent may roll"
    assert owed_openings(t.dice, "red") == []
    assert owed_openings(t.dice, "blue") == ["green", "red"]
    with pytest.raises(ActionError, match="Red owes no opening reveal: a link is revealed only for a roll"):
        t.reveal("red", roll=False)
    with pytest.raises(ActionError, match="Blue must first open its dice to Green, Red"):
        t.reveal("blue", roll=True)


def test_no_roll_until_every_other_side_revealed_after_joining(module, secrets):
    t = Table(module, secrets)
    t.commit("blue")
    with pytest.raises(ActionError, match="Blue cannot roll yet: no opponent has joined the game by e-mail"):
        t.reveal("blue", roll=True)
    t.commit("red")
    assert roll_blockers(t.dice, "blue") == ["red"] and roll_blockers(t.dice, "red") == ["blue"]
    t.reveal("blue", roll=False)
    assert roll_blockers(t.dice, "red") == [] and roll_blockers(t.dice, "blue") == ["red"]
    with pytest.raises(ActionError, match="Blue cannot roll yet: Red must first send moves made after Blue joined"):
        t.reveal("blue", roll=True)
    t.reveal("red", roll=False)
    assert roll_blockers(t.dice, "blue") == []
    t.reveal("blue", roll=True)  # now it may


def opened(module, secrets):
    t = Table(module, secrets)
    t.commit("blue")
    t.commit("red")
    t.reveal("blue", roll=False)
    t.reveal("red", roll=False)
    return t


def test_a_reveal_for_a_roll_keys_the_dice_and_restarts_the_counter(module, secrets):
    t = opened(module, secrets)
    seq = t.dice.seq
    entry = t.reveal("blue", roll=True)
    assert entry.text == "Blue reveals dice link 2 for the next roll"
    d = t.dice
    assert (d.fresh, d.roller, d.seq) == (True, "blue", seq + 1)
    assert (d.chains["blue"].index, d.chains["blue"].last, d.chains["blue"].revealed) == (
        2, secrets["blue"].link(2), seq + 1)
    assert d.key == dice_key(11, "blue", d.chains)
    assert t.state.rng.counter == 0
    t.do(RollDice(count=3))
    assert t.state.rng.counter == 3 and not t.dice.fresh
    t.reveal("red", roll=True)
    assert (t.state.rng.counter, t.dice.roller) == (0, "red")
    assert t.dice.key == dice_key(11, "red", t.dice.chains)


def test_an_opening_reveal_leaves_the_counter_and_the_key(module, secrets):
    t = opened(module, secrets)
    t.reveal("blue", roll=True)
    t.do(RollDice(count=2))
    before = (t.state.rng.counter, t.dice.key, t.dice.roller)
    t.commit("green")
    t.reveal("blue", roll=False)
    assert (t.state.rng.counter, t.dice.key, t.dice.roller) == before and not t.dice.fresh


def test_two_reveals_in_a_row_are_refused(module, secrets):
    t = opened(module, secrets)
    t.reveal("blue", roll=True)
    with pytest.raises(ActionError, match="must be followed by that roll, not by another reveal"):
        t.reveal("red", roll=True)
    with pytest.raises(ActionError, match="must be followed by that roll, not by another reveal"):
        t.reveal("blue", roll=True)


def test_every_draw_needs_a_fresh_reveal_and_every_reveal_a_draw(module, secrets):
    t = opened(module, secrets)
    with pytest.raises(DiceRevealNeeded, match="every roll needs a fresh reveal"):
        t.do(RollDice())
    t.reveal("blue", roll=True)
    with pytest.raises(ActionError, match="a dice reveal for a roll must be followed by that roll"):
        t.do(Note(text="no roll"))
    t.do(RollDice())
    with pytest.raises(DiceRevealNeeded):
        t.do(RollDice())
    t.do(Note(text="a note draws nothing"))  # fine without a reveal


def chains(**lasts):
    return {side: Chain(head="0" * 64, last=last * 32, index=3, committed=1) for side, last in lasts.items()}


def test_the_dice_key_mixes_every_other_sides_latest_link():
    """The roller cannot steer its dice: the key depends on the links the others revealed."""
    base = dice_key(7, "blue", chains(blue="aa", red="bb", green="cc"))
    assert dice_key(7, "blue", chains(blue="aa", red="bb", green="cc")) == base
    assert dice_key(7, "blue", chains(blue="aa", red="bd", green="cc")) != base
    assert dice_key(7, "blue", chains(blue="aa", red="bb", green="cd")) != base
    assert dice_key(7, "blue", chains(blue="ab", red="bb", green="cc")) != base
    assert dice_key(8, "blue", chains(blue="aa", red="bb", green="cc")) != base
    assert dice_key(7, "red", chains(blue="aa", red="bb", green="cc")) != base
    moved = chains(blue="aa", red="bb", green="cc")
    moved["red"] = moved["red"].model_copy(update={"index": 4})
    assert dice_key(7, "blue", moved) != base
    reordered = dict(reversed(list(chains(blue="aa", red="bb", green="cc").items())))
    assert dice_key(7, "blue", reordered) == base
    assert len(base) == 64 and int(base, 16) >= 0


def test_a_default_chain_has_twenty_thousand_links(module):
    s = new_secret(module.meta.id, "basic", "blue", secret=SECRETS["blue"])
    assert link_after(s.link(20_000)) == s.link(19_999)
    with pytest.raises(ActionError, match="only 20000 links"):
        s.link(20_001)


def test_a_secret_file_is_checked_field_by_field():
    """What a dice secret file may hold (it is read back from disk): ids up to 64 characters,
    1 to 1 000 000 links."""
    from pydantic import ValidationError

    from hexwright.runtime.state import DiceSecret

    fields = {"module_id": "m", "scenario": "s", "side": "blue", "secret": "ab" * 32, "length": 1, "head": "cd" * 32}
    for name in ("module_id", "scenario", "side"):
        assert getattr(DiceSecret(**{**fields, name: "x" * 64}), name) == "x" * 64
        with pytest.raises(ValidationError):
            DiceSecret(**{**fields, name: "x" * 65})
    assert DiceSecret(**{**fields, "length": 1_000_000}).length == 1_000_000
    for bad in (0, 1_000_001):
        with pytest.raises(ValidationError):
            DiceSecret(**{**fields, "length": bad})
    assert DiceSecret(**fields).length == 1


def test_without_dice_chains_any_action_may_draw(module, secrets):
    """A game not played by e-mail: check_draw lets every state through as it is."""
    from hexwright.runtime.state.dice import check_draw

    t = Table(module, secrets)
    before = t.state
    t.do(RollDice(count=2))
    assert check_draw(before, t.state) is t.state and t.state.rng.counter == 2
