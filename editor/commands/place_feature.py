from __future__ import annotations

from runtime.model import HexFeature

from ..document import MapDocument
from ..edits.hex_edits import set_feature
from ..edits.patch import MapPatch
from .patch_command import PatchCommand


class PlaceFeature(PatchCommand):
    """Place a hex feature (town, fort, supply source…) in a hex, or remove it (``present=False``)."""

    def __init__(self, doc: MapDocument, label: str, feature: HexFeature, present: bool = True):
        patch = MapPatch()
        set_feature(patch, doc.map, label, feature, present)
        name = doc.map.hex_feature_types[feature.type].name
        super().__init__(doc, f"{'Place' if present else 'Remove'} {name}", patch)
