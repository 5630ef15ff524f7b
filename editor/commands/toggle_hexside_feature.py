from __future__ import annotations

from ..document import MapDocument
from ..edits.patch import MapPatch
from ..edits.side_edits import set_side_feature
from .merge_ids import MergeId
from .patch_command import PatchCommand


class ToggleHexsideFeature(PatchCommand):
    """Put a hexside feature (river, stream…) on hexsides, or take it off (``present=False``)."""

    merge_id = MergeId.TOGGLE_HEXSIDE_FEATURE

    def __init__(self, doc: MapDocument, keys: list[str], feature: str, present: bool,
                 stroke: int | None = None):
        patch = MapPatch()
        for key in keys:
            set_side_feature(patch, doc.map, key, feature, present)
        name = doc.map.hexside_feature_types[feature].name
        super().__init__(doc, f"{'Paint' if present else 'Remove'} {name}", patch, stroke)
