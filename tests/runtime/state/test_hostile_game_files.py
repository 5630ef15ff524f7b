"""Issue 20, findings 2, 6 and 7, for saves and e-mail packets: whatever a stranger sends is a
SaveError or a PacketError naming the file, the field and the action, and changes nothing.

The stacking game follows DoM §6 (the owner eliminates the excess at the end of the phase).
"""

from __future__ import annotations

import json

import pytest
from builders import end_of_phase_stacking_module, play_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.engine import ENGINE, EndPhase, Move, to_step
from hexwright.runtime.state import (
    CommitDice,
    Game,
    Location,
    MovePieces,
    NextPhase,
    Note,
    PacketAlreadyInGame,
    PacketError,
    RulesStep,
    SaveError,
    load_game_bytes,
    new_secret,
    save_bytes,
)
from hexwright.runtime.state.pbem import ActionsFile, append_actions, export_actions, signed_bytes
from hexwright.runtime.state.signing import sign
from hexwright.runtime.storage import save_module


def stacking_game() -> Game:
    """A rules game (DoM §6) whose end of phase left 0204 overstacked: Blue must eliminate a unit."""
    m = end_of_phase_stacking_module()
    game = Game(m, "s", 1, engine=ENGINE)
    game.do(to_step(Move(unit="b1", to="0204")))
    game.do(to_step(EndPhase()))
    return game


def with_action(game: Game, step: dict) -> bytes:
    raw = json.loads(save_bytes(game))
    raw["actions"].append(step)
    return json.dumps(raw).encode()


def test_s6_eliminate_excess_of_an_unknown_unit_is_a_save_error_naming_the_action():
    """Finding 2: a KeyError in engine/sequence.py, from one changed digit in a save."""
    game = stacking_game()
    data = with_action(game, {"kind": "rules", "name": "eliminate_excess", "args": {"unit": "b9"}})
    with pytest.raises(SaveError) as caught:
        load_game_bytes(data, game.module, "game.hwsav", engine=ENGINE)
    assert caught.value.action == len(game.actions) + 1
    assert str(caught.value).startswith(f"game.hwsav: action {len(game.actions) + 1}: rules does not apply")


def test_s9_a_declare_on_an_empty_hex_id_is_a_save_error_not_a_validation_error():
    """Finding 2: ``"hex": ""`` raised pydantic's ValidationError ("a location of kind 'hex' needs an id")."""
    game = stacking_game()
    data = with_action(game, {"kind": "rules", "name": "declare", "args": {"attackers": ["b1"], "hex": ""}})
    with pytest.raises(SaveError, match=r"action \d+: rules does not apply: not a rules action: declare\.hex"):
        load_game_bytes(data, game.module, engine=ENGINE)


def test_the_same_crafted_action_in_a_packet_is_a_packet_error():
    game = stacking_game()
    mine = load_game_bytes(save_bytes(game), game.module, engine=ENGINE).game
    game.do(RulesStep(name="eliminate_excess", args={"unit": "b2"}))
    raw = json.loads(export_actions(game, len(game.actions) - 1))
    raw["actions"][0]["args"]["unit"] = "b9"
    with pytest.raises(PacketError, match=r"action \d+: rules does not apply"):
        append_actions(mine, json.dumps(raw).encode())


def test_the_cli_says_a_bad_save_in_one_line_and_exits_1(tmp_path, capsys):
    game = stacking_game()
    save_module(game.module, tmp_path / "m")
    (tmp_path / "bad.hwsav").write_bytes(with_action(game, {"kind": "rules", "name": "declare",
                                                            "args": {"attackers": ["b1"], "hex": ""}}))
    assert main(["play", str(tmp_path / "m"), "--load", str(tmp_path / "bad.hwsav")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{tmp_path / 'bad.hwsav'}: action "), err
    assert main(["play", str(tmp_path / "m"), "--load", "/dev/zero"]) == 1
    assert capsys.readouterr().err.strip() == "/dev/zero: not a regular file (a device, a pipe or a socket)"


@pytest.mark.parametrize("edit, field", [
    (lambda raw: raw.update(seed="1944"), "seed"),
    (lambda raw: raw.update(strict="yes"), "strict"),
    (lambda raw: raw["actions"][0].update(text="\ud800"), "actions.0.text"),
])
def test_saves_are_read_without_coercion(edit, field):
    """Finding 7: ``"seed": "1944"`` and ``"strict": "yes"`` were coerced; a lone surrogate loaded."""
    game = Game(play_module(), "basic", 1944)
    game.do(Note(text="hello"))
    raw = json.loads(save_bytes(game))
    edit(raw)
    with pytest.raises(SaveError) as caught:
        load_game_bytes(json.dumps(raw).encode(), game.module)
    assert caught.value.field == field


def test_a_key_written_twice_in_a_save_is_refused():
    data = save_bytes(Game(play_module(), "basic", 1)).replace(b'"seed": 1,', b'"seed": 1, "seed": 2,')
    with pytest.raises(SaveError, match="key 'seed' is written twice"):
        load_game_bytes(data, play_module())


def test_a_save_whose_log_was_edited_but_ends_the_same_is_refused():
    """Finding 7: the final state hash cannot see a changed note; the history hash can."""
    game = Game(play_module(), "basic", 1)
    game.do(Note(text="I attack at dawn"))
    game.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    raw = json.loads(save_bytes(game))
    raw["actions"][0]["text"] = "I never attacked"
    with pytest.raises(SaveError) as caught:
        load_game_bytes(json.dumps(raw).encode(), game.module)
    assert caught.value.field == "history_hash"


# -- play by e-mail (finding 6) -----------------------------------------------------------------


def email_pair():
    """Blue starts and joins; Red loads the save and joins; Blue imports Red's first packet."""
    module = play_module()
    blue = Game(module, "basic", 5)
    blue.join_by_email(new_secret(module.meta.id, "basic", "blue", length=100, secret="b1" * 32))
    red = load_game_bytes(save_bytes(blue), module).game
    red.join_by_email(new_secret(module.meta.id, "basic", "red", length=100, secret="7e" * 32))
    append_actions(blue, export_actions(red, 1))
    return blue, red


def resigned(raw: dict, secret: str) -> bytes:
    file = ActionsFile.model_validate_json(json.dumps(raw))
    return file.model_copy(update={"signature": sign(secret, signed_bytes(file))}).model_dump_json().encode()


def test_a_move_edited_on_the_way_is_refused_even_with_its_hashes_recomputed():
    """Finding 6: a move edited with a recomputed ``final_state_hash`` was accepted."""
    blue, red = email_pair()
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    raw = json.loads(export_actions(blue, mark))
    forged = Game(blue.module, "basic", 5)
    forged.extend(red.actions)
    forged.do(MovePieces(pieces=("blue-1",), to=Location.hex("0101")))  # where the forger wants it
    raw["actions"][0]["to"]["id"] = "0101"
    raw["final_state_hash"] = forged.state_hash()
    raw["history_hash"] = forged.history_hash()
    before = save_bytes(red)
    with pytest.raises(PacketError) as caught:
        append_actions(red, json.dumps(raw).encode())
    assert caught.value.field == "signature" and "not blue's" in str(caught.value)
    unsigned = {**raw, "signature": None}
    with pytest.raises(PacketError, match="not signed, but this game is played by e-mail"):
        append_actions(red, json.dumps(unsigned).encode())
    assert save_bytes(red) == before


def test_a_sender_moving_the_receivers_pieces_is_refused_like_in_the_window():
    """Finding 6: a packet in which the sender moves the receiver's pieces was accepted."""
    blue, red = email_pair()
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("red-1",), to=Location.hex("0101")))  # Blue's own copy lets it happen
    with pytest.raises(PacketError) as caught:
        append_actions(red, export_actions(blue, mark))
    assert str(caught.value).endswith("move is not blue's to do: 0504 belongs to Red; it is Blue's turn")
    assert caught.value.action == mark + 1


