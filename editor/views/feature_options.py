"""The feature stamp's options: name, value, supply kind and observation level of what it places.

A small form under the palette; it only sets :class:`ToolSettings`, the stamp reads them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLineEdit, QSpinBox, QWidget

from ..tools.settings import ToolSettings

NONE = -1000  # the spin boxes' minimum, shown as "none": the value is left unset
SUPPLY_KINDS = ("", "source", "depot", "port", "airfield", "railhead")


def _optional_spin(tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(NONE, 999)
    box.setSpecialValueText("none")
    box.setValue(NONE)
    box.setToolTip(tip)
    return box


class FeatureOptions(QGroupBox):
    def __init__(self, settings: ToolSettings, parent: QWidget | None = None):
        super().__init__("Feature stamp places", parent)
        self.settings = settings
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setPlaceholderText("(no name)")
        self.name.textChanged.connect(lambda text: self.settings.update(feature_name=text.strip()))
        form.addRow("Name", self.name)
        self.value = _optional_spin("e.g. the victory points of an objective")
        self.value.valueChanged.connect(lambda v: self.settings.update(feature_value=None if v == NONE else v))
        form.addRow("Value", self.value)
        self.supply_kind = QComboBox()
        self.supply_kind.setEditable(True)
        self.supply_kind.addItems(SUPPLY_KINDS)
        self.supply_kind.setToolTip("what a supply source or depot supplies (free text; empty: none)")
        self.supply_kind.currentTextChanged.connect(lambda t: self.settings.update(feature_supply_kind=t.strip()))
        form.addRow("Supply kind", self.supply_kind)
        self.observation = _optional_spin("level when observing from this hex (a cathedral, St-Lô 11.2.2)")
        self.observation.valueChanged.connect(
            lambda v: self.settings.update(feature_observation_level=None if v == NONE else v))
        form.addRow("Observation level", self.observation)
