"""Errors of game play and saved games, each with a message a player can act on."""

from __future__ import annotations


class ActionError(ValueError):
    """An action that cannot be applied to this state (unknown piece, hex off the map…)."""


class SaveError(ValueError):
    """A save or log file that cannot be loaded: broken, foreign, or not matching the game."""
