"""Dice in play by e-mail: commit–reveal hash chains, so no one can predict or steer a roll.

Each side keeps a secret that never leaves its computer (:class:`DiceSecret`, stored by
:mod:`runtime.state.dice_secret_file`). From it the side builds a hash chain backwards:
``link[N] = sha256("hexwright-dice-chain:" + secret)``, ``link[i] = sha256(link[i+1])``,
and publishes ``link[0]`` (the *head*) in the log (:class:`CommitDice`). Before each action
that draws, the roller reveals its next link (:class:`RevealDice`): anyone checks
``sha256(link[i]) == link[i-1]``, but no one can compute ``link[i+1]`` from ``link[i]``.
The dice of that action come from a key hashing the public seed, the roller's new link and
the latest link of every other side, so

* the opponent cannot predict the roller's dice (it lacks the roller's next link);
* the roller cannot steer them: its links are fixed by its commitment, the others' links
  by theirs, and a reveal is compulsory before every drawing action (no skipping a key);
* neither side could pick a chain to suit: a side rolls only once every other side has
  revealed a link after that side's commitment (its *opening*, owed once per opponent);
* replay stays deterministic: the links are in the log, so saves and e-mail files verify.

The roller itself can compute its own next roll once it holds the opponent's latest
link (no protocol without a round trip per roll avoids that); every reveal and roll is in
the log, so a roll thrown away shows.
"""

from __future__ import annotations

import hashlib
import secrets as _secrets
from typing import Literal

from pydantic import Field

from hexwright.runtime.model import Module

from .actions import CommitDice, LogEntry, RevealDice
from .errors import ActionError
from .game_state import GameState
from .rng import HEX64, Chain, DiceState
from .signing import fingerprint
from .state_model import StateModel

CHAIN_LENGTH = 20_000
"""Links per chain: one per roll (and one opening per opponent); plenty for a long game."""


class DiceRevealNeeded(ActionError):
    """An action draws dice in a game played by e-mail without a fresh reveal before it."""


def link_after(link: str) -> str:
    """The link a revealed ``link`` must hash to: ``sha256(bytes(link))`` in hex."""
    return hashlib.sha256(bytes.fromhex(link)).hexdigest()


class DiceSecret(StateModel):
    """One side's secret for one game: kept on that player's computer, never sent."""

    format: Literal["hexwright-dice-secret"] = "hexwright-dice-secret"
    version: Literal[1] = 1
    module_id: str = Field(max_length=64)
    scenario: str = Field(max_length=64)
    side: str = Field(max_length=64)
    secret: str = Field(pattern=HEX64)
    length: int = Field(CHAIN_LENGTH, ge=1, le=1_000_000)
    head: str = Field(pattern=HEX64)

    def link(self, index: int) -> str:
        """Link ``index`` of the chain (0 is the head)."""
        if not 0 <= index <= self.length:
            raise ActionError(f"{self.side}'s dice chain has only {self.length} links: start a new game")
        value = hashlib.sha256(b"hexwright-dice-chain:" + bytes.fromhex(self.secret)).digest()
        for _ in range(self.length - index):
            value = hashlib.sha256(value).digest()
        return value.hex()


def new_secret(module_id: str, scenario: str, side: str, length: int = CHAIN_LENGTH,
               secret: str | None = None) -> DiceSecret:
    """A fresh secret (or the given one, for tests) with its chain's head worked out."""
    value = secret or _secrets.token_hex(32)
    probe = DiceSecret(module_id=module_id, scenario=scenario, side=side, secret=value, length=length, head="0" * 64)
    return probe.model_copy(update={"head": probe.link(0)})


def dice_key(seed: int, roller: str, chains: dict[str, Chain]) -> str:
    """The key of the roller's next dice: seed, the roller's latest link, every other side's latest."""
    parts = [f"hexwright-dice-key:{seed}:{roller}:{chains[roller].index}:{chains[roller].last}"]
    parts += [f"{side}:{c.index}:{c.last}" for side, c in sorted(chains.items()) if side != roller]
    return hashlib.sha256("|".join(parts).encode("ascii")).hexdigest()


def _side_name(module: Module, side: str) -> str:
    found = module.pieces.sides.get(side)
    return found.name if found is not None else side


def owed_openings(dice: DiceState | None, side: str) -> list[str]:
    """Sides that joined after ``side`` last revealed: each may roll only after ``side`` reveals once more."""
    if dice is None or side not in dice.chains:
        return []
    mine = dice.chains[side]
    return sorted(o for o, c in dice.chains.items() if o != side and c.committed > mine.revealed)


