"""Mutate what strangers send (module files, packs, saves, e-mail packets) and feed it to the
boundary that reads it (issue 20). Each outcome must be success or that boundary's error:
ModuleError for modules and packs, SaveError for saves, PacketError for packets. Anything
else escapes as itself, for the caller to count. Used by the hypothesis test in the normal
run and by ``tests/fuzz/fuzz.py``.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass
from typing import Any

from hexwright.runtime.state import (
    Game,
    Location,
    MovePieces,
    Note,
    PacketError,
    RollDice,
    SaveError,
    load_game_bytes,
    new_secret,
    save_bytes,
)
from hexwright.runtime.state.pbem import ActionsFile, append_actions, export_actions, signed_bytes
from hexwright.runtime.state.signing import sign
from hexwright.runtime.storage import (
    ModuleError,
    files_from_module,
    module_from_files,
    pack_files,
    read_pack_files,
)

SENDER_SECRET = "b1" * 32
BOUNDARY_ERRORS: dict[str, type[Exception]] = {
    "module": ModuleError, "pack": ModuleError, "save": SaveError, "packet": PacketError}

TOKENS = [b"null", b"true", b"-1", b"0", b"1e999", b"NaN", b'""', b"[]", b"{}", b'"\\ud800"', b"9" * 5000,
          b'"0101"', b'"x"', b"[[[[[[[[", b"}", b",", b'"a": 1, "a": 2', b"\xff\xfe", b"1.5", b'"\\u0000"']
VALUES: list[Any] = [None, True, False, -1, 0, 1, 2**63, 1.5, "", "x", "0101", "\ud800", [], {}, [1, 2],
                     {"kind": "hex", "id": ""}, "9" * 80, "../x", "images/../module.json"]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One to three byte-level edits: flip, cut, repeat, insert a token, truncate."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not out:
            out += rng.choice(TOKENS)
            continue
        at = rng.randrange(len(out))
        what = rng.randrange(5)
        if what == 0:
            out[at] ^= 1 << rng.randrange(8)
        elif what == 1:
            del out[at:at + rng.randint(1, 40)]
        elif what == 2:
            out[at:at] = out[at:at + rng.randint(1, 200)]
        elif what == 3:
            out[at:at] = rng.choice(TOKENS)
        else:
            del out[at:]
    return bytes(out)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, sub in value.items():
            found += _paths(sub, (*prefix, key))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            found += _paths(sub, (*prefix, index))
    return found


def mutate_json(value: Any, rng: random.Random) -> Any:
    """One to three structural edits of a JSON value: replace, delete, duplicate, add a field."""
    value = copy.deepcopy(value)
    for _ in range(rng.randint(1, 3)):
        paths = _paths(value)
        path = rng.choice(paths)
        if not path:
            continue
        parent = value
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        what = rng.randrange(4)
        if what == 0:
            parent[last] = copy.deepcopy(rng.choice(VALUES))
        elif what == 1:
            del parent[last]
        elif what == 2 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "kind", "id", "hex", "unit", str(rng.randrange(10))])] = \
                copy.deepcopy(rng.choice(VALUES))
    return value


def mutate_text(data: bytes, rng: random.Random) -> bytes:
    """Half the time a structural edit of the JSON (still valid JSON), else a byte edit."""
    if rng.random() < 0.5:
        try:
            raw = json.loads(data)
        except ValueError:
            return mutate_bytes(data, rng)
        return json.dumps(mutate_json(raw, rng), ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    return mutate_bytes(data, rng)


# -- the four boundaries --------------------------------------------------------------------


def try_module(files: dict[str, bytes]) -> str:
    """Load module files; a module that loads must also write back (no unwritable text)."""
    try:
        loaded = module_from_files(files)
    except ModuleError:
        return "refused"
    files_from_module(loaded.module, loaded.assets)
    return "ok"


def try_pack(data: bytes) -> str:
    try:
        files = read_pack_files(data, "fuzzed.hwmod")
    except ModuleError:
        return "refused"
    return try_module(files)


@dataclass
class GameSeeds:
    """A module, a played save of it, and a receiver with a sender's packet, by e-mail."""

    module: Any
    save: bytes
    receiver_save: bytes
    packet: bytes


def game_seeds(module) -> GameSeeds:
    """A short e-mail game of ``module`` (a play_module): moves, a roll, notes, both sides signed."""
    blue = Game(module, "basic", 7)
    blue.join_by_email(new_secret(module.meta.id, "basic", "blue", length=60, secret=SENDER_SECRET))
    red = load_game_bytes(save_bytes(blue), module).game
    red.join_by_email(new_secret(module.meta.id, "basic", "red", length=60, secret="7e" * 32))
    append_actions(blue, export_actions(red, 1))
    receiver = save_bytes(red)
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    blue.do(RollDice(count=2))
    blue.do(Note(text="your move"))
    packet = export_actions(blue, mark)
    return GameSeeds(module, save_bytes(blue), receiver, packet)


def try_save(data: bytes, seeds: GameSeeds) -> str:
    """Load a save; a save that loads must also save again."""
    try:
        loaded = load_game_bytes(data, seeds.module, "fuzzed.hwsav")
    except SaveError:
        return "refused"
    save_bytes(loaded.game)
    return "ok"


def mutated_packet(seeds: GameSeeds, rng: random.Random) -> bytes:
    """A mutated packet; half of those still well-formed are signed again by the sender (a
    dishonest sender), so the checks past the signature are reached too."""
    data = mutate_text(seeds.packet, rng)
    if rng.random() < 0.5:
        try:
            file = ActionsFile.model_validate_json(data)
        except ValueError:
            return data
        file = file.model_copy(update={"signature": sign(SENDER_SECRET, signed_bytes(file))})
        return file.model_dump_json().encode()
    return data


def try_packet(data: bytes, seeds: GameSeeds) -> str:
    """Import a packet into a fresh copy of the receiver's game; refused packets change nothing."""
    game = load_game_bytes(seeds.receiver_save, seeds.module).game
    before = save_bytes(game)
    try:
        append_actions(game, data, "fuzzed.hwlog")
    except PacketError:
        if save_bytes(game) != before:
            raise AssertionError("a refused packet changed the game") from None
        return "refused"
    save_bytes(game)
    return "ok"


def mutated_module_files(files: dict[str, bytes], rng: random.Random) -> dict[str, bytes]:
    """Mutate one to three of a module's files (or drop one, or add a stray one)."""
    files = dict(files)
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(sorted(files))
        roll = rng.random()
        if roll < 0.05:
            del files[name]
        elif roll < 0.1:
            files[rng.choice(["scenarios/x.json", "rules.json", "images/a.png", "scenarios/.json"])] = \
                mutate_bytes(files[name], rng)
        else:
            files[name] = mutate_text(files[name], rng)
        if not files:
            break
    return files


def mutated_pack(files: dict[str, bytes], rng: random.Random) -> bytes:
    """Half the time a pack of mutated files, else a good pack with its bytes mutated."""
    if rng.random() < 0.5:
        return pack_files(mutated_module_files(files, rng))
    return mutate_bytes(pack_files(files), rng)
