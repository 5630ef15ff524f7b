"""The palette: terrain, hex features, hexside features, roads/rail and levels of the map.

Picking an entry makes it what the tools paint with. Types can be added, renamed,
recoloured and deleted here (levels too); deleting a type or level in use asks what to
replace it with.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import (
    ConnectionType,
    Grid,
    HexFeatureType,
    HexsideFeatureType,
    Level,
    MapData,
    TerrainType,
)
from hexwright.runtime.ui.colors import qcolor
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.level_layers import stripe_image
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.validation import check_module

from ..changes import Changes, Kind
from ..commands import ChangePaletteType, DeleteLevel, DeletePaletteType
from ..commands.set_levels import SetLevels
from ..document import MapDocument
from ..edits.palette import CATEGORIES, Category, level_uses, new_type_id, type_uses, types_of, without_type
from ..tools.settings import ToolSettings

TITLES = {"terrain": "Terrain", "feature": "Hex features", "hexside": "Hexside features",
          "connection": "Roads & rail", "level": "Levels"}
SETTING = {"terrain": "terrain", "feature": "feature_type", "hexside": "hexside_feature",
           "connection": "connection", "level": "level"}
NEW_TYPE = {"terrain": lambda n: TerrainType(name=n, color="#d0d0d0"),
            "feature": lambda n: HexFeatureType(name=n),
            "hexside": lambda n: HexsideFeatureType(name=n),
            "connection": lambda n: ConnectionType(name=n)}
ROLE = Qt.ItemDataRole.UserRole


def swatch(color: str) -> QIcon:
    pix = QPixmap(16, 16)
    pix.fill(qcolor(color) if color else QColor(0, 0, 0, 0))
    return QIcon(pix)


def level_swatch(level: Level) -> QIcon:
    """A level's colour, or stripes of its two colours (a level printed as a combination)."""
    if level.stripe_color is None:
        return swatch(level.color)
    return QIcon(QPixmap.fromImage(stripe_image(qcolor(level.color), qcolor(level.stripe_color))))