def roll_blockers(dice: DiceState, side: str) -> list[str]:
    """Sides that have not revealed a link since ``side`` joined (``side`` cannot roll yet)."""
    mine = dice.chains[side]
    return sorted(o for o, c in dice.chains.items() if o != side and c.revealed <= mine.committed)


def apply_commit(module: Module, state: GameState, act: CommitDice) -> tuple[GameState, LogEntry]:
    if act.side not in module.pieces.sides:
        raise ActionError(f"no side {act.side!r} in the module")
    dice = state.rng.dice or DiceState()
    if act.side in dice.chains:
        raise ActionError(f"{_side_name(module, act.side)} has already committed its dice")
    seq = dice.seq + 1
    chains = dict(dice.chains)
    chains[act.side] = Chain(head=act.head, last=act.head, committed=seq)
    new_dice = dice.model_copy(update={"chains": dict(sorted(chains.items())), "seq": seq, "fresh": False})
    text = f"{_side_name(module, act.side)} plays by e-mail (dice commitment {act.head[:12]}…"
    text += f"; signing key {fingerprint(act.key)})" if act.key else ")"
    return _with_dice(state, new_dice), _entry(state, act, text)


def apply_reveal(module: Module, state: GameState, act: RevealDice) -> tuple[GameState, LogEntry]:
    dice = state.rng.dice
    name = _side_name(module, act.side)
    if dice is None or act.side not in dice.chains:
        raise ActionError(f"{name} has no dice commitment in this game")
    if dice.fresh:
        raise ActionError("a dice reveal for a roll must be followed by that roll, not by another reveal")
    chain = dice.chains[act.side]
    index = chain.index + 1
    if link_after(act.link) != chain.last:
        raise ActionError(f"{name}'s dice link {index} does not match its commitment: "
                          "this roll was not made with the dice the side committed to (the file was altered)")
    owed = owed_openings(dice, act.side)
    if act.roll and owed:
        raise ActionError(f"{name} must first open its dice to {', '.join(_side_name(module, o) for o in owed)} "
                          "(a reveal with roll=false)")
    if not act.roll and not owed:
        raise ActionError(f"{name} owes no opening reveal: a link is revealed only for a roll")
    if act.roll:
        blockers = roll_blockers(dice, act.side)
        if not blockers and len(dice.chains) < 2:
            raise ActionError(f"{name} cannot roll yet: no opponent has joined the game by e-mail")
        if blockers:
            who = ", ".join(_side_name(module, o) for o in blockers)
            raise ActionError(f"{name} cannot roll yet: {who} must first send moves made after {name} joined "
                              "(so that no one could choose a chain to suit)")
    seq = dice.seq + 1
    chains = dict(dice.chains)
    chains[act.side] = chain.model_copy(update={"last": act.link, "index": index, "revealed": seq})
    update = {"chains": chains, "seq": seq, "fresh": act.roll}
    if act.roll:
        update |= {"key": dice_key(state.rng.seed, act.side, chains), "roller": act.side}
    new_state = _with_dice(state, dice.model_copy(update=update), counter=0 if act.roll else None)
    what = "for the next roll" if act.roll else "so the opponent may roll"
    return new_state, _entry(state, act, f"{name} reveals dice link {index} {what}")


def check_draw(before: GameState, after: GameState) -> GameState:
    """After a non-dice action in a game with dice chains: it drew only with a fresh reveal."""
    dice = before.rng.dice
    if dice is None:
        return after
    drew = after.rng.counter != before.rng.counter or after.rng.dice != dice
    if drew and not dice.fresh:
        raise DiceRevealNeeded("in a game played by e-mail every roll needs a fresh reveal of the roller's dice "
                               "chain just before it")
    if dice.fresh and not drew:
        raise ActionError("a dice reveal for a roll must be followed by that roll")
    if not dice.fresh:
        return after
    done = (after.rng.dice or dice).model_copy(update={"fresh": False})
    return after.model_copy(update={"rng": after.rng.model_copy(update={"dice": done})})


def _with_dice(state: GameState, dice: DiceState, counter: int | None = None) -> GameState:
    update: dict[str, object] = {"dice": dice}
    if counter is not None:
        update["counter"] = counter
    return state.model_copy(update={"rng": state.rng.model_copy(update=update)})


def _entry(state: GameState, act: CommitDice | RevealDice, text: str) -> LogEntry:
    return LogEntry(kind=act.kind, text=text, turn=state.turn, phase=state.phase, side=state.active_side)
