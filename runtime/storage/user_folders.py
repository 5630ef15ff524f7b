"""The user's folders for Hexwright, where each platform keeps them (platformdirs).

* data: the module library, autosaves, crash recovery (``~/.local/share/hexwright`` on
  Linux, ``%LOCALAPPDATA%\\hexwright`` on Windows, ``~/Library/Application Support/hexwright``
  on macOS);
* config: settings and dice secrets (``~/.config/hexwright`` on Linux);
* log: the log file (``~/.local/state/hexwright/log`` on Linux);
* cache: what can be drawn again, such as the start screen's thumbnails (``~/.cache/hexwright``
  on Linux).

``$HEXWRIGHT_HOME`` puts all of them in one folder instead (``data/``, ``config/``,
``log/``, ``cache/``): a portable install, or a test that must not touch the user's files.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "hexwright"
HOME_ENV = "HEXWRIGHT_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    home = _home()
    return home / "log" if home else Path(platformdirs.user_log_dir(APP, appauthor=False))


def cache_dir() -> Path:
    home = _home()
    return home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))


__all__ = ["APP", "HOME_ENV", "cache_dir", "config_dir", "data_dir", "log_dir"]
