"""Revert to base: one entry of a variant (or one field of it) back to its base's value."""

from __future__ import annotations

from pydantic import BaseModel

from hexwright.runtime.model import Module

from ..changes import ALL, Changes, Kind
from ..document import MapDocument
from .edit_command import EditCommand


def _assign(target: BaseModel, source: BaseModel) -> None:
    """Copy every field of ``source`` onto ``target`` (the same object stays: views keep it)."""
    for name in type(target).model_fields:
        setattr(target, name, getattr(source, name))


class RevertToBase(EditCommand):
    """Swaps the module's content for ``after`` (and back on undo); every view reloads."""

    def __init__(self, doc: MapDocument, after: Module, text: str):
        super().__init__(doc, text)
        self.before = doc.module.model_copy(deep=True)
        self.after = after

    def apply(self, forward: bool) -> Changes:
        source = (self.after if forward else self.before).model_copy(deep=True)
        module = self.doc.module
        for part in ("meta", "map", "pieces", "tables", "rules"):
            _assign(getattr(module, part), getattr(source, part))
        module.scenarios = dict(source.scenarios)
        return Changes(reset=True, entries=frozenset((kind, ALL) for kind in Kind))
