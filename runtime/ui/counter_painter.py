"""Unit counters, markers and chits drawn with a QPainter, as printed wargame counters.

A unit counter is a square in its side's colour with, top to bottom: the formation's
colour bar, the size marks (``••`` ``III`` ``XX``…), the NATO unit-type box flanked by the
designation (unit left, parent right), and the values along the bottom (``4-6``,
``5-4-6``, ``3(2)``, artillery ``6-4-2``). Small tags sit in the upper corners: the setup
code, the step label, a boxed command range, a circled morale, fire missions ``FM``
and action points ``AP``. Every step after the first carries a red reduced-strength
stripe. ``step == len(piece.steps)`` is the blank back of a one-step unit (designation
and setup code). A step with ``image`` set is drawn from the designer's own PNG/SVG art.

What goes where is decided by :func:`counter_face`, plain data that tests can check;
the rest only paints it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, replace

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)

from hexwright.runtime.model import Module, Piece, StepValues

from .nato_symbols import draw_nato_symbol

FONT_FAMILIES = ["DejaVu Sans Condensed", "DejaVu Sans", "Arial Narrow", "Arial", "Sans Serif"]
REDUCED_STRIPE = QColor("#c8102e")
BORDER = QColor("#1a1a1a")
MISSING_COLOR = "#d8d8d8"


# --------------------------------------------------------------------------- face content


@dataclass(frozen=True)
class Tag:
    """A small value in a corner: ``shape`` is ``plain``, ``box`` or ``circle``."""

    text: str
    shape: str = "plain"


@dataclass(frozen=True)
class CounterFace:
    """Everything printed on one face of a unit counter, before any painting."""

    background: str
    text_color: str
    bar_color: str | None
    symbol: str
    size: str
    unit_id: str
    parent_id: str
    values: str
    tags: tuple[Tag, ...] = ()
    reduced: bool = False
    blank_back: bool = False
    setup: str = ""
    image: str | None = None
    abbreviation: str = ""


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


def values_text(values: StepValues) -> str:
    """The bottom line of a face: ``C-M``, ``A-D-M``, ``C(AT)``, or artillery ``S-D-L``."""
    artillery = [v for v in (values.support, values.defensive, values.long_range) if v is not None]
    if artillery:
        return "-".join(str(v) for v in artillery)
    if values.attack is not None or values.defense is not None:
        strength = f"{_num(values.attack) or '–'}-{_num(values.defense) or '–'}"
    else:
        strength = _num(values.combat)
    for paren in (values.armor, values.anti_tank):
        if paren is not None:
            strength += f"({paren})"
    parts = [part for part in (strength, _num(values.movement)) if part]
    return "-".join(parts)


def short_designation(designation: str) -> str:
    """The part of a designation printed by the symbol: ``DE 29/3 airegt`` → ``29/3``.

    Designations written in a rulebook's shorthand carry the command before (``US``,
    ``DE``, ``SS``) and the type and echelon after (``iregt``, ``abde``); the counter's
    colour and symbol already say those.
    """
    tokens = designation.split()
    if len(tokens) > 1 and tokens[0].isalpha() and tokens[0].isupper() and len(tokens[0]) <= 3:
        tokens = tokens[1:]
    if len(tokens) > 1 and tokens[-1].isalpha() and tokens[-1].islower():
        tokens = tokens[:-1]
    return " ".join(tokens)


def _split_designation(designation: str) -> tuple[str, str]:
    designation = short_designation(designation)
    if "/" in designation:
        unit, parent = designation.split("/", 1)
        return unit.strip(), parent.strip()
    return designation.strip(), ""


def formation_color(module: Module, formation_id: str | None) -> str | None:
    """The colour bar of a formation: its own colour or the nearest parent's that has one."""
    formations = module.pieces.formations
    seen: set[str] = set()
    while formation_id is not None and formation_id in formations and formation_id not in seen:
        seen.add(formation_id)
        formation = formations[formation_id]
        if formation.color:
            return formation.color
        formation_id = formation.parent
    return None


SMALL_COUNTER_PX = 10.0
"""Below this many pixels on screen a counter shows only its colours (:func:`paint_small_face`):
its values, symbol and name would be a few pixels of noise, and a fitted view of a large map
draws thousands of them."""


def face_colors(module: Module, piece_id: str) -> tuple[str, str | None]:
    """The background (its side's colour) and the formation bar's colour of a piece's counter."""
    piece: Piece = module.pieces.pieces[piece_id]
    side = module.pieces.sides.get(piece.side)
    return (side.color if side else MISSING_COLOR), formation_color(module, piece.formation)


