"""Where the files that ship with Hexwright are: the bundled modules, the JSON Schemas, the guide.

Installed, they are package data (``hexwright.modules``, ``hexwright.resources``) found
through :mod:`importlib` (the import system's own search path); in a checkout (an editable install) the same names
point at the top-level ``modules/`` and ``resources/`` folders. Nothing here finds files
by walking up from this file's own path.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec
from pathlib import Path

DEFAULT_MODULE_ID = "drive_on_metz"


def _folder(package: str) -> Path:
    """The folder of a data package on disk (wheels install unzipped, so there is one).

    The data packages have no ``__init__.py`` (they are plain folders of JSON), so they
    are namespace packages: their folder is the first existing entry of their search
    path, which is the same whether the install is a wheel or editable.
    """
    frozen = getattr(sys, "_MEIPASS", None)  # a PyInstaller build: the data is in its folder
    if frozen is not None and Path(frozen, *package.split(".")).is_dir():
        return Path(frozen, *package.split("."))
    spec = find_spec(package)
    for entry in spec.submodule_search_locations or () if spec is not None else ():
        if Path(entry).is_dir():
            return Path(entry)
    raise FileNotFoundError(f"Hexwright's data package {package} is missing from this installation")


def bundled_modules_dir() -> Path:
    """The folder holding one sub-folder per bundled module."""
    return _folder("hexwright.modules")


def bundled_module(module_id: str) -> Path:
    """The folder of one bundled module."""
    return bundled_modules_dir() / module_id


def default_module() -> Path:
    """The module ``hexwright`` opens when it is given none."""
    return bundled_module(DEFAULT_MODULE_ID)


def schema_dir() -> Path:
    """The committed JSON Schemas of the module files."""
    return _folder("hexwright.resources") / "schema"


def docs_dir() -> Path:
    """The user guide: the Markdown pages and screenshots of ``docs/``."""
    return _folder("hexwright.docs")


def app_icon() -> Path:
    """Hexwright's application icon (256×256 PNG)."""
    return _folder("hexwright.resources") / "icons" / "hexwright.png"


def checkout_root() -> Path | None:
    """The top of the source checkout when running from one (editable install), else None."""
    root = bundled_modules_dir().parent
    return root if (root / "pyproject.toml").is_file() and (root / "runtime").is_dir() else None


__all__ = [
    "DEFAULT_MODULE_ID",
    "app_icon",
    "bundled_module",
    "bundled_modules_dir",
    "checkout_root",
    "default_module",
    "docs_dir",
    "schema_dir",
]
