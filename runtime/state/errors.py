"""Errors of game play and of the game files a stranger can send, each with a message a player can act on.

A saved game and a play-by-e-mail packet are boundaries: whatever is wrong with one
(unreadable, broken JSON, a field of the wrong type, an action that does not apply, a
forged signature) becomes one error of that boundary, naming the file, the field and the
action's number where there is one, and printed on one line.
"""

from __future__ import annotations


class ActionError(ValueError):
    """An action that cannot be applied to this state (unknown piece, hex off the map…)."""


class GameFileError(ValueError):
    """A game file (a save or a packet) refused: ``file``, ``field``, ``action`` (1-based) and why."""

    def __init__(self, file: str, message: str, *, field: str = "", action: int | None = None,
                 hex: str = "") -> None:
        self.file = file
        self.message = message
        self.field = field
        self.action = action
        self.hex = hex
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [self.file] if self.file else []
        if self.action is not None:
            where.append(f"action {self.action}")
        if self.field:
            where.append(self.field)
        if self.hex:
            where.append(f"hex {self.hex}")
        return ": ".join([*where, " ".join(self.message.split())])


class SaveError(GameFileError):
    """A save or log file that cannot be loaded: broken, foreign, or not matching the game."""


class PacketError(GameFileError):
    """A play-by-e-mail packet (``.hwlog``) refused: broken, forged, or not fitting this game."""


class PacketAlreadyInGame(PacketError):
    """Every action of the packet is in the game already (imported before): nothing to do."""
