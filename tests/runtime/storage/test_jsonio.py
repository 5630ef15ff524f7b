"""Atomic writes: a clear error naming the target, and no temporary file left behind."""

import pytest

from hexwright.runtime.storage import atomic_write_bytes


def test_writing_over_a_folder_names_the_folder_and_leaves_no_temporary_file(tmp_path):
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        atomic_write_bytes(tmp_path / "out", b"data")
    assert caught.value.filename == str(tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert list((tmp_path / "out").iterdir()) == []


def test_a_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    """Issue 20, finding 7: saving turned a 0644 file into 0600 (the temporary file's mode)."""
    import os
    import stat

    from builders import play_module

    from hexwright.runtime.state import Game, save_game

    path = tmp_path / "game.hwsav"
    path.write_bytes(b"old")
    os.chmod(path, 0o644)
    save_game(Game(play_module(), "basic", 1), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    atomic_write_bytes(tmp_path / "secret", b"x", mode=0o600)
    assert stat.S_IMODE((tmp_path / "secret").stat().st_mode) == 0o600
    atomic_write_bytes(tmp_path / "new", b"x")
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o666 & ~_umask()


def _umask() -> int:
    import os

    current = os.umask(0o022)  # the test thread alone: setting it back at once is safe here
    os.umask(current)
    return current