def paint_small_face(painter: QPainter, rect: QRectF, background: QColor, bar: QColor | None) -> None:
    """A counter too small to read (:data:`SMALL_COUNTER_PX`): its square in its colours."""
    r = _square(rect)
    painter.fillRect(r, background)
    if bar is not None:
        painter.fillRect(QRectF(r.left(), r.top(), r.width(), r.height() * 0.11), bar)


def counter_face(module: Module, piece_id: str, step: int = 0) -> CounterFace:
    """What a face shows. ``step`` 0 is the front; ``len(steps)`` the blank back of a one-step unit."""
    pieces = module.pieces
    piece: Piece = pieces.pieces[piece_id]
    side = pieces.sides.get(piece.side)
    unit_type = pieces.unit_types.get(piece.unit_type)
    background, bar = face_colors(module, piece_id)
    text_color = side.text_color if side else "#000000"
    unit_id, parent_id = _split_designation(piece.designation)
    symbol = unit_type.symbol if unit_type else "other"
    abbreviation = unit_type.abbreviation if unit_type else ""
    if step < 0:
        raise ValueError(f"step {step} of piece {piece_id!r} is negative")
    if step >= len(piece.steps):
        if step > len(piece.steps) or len(piece.steps) > 1:
            raise ValueError(f"piece {piece_id!r} has {len(piece.steps)} steps, no face {step}")
        return CounterFace(background, text_color, bar, symbol, piece.size, unit_id, parent_id, "",
                           reduced=False, blank_back=True, setup=piece.setup, abbreviation=abbreviation)
    values = piece.steps[step]
    tags: list[Tag] = []
    setup_here = (step == 1) if len(piece.steps) > 1 else (step == 0)
    if setup_here and piece.setup:
        tags.append(Tag(piece.setup))
    if values.label:
        tags.append(Tag(values.label))
    if values.command_range is not None:
        tags.append(Tag(str(values.command_range), "box"))
    if values.morale is not None:
        tags.append(Tag(str(values.morale), "circle"))
    if values.fire_missions is not None:
        tags.append(Tag(f"FM{values.fire_missions}"))
    if values.action_points is not None:
        tags.append(Tag(f"AP{values.action_points}"))
    return CounterFace(background, text_color, bar, symbol, piece.size, unit_id, parent_id,
                       values_text(values), tuple(tags), reduced=step >= 1, setup=piece.setup,
                       image=values.image, abbreviation=abbreviation)


# --------------------------------------------------------------------------- drawing helpers


def counter_font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setStyleStrategy(QFont.PreferAntialias)
    return font


def fit_font(painter: QPainter, text: str, rect: QRectF, px: float, bold: bool = False) -> QFont:
    """The largest font up to ``px`` pixels whose ``text`` fits ``rect``."""
    font = counter_font(px, bold)
    if not text:
        return font
    metrics = QFontMetricsF(font, painter.device())
    width = metrics.horizontalAdvance(text)
    if width > rect.width() > 0:
        font = counter_font(max(1.0, px * rect.width() / width * 0.98), bold)
    return font


def draw_text(painter: QPainter, rect: QRectF, text: str, px: float, color: QColor,
              bold: bool = False, align: Qt.AlignmentFlag = Qt.AlignCenter) -> None:
    if not text:
        return
    painter.setFont(fit_font(painter, text, rect, px, bold))
    painter.setPen(QPen(color))
    painter.drawText(rect, int(align), text)


def contrasting(color: QColor) -> QColor:
    return QColor("#000000") if color.lightnessF() > 0.55 else QColor("#ffffff")


def _square(rect: QRectF) -> QRectF:
    s = min(rect.width(), rect.height())
    return QRectF(rect.center().x() - s / 2, rect.center().y() - s / 2, s, s)


# --------------------------------------------------------------------------- designer art


_ART_CACHE: OrderedDict[tuple[str, str], QImage | None] = OrderedDict()


def _art_image(path: str, data: bytes) -> QImage | None:
    key = (path, hashlib.sha1(data).hexdigest())
    if key in _ART_CACHE:
        return _ART_CACHE[key]
    image: QImage | None = None
    if path.lower().endswith(".svg"):
        from PySide6.QtSvg import QSvgRenderer

        renderer = QSvgRenderer(QByteArray(data))
        if renderer.isValid():
            size = renderer.defaultSize()
            side = 512
            image = QImage(side, max(1, round(side * size.height() / max(1, size.width()))),
                           QImage.Format_ARGB32_Premultiplied)
            image.fill(Qt.transparent)
            p = QPainter(image)
            renderer.render(p)
            p.end()
    else:
        loaded = QImage.fromData(data)
        image = None if loaded.isNull() else loaded
    _ART_CACHE[key] = image
    while len(_ART_CACHE) > 256:
        _ART_CACHE.popitem(last=False)
    return image


