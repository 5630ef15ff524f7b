"""Base of every undo command: ``apply`` changes the module and returns what it changed.

``redo`` applies the edit forward and ``undo`` backward; either way the document sends the
returned :class:`~editor.changes.Changes` to the views, so no command emits a signal of
its own and every edit reaches the views through the document's one channel.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..changes import Changes
from ..document import MapDocument


class EditCommand(QUndoCommand):
    def __init__(self, doc: MapDocument, text: str):
        super().__init__(text)
        self.doc = doc

    def apply(self, forward: bool) -> Changes:
        """Put the module in its state after (``forward``) or before the edit."""
        raise NotImplementedError

    def redo(self) -> None:
        self.doc.publish(self.apply(True))

    def undo(self) -> None:
        self.doc.publish(self.apply(False))
