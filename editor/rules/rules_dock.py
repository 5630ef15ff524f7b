"""The rules screens: everything in ``rules.json`` as tabs of forms, one undo step per change.

Sequence of play (an outline of phases and steps, drag to reorder), movement, zones of
control, stacking, supply, line of sight, combat, retreats and advances, weather, victory,
the rest (statuses, pools, arrivals, air drops, control) and the enforcement level of each
rule. Every form is generated from the model (:class:`ModelForm`); a change is checked
against the module (:func:`editor.edits.rules.checked_rules`) and pushed as one
:class:`SetRules`, or refused with the reason shown under the tabs.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QComboBox, QFrame, QLabel, QScrollArea, QTableWidget, QTabWidget, QVBoxLayout, QWidget

from hexwright.runtime.model.rules_config import (
    RULE_IDS,
    AdvanceRules,
    CombatRules,
    LosRules,
    MovementRules,
    RetreatRules,
    RulesConfig,
    StackingRules,
    SupplyRules,
    ZocRules,
)
from hexwright.runtime.model.sequence import declared_step_ids

from ..changes import Changes, Kind
from ..commands import SetRules
from ..document import MapDocument
from ..edits.outcome import EditRefused
from ..edits.rules import get_path, rules_with
from ..edits.rules_help import HINTS
from ..pieces.lookup_editor import VictoryEditor
from .model_form import ModelForm
from .sequence_outline import SequenceOutline

_COMBAT_ONLY = tuple(n for n in CombatRules.model_fields if n != "weather_shifts")
_TOP = ("movement", "zoc", "stacking", "supply", "los", "combat", "sequence", "enforcement")

TABS: list[tuple[str, tuple[str, ...], type[BaseModel], tuple[str, ...]]] = [
    ("Movement", ("movement",), MovementRules, ()),
    ("ZOC", ("zoc",), ZocRules, ()),
    ("Stacking", ("stacking",), StackingRules, ()),
    ("Supply", ("supply",), SupplyRules, ()),
    ("LOS", ("los",), LosRules, ()),
    ("Combat", ("combat",), CombatRules, ("retreat", "advance", "weather_shifts")),
    ("Retreat", ("combat", "retreat"), RetreatRules, ()),
    ("Advance", ("combat", "advance"), AdvanceRules, ()),
    ("Weather", ("combat",), CombatRules, _COMBAT_ONLY),
    ("Statuses, pools, arrivals", (), RulesConfig, _TOP),
]
"""(tab title, path in rules.json, model, fields left out)."""
_FORMS = {title: (path, model, skip) for title, path, model, skip in TABS}

LEVELS = ("enforce", "warn", "off")


class RulesDock(QWidget):
    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.tabs = QTabWidget()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setObjectName("rules_message")
        self.message.setStyleSheet("color: #a02020")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self.outline = SequenceOutline(doc)
        self.outline.refused.connect(self.show_refusal)
        self.tabs.addTab(self.outline, "Sequence of play")
        self._built: dict[str, tuple[tuple[str, ...], ModelForm]] = {}
        """The forms made so far: a form is made when its tab is first shown or asked for (the
        dozen forms of rules.json took most of this dock's making, behind tabs not shown)."""
        self._pages: dict[str, QScrollArea] = {}
        for title, _path, _model, _skip in TABS:
            page = self._pages[title] = self._scrolled(None)
            self.tabs.addTab(page, title)
        self.tabs.currentChanged.connect(self._shown)
        self.victory = VictoryEditor(doc)
        self.tabs.addTab(self._scrolled(self.victory), "Victory")
        self.enforcement = QTableWidget(0, 2)
        self.enforcement.setHorizontalHeaderLabels(["rule", "enforcement"])
        self.enforcement.horizontalHeader().setStretchLastSection(True)
        self.enforcement.setToolTip(HINTS["_Step.enforcement"])
        self.tabs.addTab(self.enforcement, "Enforcement")
        doc.changed.connect(self._document_changed)
        self.reload()

    @staticmethod
    def _scrolled(page: QWidget | None) -> QScrollArea:
        """A page that scrolls by itself when taller than the dock: the dock never scrolls as a whole,
        so the tabs, the outline's buttons and the refusal message stay in sight."""
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        if page is not None:
            scroll.setWidget(page)
        return scroll

    @property
    def forms(self) -> dict[str, tuple[tuple[str, ...], ModelForm]]:
        """Every form by its tab's title, with its path in rules.json (each made now if it was not)."""
        return {title: (path, self.form(title)) for title, path, _model, _skip in TABS}

    def _shown(self, index: int) -> None:
        title = self.tabs.tabText(index)
        if title in self._pages:
            self.form(title)

    def tab(self, title: str) -> QWidget:
        """The page of the tab titled ``title`` (tests and the window's menu use it)."""
        if title in self._pages:
            self.form(title)
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if self.tabs.tabText(i) == title and page is not None:
                return page
        raise KeyError(title)

    def form(self, title: str) -> ModelForm:
        built = self._built.get(title)
        if built is None:
            path, model, skip = _FORMS[title]
            form = ModelForm(model, lambda: self.doc.module, skip=skip, columns=2)
            form.edited.connect(lambda value, key, p=path: self._edited(p, value, key))
            form.refused.connect(self.show_refusal)
            form.set_value(get_path(self.doc.module.rules, path))
            self._pages[title].setWidget(form)
            built = self._built[title] = (path, form)
        return built[1]

    # -- document → forms ----------------------------------------------------------------------

    def _document_changed(self, changes: Changes) -> None:
        if changes.reset or changes.touches(Kind.RULES, Kind.META, Kind.PIECES, Kind.SIDES, Kind.UNIT_TYPES,
                                            Kind.CRTS, Kind.LOOKUPS):
            self.reload()

    def reload(self) -> None:
        rules = self.doc.module.rules
        for path, form in self._built.values():  # a form not made yet reads the rules when it is
            form.set_value(get_path(rules, path))
        self.outline.reload()
        self._reload_enforcement()

    def _rule_ids(self) -> list[str]:
        steps = sorted(declared_step_ids(self.doc.module.rules.sequence))
        return [*RULE_IDS, *(f"step.{s}" for s in steps)]

    def _reload_enforcement(self) -> None:
        ids = self._rule_ids()
        table = self.enforcement
        table.setRowCount(len(ids))
        for row, rule in enumerate(ids):
            label = table.item(row, 0)
            if label is None or label.text() != rule:
                from PySide6.QtWidgets import QTableWidgetItem

                table.setItem(row, 0, QTableWidgetItem(rule))
            combo = table.cellWidget(row, 1)
            if not isinstance(combo, QComboBox) or combo.property("rule") != rule:
                combo = QComboBox()
                combo.addItems(list(LEVELS))
                combo.setProperty("rule", rule)
                combo.currentTextChanged.connect(lambda level, r=rule: self._set_enforcement(r, level))
                table.setCellWidget(row, 1, combo)
            combo.blockSignals(True)
            combo.setCurrentText(self.doc.module.rules.enforcement_of(rule))
            combo.blockSignals(False)

    # -- forms → document ------------------------------------------------------------------------

    def show_refusal(self, reason: str) -> None:
        self.message.setText(f"Not changed: {reason}")

    def _edited(self, path: tuple[str, ...], value: Any, key: str) -> None:
        where = ".".join((*path, key))
        try:
            edit = rules_with(self.doc.module, path, value, f"Change rules: {where}")
        except EditRefused as exc:
            self.show_refusal(str(exc))
            self.reload()
            return
        self.message.setText("")
        self.doc.push(SetRules(self.doc, edit.rules, None, edit.text, merge_key=where))

    def _set_enforcement(self, rule: str, level: str) -> None:
        levels: dict[str, Any] = dict(self.doc.module.rules.enforcement)
        if level == "enforce":
            levels.pop(rule, None)
        else:
            levels[rule] = level
        self._edited(("enforcement",), levels, rule)


def add_rules_dock(window: Any, doc: MapDocument) -> tuple[RulesDock, Any]:
    """The Rules dock, tabbed with the pieces docks at the bottom (or alone there)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    rules = RulesDock(doc)
    dock = QDockWidget("Rules", window)
    dock.setObjectName("rules")
    dock.setWidget(rules)  # each tab scrolls by itself (RulesDock._scrolled), so the dock fits a 768-pixel screen
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    pieces = getattr(window, "pieces_docks", None)
    if pieces is not None and pieces.docks:
        window.tabifyDockWidget(list(pieces.docks.values())[-1], dock)
    return rules, dock
