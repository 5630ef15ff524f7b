"""The terrain effects chart editor: movement costs by type × movement class, per section
(terrain, hex features, hexsides, roads and rails, and each kind of weather), and the
combat effect of each terrain, feature or hexside.

Costs are typed as on the printed chart: ``2``, ``1/2``, ``+1``, ``all``, ``prohibited``,
``other``, and for roads and rails ``bridge`` (no rate, but the hexside crossed is negated); an
empty cell leaves the class to the ``*`` (all others) column. Combat effects
read ``shift=-2; def=2; drm=-1; line=A``. What an edit means is computed by the plain
functions of :mod:`editor.edits.terrain_effects`; each is pushed as one ``SetTable``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import TerrainEffects

from ..changes import Changes, Kind
from ..commands import SetTable
from ..document import MapDocument
from ..edits.outcome import Edit, EditRefused
from ..edits.result_text import format_combat
from ..edits.terrain_effects import (
    BASE_SECTIONS,
    cost_table,
    section_spec,
    with_combat,
    with_cost,
    with_section_note,
    with_shift_mode,
    with_weather,
)


class TerrainEffectsEditor(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self._loading = False
        self.section = QComboBox()
        self.section.currentIndexChanged.connect(lambda _i: self._load())
        self.shift_mode = QComboBox()
        self.shift_mode.addItem("column shifts add up", "cumulative")
        self.shift_mode.addItem("only the largest shift counts", "largest")
        self.shift_mode.currentIndexChanged.connect(self._shift_mode_changed)
        self.section_note = QLineEdit()
        self.section_note.editingFinished.connect(
            lambda: self._apply(lambda e: with_section_note(e, self.section_note.text())))
        self.weather_id = QLineEdit()
        self.weather_id.setPlaceholderText("weather id, e.g. mud")
        self.add_weather = QPushButton("Add weather")
        self.add_weather.clicked.connect(self._add_weather)
        self.grid = QTableWidget(0, 0)
        self.grid.itemChanged.connect(self._edited)
        self.status = QLabel("")
        self.status.setStyleSheet("color: #b00020")
        self.status.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Section", self.section)
        form.addRow("Combat shifts", self.shift_mode)
        form.addRow("Rule section", self.section_note)
        weather = QHBoxLayout()
        weather.addWidget(self.weather_id)
        weather.addWidget(self.add_weather)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(weather)
        layout.addWidget(QLabel("Costs: 2, 1/2, +1, all, prohibited, other; roads: bridge; empty: the * column applies. "
                                "Combat: shift=-2; def=2; drm=-1; line=A"))
        layout.addWidget(self.grid, 1)
        layout.addWidget(self.status)
        doc.changed.connect(self._changed)
        self._reload_sections()

    @property
    def effects(self) -> TerrainEffects:
        return self.doc.module.tables.terrain_effects

    def _classes(self) -> list[str]:
        return list(self.doc.module.pieces.movement_classes) + ["*"]

    def _reload_sections(self) -> None:
        current = self.section.currentData()
        self.section.blockSignals(True)
        self.section.clear()
        for key, (title, *_rest) in BASE_SECTIONS.items():
            self.section.addItem(title, key)
        for wid in self.effects.weather:
            for part, title in (("terrain", "terrain"), ("hexsides", "hexsides"), ("connections", "roads")):
                self.section.addItem(f"Weather {wid}: {title}", f"weather:{wid}.{part}")
        self.section.setCurrentIndex(max(0, self.section.findData(current)))
        self.section.blockSignals(False)
        self._load()

    def _changed(self, changes: Changes) -> None:
        if changes.touches(Kind.TERRAIN_EFFECTS):
            self._reload_sections()
        elif changes.touches(Kind.MOVEMENT_CLASSES):
            self._load()

    def _load(self) -> None:
        key = self.section.currentData() or "terrain"
        path, palette, combat = section_spec(key)
        data = self.effects.model_dump()
        costs = cost_table(data, path)
        types = list(getattr(self.doc.module.map, palette))
        types += [t for t in costs if t not in types]
        classes = self._classes()
        self._loading = True
        self.grid.blockSignals(True)
        try:
            self.shift_mode.blockSignals(True)
            self.shift_mode.setCurrentIndex(self.shift_mode.findData(self.effects.shift_mode))
            self.shift_mode.blockSignals(False)
            self.section_note.setText(self.effects.section)
            headers = [self.doc.module.pieces.movement_classes[c].name if c != "*" else "* (all others)"
                       for c in classes] + (["Combat"] if combat else [])
            self.grid.setColumnCount(len(headers))
            self.grid.setHorizontalHeaderLabels(headers)
            self.grid.setRowCount(len(types))
            self.grid.setVerticalHeaderLabels(types)
            for r, t in enumerate(types):
                for c, cls in enumerate(classes):
                    self._cell(r, c, costs.get(t, {}).get(cls, ""))
                if combat:
                    effect = getattr(self.effects, combat).get(t)
                    self._cell(r, len(classes), format_combat(effect))
            self._types = types
        finally:
            self.grid.blockSignals(False)
            self._loading = False

    def _cell(self, r: int, c: int, text: str) -> None:
        item = self.grid.item(r, c)
        if item is None:
            self.grid.setItem(r, c, QTableWidgetItem(text))
        elif item.text() != text:
            item.setText(text)

    def _apply(self, make: Callable[[TerrainEffects], Edit[TerrainEffects] | None]) -> bool:
        """Compute the new chart with an :mod:`editor.edits.terrain_effects` function and push
        it as one step; a refusal is shown and the grid shows the stored chart again."""
        if self._loading:
            return False
        before = self.effects
        try:
            edit = make(before)
        except EditRefused as exc:
            self.status.setText(str(exc))
            self._load()
            return False
        if edit is None or edit.value == before:
            return False
        self.status.clear()
        self.doc.push(SetTable(self.doc, Kind.TERRAIN_EFFECTS, before, edit.value, edit.text))
        return True

    def set_cost(self, type_id: str, movement_class: str, text: str, section: str = "terrain") -> bool:
        """Set one cost cell (empty text clears it), as typing it into the grid does."""
        return self._apply(lambda e: with_cost(e, type_id, movement_class, text, section))

    def set_combat(self, type_id: str, text: str, section: str = "terrain") -> bool:
        return self._apply(lambda e: with_combat(e, type_id, text, section))

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        section = self.section.currentData() or "terrain"
        classes = self._classes()
        type_id = self._types[item.row()]
        if item.column() < len(classes):
            self.set_cost(type_id, classes[item.column()], item.text(), section)
        else:
            self.set_combat(type_id, item.text(), section)

    def _shift_mode_changed(self) -> None:
        mode = self.shift_mode.currentData()
        self._apply(lambda e: with_shift_mode(e, mode))

    def _add_weather(self) -> None:
        wid = self.weather_id.text()
        try:
            with_weather(self.effects, wid)
        except EditRefused as exc:  # shown without reloading the grid
            self.status.setText(str(exc))
            return
        if self._apply(lambda e: with_weather(e, wid)):
            self.weather_id.clear()
