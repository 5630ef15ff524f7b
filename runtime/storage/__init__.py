"""Reading and writing modules: folders of canonical JSON and packed ``.hwmod`` files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hexwright.runtime.model import Module
from hexwright.runtime.model.canonical import canonical

from .archive import load_pack, pack_files, pack_folder, read_pack, read_pack_files, save_pack, unpack
from .errors import ModuleError, ModuleIssue, UnsafeArchiveError
from .files import LoadedModule, Report, files_from_module, module_from_files, parse_module_files
from .folder import load_folder, read_folder_files, save_folder
from .jsonio import atomic_write_bytes, atomic_write_text, dumps
from .lenient import module_from_files_lenient
from .variants import is_variant, load_files, load_path, pack_path, unpack_path

PACK_SUFFIX = ".hwmod"


def load_module(path: str | Path, bases: Sequence[Path] = ()) -> LoadedModule:
    """Load a module folder or a ``.hwmod`` pack. Raises ModuleError listing every problem.

    A variant is composed with its base (:mod:`.variants`: found beside it, among ``bases``
    — modules or folders of modules — or among the bundled modules)."""
    path = Path(path)
    if not path.is_dir() and not path.is_file():
        raise ModuleError(ModuleIssue(str(path), "", _not_a_module(path)))
    return load_path(path, bases)[0]


def load_module_lenient(path: str | Path, bases: Sequence[Path] = ()) -> tuple[LoadedModule, list[ModuleIssue]]:
    """Like :func:`load_module`, but cross-reference problems are returned (for the editor to repair)."""
    return load_path(Path(path), bases, lenient=True)


def _not_a_module(path: Path) -> str:
    if path.exists():
        return "not a module folder or a .hwmod file (a device, a pipe or a socket)"
    return "no such module folder or .hwmod file"


def save_module(module: Module, path: str | Path, assets: dict[str, bytes] | None = None,
                progress: Report | None = None) -> None:
    """Save to a folder, or to a pack when ``path`` ends in ``.hwmod`` (``progress`` as
    :func:`save_folder` and :func:`save_pack` take it)."""
    path = Path(path)
    if path.suffix == PACK_SUFFIX:
        save_pack(module, path, assets, progress)
    else:
        save_folder(module, path, assets, progress)


__all__ = [
    "PACK_SUFFIX",
    "LoadedModule",
    "ModuleError",
    "ModuleIssue",
    "Report",
    "UnsafeArchiveError",
    "atomic_write_bytes",
    "atomic_write_text",
    "canonical",
    "dumps",
    "files_from_module",
    "is_variant",
    "load_files",
    "load_folder",
    "load_module",
    "load_module_lenient",
    "load_pack",
    "module_from_files",
    "module_from_files_lenient",
    "pack_files",
    "pack_folder",
    "pack_path",
    "parse_module_files",
    "read_folder_files",
    "read_pack",
    "read_pack_files",
    "save_folder",
    "save_module",
    "save_pack",
    "unpack",
    "unpack_path",
]
