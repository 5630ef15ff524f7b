"""Module ▸ Update Saved Games…: saved games and moves files rewritten with the ids renamed since the editor opened.

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

from hexwright.runtime.model import Module
from hexwright.runtime.state import PacketError, SaveError
from hexwright.runtime.state.pbem import ACTIONS_SUFFIX, parse_actions_file
from hexwright.runtime.state.save_file import parse_save, read_game_file
from hexwright.runtime.ui.app_settings import SAVE_SUFFIX, AppSettings
from hexwright.runtime.ui.jobs import Cancelled, Progress, wait_for
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


def module_before(doc: MapDocument) -> Module | None:
    """The module as it was before the renames in effect (None when there are none)."""
    stack = doc.undo_stack
    for index in range(stack.index()):
        command = stack.command(index)
        if isinstance(command, RenameId) and command.new != command.old:
            return command.before
    return None


def _module_id_of(path: Path) -> str | None:
    """The module id a save or moves file names (None: not a file we can read)."""
    try:
        if path.suffix == ACTIONS_SUFFIX:
            return parse_actions_file(read_game_file(path, PacketError), str(path)).module_id
        return parse_save(read_game_file(path), str(path)).module.id
    except (SaveError, PacketError):
        return None


def saves_of(module_id: str, settings: AppSettings | None) -> list[Path]:
    """The saved games and moves files of ``module_id`` this computer knows: recent games and moves,
    autosaves, and moves files beside those saves."""
    candidates = list(settings.recent()) if settings is not None else []
    folder = autosave_path(module_id, "x").parent
    if folder.is_dir():
        candidates += sorted(folder.glob(f"{module_id}-*{SAVE_SUFFIX}"))
    candidates += sorted({moves for path in candidates if path.suffix == SAVE_SUFFIX and path.parent.is_dir()
                          for moves in path.parent.glob(f"*{ACTIONS_SUFFIX}")})
    found: list[Path] = []
    for path in candidates:
        if path.suffix not in (SAVE_SUFFIX, ACTIONS_SUFFIX) or path in found or not path.is_file():
            continue
        if _module_id_of(path) == module_id:  # a file we cannot read is not offered
            found.append(path)
    return found


class RenameSavesDialog(QDialog):
    def __init__(self, doc: MapDocument, saves: Iterable[Path], parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Update saved games")
        self.setObjectName("rename-saves")
        renames = renames_done(doc)
        said = ", ".join(f"{old} → {new}" for _kind, old, new in renames) or "none"
        intro = QLabel(f"Saved games and moves files name units, terrain, sides and tables by id. Rewrite these "
                       f"with the new ids ({said}) so they go on loading? Each is replayed against the module as "
                       "it is now; one that does not replay is left as it was. Moves files (.hwlog) are rewritten "
                       "on the saved game they continue, which must be in the list.")
        intro.setWordWrap(True)
        intro.setObjectName("renames")
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
        paths, _ = QFileDialog.getOpenFileNames(self, "Saved games to update", "",
                                                f"Saved games and moves (*{SAVE_SUFFIX} *{ACTIONS_SUFFIX})")
        for path in paths:
            self.add(Path(path))

    def checked(self) -> list[Path]:
        return [Path(self.list.item(i).data(PATH_ROLE)) for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def update_saves(self) -> None:
        """Rewrite the checked saves in a worker, behind a progress dialog with Cancel (each save is
        replayed, a long game takes a while), and say what happened to each."""
        module, renames, before = self.doc.module, renames_done(self.doc), module_before(self.doc)
        checked = self.checked()
        games = [path for path in checked if path.suffix == SAVE_SUFFIX]
        paths = [path for path in checked if path.suffix == ACTIONS_SUFFIX] + games  # moves first: on the games as they were

        def job(progress: Progress) -> dict[Path, str]:  # the module is not edited meanwhile: this dialog is modal
            outcome: dict[Path, str] = {}
            for done, path in enumerate(paths):
                try:
                    progress(done, len(paths))
                except Cancelled:
                    outcome.update({p: f"{p}: not updated (cancelled)" for p in paths[done:]})
                    break
                outcome.update(rename_in_saves([path], module, renames, before, games))
            return outcome

        self.outcome = wait_for(self, "Updating saved games…", job, hold=self)
        updated = [p for p, what in self.outcome.items() if what == "updated"]
        left = [what for what in self.outcome.values() if what != "updated"]
        text = f"{len(updated)} saved game(s) updated." + ("\n\nLeft as they were:\n" + "\n".join(left) if left else "")
        box = QMessageBox(QMessageBox.Icon.Information if not left else QMessageBox.Icon.Warning,
                          "Update saved games", text, parent=self.parentWidget())
        box.setObjectName("rename-saves-result")
        box.open()
        self.accept()


__all__ = ["RenameSavesDialog", "module_before", "renames_done", "saves_of"]
