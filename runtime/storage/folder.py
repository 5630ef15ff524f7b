"""Modules as folders of JSON on disk: read, write atomically, leave unchanged bytes alone."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from hexwright.runtime.model import Module
from hexwright.runtime.model.variant import VARIANT_FILE

from .errors import ModuleError, ModuleIssue
from .files import (
    ASSET_RE,
    MODEL_FILES,
    REQUIRED_FILES,
    SCENARIO_RE,
    LoadedModule,
    Report,
    files_from_module,
    is_misnamed_scenario,
    module_from_files,
)
from .folder_commit import JOURNAL, commit_files, folder_lock, needs_recovery, recover
from .reading import FileRefused, read_regular_file

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_FOLDER_FILES = 5000
"""As many files as a pack may hold (archive.MAX_MEMBERS)."""
MODULE_DIRS = ("scenarios", "images")


def _module_paths(root: Path) -> list[Path]:
    """The paths that may be module files: the top level, ``scenarios/``, and ``images/`` below.

    Nothing else is walked, so a folder that is not a module (``/``) is answered at once, and
    a folder with more entries than a module may hold is refused rather than listed.
    """
    paths = [root / name for name in os.listdir(root)]
    for sub in MODULE_DIRS:
        where = root / sub
        if where.is_symlink() or not where.is_dir():
            continue
        if sub == "scenarios":
            paths += [where / name for name in os.listdir(where)]
        else:
            for dirpath, dirnames, filenames in os.walk(where):  # os.walk does not follow linked folders
                base = Path(dirpath)
                paths += [base / name for name in (*dirnames, *filenames)]
                if len(paths) > 4 * MAX_FOLDER_FILES:
                    break
        if len(paths) > 4 * MAX_FOLDER_FILES:
            raise ModuleError(ModuleIssue(sub, "", f"more than {MAX_FOLDER_FILES} files: not a module folder"))
    return sorted(paths)


def read_folder_files(folder: Path) -> dict[str, bytes]:
    """The module's own files under ``folder``. Links and files outside it are refused.

    An interrupted save is finished or rolled back first (:mod:`.folder_commit`). Only
    regular files are read, each to at most MAX_FILE_BYTES, whatever their size says.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ModuleError(ModuleIssue(str(folder), "", "not a module folder"))
    root = folder.resolve()
    if not any(os.path.lexists(root / name) for name in ("module.json", JOURNAL, VARIANT_FILE)):  # answered at once
        raise ModuleError([ModuleIssue(name, "", "file is missing") for name in REQUIRED_FILES
                           if not os.path.lexists(root / name)])
    for _ in range(3):
        try:
            recover(root)
            with folder_lock(root, shared=True):  # no save runs while the files are read
                if not needs_recovery(root):
                    return _read_module_files(root, _module_paths(root))
        except OSError as exc:
            raise ModuleError(ModuleIssue(str(folder), "", f"cannot be read: {exc.strerror or exc}")) from None
    raise ModuleError(ModuleIssue(str(folder), "", "another program keeps interrupting its saves of this module"))


def _read_module_files(root: Path, paths: list[Path]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for path in paths:
        rel = path.relative_to(root).as_posix()
        module_dir = rel in MODULE_DIRS or rel.startswith("images/")  # a linked folder is not walked into
        if not (rel in MODEL_FILES or rel == VARIANT_FILE or SCENARIO_RE.match(rel) or ASSET_RE.match(rel) or module_dir
                or is_misnamed_scenario(rel)):  # read, to be reported rather than skipped
            continue
        if path.is_symlink():
            raise ModuleError(ModuleIssue(rel, "", "links are not allowed in a module"))
        if path.is_dir():
            continue
        if len(files) >= MAX_FOLDER_FILES:
            raise ModuleError(ModuleIssue(rel, "", f"more than {MAX_FOLDER_FILES} files in one module"))
        try:
            files[rel] = read_regular_file(path, MAX_FILE_BYTES)
        except FileRefused as exc:
            raise ModuleError(ModuleIssue(rel, "", exc.strerror or str(exc))) from None
        except OSError as exc:
            raise ModuleError(ModuleIssue(rel, "", f"cannot be read: {exc.strerror or exc}")) from None
    return files


def load_folder(folder: Path) -> LoadedModule:
    return module_from_files(read_folder_files(Path(folder)))


def save_folder(module: Module, folder: Path, assets: dict[str, bytes] | None = None,
                progress: Report | None = None) -> list[str]:
    """Write ``module`` into ``folder`` as one unit; returns the files that changed.

    Only files whose bytes differ are written, so saving an unchanged module changes
    nothing. Scenario files of scenarios no longer in the module, and optional files back
    to their defaults, are removed. All of it is one commit (:mod:`.folder_commit`): a
    crash at any instant leaves the old module or the new one, never a mix. ``progress``:
    writing the files in memory, then the commit; a report that raises before the commit leaves
    the folder as it was.
    """
    folder = Path(folder)
    step = progress or (lambda done, total: None)
    step(0, 2)
    files = files_from_module(module, assets)  # first: a module that cannot be written leaves no folder behind
    step(1, 2)
    folder.mkdir(parents=True, exist_ok=True)
    recover(folder)
    writes = {name: data for name, data in sorted(files.items()) if not _holds(folder / name, data)}
    deletes = [name for name in MODEL_FILES if name not in files and os.path.lexists(folder / name)]
    scenario_dir = folder / "scenarios"
    if scenario_dir.is_dir() and not scenario_dir.is_symlink():
        deletes += [f"scenarios/{old.name}" for old in sorted(scenario_dir.glob("*.json"))
                    if f"scenarios/{old.name}" not in files and SCENARIO_RE.match(f"scenarios/{old.name}")]
    commit_files(folder, writes, deletes)
    return sorted([*writes, *deletes])


def _holds(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a regular file holding exactly ``data``."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) or os.lstat(path).st_size != len(data):
            return False
        return read_regular_file(path, len(data)) == data
    except OSError:
        return False
