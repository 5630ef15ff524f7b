"""Starting a game from the command line: ``hexwright play PATH [--scenario ID] [--seed N] [--load SAVE]``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hexwright.runtime.engine import ENGINE
from hexwright.runtime.state import ActionError, Game, SaveError, load_game, module_hash, new_seed
from hexwright.runtime.state.rng import MAX_SEED
from hexwright.runtime.storage import LoadedModule
from hexwright.runtime.storage.user_folders import data_dir


def autosave_folder() -> Path:
    """Where autosaves go: ``$HEXWRIGHT_AUTOSAVE_DIR``, else ``autosave`` in the user's data folder."""
    if os.environ.get("HEXWRIGHT_AUTOSAVE_DIR"):
        return Path(os.environ["HEXWRIGHT_AUTOSAVE_DIR"])
    return data_dir() / "autosave"


def autosave_path(module_id: str, scenario: str) -> Path:
    return autosave_folder() / f"{module_id}-{scenario}.hwsav"


def make_game(loaded: LoadedModule, scenario: str | None, seed: int | None, load: str | None,
              strict: bool = False, optional_rules: list[str] | None = None) -> tuple[Game, list[str], Path | None]:
    """A new game (first scenario by default, a fresh random seed by default) or a loaded save.

    ``optional_rules`` names the optional rules the players agreed on (DoM §2, §3), on top of
    the scenario's."""
    module = loaded.module
    content = module_hash(module)
    if load:
        result = load_game(load, module, content, engine=ENGINE)
        return result.game, result.warnings, Path(load)
    if not module.scenarios:
        raise ActionError(f"module {module.meta.id!r} has no scenario to play")
    scenario = scenario or next(iter(sorted(module.scenarios)))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ActionError(f"the seed must be between 0 and {MAX_SEED}")
    chosen = dict.fromkeys(optional_rules or [], True) or None
    game = Game(module, scenario, new_seed() if seed is None else seed, strict=strict, content_hash=content,
                optional_rules=chosen, engine=ENGINE)
    return game, [], None


def run_play(loaded: LoadedModule, scenario: str | None = None, seed: int | None = None, load: str | None = None,
             hot_seat: bool = False, strict: bool = False, autosave: bool = True, resume: bool = False,
             optional_rules: list[str] | None = None, bots: dict[str, str] | None = None) -> int:
    if resume:
        module = loaded.module
        chosen = scenario or (sorted(module.scenarios)[0] if module.scenarios else "")
        path = autosave_path(module.meta.id, chosen)
        if not path.exists():
            print(f"no autosave to resume at {path}", file=sys.stderr)
            return 1
        load = str(path)
    try:
        game, warnings, save_path = make_game(loaded, scenario, seed, load, strict, optional_rules)
    except (ActionError, SaveError) as exc:
        print(exc, file=sys.stderr)
        return 1
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    from PySide6.QtWidgets import QApplication

    from ..app_settings import AppSettings
    from ..safety import install_exception_hook, start_logging
    from .play_window import open_play_window

    install_exception_hook(start_logging())  # an unexpected error offers to save the game in progress
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = open_play_window(game, loaded.assets, save_path=save_path, hot_seat=hot_seat, load_warnings=warnings,
                              bots=bots,
                              settings=AppSettings(),
                              autosave_path=autosave_path(game.module.meta.id, game.scenario) if autosave else None)
    code = app.exec()
    del window  # the window lives until the application ends
    return code
