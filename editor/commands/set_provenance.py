from __future__ import annotations

from collections.abc import Iterable

from ..document import MapDocument
from ..edits.provenance import provenance_patch
from .patch_command import PatchCommand


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class SetProvenance(PatchCommand):
    """Mark hexes and hexsides as reconstructed with a clue, or (``clue`` None) unmark them."""

    def __init__(self, doc: MapDocument, labels: Iterable[str], sides: Iterable[str], clue: str | None):
        labels, sides = list(labels), list(sides)
        patch = provenance_patch(doc.map, labels, sides, clue)
        parts = [_count(len(labels), "Hex", "Hexes")] if labels else []
        parts += [_count(len(sides), "Hexside", "Hexsides")] if sides else []
        verb = "Set Clue of" if clue and clue.strip() else "Clear Clue of"
        super().__init__(doc, f"{verb} {' and '.join(parts) or 'nothing'}", patch)
