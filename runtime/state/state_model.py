"""Base of every game-state, action and save model: frozen, unknown fields refused."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StateModel(BaseModel):
    """Immutable plain data. A save file is untrusted input, so extra fields are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True)
