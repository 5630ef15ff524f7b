from __future__ import annotations

from ..document import MapDocument
from ..edits.regrid import regridded_settings
from .map_state_command import MapStateCommand


class ChangeGridSettings(MapStateCommand):
    """Change orientation (transposing the map, or in place when nothing would be lost),
    shifted columns/rows, label scheme, hex size or origin. Raises ValueError, before
    anything changes, when an in-place orientation change would move hexsides."""

    def __init__(self, doc: MapDocument, transpose: bool = False, **changes: object):
        super().__init__(doc, "Transpose Map" if transpose and "orientation" in changes else "Change Grid Settings",
                         regridded_settings(doc.module, transpose, **changes))
