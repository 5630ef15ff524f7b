from __future__ import annotations

from ..document import MapDocument
from ..edits.regrid import regridded_settings
from .map_state_command import MapStateCommand


class ChangeGridSettings(MapStateCommand):
    """Change orientation, shifted columns/rows, label scheme, hex size or origin."""

    def __init__(self, doc: MapDocument, **changes: object):
        super().__init__(doc, "Change Grid Settings", regridded_settings(doc.module, **changes))
