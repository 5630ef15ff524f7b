"""The storage layer's own error; a module's problems are :mod:`runtime.model.issues`."""

from __future__ import annotations

from hexwright.runtime.model.issues import ModuleError, ModuleIssue


class UnsafeArchiveError(ModuleError):
    """A packed module tried to write outside its folder or is too large."""


__all__ = ["ModuleError", "ModuleIssue", "UnsafeArchiveError"]
