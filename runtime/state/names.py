"""Human-readable names of pieces, markers and places, for log lines ("US 5/10 iregt")."""

from __future__ import annotations

from hexwright.runtime.model import Module, StepValues

from .game_state import GameState, Location

SIZE_WORDS = {
    "•": "sec", "••": "sqd", "•••": "plt", "I": "co", "II": "bn", "III": "regt", "X": "bde",
    "XX": "div", "XXX": "corps", "XXXX": "army",
}


def side_prefix(module: Module, side_id: str | None) -> str:
    if side_id is None:
        return ""
    side = module.pieces.sides.get(side_id)
    if side is None:
        return side_id
    return side.short or side.name


def piece_name(module: Module, piece_id: str) -> str:
    """Side prefix, designation, type abbreviation and size word: ``US 5/10 iregt``."""
    piece = module.pieces.pieces.get(piece_id)
    if piece is None:
        return piece_id
    unit_type = module.pieces.unit_types.get(piece.unit_type)
    suffix = (unit_type.abbreviation if unit_type else "") + SIZE_WORDS.get(piece.size, "")
    prefix = side_prefix(module, piece.side)
    designation = piece.designation.strip()
    words = designation.split()
    if words and words[0] == prefix:
        prefix = ""
    if words and words[-1] == suffix:
        suffix = ""
    return " ".join(p for p in (prefix, designation, suffix) if p)


def pieces_name(module: Module, piece_ids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(piece_name(module, pid) for pid in piece_ids)


def marker_name(module: Module, state: GameState | None, instance: str) -> str:
    marker_id = state.markers[instance].marker if state is not None and instance in state.markers else instance
    marker = module.pieces.markers.get(marker_id)
    return marker.name if marker is not None else marker_id


def location_name(module: Module, at: Location) -> str:
    """A hex label, a box or track space name, or ``eliminated``/``exited``/``unavailable``."""
    if at.kind == "hex":
        return at.id
    if at.kind == "box":
        box = module.map.boxes.get(at.id)
        return box.name if box is not None else at.id
    if at.kind == "track":
        track = module.map.tracks.get(at.id)
        if track is None:
            return f"{at.id} {at.space}"
        space = track.spaces[at.space].label if at.space is not None and at.space < len(track.spaces) else str(at.space)
        return f"{track.name} {space}"
    return at.kind


def phase_name(module: Module, state: GameState) -> str:
    sequence = module.meta.sequence
    if not sequence or state.phase >= len(sequence):
        return f"Turn {state.turn}"
    return f"Turn {state.turn}, {sequence[state.phase].name}"


def step_values(module: Module, state: GameState, piece_id: str) -> StepValues | None:
    """The printed values showing on a piece (a :class:`StepValues`), or None for the back
    of a one-step unit."""
    steps = module.pieces.pieces[piece_id].steps
    step = state.pieces[piece_id].step
    return steps[step] if step < len(steps) else None
