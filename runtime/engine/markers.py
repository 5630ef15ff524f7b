"""Markers that sit in a hex and change combat there (St-Lô 13.0 entrenchments), as module
data: ``rules.json`` ``hex_markers`` and the ``entrench`` step. They are the game state's
markers (``AddMarker``/``FlipMarker``/``RemoveMarker``), so the map shows them and undo,
saves and replays carry them like any other."""

from __future__ import annotations

from hexwright.runtime.model import Module
from hexwright.runtime.model.sequence import Entrench
from hexwright.runtime.rules import Modifier
from hexwright.runtime.state import AddMarker, FlipMarker, GameState, Location, RemoveMarker, piece_name

from .transaction import Tx


def marker_modifiers(module: Module, state: GameState, hex: str) -> list[Modifier]:
    """Shifts and DRMs of the hex markers in ``hex`` (13.0 B: for every unit there)."""
    out = []
    for mid in state.markers_at(Location.hex(hex)):
        held = state.markers[mid]
        decl = module.rules.hex_markers.get(held.marker)
        if decl is None or held.face >= len(decl.combat):
            continue
        eff = decl.combat[held.face]
        if eff.shift or eff.drm:
            face = module.pieces.markers[held.marker].faces[held.face].text if held.marker in module.pieces.markers \
                else ""
            out.append(Modifier(face or held.marker, eff.shift, eff.drm, decl.section, eff.drm_group))
    return out


def _benefits(tx: Tx, feature: str, side: str) -> bool:
    owner = tx.module.rules.combat.terrain_benefits_side.get(feature)
    return owner is None or owner == side


def entrench(tx: Tx, step: Entrench) -> None:
    """Build ``step.marker`` in each hex of a unit taking part, or improve it (13.1.1 A–C)."""
    m, act = tx.module, tx.data.seq.activation
    units = (act.participants if act is not None and act.participants is not None else act.units) if act else ()
    hexes = sorted({h for u in units if (not step.unit_types or m.pieces.pieces[u].unit_type in step.unit_types)
                    and (h := tx.state.hex_of(u)) is not None})
    side = m.pieces.pieces[units[0]].side if units else ""
    cite = f" — {step.section}" if step.section else ""
    for hex in hexes:
        here = [mid for mid in tx.state.markers_at(Location.hex(hex)) if tx.state.markers[mid].marker == step.marker]
        features = {f.type for f in m.map.hexes[hex].features} if hex in m.map.hexes else set()
        first_level = any(f in features and _benefits(tx, f, side) for f in step.upgrade_features)
        if here and tx.state.markers[here[0]].face == 0:
            tx.do(FlipMarker(instance=here[0]))
        elif not here:
            tx.do(AddMarker(marker=step.marker, at=Location.hex(hex), face=1 if first_level else 0))
        else:
            tx.say(f"{hex}: already at its strongest{cite}")
            continue
        tx.texts[-1] += cite
    if not hexes:
        tx.say(f"{', '.join(piece_name(m, u) for u in units) or 'no unit'}: nowhere to entrench{cite}")


def remove_unheld(tx: Tx) -> None:
    """A hex marker with no unit of its ``kept_by`` types left in its hex is removed (13.1.5 A)."""
    m = tx.module
    for mid in sorted(tx.state.markers):
        held = tx.state.markers[mid]
        decl = m.rules.hex_markers.get(held.marker)
        if decl is None or not decl.kept_by or held.at.kind != "hex":
            continue
        if not any(m.pieces.pieces[p].unit_type in decl.kept_by for p in tx.state.stack(held.at)
                   if p in m.pieces.pieces):
            tx.do(RemoveMarker(instance=mid))
            tx.texts[-1] += f" (no unit left to hold it{' — ' + decl.section if decl.section else ''})"