def test_a_sender_acting_out_of_turn_or_for_the_other_sides_dice_is_refused():
    blue, red = email_pair()
    blue.do(NextPhase())
    blue.do(NextPhase())  # Red's turn now
    append_actions(red, export_actions(blue, 3))
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    with pytest.raises(PacketError, match="it is Red's turn; this computer plays Blue"):
        append_actions(red, export_actions(blue, mark))


def test_reimporting_a_packet_says_it_is_already_in_the_game():
    """Finding 6: the latest packet re-imported did nothing silently; an older one was refused misleadingly."""
    blue, red = email_pair()
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    first = export_actions(blue, mark)
    append_actions(red, first)
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-2",), to=Location.hex("0303")))
    second = export_actions(blue, mark)
    append_actions(red, second)
    for packet in (second, first):
        with pytest.raises(PacketAlreadyInGame, match="already in this game"):
            append_actions(red, packet)
    assert red.state == blue.state


def test_a_packet_over_an_edited_past_is_refused_even_when_the_state_is_the_same():
    blue, red = email_pair()
    red_copy = load_game_bytes(save_bytes(red), red.module).game
    mark = len(blue.actions)
    blue.do(Note(text="a"))
    append_actions(red, export_actions(blue, mark))
    mark = len(blue.actions)
    blue.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    red_copy.extend([Note(text="b"), *red.actions[len(red_copy.actions) + 1:]])  # the same state, another past
    assert red_copy.state == red.state
    with pytest.raises(PacketError) as caught:
        append_actions(red_copy, export_actions(blue, mark))
    assert caught.value.field == "base_history_hash"


def test_the_first_packet_of_a_side_shows_its_key_and_later_ones_must_match_it():
    module = play_module()
    blue = Game(module, "basic", 5)
    blue.join_by_email(new_secret(module.meta.id, "basic", "blue", length=50, secret="b1" * 32))
    red = Game(module, "basic", 5)
    from hexwright.runtime.state.pbem import import_packet

    imported = import_packet(red, export_actions(blue, 0))
    assert list(imported.new_keys) == ["blue"] and len(imported.new_keys["blue"].split()) == 8
    raw = json.loads(export_actions(blue, 0))
    with pytest.raises(PacketAlreadyInGame):
        import_packet(red, resigned(raw, "b1" * 32))
    mark = len(blue.actions)
    blue.do(Note(text="from Blue"))
    raw = json.loads(export_actions(blue, mark))
    with pytest.raises(PacketError, match="signature is not blue's"):
        import_packet(red, resigned(raw, "99" * 32))  # signed by another key than the one Blue published
    assert import_packet(red, resigned(raw, "b1" * 32)).new_keys == {}


def test_a_game_by_email_begun_before_keys_existed_plays_on():
    """Sides that committed their dice without a key (saves of version 2) still exchange packets."""
    module = play_module()
    blue_secret = new_secret(module.meta.id, "basic", "blue", length=50, secret="b1" * 32)
    blue = Game(module, "basic", 5)
    blue.extend([CommitDice(side="blue", head=blue_secret.head)])  # as Hexwright committed before keys
    blue.dice_secret = blue_secret
    red = load_game_bytes(save_bytes(blue), module).game
    blue.do(Note(text="still here"))
    append_actions(red, export_actions(blue, 1))
    assert red.state == blue.state
