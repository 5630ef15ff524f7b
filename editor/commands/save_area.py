from __future__ import annotations

from hexwright.runtime.model import Area

from ..changes import Changes, Kind
from ..document import MapDocument
from .edit_command import EditCommand


class SaveArea(EditCommand):
    """Create, replace or (``area=None``) delete a named area."""

    def __init__(self, doc: MapDocument, area_id: str, area: Area | None):
        verb = "Delete" if area is None else ("Update" if area_id in doc.map.areas else "Save")
        super().__init__(doc, f"{verb} Area {area_id}")
        self.area_id = area_id
        self.before = doc.map.areas.get(area_id)
        self.after = area.model_copy(update={"hexes": sorted(set(area.hexes))}) if area is not None else None

    def apply(self, forward: bool) -> Changes:
        value = self.after if forward else self.before
        if value is None:
            self.doc.map.areas.pop(self.area_id, None)
        else:
            self.doc.map.areas[self.area_id] = value
        return Changes.of(Kind.AREAS, self.area_id)