def draw_art(painter: QPainter, rect: QRectF, path: str | None, assets: dict[str, bytes] | None) -> bool:
    """Draw the designer's image ``path`` from ``assets`` into ``rect``; False if there is none."""
    if not path or not assets or path not in assets:
        return False
    image = _art_image(path, assets[path])
    if image is None:
        return False
    painter.save()
    painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
    painter.drawImage(rect, image)
    painter.restore()
    return True


# --------------------------------------------------------------------------- unit counters


def _draw_tag(painter: QPainter, rect: QRectF, tag: Tag, ink: QColor, s: float) -> None:
    if tag.shape in ("box", "circle"):
        d = min(rect.height(), rect.width())
        frame = QRectF(rect.center().x() - d / 2, rect.center().y() - d / 2, d, d)
        painter.setPen(QPen(ink, max(0.6, s * 0.014)))
        painter.setBrush(Qt.NoBrush)
        if tag.shape == "box":
            painter.drawRect(frame)
        else:
            painter.drawEllipse(frame)
        draw_text(painter, frame.adjusted(d * 0.1, d * 0.1, -d * 0.1, -d * 0.1), tag.text, d * 0.78, ink, True)
    else:
        draw_text(painter, rect, tag.text, rect.height() * 0.95, ink, True)


def paint_face(painter: QPainter, rect: QRectF, face: CounterFace, assets: dict[str, bytes] | None = None) -> None:
    """Paint a :class:`CounterFace` into the square centred in ``rect``."""
    r = _square(rect)
    s = r.width()
    x, y = r.left(), r.top()
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    outline = QPainterPath()
    radius = s * 0.05
    outline.addRoundedRect(r, radius, radius)
    if face.image and draw_art(painter, r, face.image, assets):
        _draw_stripe_and_border(painter, r, face, outline, s, stripe=False)
        painter.restore()
        return
    background = QColor(face.background)
    ink = QColor(face.text_color)
    painter.setClipPath(outline)
    painter.fillRect(r, background)
    if face.bar_color:
        painter.fillRect(QRectF(x, y, s, s * 0.11), QColor(face.bar_color))
    if face.blank_back:
        draw_text(painter, QRectF(x + s * 0.05, y + s * 0.16, s * 0.9, s * 0.2),
                  "/".join(p for p in (face.unit_id, face.parent_id) if p), s * 0.16, ink, True)
        draw_text(painter, QRectF(x + s * 0.05, y + s * 0.42, s * 0.9, s * 0.34), face.setup, s * 0.3, ink, True)
    else:
        _paint_unit_front(painter, r, face, ink)
    painter.setClipping(False)
    _draw_stripe_and_border(painter, r, face, outline, s, stripe=face.reduced)
    painter.restore()


def _paint_unit_front(painter: QPainter, r: QRectF, face: CounterFace, ink: QColor) -> None:
    s = r.width()
    x, y = r.left(), r.top()
    line = max(0.7, s * 0.022)
    box = QRectF(x + s * 0.27, y + s * 0.27, s * 0.46, s * 0.3)
    painter.setPen(QPen(ink, line, Qt.SolidLine, Qt.SquareCap, Qt.MiterJoin))
    painter.setBrush(QBrush(QColor(face.background).lighter(118)))
    painter.drawRect(box)
    draw_nato_symbol(painter, box, face.symbol, ink, line)
    if face.symbol == "other" and face.abbreviation:
        draw_text(painter, box.adjusted(2, 2, -2, -2), face.abbreviation, box.height() * 0.6, ink, True)
    draw_text(painter, QRectF(box.left(), y + s * 0.115, box.width(), s * 0.15), face.size, s * 0.14, ink, True)
    side_px = s * 0.17
    left = QRectF(x + s * 0.015, box.top(), s * 0.245, box.height())
    if fit_font(painter, face.unit_id, left, side_px, True).pixelSize() < side_px * 0.55:
        top = 0.26 if face.tags else 0.13
        _draw_vertical(painter, QRectF(x + s * 0.03, y + s * top, s * 0.2, s * (0.62 - top)), face.unit_id, side_px, ink)
    else:
        draw_text(painter, left, face.unit_id, side_px, ink, True, Qt.AlignRight | Qt.AlignVCenter)
    draw_text(painter, QRectF(box.right() + s * 0.015, box.top(), s * 0.245, box.height()), face.parent_id,
              side_px, ink, True, Qt.AlignLeft | Qt.AlignVCenter)
    slots = [QRectF(x + s * 0.03, y + s * 0.125, s * 0.22, s * 0.13),
             QRectF(x + s * 0.75, y + s * 0.125, s * 0.22, s * 0.13),
             QRectF(x + s * 0.03, y + s * 0.84, s * 0.2, s * 0.13),
             QRectF(x + s * 0.77, y + s * 0.84, s * 0.2, s * 0.13)]
    for tag, slot in zip(face.tags, slots):
        _draw_tag(painter, slot, tag, ink, s)
    corners_used = len(face.tags) > 2
    width = s * (0.54 if corners_used else 0.92)
    values_rect = QRectF(r.center().x() - width / 2, y + s * 0.64, width, s * 0.33)
    draw_text(painter, values_rect, face.values, s * 0.27, ink, True)


