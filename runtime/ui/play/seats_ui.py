"""Players and sides in the play window: hot-seat and e-mail seats, free play, dice secrets.

:class:`Seats` is one part of the play window; it holds the window (typed by
:class:`SeatsWindow`, the little of it that it uses). The checks are pure
(:func:`runtime.state.seats.seat_refusal`); the secrets' files are handled by
:mod:`runtime.state.dice_secret_file`. This computer's seat by e-mail is the side whose
dice secret the game holds; it is found again by the commitment when a save is opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QInputDialog, QMessageBox, QStatusBar, QWidget

from hexwright.runtime.model import Module
from hexwright.runtime.state import ActionError, Game, GameState, SaveError, new_secret, seat_refusal
from hexwright.runtime.state.actions import Action
from hexwright.runtime.state.dice_secret_file import find_secret, secret_path, secrets_folder, write_secret
from hexwright.runtime.state.signing import fingerprint, public_key

from ..app_settings import AppSettings


class Chooser(Protocol):
    def chooser(self, state: GameState) -> str | None: ...


class SeatsWindow(Protocol):
    """What :class:`Seats` uses of its window."""

    @property
    def game(self) -> Game: ...

    @property
    def module(self) -> Module: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def rules(self) -> Chooser: ...

    def refresh(self) -> None: ...

    def statusBar(self) -> QStatusBar: ...

    def window(self) -> QWidget: ...


class Seats:
    """Who sits at this computer and what that seat may do."""

    def __init__(self, window: SeatsWindow, *, secrets_dir: str | Path | None = None,
                 settings: AppSettings | None = None) -> None:
        self.window = window
        self.settings = settings
        """Where the players' names at this computer are remembered, per module and side (None: not)."""
        self.free_play = False
        self.secrets_dir = Path(secrets_dir) if secrets_dir is not None else None
        """Where this computer keeps its dice secrets (the user's folder by default)."""

    @property
    def seat(self) -> str | None:
        """The side this computer plays by e-mail, or None (hot-seat or solitaire)."""
        secret = self.window.game.dice_secret
        return secret.side if secret is not None else None

    def check(self, action: Action) -> None:
        """Raise ActionError with the reason if this seat may not do ``action`` now."""
        w = self.window
        if self.free_play or not (w.hot_seat or self.seat is not None):
            return
        state = w.game.state
        reason = seat_refusal(w.module, state, action, self.seat, w.rules.chooser(state))
        if reason:
            raise ActionError(reason)

    def set_free_play(self, on: bool) -> None:
        self.free_play = on
        self.window.statusBar().showMessage("Free play: any side may act" if on else "Each side acts in its turn", 5000)
        self.window.refresh()

    def _folder(self) -> Path:
        return self.secrets_dir if self.secrets_dir is not None else secrets_folder()

    def play_by_email_as(self, side: str) -> str:
        """Play ``side`` by e-mail from this computer: make (or reuse) its secret, commit its dice.

        Returns the path of the secret file (kept on this computer, never to be sent).
        """
        game, module = self.window.game, self.window.module
        dice = game.state.rng.dice
        chain = dice.chains.get(side) if dice is not None else None
        folder = self._folder()
        if chain is not None:
            secret = find_secret(folder, module.meta.id, game.scenario, {side: chain.head})
            if secret is None:
                raise ActionError(f"{module.pieces.sides[side].name} already plays by e-mail from another "
                                  "computer: this one holds no secret for it")
        else:
            secret = new_secret(module.meta.id, game.scenario, side)
            write_secret(folder, secret)  # first, so a commitment is never made without its secret kept
        game.join_by_email(secret)
        self.window.statusBar().showMessage(f"This computer plays {module.pieces.sides[side].name} by e-mail", 6000)
        self.window.refresh()
        return str(secret_path(folder, secret))

    def attach_dice_secret(self) -> None:
        """After a save is opened: hold this computer's secret for one of its commitments, if any."""
        game = self.window.game
        dice = game.state.rng.dice
        if dice is None:
            return
        heads = {side: chain.head for side, chain in dice.chains.items()}
        try:
            secret = find_secret(self._folder(), self.window.module.meta.id, game.scenario, heads)
        except SaveError as exc:
            self.window.statusBar().showMessage(str(exc), 8000)
            return
        if secret is not None:
            game.join_by_email(secret)

    def play_by_email_dialog(self, side: str) -> None:
        parent = self.window.window()
        try:
            path = self.play_by_email_as(side)
        except (ActionError, OSError) as exc:
            QMessageBox.critical(parent, "Cannot play by e-mail", str(exc))
            return
        secret = self.window.game.dice_secret
        key = fingerprint(public_key(secret.secret)) if secret is not None else ""
        QMessageBox.information(parent, "Play by e-mail", f"Your dice secret is kept in\n{path}\n\n"
                                "Never send it: send saves or exported moves only.\n\n"
                                f"Your moves are signed with the key whose fingerprint is\n\n{key}\n\n"
                                "Read it to your opponent by phone or in person, so they know the moves are yours.")

    def name_player_dialog(self, side_id: str) -> None:
        game, module = self.window.game, self.window.module
        remembered = self.settings.seat_name(module.meta.id, side_id) if self.settings is not None else ""
        name, ok = QInputDialog.getText(self.window.window(), "Player",
                                        f"Name of the {module.pieces.sides[side_id].name} player:",
                                        text=game.players.get(side_id, "") or remembered)
        if ok:
            self.name_player(side_id, name)

    def name_player(self, side_id: str, name: str) -> None:
        """The player of ``side_id`` is ``name`` in this game, and in the next ones at this computer."""
        module = self.window.module
        self.window.game.players[side_id] = name.strip()
        if self.settings is not None:
            self.settings.set_seat_name(module.meta.id, side_id, name.strip())

    def name_remembered_players(self) -> None:
        """A new game: each side's player as named last time at this computer (a name given stays)."""
        if self.settings is None:
            return
        game, module = self.window.game, self.window.module
        for side_id in module.pieces.sides:
            name = self.settings.seat_name(module.meta.id, side_id)
            if name and not game.players.get(side_id):
                game.players[side_id] = name

    def text(self) -> str:
        """The seat for the status bar: free play, or this computer's side by e-mail."""
        if self.free_play:
            return "  ·  free play"
        if self.seat is not None:
            return f"  ·  you: {self.window.module.pieces.sides[self.seat].name}"
        return ""
