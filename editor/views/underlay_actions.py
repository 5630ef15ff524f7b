"""Map ▸ Underlay: load a scanned map image, set its opacity, show/hide it, align the grid to it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMessageBox

from hexwright.runtime.model import Underlay

from ..commands.set_underlay import SetUnderlay
from ..document import MapDocument


def underlay_name(data: bytes, suffix: str) -> str:
    """``images/underlay-<hash>.<ext>``: a new image gets a new name (and is never confused with an old one)."""
    ext = suffix.lower().lstrip(".") or "png"
    return f"images/underlay-{hashlib.sha1(data).hexdigest()[:10]}.{ext}"


class UnderlayActions:
    """Map ▸ Underlay of one editor window: load, opacity, show/hide, remove, and the hex
    labels the alignment tool asks for. The window holds it and builds the menu."""

    def __init__(self, window: QMainWindow, doc: MapDocument):
        self.window = window
        self.doc = doc

    def load(self, path: Path) -> bool:
        data = Path(path).read_bytes()
        if QImage.fromData(data).isNull():
            QMessageBox.warning(self.window, "Underlay", f"{path} is not an image Qt can read.")
            return False
        old = self.doc.map.grid.underlay
        underlay = Underlay(image=underlay_name(data, Path(path).suffix),
                            opacity=old.opacity if old else 0.6,
                            transform=old.transform if old else (1.0, 0.0, 0.0, 0.0, 1.0, 0.0))
        self.doc.push(SetUnderlay(self.doc, underlay, data, "Load Underlay"))
        return True

    def load_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Underlay image", "", "Images (*.png *.jpg *.jpeg)")
        if path:
            self.load(Path(path))

    def opacity_dialog(self) -> None:
        u = self.doc.map.grid.underlay
        if u is None:
            return
        value, ok = QInputDialog.getInt(self.window, "Underlay opacity", "Opacity (%):",
                                        round(u.opacity * 100), 0, 100)
        if ok:
            self.doc.push(SetUnderlay(self.doc, u.model_copy(update={"opacity": value / 100}),
                                      text="Underlay Opacity"))

    def toggle(self) -> None:
        u = self.doc.map.grid.underlay
        if u is not None:
            self.doc.push(SetUnderlay(self.doc, u.model_copy(update={"visible": not u.visible}),
                                      text="Hide Underlay" if u.visible else "Show Underlay"))

    def remove(self) -> None:
        if self.doc.map.grid.underlay is not None:
            self.doc.push(SetUnderlay(self.doc, None, text="Remove Underlay"))

    def ask_hex(self, n: int) -> str | None:
        """The label of the hex whose centre the n-th alignment click marked (None: cancelled)."""
        label, ok = QInputDialog.getText(self.window, "Align underlay", f"Point {n} of 3: label of this hex:")
        return label if ok and label.strip() else None
