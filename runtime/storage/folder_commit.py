"""Saving a module folder as one unit: after a crash at any instant, all old or all new.

Writing each file atomically is not enough: killed between two files, a folder holds a
new ``pieces.json`` beside an old ``scenarios/s.json`` that names a piece no longer there.
A save therefore goes in three steps, like a database's journal:

1. every changed file is written beside its target as ``.<name>.<random>.hwnew`` and
   synced, and so are the folders holding them;
2. the journal ``.hexwright-save.json`` (which temporary file replaces which file, which
   files go) is written atomically and synced: this is the commit point;
3. the temporary files are renamed over their targets, the files that go are deleted,
   the folders synced, the journal removed.

On the next open (:func:`recover`), a journal left behind is finished (step 3 again; it
only renames files that were complete before the journal existed), and without a journal
the temporary files of an interrupted step 1 are removed: the folder is the old module.
The folder itself is never replaced, so what else it holds (a ``.git``, notes, a README)
is left alone, and it keeps its identity for shells and file managers that have it open.
A lock on the folder (POSIX) keeps a reader from seeing a save half way, and two saves
from interleaving.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import ModuleError, ModuleIssue
from .files import is_module_file
from .jsonio import atomic_write_bytes, create_new_file, dumps, fsync_folder
from .reading import read_regular_file
from .strict_json import JsonProblem, loads_strict

try:
    import fcntl
except ImportError:  # Windows: no advisory locks on folders
    fcntl = None  # type: ignore[assignment]

JOURNAL = ".hexwright-save.json"
NEW_SUFFIX = ".hwnew"
JOURNAL_FORMAT = "hexwright-save-journal"
LOCK_WAIT_S = 10.0
_TEMP_NAME = re.compile(r"^\.[^/]+\.(hwnew|hwtmp)$")
TEMP_DIRS = ("", "scenarios", "images")


@contextlib.contextmanager
def folder_lock(folder: Path, shared: bool = False) -> Iterator[None]:
    """Hold the folder's advisory lock, exclusive to save or ``shared`` to read (no-op where
    there are none). ModuleError after LOCK_WAIT_S."""
    if fcntl is None:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ModuleError(ModuleIssue(str(folder), "", "another program is saving this module; "
                                                  "try again when it is done")) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _refuse_link(folder: Path, name: str) -> None:
    """A link on the way to a module file would write outside the folder: refused."""
    path = folder
    for part in name.split("/"):
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
        if stat.S_ISLNK(mode) or (path != folder / name and not stat.S_ISDIR(mode)):
            raise ModuleError(ModuleIssue(name, "", "a link or a non-folder is in the way; not saved"))
        if path == folder / name and not stat.S_ISREG(mode):
            raise ModuleError(ModuleIssue(name, "", "exists and is not a regular file; not saved"))


def _stage(folder: Path, name: str, data: bytes) -> str:
    """Write ``data`` beside ``folder/name`` and sync it; returns the temporary file's name."""
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(os.lstat(target).st_mode)
    except FileNotFoundError:
        mode = None  # a new file: the umask's mode, given as it is created
    fd, tmp = create_new_file(target.parent, f".{target.name}.", NEW_SUFFIX)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(handle.fileno(), mode)
        os.fsync(handle.fileno())
    return Path(tmp).name


def commit_files(folder: Path, writes: dict[str, bytes], deletes: list[str]) -> None:
    """Replace ``writes`` and delete ``deletes`` in ``folder``, all or nothing (see the module doc)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    with folder_lock(folder):
        _recover_locked(folder)
        if not writes and not deletes:
            return
        for name in [*writes, *deletes]:
            _refuse_link(folder, name)
        staged: dict[str, str] = {}
        try:
            for name, data in sorted(writes.items()):
                staged[name] = _stage(folder, name, data)
            for parent in sorted({(folder / name).parent for name in staged}):
                fsync_folder(parent)
            journal = {"format": JOURNAL_FORMAT, "version": 1, "replace": staged, "delete": sorted(deletes)}
            atomic_write_bytes(folder / JOURNAL, dumps(journal).encode("utf-8"))
        except BaseException:
            for name, tmp in staged.items():
                with contextlib.suppress(OSError):
                    ((folder / name).parent / tmp).unlink()
            raise
        _finish(folder, staged, sorted(deletes))


def _finish(folder: Path, replace: dict[str, str], deletes: list[str]) -> None:
    """Step 3: rename, delete, sync, drop the journal. Safe to run again after a crash."""
    touched = {folder}
    for name, tmp in sorted(replace.items()):
        target = folder / name
        with contextlib.suppress(FileNotFoundError):  # renamed already, by the run that crashed
            os.replace(target.parent / tmp, target)
        touched.add(target.parent)
    for name in deletes:
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()
        touched.add((folder / name).parent)
    for parent in sorted(touched):
        if parent.is_dir():
            fsync_folder(parent)
    (folder / JOURNAL).unlink()
    fsync_folder(folder)


def needs_recovery(folder: Path) -> bool:
    """Whether an interrupted save left a journal or temporary files in ``folder``."""
    return any(True for _ in _leftovers(folder)) or os.path.lexists(folder / JOURNAL)


def recover(folder: Path) -> None:
    """Finish a save that was interrupted after its commit point, or remove what it left before it."""
    folder = Path(folder)
    if not needs_recovery(folder):
        return
    with folder_lock(folder):
        _recover_locked(folder)


def _leftovers(folder: Path) -> Iterator[Path]:
    """Hexwright's temporary files in the module's folders (links and folders are not followed)."""
    for sub in TEMP_DIRS:
        where = folder / sub if sub else folder
        if sub and (where.is_symlink() or not where.is_dir()):
            continue
        roots = [where]
        if sub == "images":
            roots = [Path(d) for d, _, _ in os.walk(where)]
        for root in roots:
            try:
                names = os.listdir(root)
            except OSError:
                continue
            for name in names:
                path = root / name
                if _TEMP_NAME.match(name) and path.is_file() and not path.is_symlink():
                    yield path


def _recover_locked(folder: Path) -> None:
    journal = folder / JOURNAL
    if os.path.lexists(journal):
        replace, deletes = _read_journal(folder)
        _finish(folder, replace, deletes)
    for path in list(_leftovers(folder)):
        path.unlink()


def _read_journal(folder: Path) -> tuple[dict[str, str], list[str]]:
    """The journal's renames and deletions, each checked to stay among the module's own files."""
    def bad(why: str) -> ModuleError:
        return ModuleError(ModuleIssue(JOURNAL, "", f"the journal of an interrupted save is damaged ({why}); "
                                                    "remove it to open the module as it is"))

    try:
        raw = loads_strict(read_regular_file(folder / JOURNAL, 1024 * 1024))
    except (OSError, JsonProblem) as exc:
        raise bad(str(exc)) from None
    if not isinstance(raw, dict) or raw.get("format") != JOURNAL_FORMAT or raw.get("version") != 1:
        raise bad("not a Hexwright save journal")
    replace, deletes = raw.get("replace"), raw.get("delete")
    if not isinstance(replace, dict) or not isinstance(deletes, list):
        raise bad("no lists of files")
    for name, tmp in replace.items():
        if not (is_module_file(name) and isinstance(tmp, str) and _TEMP_NAME.match(tmp) and tmp.endswith(NEW_SUFFIX)):
            raise bad(f"{name!r} is not a module file with a temporary file beside it")
    for name in deletes:
        if not (isinstance(name, str) and is_module_file(name)):
            raise bad(f"{name!r} is not a module file")
    for name in [*replace, *deletes]:
        _refuse_link(folder, name)
    return dict(replace), list(deletes)