def _draw_vertical(painter: QPainter, rect: QRectF, text: str, px: float, ink: QColor) -> None:
    """``text`` reading bottom to top along ``rect`` (a long unit id beside the box)."""
    painter.save()
    painter.translate(rect.center())
    painter.rotate(-90)
    turned = QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
    draw_text(painter, turned, text, min(px, rect.width() * 0.9), ink, True)
    painter.restore()


def _draw_stripe_and_border(painter: QPainter, r: QRectF, face: CounterFace, outline: QPainterPath,
                            s: float, stripe: bool) -> None:
    if stripe:
        painter.setClipPath(outline)
        painter.fillRect(QRectF(r.left(), r.top() + s * 0.595, s, s * 0.04), REDUCED_STRIPE)
        painter.setClipping(False)
    painter.setPen(QPen(BORDER, max(0.6, s * 0.012)))
    painter.setBrush(Qt.NoBrush)
    painter.drawPath(outline)


def paint_counter(painter: QPainter, rect: QRectF, module: Module, piece_id: str, step: int = 0,
                  assets: dict[str, bytes] | None = None) -> None:
    """Draw face ``step`` of unit ``piece_id`` into ``rect`` (a square inside it)."""
    paint_face(painter, QRectF(rect), counter_face(module, piece_id, step), assets)


BACK_FACE = 1
"""The face printed on a counter's back: step 1, or the blank back of a one-step unit."""


def back_face(module: Module, piece_id: str, front_step: int = 0) -> CounterFace:
    """What is printed behind the face of ``front_step``: the next step, or, after the last
    step (a one-step unit, or the odd last step of a unit with three, five… steps), the
    blank back with the designation and setup code."""
    steps = len(module.pieces.pieces[piece_id].steps)
    if front_step + 1 < steps:
        return counter_face(module, piece_id, front_step + 1)
    if steps <= 1:
        return counter_face(module, piece_id, steps)
    return replace(counter_face(module, piece_id, front_step), blank_back=True, reduced=False, image=None)


# --------------------------------------------------------------------------- markers and chits


def paint_marker(painter: QPainter, rect: QRectF, module: Module, marker_id: str, face: int = 0,
                 assets: dict[str, bytes] | None = None) -> None:
    """Draw face ``face`` of marker ``marker_id``: its colour, text, and side-coloured edge."""
    marker = module.pieces.markers[marker_id]
    if not 0 <= face < len(marker.faces):
        raise ValueError(f"marker {marker_id!r} has {len(marker.faces)} faces, no face {face}")
    side = module.pieces.sides.get(marker.side) if marker.side else None
    _paint_plain(painter, rect, marker.faces[face], marker.name, side.color if side else None, assets, round_=False)


def paint_chit(painter: QPainter, rect: QRectF, module: Module, chit_id: str,
               assets: dict[str, bytes] | None = None) -> None:
    """Draw chit ``chit_id``: a round-cornered face with its text (or name) and side-coloured ring."""
    chit = module.pieces.chits[chit_id]
    side = module.pieces.sides.get(chit.side) if chit.side else None
    _paint_plain(painter, rect, chit.face, chit.name, side.color if side else None, assets, round_=True)


