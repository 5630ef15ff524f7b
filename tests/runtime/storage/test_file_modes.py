"""Files Hexwright writes get the mode the user's umask gives, folders too; dice secrets stay private.

Every write is atomic (a private temporary file renamed into place), which used to leave
everything 0600 and folders 0700 whatever the umask (issue 15, item 4).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from builders import play_module

from hexwright.editor.cli import main
from hexwright.runtime.state import Game, new_secret, save_game
from hexwright.runtime.state.dice_secret_file import write_secret
from hexwright.runtime.storage import atomic_write_bytes, save_module

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


@pytest.fixture(params=[0o022, 0o027])
def mask(request):
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def every_entry(folder: Path) -> list[Path]:
    return [folder, *sorted(folder.rglob("*"))]


@pytest.mark.gui  # render draws with Qt: the test's QApplication, not one of its own
def test_cli_new_pack_unpack_render_and_schema_give_the_umasks_modes(mask, tmp_path, capsys, qapp):
    file_mode, folder_mode = 0o666 & ~mask, 0o777 & ~mask
    assert main(["new", str(tmp_path / "made"), "--cols", "4", "--rows", "3"]) == 0
    assert main(["pack", str(tmp_path / "made"), str(tmp_path / "made.hwmod")]) == 0
    assert main(["unpack", str(tmp_path / "made.hwmod"), str(tmp_path / "out" / "unpacked")]) == 0
    assert main(["render", str(tmp_path / "made"), "--out", str(tmp_path / "map.png")]) == 0
    assert main(["schema", "--out", str(tmp_path / "schema")]) == 0
    written = [p for p in every_entry(tmp_path) if p != tmp_path]
    assert len(written) > 10
    wrong = {str(p.relative_to(tmp_path)): oct(mode(p)) for p in written
             if mode(p) != (folder_mode if p.is_dir() else file_mode)}
    assert wrong == {}


def test_saves_give_the_umasks_mode_and_a_rewrite_keeps_the_files_own(mask, tmp_path):
    game = Game(play_module(), "basic", 3)
    save_game(game, tmp_path / "game.hwsav")
    assert mode(tmp_path / "game.hwsav") == 0o666 & ~mask
    old = tmp_path / "old.json"
    old.write_bytes(b"{}")
    old.chmod(0o640)  # the user's choice for this file
    atomic_write_bytes(old, b"[]")
    assert mode(old) == 0o640 and old.read_bytes() == b"[]"
    save_module(play_module(), tmp_path / "module")
    assert {mode(p) for p in (tmp_path / "module").rglob("*") if p.is_file()} == {0o666 & ~mask}


def test_a_dice_secret_stays_readable_by_its_owner_only(mask, tmp_path):
    path = write_secret(tmp_path / "secrets", new_secret("m", "s", "blue"))
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_writes_never_set_the_process_umask_so_worker_threads_cannot_race(mask, tmp_path, monkeypatch):
    """Reading the umask by setting it (and back) would give another thread's new files the wrong mode
    meanwhile; exports run in worker threads, so every write leaves the umask to the system."""
    def refuse(_mask: int) -> int:
        raise AssertionError("os.umask called while writing")

    monkeypatch.setattr(os, "umask", refuse)
    atomic_write_bytes(tmp_path / "one.json", b"{}")
    save_module(play_module(), tmp_path / "module")
    save_module(play_module().model_copy(update={}), tmp_path / "module")  # a rewrite: staged, journalled
    from hexwright.runtime.storage import pack_folder, unpack

    pack_folder(tmp_path / "module", tmp_path / "m.hwmod")
    unpack(tmp_path / "m.hwmod", tmp_path / "unpacked")
    assert mode(tmp_path / "one.json") == 0o666 & ~mask
    assert mode(tmp_path / "unpacked") == 0o777 & ~mask
    assert {mode(p) for p in (tmp_path / "unpacked").rglob("*") if p.is_file()} == {0o666 & ~mask}
