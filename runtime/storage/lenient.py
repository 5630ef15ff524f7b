"""Loading a module that fails its cross-reference checks, for the editor to repair.

``load_module`` refuses a module whose CRT names an undefined result code or whose hex has
an unknown terrain, which is right for play but would lock a designer out of their own
work. ``load_module_lenient`` reads the files exactly as ``load_module`` does (broken JSON
or a value of the wrong type still raises ModuleError) and returns the cross-reference
problems alongside the module instead of raising them (``storage.load_module_lenient``
reads a folder, a pack or a variant through this).
"""

from __future__ import annotations

from hexwright.runtime.validation import check_module

from .collector import collector_paused
from .errors import ModuleIssue
from .files import LoadedModule, parse_module_files


def module_from_files_lenient(files: dict[str, bytes]) -> tuple[LoadedModule, list[ModuleIssue]]:
    """The module in ``files`` and its cross-reference problems (sorted; empty when valid)."""
    with collector_paused():
        loaded = parse_module_files(files)
        return loaded, check_module(loaded.module, loaded.assets)
