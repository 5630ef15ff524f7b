from __future__ import annotations

from hexwright.runtime.model import Module

from ..document import MapDocument
from .map_state_command import MapStateCommand


class RestoreRecovery(MapStateCommand):
    """Bring back the map from an autosave left by a crash (undo goes back to the file's map)."""

    def __init__(self, doc: MapDocument, recovered: Module, assets: dict[str, bytes]):
        super().__init__(doc, "Restore Recovered Changes", recovered, assets)
