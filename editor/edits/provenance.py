"""Provenance clues on hexes and hexsides: what a reconstructed part of the map rests on.

Plain Python over the map: the clue shared by a set of hexes/hexsides (for the Provenance
dock to show), and the patch that sets or clears it.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import HexsideData, MapData, Provenance

from .patch import MapPatch

VARIOUS = object()
"""What :func:`common_clue` returns when the things picked carry different clues."""


def hex_clue(m: MapData, label: str) -> str | None:
    data = m.hexes.get(label)
    return data.provenance.clue if data is not None and data.provenance is not None else None


def side_clue(m: MapData, key: str) -> str | None:
    data = m.hexsides.get(key)
    return data.provenance.clue if data is not None and data.provenance is not None else None


def common_clue(m: MapData, labels: Iterable[str], sides: Iterable[str] = ()) -> str | object | None:
    """The one clue (or None: not reconstructed) of all the hexes and hexsides, or VARIOUS."""
    clues = {hex_clue(m, lb) for lb in labels} | {side_clue(m, k) for k in sides}
    if len(clues) > 1:
        return VARIOUS
    return next(iter(clues), None)


def provenance_patch(m: MapData, labels: Iterable[str], sides: Iterable[str], clue: str | None) -> MapPatch:
    """Mark the hexes and hexsides reconstructed with ``clue`` (None or blank: unmark them)."""
    prov = Provenance(clue=clue.strip()) if clue is not None and clue.strip() else None
    patch = MapPatch()
    for label in labels:
        data = m.hex_data(label)
        if data.provenance != prov:
            patch.set_hex(m, label, data.model_copy(update={"provenance": prov}))
    for key in sides:
        data = m.hexsides.get(key) or HexsideData()
        if data.provenance != prov:
            patch.set_side(m, key, data.model_copy(update={"provenance": prov}))
    return patch


def reconstructed_hexes(m: MapData) -> list[str]:
    return sorted(lb for lb, d in m.hexes.items() if d.provenance is not None)


def reconstructed_sides(m: MapData) -> list[str]:
    return sorted(k for k, d in m.hexsides.items() if d.provenance is not None)
