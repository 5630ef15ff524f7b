"""Problems with a module, naming the file, the field path and, where there is one, the hex.

In the model package because every layer that reads a module reports them: storage (files
that do not parse), validation (references that do not resolve), the CLI and the editor.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ModuleIssue:
    """One problem found in a module."""

    file: str
    field: str
    message: str
    hex: str = ""

    def __str__(self) -> str:
        where = self.file
        if self.field:
            where += f": {self.field}"
        if self.hex:
            where += f" (hex {self.hex})"
        return f"{where}: {self.message}"


class ModuleError(Exception):
    """A module could not be loaded or written; ``issues`` lists every problem found."""

    def __init__(self, issues: list[ModuleIssue] | ModuleIssue):
        if isinstance(issues, ModuleIssue):
            issues = [issues]
        self.issues = sorted(issues)
        super().__init__("\n".join(str(i) for i in self.issues))
