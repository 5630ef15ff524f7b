"""Loading a module that fails its cross-reference checks, for the editor to repair.

``load_module`` refuses a module whose CRT names an undefined result code or whose hex has
an unknown terrain, which is right for play but would lock a designer out of their own
work. ``load_module_lenient`` reads the files exactly as ``load_module`` does (broken JSON
or a value of the wrong type still raises ModuleError) and returns the cross-reference
problems alongside the module instead of raising them.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.runtime.validation import check_module

from .archive import read_pack
from .errors import ModuleError, ModuleIssue
from .files import LoadedModule, parse_module_files
from .folder import read_folder_files


def module_from_files_lenient(files: dict[str, bytes]) -> tuple[LoadedModule, list[ModuleIssue]]:
    """The module in ``files`` and its cross-reference problems (sorted; empty when valid)."""
    loaded = parse_module_files(files)
    return loaded, check_module(loaded.module, loaded.assets)


def load_module_lenient(path: str | Path) -> tuple[LoadedModule, list[ModuleIssue]]:
    """Like ``load_module`` for a folder or ``.hwmod``, but cross-reference problems are returned."""
    path = Path(path)
    if path.is_dir():
        files = read_folder_files(path)
    elif path.is_file():
        files = read_pack(path)
    else:
        raise ModuleError(ModuleIssue(str(path), "", "no such module folder or .hwmod file"
                                      if not path.exists() else "not a module folder or a .hwmod file"))
    return module_from_files_lenient(files)
