"""The charts window: every table of the module as a grid (CRTs, lookups, terrain effects, turns)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget

from hexwright.runtime.model import Module


def _table(headers: list[str], rows: list[tuple[str, list[str]]], row_title: str = "") -> QTableWidget:
    table = QTableWidget(len(rows), len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setVerticalHeaderLabels([key for key, _ in rows])
    for r, (_, cells) in enumerate(rows):
        for c, text in enumerate(cells[: len(headers)]):
            table.setItem(r, c, QTableWidgetItem(text))
    table.setEditTriggers(QTableWidget.NoEditTriggers)
    table.resizeColumnsToContents()
    if row_title:
        table.setToolTip(row_title)
    return table


def _page(table: QTableWidget, notes: list[str]) -> QWidget:
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.addWidget(table, 1)
    for note in notes:
        label = QLabel(note)
        label.setWordWrap(True)
        layout.addWidget(label)
    return page


class ChartsWindow(QDialog):
    def __init__(self, module: Module, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Charts — {module.meta.title}")
        self.tabs = QTabWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        tables = module.tables
        for crt in tables.crts.values():
            rows = [(str(die), list(cells)) for die, cells in zip(crt.rows, crt.cells)]
            legend = [f"{code}: {result.name}" for code, result in crt.results.items()]
            kind = "odds" if crt.kind == "odds" else "differential"
            notes = [f"{kind} CRT, {crt.dice}" + (f" — {crt.section}" if crt.section else ""), "; ".join(legend)]
            self.tabs.addTab(_page(_table([c.label for c in crt.columns], rows, "die roll"), notes), crt.name)
        for lookup in tables.lookups.values():
            rows = [(row.key, list(row.cells)) for row in lookup.rows]
            notes = [n for n in (lookup.dice, lookup.section) if n]
            self.tabs.addTab(_page(_table(list(lookup.columns), rows, lookup.key_label), notes), lookup.name)
        tec = tables.terrain_effects
        if tec.terrain or tec.hexsides or tec.connections:
            classes = sorted({c for costs in (*tec.terrain.values(), *tec.hexsides.values(), *tec.connections.values())
                              for c in costs})
            rows = []
            for group, names in ((tec.terrain, module.map.terrain_types), (tec.hexsides, module.map.hexside_feature_types),
                                 (tec.connections, module.map.connection_types)):
                for key, costs in group.items():
                    name = names[key].name if key in names else key
                    rows.append((name, [costs.get(c, costs.get("*", "")) for c in classes]))
            combat = [f"{k}: shift {e.shift}, ×{e.defense_multiplier} def" for k, e in tec.combat.items()]
            self.tabs.addTab(_page(_table(classes, rows, "terrain"), ["; ".join(combat)] if combat else []),
                             "Terrain effects")
        if tables.turn_track.turns:
            keys = sorted({k for t in tables.turn_track.turns for k in t.data})
            rows = [(str(t.number), [t.label, t.date, *[str(t.data.get(k, "")) for k in keys], t.note])
                    for t in tables.turn_track.turns]
            self.tabs.addTab(_page(_table(["label", "date", *keys, "note"], rows), []), "Turn track")
        if tables.victory.rules or tables.victory.levels:
            rows = [(r.side, [r.kind, str(r.points), r.per, r.description]) for r in tables.victory.rules]
            levels = [f"{lv.name}: margin ≥ {lv.min_margin}" for lv in tables.victory.levels]
            self.tabs.addTab(_page(_table(["kind", "points", "per", "description"], rows), levels), "Victory")
        if self.tabs.count() == 0:
            self.tabs.addTab(_page(_table([], []), ["This module has no tables yet."]), "No tables")
        self.resize(760, 480)
