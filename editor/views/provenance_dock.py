"""The Provenance dock: the clue of what is under the cursor, and of the picked hexes and
hexsides, which it sets or clears in one ``SetProvenance`` undo step.

Hexes are the selection (pick tool ``P``, areas or region tools); hexsides are picked with
the pick tool near an edge. Areas and boxes take their clue in their own dialogs.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from hexwright.runtime.ui.map_status import info_at

from ..changes import Changes
from ..commands import SetProvenance
from ..document import MapDocument
from ..edits.provenance import VARIOUS, common_clue, hex_clue, side_clue


class ProvenancePanel(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.under = QLabel()
        self.under.setWordWrap(True)
        self.picked = QLabel()
        self.picked.setWordWrap(True)
        self.clue = QPlainTextEdit()
        self.clue.setPlaceholderText("what the reconstruction rests on: a figure, a worked example, a rule")
        self.clue.setMaximumHeight(90)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for text, slot, tip in (("Set clue", self.set_clue, "mark the picked hexes and hexsides reconstructed"),
                                ("Clear clue", self.clear_clue, "the picked hexes and hexsides are not reconstructed"),
                                ("Unpick", self.unpick, "pick no hexes and no hexsides")):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            row.addWidget(b)
            self.buttons[text] = b
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.under)
        layout.addWidget(self.picked)
        layout.addWidget(self.clue)
        layout.addLayout(row)
        layout.addStretch(1)
        doc.selectionChanged.connect(self.refresh)
        doc.sideSelectionChanged.connect(self.refresh)
        doc.changed.connect(self._document_changed)
        self.show_point(None)
        self.refresh()

    def _document_changed(self, changes: Changes) -> None:
        if changes.touches_map:
            self.refresh()

    def targets(self) -> tuple[list[str], list[str]]:
        names = self.doc.names
        return sorted(names.label(h) for h in self.doc.selection), sorted(self.doc.side_selection)

    def refresh(self) -> None:
        labels, sides = self.targets()
        if not labels and not sides:
            self.picked.setText("Picked: nothing (pick tool P: click hexes, or near an edge a hexside)")
        else:
            self.picked.setText(f"Picked: {len(labels)} hexes, {len(sides)} hexsides")
        clue = common_clue(self.doc.map, labels, sides)
        if clue is VARIOUS:
            self.picked.setText(self.picked.text() + " — with different clues")
        elif clue is not None and (labels or sides):
            self.picked.setText(self.picked.text() + " — reconstructed")
        if isinstance(clue, str) and self.clue.toPlainText() != clue:
            self.clue.setPlainText(clue)
        for name in ("Set clue", "Clear clue"):
            self.buttons[name].setEnabled(bool(labels or sides))

    def show_point(self, point) -> None:
        """Show the clue of the hex (or, near an edge, the hexside) at ``point`` (a MapPoint or None)."""
        if point is None or not point.on_map:
            self.under.setText("Under the cursor: —")
            return
        info = info_at(self.doc.map, point.x, point.y)
        side = getattr(info, "hexside", None)
        if side:
            clue = side_clue(self.doc.map, side)
            what = f"hexside {side}"
        else:
            label = self.doc.names.label(point.hex)
            clue, what = hex_clue(self.doc.map, label), f"hex {label}"
        self.under.setText(f"Under the cursor: {what} — " + (f"reconstructed: {clue}" if clue else "as printed"))

    def set_clue(self) -> bool:
        labels, sides = self.targets()
        clue = self.clue.toPlainText().strip()
        if not clue or not (labels or sides):
            return False
        command = SetProvenance(self.doc, labels, sides, clue)
        if command.is_noop():
            return False
        self.doc.push(command)
        return True

    def clear_clue(self) -> bool:
        labels, sides = self.targets()
        command = SetProvenance(self.doc, labels, sides, None)
        if command.is_noop():
            return False
        self.doc.push(command)
        return True

    def unpick(self) -> None:
        self.doc.set_selection(set())
        self.doc.set_side_selection(set())
