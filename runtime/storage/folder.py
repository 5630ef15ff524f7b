"""Modules as folders of JSON on disk: read, write atomically, leave unchanged bytes alone."""

from __future__ import annotations

from pathlib import Path

from hexwright.runtime.model import Module

from .errors import ModuleError, ModuleIssue
from .files import (
    ASSET_RE,
    MODEL_FILES,
    SCENARIO_RE,
    LoadedModule,
    files_from_module,
    is_misnamed_scenario,
    module_from_files,
)
from .jsonio import atomic_write_bytes, write_if_changed

MAX_FILE_BYTES = 64 * 1024 * 1024
MODULE_DIRS = ("scenarios", "images")


def read_folder_files(folder: Path) -> dict[str, bytes]:
    """The module's own files under ``folder``. Links and files outside it are refused."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ModuleError(ModuleIssue(str(folder), "", "not a module folder"))
    root = folder.resolve()
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        module_dir = rel in MODULE_DIRS or rel.startswith("images/")  # a linked folder is not walked into
        if not (rel in MODEL_FILES or SCENARIO_RE.match(rel) or ASSET_RE.match(rel) or module_dir
                or is_misnamed_scenario(rel)):  # read, to be reported rather than skipped
            continue
        if path.is_symlink():
            raise ModuleError(ModuleIssue(rel, "", "links are not allowed in a module"))
        if not path.is_file():
            continue
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ModuleError(ModuleIssue(rel, "", f"file larger than {MAX_FILE_BYTES} bytes"))
        files[rel] = path.read_bytes()
    return files


def load_folder(folder: Path) -> LoadedModule:
    return module_from_files(read_folder_files(Path(folder)))


def save_folder(module: Module, folder: Path, assets: dict[str, bytes] | None = None) -> list[str]:
    """Write ``module`` into ``folder``; returns the files that changed.

    Each file is written atomically and only if its bytes differ, so saving an unchanged
    module changes nothing. Scenario files of scenarios no longer in the module are removed.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = files_from_module(module, assets)
    changed = []
    for name, data in sorted(files.items()):
        path = folder / name
        if name.startswith("images/"):
            if not path.exists() or path.read_bytes() != data:
                atomic_write_bytes(path, data)
                changed.append(name)
        elif write_if_changed(path, data.decode("utf-8")):
            changed.append(name)
    for name in MODEL_FILES:  # an optional file whose content went back to the defaults
        if name not in files and (folder / name).is_file():
            (folder / name).unlink()
            changed.append(name)
    scenario_dir = folder / "scenarios"
    if scenario_dir.is_dir():
        for old in sorted(scenario_dir.glob("*.json")):
            if f"scenarios/{old.name}" not in files:
                old.unlink()
                changed.append(f"scenarios/{old.name}")
    return changed