def terrain_swatch(terrain: TerrainType, size: int = 22) -> QIcon:
    """One hex of ``terrain`` with its pattern, drawn by the map painter itself."""
    one = MapData(grid=Grid(cols=1, rows=1, hex_size=40.0), default_terrain="t", terrain_types={"t": terrain})
    painter_ = MapPainter(one, Layers.only("terrain", "grid"))
    rect = painter_.map_rect()
    image = QImage(size * 2, size * 2, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    p = QPainter(image)
    try:
        scale = min(image.width() / rect.width(), image.height() / rect.height())
        p.scale(scale, scale)
        p.translate(-rect.left(), -rect.top())
        painter_.paint(p, None)
    finally:
        p.end()
    return QIcon(QPixmap.fromImage(image))


class PaletteDock(QWidget):
    """The palette widget (put into a QDockWidget by the main window)."""

    def __init__(self, doc: MapDocument, settings: ToolSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc, self.settings = doc, settings
        self.items: dict[tuple[str, str], QTreeWidgetItem] = {}
        self.ask_replacement: Callable[[str, list[str]], str | None] = self._ask_replacement
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setIconSize(QSize(22, 22))
        self.tree.itemClicked.connect(self._picked)
        self.tree.currentItemChanged.connect(lambda item, _old: self._show_properties())
        buttons = QHBoxLayout()
        self.buttons = {}
        for name, slot in (("Add", self.add_type), ("Rename", self.rename_type),
                           ("Colour", self.recolour_type), ("Delete", self.delete_type)):
            b = QPushButton(name)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.buttons[name] = b
        form = QFormLayout()
        self.radius = QSpinBox()
        self.radius.setRange(0, 5)
        self.radius.valueChanged.connect(lambda v: self.settings.update(radius=v))
        form.addRow("Brush radius", self.radius)
        self.level_mode = QComboBox()
        self.level_mode.addItems(["set", "raise", "lower"])
        self.level_mode.currentTextChanged.connect(lambda m: self.settings.update(level_mode=m))
        form.addRow("Level brush", self.level_mode)
        self.side = QComboBox()
        self.side.currentIndexChanged.connect(self._side_picked)
        form.addRow("Feature side", self.side)
        from .feature_options import FeatureOptions

        self.feature_options = FeatureOptions(settings, self)
        from .type_properties import TypeProperties

        self.properties = TypeProperties(doc, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.properties)
        layout.addLayout(form)
        layout.addWidget(self.feature_options)
        doc.changed.connect(self._document_changed)
        settings.changed.connect(self._sync_from_settings)
        self.rebuild()

    # -- listing --------------------------------------------------------------------------

    def _document_changed(self, changes: Changes) -> None:
        renamed = changes.new_id(Kind.TERRAIN_TYPES, self.settings.terrain)
        if renamed is not None:  # the brush goes on painting the terrain it painted, under its new id
            self.settings.terrain = renamed
        if changes.reset:
            self.rebuild()

    def rebuild(self) -> None:
        """List the types again, keeping the picked entry (or, if it is gone, its category)."""
        picked = self.current() if self.tree.currentItem() is not None else None
        self.settings.fill_defaults(self.doc.map)
        self.tree.blockSignals(True)
        self.tree.clear()
        self.items: dict[tuple[str, str], QTreeWidgetItem] = {}
        for category in (*CATEGORIES, "level"):
            top = QTreeWidgetItem([TITLES[category]])
            top.setData(0, ROLE, (category, None))
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(top)
            if category == "level":
                entries = [(str(lv.value), lv.name or f"Level {lv.value}", level_swatch(lv))
                           for lv in self.doc.map.levels]
            else:
                entries = [(tid, t.name, swatch(t.color)) for tid, t in types_of(self.doc.module, category).items()]
            for tid, name, icon in entries:
                item = QTreeWidgetItem([f"{name}  ({tid})"])
                if category == "terrain":
                    item.setIcon(0, terrain_swatch(self.doc.map.terrain_types[tid]))
                else:
                    item.setIcon(0, icon)
                item.setData(0, ROLE, (category, tid))
                top.addChild(item)
                self.items[(category, tid)] = item
            top.setExpanded(True)
        if picked is not None:
            category, tid = picked
            again = self.items.get((category, tid))
            if again is None:  # deleted: the category stays picked, so Add still adds to it
                again = next(self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())
                             if self.tree.topLevelItem(i).data(0, ROLE)[0] == category)
            self.tree.setCurrentItem(again)
        self.tree.blockSignals(False)
        self._show_properties()
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItem("(no side)", None)
        for sid, s in self.doc.module.pieces.sides.items():
            self.side.addItem(s.name, sid)
        self.side.blockSignals(False)
        self._sync_from_settings()

    def _sync_from_settings(self) -> None:
        for (category, tid), item in self.items.items():
            current = str(getattr(self.settings, SETTING[category]))
            font = item.font(0)
            font.setBold(current == tid)
            item.setFont(0, font)
        if self.radius.value() != self.settings.radius:
            self.radius.setValue(self.settings.radius)
        if self.level_mode.currentText() != self.settings.level_mode:
            self.level_mode.setCurrentText(self.settings.level_mode)

    def current(self) -> tuple[str, str | None]:
        item = self.tree.currentItem()
        return item.data(0, ROLE) if item is not None else ("terrain", None)

    def select(self, category: str, tid: str) -> None:
        item = self.items[(category, tid)]
        self.tree.setCurrentItem(item)
        self._picked(item)

    def _show_properties(self) -> None:
        category, tid = self.current()
        self.properties.show_type(category, tid)

    def _picked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        category, tid = item.data(0, ROLE)
        if tid is None:
            return
        value = int(tid) if category == "level" else tid
        self.settings.update(**{SETTING[category]: value})

    def _side_picked(self, index: int) -> None:
        self.settings.update(feature_side=self.side.itemData(index))

    # -- changing types -------------------------------------------------------------------

    def add_type(self) -> None:
        category, _ = self.current()
        if category == "level":
            values = [lv.value for lv in self.doc.map.levels]
            value = max(values, default=-1) + 1
            levels = sorted([*self.doc.map.levels, Level(value=value, name=f"Level {value}")], key=lambda lv: lv.value)
            self.doc.push(SetLevels(self.doc, levels, f"Add Level {value}"))
            return
        name, ok = QInputDialog.getText(self, f"New {TITLES[category].lower()} type", "Name:")
        if ok and name.strip():
            self.add_named(category, name.strip())

    def _level(self, value: int) -> Level:
        return next(lv for lv in self.doc.map.levels if lv.value == value)

    def change_level(self, value: int, **changes: object) -> None:
        """Rename or recolour one level (one undo step)."""
        levels = [lv.model_copy(update=changes) if lv.value == value else lv for lv in self.doc.map.levels]
        if levels != self.doc.map.levels:
            self.doc.push(SetLevels(self.doc, levels, f"Change Level {value}"))

    def add_named(self, category: Category, name: str) -> str:
        tid = new_type_id(types_of(self.doc.module, category), name)
        self.doc.push(ChangePaletteType(self.doc, category, tid, NEW_TYPE[category](name)))
        return tid

    def rename_type(self) -> None:
        category, tid = self.current()
        if tid is None:
            return
        if category == "level":
            level = self._level(int(tid))
            name, ok = QInputDialog.getText(self, "Rename level", "Name:", text=level.name)
            if ok:
                self.change_level(int(tid), name=name.strip())
            return
        old = types_of(self.doc.module, category)[tid]
        name, ok = QInputDialog.getText(self, "Rename", "Name:", text=old.name)
        if ok and name.strip() and name.strip() != old.name:
            self.doc.push(ChangePaletteType(self.doc, category, tid, old.model_copy(update={"name": name.strip()}),
                                            f"Rename {old.name} to {name.strip()}"))

    def recolour_type(self) -> None:
        category, tid = self.current()
        if tid is None:
            return
        if category == "level":
            color = QColorDialog.getColor(qcolor(self._level(int(tid)).color), self, "Level colour",
                                          QColorDialog.ColorDialogOption.ShowAlphaChannel)
            if color.isValid():
                self.change_level(int(tid), color="#%02x%02x%02x%02x" % (color.red(), color.green(), color.blue(),
                                                                          color.alpha()))
            return
        old = types_of(self.doc.module, category)[tid]
        color = QColorDialog.getColor(qcolor(old.color), self, f"Colour of {old.name}")
        if color.isValid():
            self.set_colour(category, tid, color.name())

    def set_colour(self, category: Category, tid: str, color: str) -> None:
        old = types_of(self.doc.module, category)[tid]
        self.doc.push(ChangePaletteType(self.doc, category, tid, old.model_copy(update={"color": color}),
                                        f"Recolour {old.name}"))

    def delete_type(self) -> None:
        category, tid = self.current()
        if tid is None:
            return
        if category == "level":
            self.delete_level(int(tid))
            return
        self.delete_named(category, tid)

    def delete_level(self, value: int) -> bool:
        """Remove a level; when hexes stand on it, ask which level they go to."""
        replacement = None
        uses = level_uses(self.doc.module, value)
        if uses:
            others = [lv for lv in self.doc.map.levels if lv.value != value]
            if not others:
                QMessageBox.warning(self, "Delete level", f"{uses} hexes stand on this level, and there is no "
                                    "other level to move them to. Add one first.")
                return False
            labels = [f"{lv.value}: {lv.name or f'Level {lv.value}'}" for lv in others]
            answer = self.ask_replacement(f"level {value}", labels)
            if answer is None:
                return False
            replacement = others[labels.index(answer)].value
        self.doc.push(DeleteLevel(self.doc, value, replacement))
        return True

    def delete_named(self, category: Category, tid: str) -> bool:
        types = types_of(self.doc.module, category)
        replacement = None
        if type_uses(self.doc.module, category, tid) or (category == "terrain"):
            others = [t for t in types if t != tid]
            if category == "terrain" and not others:
                QMessageBox.warning(self, "Delete", "The map needs at least one terrain type.")
                return False
            if type_uses(self.doc.module, category, tid):
                options = others if category == "terrain" else ["(remove it)", *others]
                answer = self.ask_replacement(tid, options)
                if answer is None:
                    return False
                replacement = None if answer == "(remove it)" else answer
            elif category == "terrain":
                replacement = others[0]
        after = without_type(self.doc.module, category, tid, replacement)
        problems = [p for p in check_module(after, self.doc.assets) if p.file != "map.json"]
        before = {str(p) for p in check_module(self.doc.module, self.doc.assets)}
        new = [p for p in problems if str(p) not in before]
        if new:
            QMessageBox.warning(self, "Cannot delete", "Other parts of the module use this type:\n"
                                + "\n".join(str(p) for p in new[:10]))
            return False
        self.doc.push(DeletePaletteType(self.doc, category, tid, replacement))
        return True

    def _ask_replacement(self, tid: str, options: list[str]) -> str | None:
        choice, ok = QInputDialog.getItem(self, "Type in use", f"Hexes use {tid!r}. Replace it with:",
                                          options, 0, False)
        return choice if ok else None
