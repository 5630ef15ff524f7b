"""The terrain effects chart editor: movement costs by type × movement class, per section
(terrain, hex features, hexsides, roads and rails, and each kind of weather), and the
combat effect of each terrain, feature or hexside.

Costs are typed as on the printed chart: ``2``, ``1/2``, ``+1``, ``all``, ``prohibited``,
``other``; an empty cell leaves the class to the ``*`` (all others) column. Combat effects
read ``shift=-2; def=2; drm=-1; line=A``. Each edit is one :class:`SetTerrainEffects`.
"""

from __future__ import annotations

from pydantic import ValidationError
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

from hexwright.runtime.model import TerrainEffects, WeatherCosts

from ..changes import Changes, Kind
from ..commands import SetTable
from ..document import MapDocument
from .result_text import format_combat, parse_combat

# section key → (title, cost table path in the dump, map palette attribute, combat table or None)
BASE_SECTIONS = {
    "terrain": ("Terrain", ("terrain",), "terrain_types", "combat"),
    "features": ("Hex features", ("features",), "hex_feature_types", "combat"),
    "hexsides": ("Hexsides", ("hexsides",), "hexside_feature_types", "hexside_combat"),
    "connections": ("Roads and railroads", ("connections",), "connection_types", None),
}
WEATHER_PARTS = {"terrain": "terrain_types", "hexsides": "hexside_feature_types", "connections": "connection_types"}


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
            lambda: self._apply(lambda d: d.__setitem__("section", self.section_note.text()), "Change chart section"))
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
        layout.addWidget(QLabel("Costs: 2, 1/2, +1, all, prohibited, other; empty: the * column applies. "
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

    def _section_spec(self, key: str) -> tuple[tuple[str, ...], str, str | None]:
        if key in BASE_SECTIONS:
            _title, path, palette, combat = BASE_SECTIONS[key]
            return path, palette, combat
        weather, part = key.split(":", 1)[1].rsplit(".", 1)
        return ("weather", weather, part), WEATHER_PARTS[part], None

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

    def _table(self, data: dict, path: tuple[str, ...]) -> dict:
        for name in path:
            data = data.setdefault(name, {})
        return data

    def _load(self) -> None:
        key = self.section.currentData() or "terrain"
        path, palette, combat = self._section_spec(key)
        data = self.effects.model_dump()
        costs = self._table(data, path)
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

    def _apply(self, change, text: str) -> bool:
        if self._loading:
            return False
        before = self.effects
        data = before.model_dump()
        try:
            change(data)
            after = TerrainEffects.model_validate(data)
        except (ValueError, ValidationError) as exc:
            if isinstance(exc, ValidationError):
                err = exc.errors(include_url=False)[0]
                message = f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
                if "input" in err:
                    message += f" (got {err['input']!r})"
            else:
                message = str(exc)
            self.status.setText(message)
            self._load()
            return False
        if after == before:
            return False
        self.status.clear()
        self.doc.push(SetTable(self.doc, Kind.TERRAIN_EFFECTS, before, after, text))
        return True

    def set_cost(self, type_id: str, movement_class: str, text: str, section: str = "terrain") -> bool:
        """Set one cost cell (empty text clears it), as typing it into the grid does."""
        path, _palette, _combat = self._section_spec(section)

        def change(data: dict) -> None:
            table = self._table(data, path)
            row = dict(table.get(type_id, {}))
            if text.strip():
                row[movement_class] = text.strip()
            else:
                row.pop(movement_class, None)
            if row:
                table[type_id] = row
            else:
                table.pop(type_id, None)

        return self._apply(change, f"Set {type_id} cost for {movement_class}")

    def set_combat(self, type_id: str, text: str, section: str = "terrain") -> bool:
        _path, _palette, combat = self._section_spec(section)
        if combat is None:
            return False

        def change(data: dict) -> None:
            effect = parse_combat(text)
            if effect is None:
                data[combat].pop(type_id, None)
            else:
                data[combat][type_id] = effect.model_dump()

        return self._apply(change, f"Set combat effect of {type_id}")

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
        self._apply(lambda d: d.__setitem__("shift_mode", mode), "Change how column shifts combine")

    def _add_weather(self) -> None:
        wid = self.weather_id.text().strip()
        if not wid or wid in self.effects.weather:
            self.status.setText("Give a new weather id.")
            return

        def change(data: dict) -> None:
            data["weather"][wid] = WeatherCosts().model_dump()

        if self._apply(change, f"Add weather {wid}"):
            self.weather_id.clear()
