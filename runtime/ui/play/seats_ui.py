"""Players and sides in the play window: hot-seat and e-mail seats, free play, dice secrets.

:class:`Seats` is mixed into :class:`~runtime.ui.play.play_window.PlayWindow`. The checks
are pure (:func:`runtime.state.seats.seat_refusal`); the secrets' files are handled by
:mod:`runtime.state.dice_secret_file`. This computer's seat by e-mail is the side whose
dice secret the game holds; it is found again by the commitment when a save is opened.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from hexwright.runtime.state import ActionError, SaveError, new_secret, seat_refusal
from hexwright.runtime.state.dice_secret_file import find_secret, secret_path, secrets_folder, write_secret


class Seats:
    """Mixed into the play window: who sits at this computer and what that seat may do."""

    free_play = False
    secrets_dir: Path | None = None

    @property
    def seat(self) -> str | None:
        """The side this computer plays by e-mail, or None (hot-seat or solitaire)."""
        secret = self.game.dice_secret
        return secret.side if secret is not None else None

    def seat_check(self, action) -> None:
        """Raise ActionError with the reason if this seat may not do ``action`` now."""
        if self.free_play or not (self.hot_seat or self.seat is not None):
            return
        state = self.game.state
        reason = seat_refusal(self.module, state, action, self.seat, self.rules.chooser(state))
        if reason:
            raise ActionError(reason)

    def set_free_play(self, on: bool) -> None:
        self.free_play = on
        self.statusBar().showMessage("Free play: any side may act" if on else "Each side acts in its turn", 5000)
        self.refresh()

    def _secrets_folder(self) -> Path:
        return Path(self.secrets_dir) if self.secrets_dir is not None else secrets_folder()

    def play_by_email_as(self, side: str) -> str:
        """Play ``side`` by e-mail from this computer: make (or reuse) its secret, commit its dice.

        Returns the path of the secret file (kept on this computer, never to be sent).
        """
        game = self.game
        dice = game.state.rng.dice
        chain = dice.chains.get(side) if dice is not None else None
        folder = self._secrets_folder()
        if chain is not None:
            secret = find_secret(folder, self.module.meta.id, game.scenario, {side: chain.head})
            if secret is None:
                raise ActionError(f"{self.module.pieces.sides[side].name} already plays by e-mail from another "
                                  "computer: this one holds no secret for it")
        else:
            secret = new_secret(self.module.meta.id, game.scenario, side)
            write_secret(folder, secret)  # first, so a commitment is never made without its secret kept
        game.join_by_email(secret)
        self.statusBar().showMessage(f"This computer plays {self.module.pieces.sides[side].name} by e-mail", 6000)
        self.refresh()
        return str(secret_path(folder, secret))

    def attach_dice_secret(self) -> None:
        """After a save is opened: hold this computer's secret for one of its commitments, if any."""
        dice = self.game.state.rng.dice
        if dice is None:
            return
        heads = {side: chain.head for side, chain in dice.chains.items()}
        try:
            secret = find_secret(self._secrets_folder(), self.module.meta.id, self.game.scenario, heads)
        except SaveError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return
        if secret is not None:
            self.game.join_by_email(secret)

    def _play_by_email_dialog(self, side: str) -> None:
        try:
            path = self.play_by_email_as(side)
        except (ActionError, OSError) as exc:
            QMessageBox.critical(self, "Cannot play by e-mail", str(exc))
            return
        QMessageBox.information(self, "Play by e-mail", f"Your dice secret is kept in\n{path}\n\n"
                                "Never send it: send saves or exported moves only.")

    def seat_text(self) -> str:
        if self.free_play:
            return "  ·  free play"
        if self.seat is not None:
            return f"  ·  you: {self.module.pieces.sides[self.seat].name}"
        return ""
