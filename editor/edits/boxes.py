"""Off-map boxes and tracks as the Boxes dock edits them: text in the dialogs to values, a
rectangle dragged on the canvas, entry hexes toggled by a click. Plain Python."""

from __future__ import annotations

import re

from hexwright.runtime.model import Box, Rect, Track, TrackSpace

_SPLIT = re.compile(r"[\s,;]+")


def parse_labels(text: str) -> list[str]:
    """``"0101, 0102 0103"`` → ``["0101", "0102", "0103"]`` (order kept, repeats dropped)."""
    out: list[str] = []
    for label in _SPLIT.split(text.strip()):
        if label and label not in out:
            out.append(label)
    return out


def parse_rect(x: str, y: str, width: str, height: str) -> Rect | None:
    """A rectangle from four numbers typed in (all empty: no rectangle); ValueError otherwise."""
    texts = [t.strip() for t in (x, y, width, height)]
    if not any(texts):
        return None
    try:
        values = [float(t) for t in texts]
    except ValueError:
        raise ValueError("the rectangle needs four numbers: x, y, width, height") from None
    if values[2] <= 0 or values[3] <= 0:
        raise ValueError("the rectangle's width and height must be more than 0")
    return Rect(x=values[0], y=values[1], width=values[2], height=values[3])


def rect_texts(rect: Rect | None) -> tuple[str, str, str, str]:
    """The four numbers as typed (``repr``: a float comes back exactly)."""
    if rect is None:
        return ("", "", "", "")
    return tuple(repr(v) for v in (rect.x, rect.y, rect.width, rect.height))  # type: ignore[return-value]


def rect_from_drag(x0: float, y0: float, x1: float, y1: float) -> Rect | None:
    """The rectangle between two corners dragged on the canvas, on whole map pixels (None if flat)."""
    left, top, right, bottom = (round(v) for v in (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
    if right - left < 1 or bottom - top < 1:
        return None
    return Rect(x=float(left), y=float(top), width=float(right - left), height=float(bottom - top))


def toggle_entry(box: Box, label: str) -> Box:
    """``box`` with hex ``label`` added to its entry hexes, or removed if it was one."""
    hexes = [h for h in box.entry_hexes if h != label]
    if len(hexes) == len(box.entry_hexes):
        hexes.append(label)
    return box.model_copy(update={"entry_hexes": hexes})


def parse_spaces(text: str) -> list[TrackSpace]:
    """One space per line: ``label`` or ``label = value`` (value an integer)."""
    spaces = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        label, _, value = line.partition("=")
        if not label.strip():
            raise ValueError(f"track space on line {n} has no label")
        try:
            spaces.append(TrackSpace(label=label.strip(), value=int(value) if value.strip() else None))
        except ValueError:
            raise ValueError(f"track space on line {n}: {value.strip()!r} is not a whole number") from None
    return spaces


def spaces_text(spaces: list[TrackSpace]) -> str:
    return "\n".join(s.label if s.value is None else f"{s.label} = {s.value}" for s in spaces)


def with_rect(entry: Box | Track, rect: Rect | None) -> Box | Track:
    return entry.model_copy(update={"rect": rect})