def _paint_plain(painter: QPainter, rect: QRectF, face, name: str, edge: str | None,
                 assets: dict[str, bytes] | None, round_: bool) -> None:
    r = _square(QRectF(rect))
    s = r.width()
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    outline = QPainterPath()
    radius = s * (0.22 if round_ else 0.05)
    outline.addRoundedRect(r, radius, radius)
    if not draw_art(painter, r, face.image, assets):
        painter.setClipPath(outline)
        painter.fillRect(r, QColor(face.color))
        if edge:
            painter.setPen(QPen(QColor(edge), s * 0.09))
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(outline)
        painter.setClipping(False)
        text = face.text or name
        ink = QColor(face.text_color)
        lines = text.split("\n") if "\n" in text else _wrap(text)
        inner = r.adjusted(s * 0.1, s * 0.1, -s * 0.1, -s * 0.1)
        line_h = inner.height() / max(len(lines), 1)
        px = min(s * 0.3, line_h * 0.85)
        for i, part in enumerate(lines):
            draw_text(painter, QRectF(inner.left(), inner.top() + i * line_h, inner.width(), line_h), part, px, ink, True)
    painter.setPen(QPen(BORDER, max(0.6, s * 0.012)))
    painter.setBrush(Qt.NoBrush)
    painter.drawPath(outline)
    painter.restore()


def _wrap(text: str) -> list[str]:
    words = text.split()
    if len(words) <= 1 or len(text) <= 8:
        return [text]
    if len(words) == 2 or len(text) <= 16:
        half = len(words) // 2 if len(words) > 2 else 1
        return [" ".join(words[:half]), " ".join(words[half:])]
    third = max(1, len(words) // 3)
    return [" ".join(words[:third]), " ".join(words[third:2 * third]), " ".join(words[2 * third:])]


# --------------------------------------------------------------------------- images and cache


_PIXMAP_CACHE: OrderedDict[tuple, QPixmap] = OrderedDict()
CACHE_LIMIT = 2048


def _fingerprint(module: Module, piece_id: str, assets: dict[str, bytes] | None) -> str:
    pieces = module.pieces
    piece = pieces.pieces[piece_id]
    parts = [piece.model_dump_json()]
    side = pieces.sides.get(piece.side)
    unit_type = pieces.unit_types.get(piece.unit_type)
    parts.append(side.model_dump_json() if side else "")
    parts.append(unit_type.model_dump_json() if unit_type else "")
    parts.append(formation_color(module, piece.formation) or "")
    for values in piece.steps:
        if values.image and assets and values.image in assets:
            parts.append(hashlib.sha1(assets[values.image]).hexdigest())
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()


def counter_image(module: Module, piece_id: str, step: int = 0, size_px: int = 96,
                  assets: dict[str, bytes] | None = None) -> QImage:
    """Face ``step`` of a unit as a ``size_px`` square image with a transparent edge."""
    image = QImage(size_px, size_px, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_counter(painter, QRectF(0.5, 0.5, size_px - 1, size_px - 1), module, piece_id, step, assets)
    painter.end()
    return image


def counter_pixmap(module: Module, piece_id: str, step: int = 0, size_px: int = 96,
                   assets: dict[str, bytes] | None = None) -> QPixmap:
    """Like :func:`counter_image`, as a cached QPixmap; a change to the piece, its side,
    type, formation colour or art gives a new picture."""
    key = (piece_id, step, size_px, _fingerprint(module, piece_id, assets))
    pixmap = _PIXMAP_CACHE.get(key)
    if pixmap is not None:
        _PIXMAP_CACHE.move_to_end(key)
        return pixmap
    pixmap = QPixmap.fromImage(counter_image(module, piece_id, step, size_px, assets))
    _PIXMAP_CACHE[key] = pixmap
    while len(_PIXMAP_CACHE) > CACHE_LIMIT:
        _PIXMAP_CACHE.popitem(last=False)
    return pixmap


def clear_cache() -> None:
    _PIXMAP_CACHE.clear()
    _ART_CACHE.clear()


def marker_image(module: Module, marker_id: str, face: int = 0, size_px: int = 96,
                 assets: dict[str, bytes] | None = None) -> QImage:
    image = QImage(size_px, size_px, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_marker(painter, QRectF(0.5, 0.5, size_px - 1, size_px - 1), module, marker_id, face, assets)
    painter.end()
    return image


def chit_image(module: Module, chit_id: str, size_px: int = 96, assets: dict[str, bytes] | None = None) -> QImage:
    image = QImage(size_px, size_px, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    paint_chit(painter, QRectF(0.5, 0.5, size_px - 1, size_px - 1), module, chit_id, assets)
    painter.end()
    return image
