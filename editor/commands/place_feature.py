from __future__ import annotations

from hexwright.runtime.model import HexFeature

from ..document import MapDocument
from ..edits.hex_edits import set_feature
from ..edits.patch import MapPatch
from .patch_command import PatchCommand


class PlaceFeature(PatchCommand):
    """Place a hex feature (town, fort, supply source…) in a hex, or remove it (``present=False``);
    ``update``: the hex has this feature already and it gets new values (name, value…)."""

    def __init__(self, doc: MapDocument, label: str, feature: HexFeature, present: bool = True,
                 update: bool = False):
        patch = MapPatch()
        set_feature(patch, doc.map, label, feature, present)
        name = doc.map.hex_feature_types[feature.type].name
        verb = "Update" if update else "Place" if present else "Remove"
        super().__init__(doc, f"{verb} {name}", patch)
