"""Issue 20, finding 1: a module folder is saved as one unit.

Killed inside the write phase 200 times, the old ``save_folder`` left 10 folders mixed (4 that
no longer loaded, 6 that loaded silently as a mix of two versions) and stray ``.tmp`` files.
Here a child process saving the module is stopped dead (``os._exit``, no clean-up runs) at
every rename, deletion and sync of a save in turn; each time the next open must find exactly
the old module or exactly the new one, and no temporary file. (``tests/fuzz/kill_save.py``
does the same with real ``kill -9`` at random instants: the slow test and the fuzz script.)
"""

from __future__ import annotations

import multiprocessing
import os
import stat
from pathlib import Path

import pytest
from kill_save import folder_state, two_versions

from hexwright.runtime.storage import folder_commit, load_module, read_folder_files, save_module
from hexwright.runtime.storage.folder_commit import JOURNAL

STEPS = ("replace", "unlink", "fsync")


def _save_and_die_at(folder: str, module, step: str, when: int) -> None:
    calls = {"n": 0}
    real = getattr(os, step)

    def dying(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == when:
            os._exit(9)  # like kill -9: no finally, no except, no clean-up
        return real(*args, **kwargs)

    setattr(os, step, dying)
    save_module(module, Path(folder))
    os._exit(0)


def _crash_points(tmp_path: Path, module) -> dict[str, int]:
    """How many calls of each step a whole save makes (the child finishes when ``when`` is past them)."""
    counts = {}
    for step in STEPS:
        calls = {"n": 0}
        real = getattr(os, step)

        def counting(*args, _real=real, _calls=calls, **kwargs):
            _calls["n"] += 1
            return _real(*args, **kwargs)

        folder = tmp_path / f"count-{step}"
        save_module(two_versions(8)[0], folder)
        try:
            setattr(os, step, counting)
            save_module(module, folder)
        finally:
            setattr(os, step, real)
        counts[step] = calls["n"]
    return counts


@pytest.mark.skipif(os.name != "posix", reason="fork")
def test_a_save_stopped_dead_at_any_step_leaves_the_old_module_or_the_new(tmp_path, monkeypatch):
    old, new = two_versions(8)
    expected = {"old": folder_state(old), "new": folder_state(new)}
    counts = _crash_points(tmp_path, new)
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # a process dying, not a power cut: syncs only cost time
    assert counts["replace"] >= 5 and counts["unlink"] >= 2  # the save renames and deletes several files
    context = multiprocessing.get_context("fork")
    seen = set()
    for step in STEPS:
        for when in range(1, counts[step] + 1):
            folder = tmp_path / f"{step}-{when}"
            save_module(old, folder)
            child = context.Process(target=_save_and_die_at, args=(str(folder), new, step, when))
            child.start()
            child.join(60)
            assert child.exitcode in (0, 9)
            files = read_folder_files(folder)  # opening finishes or rolls back the interrupted save
            found = {name: data for name, data in files.items() if name.endswith(".json")}
            names = sorted(p.name for p in folder.rglob("*"))
            assert found in expected.values(), f"{step} #{when}: a mix of the two versions"
            assert not [n for n in names if n.endswith((".hwnew", ".hwtmp", ".tmp")) or n == JOURNAL], names
            seen.add("old" if found == expected["old"] else "new")
    assert seen == {"old", "new"}  # crashes before the commit point roll back, after it roll forward


def test_stray_temporary_files_are_gone_after_the_next_open(tmp_path):
    old, _ = two_versions(8)
    save_module(old, tmp_path / "m")
    (tmp_path / "m" / ".map.json.x1y2z3.hwnew").write_text("half")
    (tmp_path / "m" / "scenarios" / ".a.json.abc.hwtmp").write_text("half")
    (tmp_path / "m" / "notes.txt").write_text("mine")
    load_module(tmp_path / "m")
    assert sorted(p.name for p in (tmp_path / "m").iterdir()) == [
        "map.json", "module.json", "notes.txt", "pieces.json", "scenarios", "tables.json"]


def test_a_journal_naming_files_outside_the_module_is_refused(tmp_path):
    old, _ = two_versions(8)
    save_module(old, tmp_path / "m")
    (tmp_path / "m" / JOURNAL).write_text('{"format": "hexwright-save-journal", "version": 1, '
                                          '"replace": {"../x.json": ".x.json.a.hwnew"}, "delete": ["/etc/passwd"]}')
    with pytest.raises(Exception, match="journal of an interrupted save is damaged"):
        load_module(tmp_path / "m")


def test_the_folder_is_synced_after_the_renames(tmp_path, monkeypatch):
    old, new = two_versions(8)
    save_module(old, tmp_path / "m")
    synced = []
    real = os.fsync

    def spy(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            synced.append(os.readlink(f"/proc/self/fd/{fd}") if Path("/proc/self/fd").exists() else fd)
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    save_module(new, tmp_path / "m")
    assert str((tmp_path / "m").resolve()) in [str(s) for s in synced]


def test_saving_keeps_a_files_permissions(tmp_path):
    """Finding 7: saving turned a 0644 file into 0600 (the temporary file's mode)."""
    old, new = two_versions(8)
    save_module(old, tmp_path / "m")
    os.chmod(tmp_path / "m" / "map.json", 0o644)
    os.chmod(tmp_path / "m" / "pieces.json", 0o640)
    save_module(new, tmp_path / "m")
    assert stat.S_IMODE((tmp_path / "m" / "map.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "m" / "pieces.json").stat().st_mode) == 0o640


@pytest.mark.parametrize("work", ["save", "read"])
def test_the_lock_keeps_a_second_save_and_readers_out_until_a_save_is_done(tmp_path, monkeypatch, work):
    old, _ = two_versions(8)
    save_module(old, tmp_path / "m")
    monkeypatch.setattr(folder_commit, "LOCK_WAIT_S", 0.2)
    with folder_commit.folder_lock(tmp_path / "m"):
        context = multiprocessing.get_context("fork")
        child = context.Process(target=_in_child, args=(str(tmp_path / "m"), work))
        child.start()
        child.join(30)
    assert child.exitcode == 3  # refused with "another program is saving this module"
    with folder_commit.folder_lock(tmp_path / "m", shared=True):  # readers do not keep each other out
        assert read_folder_files(tmp_path / "m")


def _in_child(folder: str, work: str) -> None:
    from hexwright.runtime.storage import ModuleError

    try:
        if work == "save":
            save_module(two_versions(8)[1], Path(folder))
        else:
            read_folder_files(Path(folder))
    except ModuleError as exc:
        os._exit(3 if "another program is saving" in str(exc) else 4)
    os._exit(0)


def test_a_folder_or_link_named_like_a_temporary_file_is_left_alone(tmp_path):
    old, _ = two_versions(8)
    save_module(old, tmp_path / "m")
    (tmp_path / "m" / ".notes.hwnew").mkdir()
    (tmp_path / "m" / ".x.json.abc.hwtmp").symlink_to(tmp_path / "elsewhere")
    assert load_module(tmp_path / "m").module.meta.title == old.meta.title
    assert (tmp_path / "m" / ".notes.hwnew").is_dir() and (tmp_path / "m" / ".x.json.abc.hwtmp").is_symlink()
