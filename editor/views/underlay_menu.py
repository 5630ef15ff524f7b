"""Map ▸ Underlay: load a scanned map image, set its opacity, show/hide it, align the grid to it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from hexwright.runtime.model import Underlay

from ..commands.set_underlay import SetUnderlay
from ..tools.underlay_align import UnderlayAlign


def underlay_name(data: bytes, suffix: str) -> str:
    """``images/underlay-<hash>.<ext>``: a new image gets a new name (and is never confused with an old one)."""
    ext = suffix.lower().lstrip(".") or "png"
    return f"images/underlay-{hashlib.sha1(data).hexdigest()[:10]}.{ext}"


def load_underlay(window, path: Path) -> bool:
    data = Path(path).read_bytes()
    if QImage.fromData(data).isNull():
        QMessageBox.warning(window, "Underlay", f"{path} is not an image Qt can read.")
        return False
    old = window.doc.map.grid.underlay
    underlay = Underlay(image=underlay_name(data, Path(path).suffix),
                        opacity=old.opacity if old else 0.6,
                        transform=old.transform if old else (1.0, 0.0, 0.0, 0.0, 1.0, 0.0))
    window.doc.push(SetUnderlay(window.doc, underlay, data, "Load Underlay"))
    return True


def build_underlay_menu(window, menu) -> None:
    doc = window.doc

    def load() -> None:
        path, _ = QFileDialog.getOpenFileName(window, "Underlay image", "", "Images (*.png *.jpg *.jpeg)")
        if path:
            load_underlay(window, Path(path))

    def opacity() -> None:
        u = doc.map.grid.underlay
        if u is None:
            return
        value, ok = QInputDialog.getInt(window, "Underlay opacity", "Opacity (%):", round(u.opacity * 100), 0, 100)
        if ok:
            doc.push(SetUnderlay(doc, u.model_copy(update={"opacity": value / 100}), text="Underlay Opacity"))

    def toggle() -> None:
        u = doc.map.grid.underlay
        if u is not None:
            doc.push(SetUnderlay(doc, u.model_copy(update={"visible": not u.visible}),
                                 text="Hide Underlay" if u.visible else "Show Underlay"))

    def remove() -> None:
        if doc.map.grid.underlay is not None:
            doc.push(SetUnderlay(doc, None, text="Remove Underlay"))

    def ask_hex(n: int) -> str | None:
        label, ok = QInputDialog.getText(window, "Align underlay", f"Point {n} of 3: label of this hex:")
        return label if ok and label.strip() else None

    window.tools["UnderlayAlign"] = UnderlayAlign(doc, window.settings, ask_hex)
    window._action(menu, "&Load Image…", load)
    window._action(menu, "&Opacity…", opacity)
    window._action(menu, "&Show/Hide", toggle)
    window._action(menu, "&Align to 3 Hexes", lambda: window.set_tool_action("UnderlayAlign"))
    window._action(menu, "&Remove", remove)
