"""Settings that persist between runs: recent files, window layouts, last folders, seat names, preferences.

One INI file in the user's config folder (``settings.ini``, see
:mod:`runtime.storage.user_folders`), read and written through :class:`QSettings`, so it
is plain text a user can read, and a test can point the whole application at a folder of
its own (``$HEXWRIGHT_HOME``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow

from hexwright.runtime.storage.user_folders import config_dir

MAX_RECENT = 12
SAVE_SUFFIX = ".hwsav"


class AppSettings:
    """The application's settings (one :class:`QSettings` on ``path``)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else config_dir() / "settings.ini"
        self.store = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        self.store.sync()

    # -- recent files -----------------------------------------------------------------------

    def recent(self) -> list[Path]:
        """Recently opened modules and games, newest first, those that still exist."""
        value = self.store.value("recent/files", [])
        names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [Path(n) for n in names if isinstance(n, str) and Path(n).exists()]

    def add_recent(self, path: str | Path) -> None:
        resolved = str(Path(path).resolve())
        names = [resolved, *(str(p) for p in self.recent() if str(p) != resolved)][:MAX_RECENT]
        self.store.setValue("recent/files", names)
        self.store.sync()

    # -- windows ----------------------------------------------------------------------------------

    def save_window(self, key: str, window: QMainWindow) -> None:
        """Remember the size, place and dock layout of ``window`` (one ``key`` per kind of window)."""
        self.store.setValue(f"windows/{key}/geometry", window.saveGeometry())
        self.store.setValue(f"windows/{key}/state", window.saveState())
        self.store.sync()

    def restore_window(self, key: str, window: QMainWindow) -> bool:
        """Put ``window`` back as it was last closed; False when there is nothing remembered."""
        geometry = self.store.value(f"windows/{key}/geometry")
        state = self.store.value(f"windows/{key}/state")
        restored = False
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            restored = window.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            restored = window.restoreState(state) or restored
        return restored

    # -- folders and preferences --------------------------------------------------------------

    def last_folder(self, kind: str) -> str:
        """The folder a file dialog of this ``kind`` (``module``, ``game``, ``export``…) last used."""
        value = self.store.value(f"folders/{kind}", "")
        return value if isinstance(value, str) and Path(value).is_dir() else ""

    def set_last_folder(self, kind: str, path: str | Path) -> None:
        folder = Path(path) if Path(path).is_dir() else Path(path).parent
        self.store.setValue(f"folders/{kind}", str(folder))
        self.store.sync()

    def seat_name(self, module_id: str, side_id: str) -> str:
        """The name last given to the player of ``side_id`` in a game of ``module_id`` at this computer."""
        value = self.store.value(f"seats/{module_id}/{side_id}", "")
        return value if isinstance(value, str) else ""

    def set_seat_name(self, module_id: str, side_id: str, name: str) -> None:
        self.store.setValue(f"seats/{module_id}/{side_id}", name)
        self.store.sync()

    def value(self, key: str, default: object) -> object:
        """A preference, typed like ``default`` (QSettings' INI files store text)."""
        value = self.store.value(f"preferences/{key}", default)
        if isinstance(default, bool):
            return value in (True, "true", "1", 1)
        if isinstance(default, int):
            try:
                return int(value)  # type: ignore[call-overload]
            except (TypeError, ValueError):
                return default
        if isinstance(default, float):
            try:
                return float(value)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                return default
        return value

    def set_value(self, key: str, value: object) -> None:
        self.store.setValue(f"preferences/{key}", value)
        self.store.sync()


__all__ = ["MAX_RECENT", "AppSettings"]
