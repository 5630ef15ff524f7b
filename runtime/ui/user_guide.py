"""The user guide inside the application: the ``docs/`` pages rendered as they are on the web.

The pages are Markdown shipped with Hexwright (package data ``hexwright.docs``);
:class:`QTextBrowser` renders them with their screenshots, and a link to another page
opens that page here.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDialog, QHBoxLayout, QListWidget, QListWidgetItem, QTextBrowser, QWidget

from hexwright.runtime.storage.bundled import docs_dir


def guide_pages(folder: Path) -> list[tuple[str, Path]]:
    """(title, file) of every page: the first heading of each ``.md`` file, sorted by title."""
    pages = []
    for path in sorted(folder.glob("*.md")):
        first = next((line for line in path.read_text("utf-8").splitlines() if line.startswith("# ")), path.stem)
        pages.append((first.removeprefix("# ").strip(), path))
    return sorted(pages)


class UserGuide(QDialog):
    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hexwright user guide")
        self.folder = folder or docs_dir()
        self.pages = QListWidget()
        self.pages.setMaximumWidth(260)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._follow)
        self.view.setSearchPaths([str(self.folder)])
        row = QHBoxLayout(self)
        row.addWidget(self.pages)
        row.addWidget(self.view, 1)
        for title, path in guide_pages(self.folder):
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.pages.addItem(item)
        self.pages.currentItemChanged.connect(self._page_chosen)
        if self.pages.count():
            self.pages.setCurrentRow(0)
        self.resize(1000, 720)

    def _page_chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self.show_page(Path(item.data(Qt.ItemDataRole.UserRole)))

    def show_page(self, path: Path) -> None:
        self.view.setMarkdown(path.read_text("utf-8"))
        self.view.document().setBaseUrl(QUrl.fromLocalFile(str(path)))

    def _follow(self, url: QUrl) -> None:
        target = (self.folder / url.path()).resolve() if url.isRelative() else Path(url.toLocalFile())
        if target.suffix == ".md" and target.is_file():
            for n in range(self.pages.count()):
                if Path(self.pages.item(n).data(Qt.ItemDataRole.UserRole)) == target:
                    self.pages.setCurrentRow(n)
                    return
        from PySide6.QtGui import QDesktopServices

        QDesktopServices.openUrl(url)


__all__ = ["UserGuide", "guide_pages"]
