from __future__ import annotations

from hexwright.runtime.model import Underlay

from ..changes import Changes
from ..document import MapDocument
from .edit_command import EditCommand


class SetUnderlay(EditCommand):
    """Set, change or remove the underlay image (with its bytes under ``images/``)."""

    def __init__(self, doc: MapDocument, underlay: Underlay | None, image_bytes: bytes | None = None,
                 text: str = "Change Underlay"):
        super().__init__(doc, text)
        self.before = doc.map.grid.underlay
        self.after = underlay
        self.assets_before = dict(doc.assets)
        self.assets_after = dict(doc.assets)
        if self.before is not None and (underlay is None or underlay.image != self.before.image):
            self.assets_after.pop(self.before.image, None)  # the old scan is no longer used
        if underlay is not None and image_bytes is not None:
            self.assets_after[underlay.image] = image_bytes

    def apply(self, forward: bool) -> Changes:
        underlay = self.after if forward else self.before
        self.doc.set_grid(self.doc.map.grid.model_copy(update={"underlay": underlay}))
        self.doc.assets = dict(self.assets_after if forward else self.assets_before)
        return Changes(reset=True)
