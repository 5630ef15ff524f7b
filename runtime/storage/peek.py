"""A module's grid, read before the module: what a command needs to refuse early.

Loading a module validates every hex (seconds at 400×400); its grid alone, read from
``map.json`` of a folder or a pack, tells how big the drawn map will be, so ``hexwright
render`` refuses an image too big to draw before it loads anything else.
"""

from __future__ import annotations

import json
from pathlib import Path

from hexwright.runtime.model import Grid

from .archive import read_pack
from .errors import ModuleError
from .folder import MAX_FILE_BYTES
from .reading import read_regular_file


def peek_grid(path: Path) -> Grid | None:
    """The grid in ``path``'s ``map.json`` (a module folder or a ``.hwmod`` file); ``None`` when
    there is none to read or it is not valid (a variant's map comes from its base): the full
    load then says what is wrong."""
    try:
        if path.is_dir():
            raw = read_regular_file(path / "map.json", MAX_FILE_BYTES)
        else:
            raw = read_pack(path).get("map.json", b"")
        grid = json.loads(raw)["grid"]
        return Grid.model_validate(grid)
    except (OSError, ModuleError, ValueError, KeyError, TypeError, RecursionError):
        return None
