"""Format versions: raw module files from an older format are upgraded step by step.

Each step takes the raw JSON of every file (``{"module.json": {...}, ...}``) of version
``n`` and returns the raw JSON of version ``n + 1``. Steps only move and rename data;
they never run anything from the module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexwright.runtime.model import FORMAT_VERSION

from .errors import ModuleError, ModuleIssue

RawFiles = dict[str, Any]
Step = Callable[[RawFiles], RawFiles]

STEPS: dict[int, Step] = {}
"""``STEPS[n]`` upgrades version ``n`` to ``n + 1``. Version 1 is the first release."""


def migrate(raw: RawFiles, steps: dict[int, Step] | None = None, current: int = FORMAT_VERSION) -> RawFiles:
    """Upgrade ``raw`` to the ``current`` format version, or raise ModuleError naming why not."""
    steps = STEPS if steps is None else steps
    meta = raw.get("module.json")
    version = meta.get("format_version", 1) if isinstance(meta, dict) else 1
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ModuleError(ModuleIssue("module.json", "format_version", f"must be a whole number ≥ 1, got {version!r}"))
    if version > current:
        raise ModuleError(ModuleIssue(
            "module.json", "format_version",
            f"this module uses format {version}, made by a newer Hexwright; this one reads up to {current}",
        ))
    while version < current:
        if version not in steps:
            raise ModuleError(ModuleIssue("module.json", "format_version", f"no upgrade from format {version}"))
        raw = steps[version](raw)
        version += 1
        raw["module.json"]["format_version"] = version
    return raw
