"""Module ▸ Update Saved Games…: saved games rewritten with the ids renamed since the editor opened.

Saves name units, sides and tables by id; after a rename they would no longer replay. This
dialog lists the saves of this module it finds (the recent games, the play window's
autosaves), each checked, and takes more (*Add saves…*); *Update* rewrites each checked one
with :func:`editor.edits.rename_saves.rename_in_saves` (replayed against the renamed module,
written atomically) and says what happened to each. It opens by itself after a rename when
such saves are found.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.state import SaveError
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX, AppSettings
from hexwright.runtime.ui.play.launch import autosave_path

from ..commands.rename_id import RenameId
from ..document import MapDocument
from ..edits.rename_saves import Rename, rename_in_saves

PATH_ROLE = Qt.ItemDataRole.UserRole


def renames_done(doc: MapDocument) -> list[Rename]:
    """The renames in effect (on the undo stack, not undone), oldest first."""
    stack = doc.undo_stack
    done: list[Rename] = []
    for index in range(stack.index()):
        command = stack.command(index)
        if isinstance(command, RenameId) and command.new != command.old:
            done.append((command.kind, command.old, command.new))
    return done


def saves_of(module_id: str, settings: AppSettings | None) -> list[Path]:
    """The saved games of ``module_id`` this computer knows: recent games and autosaves."""
    candidates = list(settings.recent()) if settings is not None else []
    folder = autosave_path(module_id, "x").parent
    if folder.is_dir():
        candidates += sorted(folder.glob(f"{module_id}-*{SAVE_SUFFIX}"))
    found: list[Path] = []
    for path in candidates:
        if path.suffix != SAVE_SUFFIX or path in found or not path.is_file():
            continue
        try:
            if parse_save(read_game_file(path), str(path)).module.id == module_id:
                found.append(path)
        except SaveError:
            continue  # not a save we can read: not offered
    return found


class RenameSavesDialog(QDialog):
    def __init__(self, doc: MapDocument, saves: Iterable[Path], parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Update saved games")
        self.setObjectName("rename-saves")
        renames = renames_done(doc)
        said = ", ".join(f"{old} → {new}" for _kind, old, new in renames) or "none"
        intro = QLabel(f"Saved games name units, sides and tables by id. Rewrite these with the new ids "
                       f"({said}) so they go on loading? Each is replayed against the module as it is now; "
                       "one that does not replay is left as it was.")
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("saves")
        for path in saves:
            self.add(path)
        more = QPushButton("Add saves…")
        more.clicked.connect(self.add_dialog)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.update_button = self.buttons.addButton("Update", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.update_saves)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(more)
        layout.addWidget(self.buttons)
        self.outcome: dict[Path, str] = {}
        self.resize(620, 360)

    def add(self, path: Path) -> None:
        if any(self.list.item(i).data(PATH_ROLE) == str(path) for i in range(self.list.count())):
            return
        item = QListWidgetItem(str(path))
        item.setData(PATH_ROLE, str(path))
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked)
        self.list.addItem(item)

    def add_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Saved games to update", "", f"Saved games (*{SAVE_SUFFIX})")
        for path in paths:
            self.add(Path(path))

    def checked(self) -> list[Path]:
        return [Path(self.list.item(i).data(PATH_ROLE)) for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def update_saves(self) -> None:
        """Rewrite the checked saves and say what happened to each."""
        self.outcome = rename_in_saves(self.checked(), self.doc.module, renames_done(self.doc))
        updated = [p for p, what in self.outcome.items() if what == "updated"]
        left = [what for what in self.outcome.values() if what != "updated"]
        text = f"{len(updated)} saved game(s) updated." + ("\n\nLeft as they were:\n" + "\n".join(left) if left else "")
        box = QMessageBox(QMessageBox.Icon.Information if not left else QMessageBox.Icon.Warning,
                          "Update saved games", text, parent=self.parentWidget())
        box.setObjectName("rename-saves-result")
        box.open()
        self.accept()


__all__ = ["RenameSavesDialog", "renames_done", "saves_of"]
