"""Tables drawn as charts, like the printed player aids: terrain effects, CRTs, lookups,
the turn track and the victory point table.

A table reference names what to draw: ``terrain_effects``, ``crt:<id>``, ``lookup:<id>``,
``turn_track`` or ``victory`` (:func:`chart_refs` lists a module's). :func:`build_chart`
turns a table into a :class:`Chart` — title, rows of cells, legend, notes — as plain data;
:func:`paint_chart` and :func:`chart_image` draw it. Values reconstructed rather than read
off the printed game are set in italics with an asterisk, and a note says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from hexwright.runtime.model import CombatEffect, CombatResultsTable, Module, ResultCode

FONT_FAMILIES = ["DejaVu Sans", "Arial", "Sans Serif"]
INK = QColor("#1a1a1a")
HEADER_FILL = "#2f3b45"
SECTION_FILL = "#d9dee2"
STRIPE_FILL = "#f3f4f5"
DEFENDER_FILL = "#d6e6f7"
ATTACKER_FILL = "#f7d9d6"
BOTH_FILL = "#e6d9f0"
TURNS_PER_ROW = 10


@dataclass(frozen=True)
class Cell:
    text: str
    fill: str | None = None
    bold: bool = False
    italic: bool = False


@dataclass
class Row:
    cells: list[Cell]
    kind: str = "normal"  # "header", "section" (one cell across the table) or "normal"


@dataclass
class Chart:
    title: str
    subtitle: str = ""
    rows: list[Row] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def columns(self) -> int:
        return max((len(r.cells) for r in self.rows if r.kind != "section"), default=1)

    def texts(self) -> list[str]:
        """Every text on the chart, in reading order (for tests and search)."""
        out = [self.title, self.subtitle]
        for row in self.rows:
            out.extend(c.text for c in row.cells)
        for code, meaning in self.legend:
            out.extend((code, meaning))
        return out + self.notes


# --------------------------------------------------------------------------- tables → charts


def chart_refs(module: Module) -> list[str]:
    """The references of every table in ``module`` that has something to draw."""
    t = module.tables
    refs = []
    te = t.terrain_effects
    if te.terrain or te.features or te.hexsides or te.connections or te.combat or te.hexside_combat:
        refs.append("terrain_effects")
    refs += [f"crt:{k}" for k in t.crts] + [f"lookup:{k}" for k in t.lookups]
    if t.turn_track.turns:
        refs.append("turn_track")
    if t.victory.rules or t.victory.levels:
        refs.append("victory")
    return refs


def build_chart(module: Module, table_ref: str) -> Chart:
    """The chart of one table. Raises KeyError naming the reference if there is no such table."""
    kind, _, key = table_ref.partition(":")
    tables = module.tables
    if kind == "terrain_effects" and not key:
        return terrain_effects_chart(module)
    if kind == "crt" and key in tables.crts:
        return crt_chart(tables.crts[key])
    if kind == "lookup" and key in tables.lookups:
        return lookup_chart(module, key)
    if kind == "turn_track" and not key:
        return turn_track_chart(module)
    if kind == "victory" and not key:
        return victory_chart(module)
    raise KeyError(f"no table {table_ref!r} (expected terrain_effects, crt:<id>, lookup:<id>, turn_track or victory)")


def reconstructed_note(clue: str) -> str:
    """``* Reconstructed: <clue>`` (without saying "reconstructed" twice)."""
    clue = clue.strip()
    if clue.lower().startswith("reconstructed"):
        clue = clue[len("reconstructed"):].lstrip(" :—-")
    return f"* Reconstructed: {clue}" if clue else "* Reconstructed"


def cost_text(cost: str | None) -> str:
    if cost is None:
        return "–"
    return {"all": "All", "prohibited": "P", "other": "OT", "bridge": "Br"}.get(cost, cost)


def shift_text(shift: int) -> str:
    if shift < 0:
        return f"⇐{-shift}"
    if shift > 0:
        return f"⇒{shift}"
    return ""


def combat_text(effect: CombatEffect | None) -> str:
    if effect is None:
        return "–"
    parts = [shift_text(effect.shift)]
    if effect.attack_multiplier != "1":
        parts.append(f"Att ×{effect.attack_multiplier}")
    if effect.defense_multiplier != "1":
        parts.append(f"Def ×{effect.defense_multiplier}")
    if effect.drm:
        parts.append(f"DRM {effect.drm:+d}")
    if effect.crt_line:
        parts.append(f"Line {effect.crt_line}")
    if effect.note:
        parts.append(effect.note)
    return " ".join(p for p in parts if p) or "–"


def _class_cost(by_class: dict[str, str], cls: str) -> str | None:
    return by_class.get(cls, by_class.get("*"))


def terrain_effects_chart(module: Module) -> Chart:
    te = module.tables.terrain_effects
    m = module.map
    classes = list(module.pieces.movement_classes) or sorted({c for t in te.terrain.values() for c in t if c != "*"}) or ["*"]
    class_names = [module.pieces.movement_classes[c].name if c in module.pieces.movement_classes else "All units"
                   for c in classes]
    header = Row([Cell("Terrain", bold=True)] + [Cell(n, bold=True) for n in class_names]
                 + [Cell("Combat", bold=True)], "header")
    rows = [header]

    def section(title: str, table: dict[str, dict[str, str]], names: dict, combat: dict[str, CombatEffect],
                weather: str = "") -> None:
        keys = list(table) + [k for k in combat if k not in table and k in names]
        if not keys:
            return
        rows.append(Row([Cell(title, bold=True)], "section"))
        for i, key in enumerate(keys):
            name = names[key].name if key in names else key
            by_class = table.get(key, {})
            cells = [Cell(name)] + [Cell(cost_text(_class_cost(by_class, c))) for c in classes]
            cells.append(Cell(combat_text(combat.get(key)) if not weather else ""))
            rows.append(Row([Cell(c.text, STRIPE_FILL if i % 2 else None, c.bold, c.italic) for c in cells]))

    section("Terrain", te.terrain, m.terrain_types, te.combat)
    section("Hex features", te.features, m.hex_feature_types, te.combat)
    section("Hexsides", te.hexsides, m.hexside_feature_types, te.hexside_combat)
    section("Roads and railroads", te.connections, m.connection_types, {})
    for wid, weather in te.weather.items():
        section(f"Weather: {wid} — terrain", weather.terrain, m.terrain_types, {}, wid)
        section(f"Weather: {wid} — hexsides", weather.hexsides, m.hexside_feature_types, {}, wid)
        section(f"Weather: {wid} — roads", weather.connections, m.connection_types, {}, wid)
    legend = [("All", "all movement points"), ("P", "prohibited"), ("OT", "other terrain in hex"),
              ("Br", "bridge: other terrain in hex, hexside negated"),
              ("+n", "added to the cost of the hex entered"), ("⇐n", "n columns left (defender)"),
              ("⇒n", "n columns right (attacker)")]
    notes = ["Column shifts are cumulative." if te.shift_mode == "cumulative"
             else "If several apply, only the largest column shift is used."]
    if te.provenance:
        notes.append(reconstructed_note(te.provenance.clue))
    return Chart("Terrain Effects Chart", te.section, rows, legend, notes)


def result_fill(code: ResultCode | None) -> str | None:
    """Cells hurting the defender are blue, the attacker red, both purple; none white."""
    if code is None:
        return "#ffb3b3"
    whos = {e.who for e in code.effects if e.what != "advance"}
    if whos == {"defender"}:
        return DEFENDER_FILL
    if whos == {"attacker"}:
        return ATTACKER_FILL
    if whos:
        return BOTH_FILL
    return None


def effect_text(code: ResultCode) -> str:
    if code.description:
        return code.description
    parts = []
    for e in code.effects:
        what = e.what.replace("_", " ")
        amount = f" {e.amount}" if e.what in ("step_loss", "retreat", "casualty_check") else ""
        parts.append(f"{e.who} {what}{amount}" + (f" ({e.note})" if e.note else ""))
    return f"{code.name}: " + "; ".join(parts) if parts else code.name


def crt_chart(crt: CombatResultsTable) -> Chart:
    roll = f"Die ({crt.dice})"
    head = "Odds" if crt.kind == "odds" else "ΔCF"
    rows = [Row([Cell(f"{roll} \\ {head}", bold=True)] + [Cell(c.label, bold=True) for c in crt.columns], "header")]
    reconstructed = {(c.row, c.column) for c in crt.reconstructed_cells}
    for r, die in enumerate(crt.rows):
        cells = [Cell(str(die), bold=True)]
        codes = crt.cells[r] if r < len(crt.cells) else []
        for c, column in enumerate(crt.columns):
            code = codes[c] if c < len(codes) else "?"
            mark = (die, column.label) in reconstructed
            cells.append(Cell(code + ("*" if mark else ""), result_fill(crt.results.get(code)), bold=True, italic=mark))
        rows.append(Row(cells))
    legend = [(code, effect_text(result)) for code, result in crt.results.items()]
    rounding = {"defender": "Odds are rounded in the defender's favour.",
                "nearest": "Odds are rounded to the nearest column.",
                "attacker": "Odds are rounded in the attacker's favour."}
    notes = [rounding[crt.rounding]] if crt.kind == "odds" else []
    if crt.reconstructed_cells or crt.provenance:
        clues = [crt.provenance.clue] if crt.provenance else []
        clues += [c.clue for c in crt.reconstructed_cells if c.clue not in clues]
        clue = "; ".join(dict.fromkeys(clues))
        notes.append(reconstructed_note(clue))
    undefined = sorted({code for row in crt.cells for code in row if code not in crt.results})
    if undefined:
        notes.append("Undefined result codes: " + ", ".join(undefined))
    return Chart(crt.name, crt.section, rows, legend, notes)


def lookup_chart(module: Module, key: str) -> Chart:
    table = module.tables.lookups[key]
    rows = [Row([Cell(table.key_label or (f"Die ({table.dice})" if table.dice else ""), bold=True)]
                + [Cell(c, bold=True) for c in table.columns], "header")]
    reconstructed = {(c.row, c.column) for c in table.reconstructed_cells}
    for r, row in enumerate(table.rows):
        cells = [Cell(row.key, bold=True)]
        for c, text in enumerate(row.cells):
            column = table.columns[c] if c < len(table.columns) else str(c)
            mark = (r, column) in reconstructed
            cells.append(Cell(text + ("*" if mark else ""), STRIPE_FILL if r % 2 else None, italic=mark))
        rows.append(Row(cells))
    notes = []
    if table.provenance or table.reconstructed_cells:
        notes.append(reconstructed_note(table.provenance.clue if table.provenance else ""))
    return Chart(table.name, table.section, rows, [], notes)


def turn_track_chart(module: Module) -> Chart:
    turns = module.tables.turn_track.turns
    keys = sorted({k for t in turns for k in t.data})
    rows: list[Row] = []
    for start in range(0, len(turns), TURNS_PER_ROW):
        block = turns[start:start + TURNS_PER_ROW]
        pad = [Cell("")] * (min(len(turns), TURNS_PER_ROW) - len(block))
        rows.append(Row([Cell("Turn", bold=True)] + [Cell(str(t.number), bold=True) for t in block] + pad, "header"))
        if any(t.label or t.date for t in block):
            rows.append(Row([Cell("Date", bold=True)]
                            + [Cell("\n".join(x for x in (t.label, t.date) if x)) for t in block] + pad))
        for k in keys:
            rows.append(Row([Cell(k.replace("_", " ").capitalize(), bold=True)]
                            + [Cell(str(t.data.get(k, ""))) for t in block] + pad))
        if any(t.note for t in block):
            rows.append(Row([Cell("Note", bold=True)] + [Cell(t.note) for t in block] + pad))
    return Chart("Turn Record Track", "", rows)


def victory_chart(module: Module) -> Chart:
    v = module.tables.victory
    sides = module.pieces.sides
    rows = [Row([Cell(h, bold=True) for h in ("Side", "Condition", "VP", "Per")], "header")]
    for i, rule in enumerate(v.rules):
        side = sides[rule.side].short or sides[rule.side].name if rule.side in sides else rule.side
        condition = rule.description or rule.kind.replace("_", " ")
        if rule.section:
            condition += f" (§{rule.section.lstrip('§')})"
        points = f"{rule.points:+d}" + (" − turn" if rule.minus_turn else "")
        rows.append(Row([Cell(side), Cell(condition), Cell(points, bold=True), Cell(rule.per)]
                        if i % 2 == 0 else
                        [Cell(side, STRIPE_FILL), Cell(condition, STRIPE_FILL), Cell(points, STRIPE_FILL, True),
                         Cell(rule.per, STRIPE_FILL)]))
    if v.levels:
        rows.append(Row([Cell("Victory levels", bold=True)], "section"))
        for level in sorted(v.levels, key=lambda lv: -lv.min_margin):
            rows.append(Row([Cell(f"≥ {level.min_margin}"), Cell(level.name, bold=True), Cell(""), Cell("")]))
    return Chart("Victory Points", "", rows, [], [v.note] if v.note else [])


# --------------------------------------------------------------------------- painting


def _font(px: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


@dataclass
class _Layout:
    widths: list[float]
    heights: list[float]
    title_h: float
    legend_h: float
    notes_h: float
    width: float
    height: float
    legend: list[tuple[str, list[str]]]
    notes: list[str]
    code_w: float


def _wrap(metrics: QFontMetricsF, text: str, width: float) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` pixels."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and metrics.horizontalAdvance(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return lines + [current] if current or not lines else lines


def _text_size(metrics: QFontMetricsF, text: str) -> tuple[float, float]:
    lines = text.split("\n") or [""]
    return max(metrics.horizontalAdvance(line) for line in lines), metrics.height() * len(lines)


def _layout(chart: Chart, px: float, device=None) -> _Layout:
    pad = px * 0.6
    metrics = {b: QFontMetricsF(_font(px, b), device) if device else QFontMetricsF(_font(px, b)) for b in (False, True)}
    n = chart.columns()
    widths = [px * 2.0] * n
    heights = []
    section_w = 0.0
    for row in chart.rows:
        h = metrics[True].height()
        for c, cell in enumerate(row.cells):
            w, th = _text_size(metrics[cell.bold or row.kind != "normal"], cell.text)
            h = max(h, th)
            if row.kind == "section":
                section_w = max(section_w, w + 2 * pad)
            else:
                widths[c] = max(widths[c], w + 2 * pad)
        heights.append(h + pad)
    width = sum(widths)
    if section_w > width:
        widths = [w * section_w / width for w in widths]
        width = section_w
    title_font = QFontMetricsF(_font(px * 1.45, True), device) if device else QFontMetricsF(_font(px * 1.45, True))
    title_w = title_font.horizontalAdvance(chart.title) + 2 * pad
    width = max(width, title_w)
    title_h = title_font.height() * (2.0 if chart.subtitle else 1.0) + pad
    # legend and notes wrap to the table's width (at least 40 em), as on a printed chart
    wrap_w = max(width, px * 40)
    code_w = max((metrics[True].horizontalAdvance(code) for code, _ in chart.legend), default=0.0) + px
    legend = [(code, _wrap(metrics[False], text, wrap_w - code_w)) for code, text in chart.legend]
    notes = [line for note in chart.notes for line in _wrap(metrics[False], note, wrap_w)]
    line_h = metrics[False].height() * 1.15
    legend_h = (line_h * sum(len(lines) for _, lines in legend) + pad) if legend else 0.0
    notes_h = line_h * len(notes) + (pad if notes else 0)
    legend_w = max((code_w + max(metrics[False].horizontalAdvance(t) for t in lines) for _, lines in legend),
                   default=0.0)
    notes_w = max((metrics[False].horizontalAdvance(n) for n in notes), default=0.0)
    width = max(width, legend_w, notes_w)
    height = title_h + sum(heights) + legend_h + notes_h + pad
    return _Layout(widths, heights, title_h, legend_h, notes_h, width + 2 * pad, height + pad, legend, notes,
                   code_w)


def chart_size(chart: Chart, px: float = 14.0, device=None) -> QSizeF:
    layout = _layout(chart, px, device)
    return QSizeF(layout.width, layout.height)


def paint_chart(painter: QPainter, origin: QPointF, chart: Chart, px: float = 14.0) -> QSizeF:
    """Draw ``chart`` with its top-left corner at ``origin``; returns its size."""
    layout = _layout(chart, px, painter.device())
    pad = px * 0.6
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    x0, y = origin.x() + pad, origin.y() + pad
    painter.setPen(INK)
    painter.setFont(_font(px * 1.45, True))
    title_line = QFontMetricsF(painter.font(), painter.device()).height()
    painter.drawText(QRectF(x0, y, layout.width, title_line), int(Qt.AlignLeft | Qt.AlignVCenter), chart.title)
    if chart.subtitle:
        painter.setFont(_font(px, False, True))
        section = f"§{chart.subtitle}" if chart.subtitle[:1].isdigit() else chart.subtitle
        painter.drawText(QRectF(x0, y + title_line, layout.width, title_line), int(Qt.AlignLeft | Qt.AlignVCenter),
                         section)
    y += layout.title_h
    table_w = sum(layout.widths)
    top = y
    for row, h in zip(chart.rows, layout.heights):
        if row.kind == "section":
            rect = QRectF(x0, y, table_w, h)
            painter.fillRect(rect, QColor(SECTION_FILL))
            painter.setPen(QPen(INK, max(0.5, px * 0.05)))
            painter.drawRect(rect)
            painter.setFont(_font(px, True))
            painter.drawText(rect.adjusted(pad, 0, 0, 0), int(Qt.AlignLeft | Qt.AlignVCenter), row.cells[0].text)
            y += h
            continue
        x = x0
        for c, w in enumerate(layout.widths):
            cell = row.cells[c] if c < len(row.cells) else Cell("")
            rect = QRectF(x, y, w, h)
            fill = HEADER_FILL if row.kind == "header" and cell.text else cell.fill
            if fill:
                painter.fillRect(rect, QColor(fill))
            painter.setPen(QPen(INK, max(0.5, px * 0.05)))
            painter.drawRect(rect)
            painter.setFont(_font(px, cell.bold or row.kind == "header", cell.italic))
            painter.setPen(QColor("#ffffff") if row.kind == "header" and cell.text else INK)
            align = Qt.AlignLeft | Qt.AlignVCenter if c == 0 and row.kind == "normal" else Qt.AlignCenter
            painter.drawText(rect.adjusted(pad, 0, -pad, 0), int(align), cell.text)
            x += w
        y += h
    painter.setPen(QPen(INK, max(1.0, px * 0.12)))
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(QRectF(x0, top, table_w, y - top))
    y += pad
    line_h = QFontMetricsF(_font(px), painter.device()).height() * 1.15
    code_w = layout.code_w
    for code, lines in layout.legend:
        painter.setFont(_font(px, True))
        painter.setPen(INK)
        painter.drawText(QRectF(x0, y, code_w, line_h), int(Qt.AlignLeft | Qt.AlignVCenter), code)
        painter.setFont(_font(px))
        for text in lines:
            painter.drawText(QRectF(x0 + code_w, y, layout.width, line_h), int(Qt.AlignLeft | Qt.AlignVCenter), text)
            y += line_h
    if layout.legend:
        y += pad
    painter.setFont(_font(px, False, True))
    for note in layout.notes:
        painter.drawText(QRectF(x0, y, layout.width, line_h), int(Qt.AlignLeft | Qt.AlignVCenter), note)
        y += line_h
    painter.restore()
    return QSizeF(layout.width, layout.height)


def chart_image(module: Module, table_ref: str, px: float = 14.0) -> QImage:
    """The chart of ``table_ref`` on a white image; ``px`` is the body text size in pixels."""
    chart = build_chart(module, table_ref)
    probe = QImage(1, 1, QImage.Format_RGB32)
    size = chart_size(chart, px, probe)
    image = QImage(max(1, round(size.width())), max(1, round(size.height())), QImage.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_chart(painter, QPointF(0, 0), chart, px)
    painter.end()
    return image
