"""The widgets' handle on the document: the module, the undo stack, and change signals.

It wraps any document with ``module``, ``assets`` and ``undo_stack`` (the map editor's
:class:`editor.document.MapDocument`). Commands write through it and it says what
changed: ``changed(kind, key)`` with ``kind`` one of the collections (``pieces``,
``sides``, ``formations``, ``unit_types``, ``markers``, ``chits``, ``crts``, ``lookups``,
``terrain_effects``, ``turn_track``, ``victory``, ``scenarios``) and ``key`` the entry,
or ``"*"`` when anything may have changed.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from hexwright.runtime.model import Module


class PiecesBinding(QObject):
    changed = Signal(str, str)

    def __init__(self, document, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        reset = getattr(document, "mapReset", None)
        if reset is not None:  # a map undo may restore scenarios
            reset.connect(lambda: self.changed.emit("scenarios", "*"))

    @property
    def module(self) -> Module:
        return self.document.module

    @property
    def assets(self) -> dict[str, bytes]:
        return getattr(self.document, "assets", {})

    @property
    def undo_stack(self) -> QUndoStack:
        return self.document.undo_stack

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def notify(self, kind: str, key: str = "*") -> None:
        self.changed.emit(kind, key)
