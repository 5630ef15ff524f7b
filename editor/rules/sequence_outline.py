"""The sequence of play as an outline: phases (``module.json``) with their steps
(``rules.json`` ``sequence.phases``), and the procedures steps call, with loops and
activations holding their own steps.

Drag an item to reorder it (or Alt+Up / Alt+Down), add phases, procedures and steps of
any kind, delete them; the selected item's fields show in a form beside the outline. After
every change the outline is read back into phases and steps, checked against the module,
and pushed as one :class:`SetRules` — or refused with the reason and drawn again.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.model import Phase
from hexwright.runtime.model.sequence import STEP_KINDS, Activation, Loop, SequenceRules, Step

from ..changes import Changes, Kind
from ..commands import SetRules
from ..document import MapDocument
from ..edits.model_fields import new_instance
from ..edits.outcome import EditRefused
from ..edits.rules import checked_rules
from .model_form import ModelForm

ROLE = Qt.ItemDataRole.UserRole
PHASE, PROCEDURES, PROCEDURE, STEP, DEFAULT = "phase", "procedures", "procedure", "step", "default"
_MODELS: dict[str, type[BaseModel]] = {}


def step_model(kind: str) -> type[BaseModel]:
    """The model of a step kind (``loop`` → :class:`Loop`)."""
    if not _MODELS:
        for member in Step.__origin__.__args__:  # type: ignore[attr-defined]
            _MODELS[member.model_fields["kind"].default] = member
    return _MODELS[kind]


def _step_text(step: Any) -> str:
    name = step.name or step.id or ""
    return f"{step.kind.replace('_', ' ')}: {name}" if name else step.kind.replace("_", " ")


def _child(item: QTreeWidgetItem | None, i: int) -> QTreeWidgetItem:
    child = item.child(i) if item is not None else None
    assert child is not None
    return child


def _top(tree: QTreeWidget, i: int) -> QTreeWidgetItem:
    item = tree.topLevelItem(i)
    assert item is not None
    return item


class _Tree(QTreeWidget):
    """Drag an item to reorder it: dropped above, below or onto (into) the item under the pointer.

    The move is made here, not by Qt's internal move, so a drop always ends in
    :meth:`SequenceOutline.commit`, which takes it or refuses it."""

    dropped = Signal()

    def drop_place(self, pos: QPoint) -> tuple[QTreeWidgetItem | None, int]:
        """(the new parent, None for the top level; the index among its children) for a drop at ``pos``."""
        target = self.itemAt(pos)
        if target is None:
            return None, self.topLevelItemCount()
        rect = self.visualItemRect(target)
        parent = target.parent()
        index = parent.indexOfChild(target) if parent is not None else self.indexOfTopLevelItem(target)
        into = bool(target.flags() & Qt.ItemFlag.ItemIsDropEnabled)
        quarter = rect.height() / 4
        if pos.y() < rect.top() + quarter or (not into and pos.y() < rect.center().y()):
            return parent, index
        if pos.y() > rect.bottom() - quarter or not into:
            return parent, index + 1
        return target, target.childCount()

    def dropEvent(self, event: QDropEvent) -> None:
        item = self.currentItem()
        if item is None:
            event.ignore()
            return
        parent, index = self.drop_place(event.position().toPoint())
        ancestor = parent
        while ancestor is not None:
            if ancestor is item:  # into itself
                event.ignore()
                return
            ancestor = ancestor.parent()
        old_parent = item.parent()
        old_index = old_parent.indexOfChild(item) if old_parent is not None else self.indexOfTopLevelItem(item)
        if old_parent is parent and old_index < index:
            index -= 1
        if old_parent is not None:
            old_parent.takeChild(old_index)
        else:
            self.takeTopLevelItem(old_index)
        if parent is not None:
            parent.insertChild(index, item)
        else:
            self.insertTopLevelItem(index, item)
        self.setCurrentItem(item)
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.dropped.emit()


class SequenceOutline(QWidget):
    refused = Signal(str)

    def __init__(self, doc: MapDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        tree = self.tree = _Tree()
        tree.setObjectName("sequence_tree")
        tree.setHeaderHidden(True)
        tree.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        tree.setDefaultDropAction(Qt.DropAction.MoveAction)
        tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tree.dropped.connect(self.commit)
        tree.currentItemChanged.connect(lambda *_: self._show_details())
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText("id of a new phase or procedure")
        self.kind = QComboBox()
        for kind in STEP_KINDS:
            self.kind.addItem(kind.replace("_", " "), kind)
        self.kind.setToolTip("the kind of step Add step adds")
        self.buttons: dict[str, QPushButton] = {}
        for text, slot in (("Add phase", self.add_phase), ("Add procedure", self.add_procedure),
                           ("Add step", self.add_step), ("Delete", self.delete), ("Up", lambda: self.move_item(-1)),
                           ("Down", lambda: self.move_item(1))):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[text] = button
        row1, row2 = QHBoxLayout(), QHBoxLayout()
        row1.addWidget(self.new_id, 1)
        for t in ("Add phase", "Add procedure"):
            row1.addWidget(self.buttons[t])
        row2.addWidget(self.kind, 1)
        for t in ("Add step", "Delete", "Up", "Down"):
            row2.addWidget(self.buttons[t])
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(tree, 1)
        lv.addLayout(row1)
        lv.addLayout(row2)
        self.details = QScrollArea()
        self.details.setWidgetResizable(True)
        self.form: ModelForm | None = None
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.details)
        split.setSizes([360, 420])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        for keys, step in (("Alt+Up", -1), ("Alt+Down", 1)):
            QShortcut(QKeySequence(keys), tree, lambda s=step: self.move_item(s))
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), tree, self.delete)
        doc.changed.connect(self._document_changed)
        self.reload()

    # -- model → outline ----------------------------------------------------------------------

    def _document_changed(self, changes: Changes) -> None:
        if changes.reset or changes.touches(Kind.RULES, Kind.META):
            self.reload()

    def _add_steps(self, parent: QTreeWidgetItem, steps: list[Any]) -> None:
        for step in steps:
            item = QTreeWidgetItem(parent, [_step_text(step)])
            item.setData(0, ROLE, (STEP, step))
            item.setToolTip(0, " ".join((type(step).__doc__ or "").split()))
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
            if isinstance(step, (Loop, Activation)):
                flags |= Qt.ItemFlag.ItemIsDropEnabled
                self._add_steps(item, step.steps)
            item.setFlags(flags)

    def reload(self) -> None:
        path = self.current_path()
        tree = self.tree
        tree.blockSignals(True)
        tree.clear()
        m = self.doc.module
        seq = m.rules.sequence
        can_drop = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled
        for phase in m.meta.sequence:
            side = f" — {phase.side}" if phase.side else ""
            item = QTreeWidgetItem(tree, [f"{phase.name} ({phase.kind}){side}"])
            item.setData(0, ROLE, (PHASE, phase))
            item.setFlags(can_drop | Qt.ItemFlag.ItemIsDragEnabled)
            if phase.id in seq.phases:
                self._add_steps(item, seq.phases[phase.id])
            else:
                hint = QTreeWidgetItem(item, [f"(the usual steps of a {phase.kind} phase)"])
                hint.setData(0, ROLE, (DEFAULT, None))
                hint.setFlags(Qt.ItemFlag.ItemIsEnabled)
        group = QTreeWidgetItem(tree, ["Procedures (called by steps)"])
        group.setData(0, ROLE, (PROCEDURES, None))
        group.setFlags(can_drop)
        for pid, steps in seq.procedures.items():
            item = QTreeWidgetItem(group, [f"{pid}"])
            item.setData(0, ROLE, (PROCEDURE, pid))
            item.setFlags(can_drop)
            self._add_steps(item, steps)
        tree.expandAll()
        tree.blockSignals(False)
        self.select_path(path)
        self._show_details()

    # -- paths (which item is selected, kept across a reload) -------------------------------------

    def current_path(self) -> tuple[int, ...]:
        item = self.tree.currentItem()
        out: list[int] = []
        while item is not None:
            parent = item.parent()
            out.append(parent.indexOfChild(item) if parent else self.tree.indexOfTopLevelItem(item))
            item = parent
        return tuple(reversed(out))

    def item_at(self, path: tuple[int, ...]) -> QTreeWidgetItem | None:
        if not path:
            return None
        item = self.tree.topLevelItem(path[0])
        for i in path[1:]:
            if item is None:
                return None
            item = item.child(i)
        return item

    def select_path(self, path: tuple[int, ...]) -> None:
        item = self.item_at(path)
        if item is not None:
            self.tree.setCurrentItem(item)

    # -- outline → model ---------------------------------------------------------------------------

    def _step_of(self, item: QTreeWidgetItem) -> Any:
        kind, step = item.data(0, ROLE)
        if kind != STEP:
            raise EditRefused(f"{item.text(0)!r} cannot go there: only steps go inside a phase, a procedure, "
                              "a loop or an activation")
        if isinstance(step, (Loop, Activation)):
            children = [self._step_of(_child(item, i)) for i in range(item.childCount())]
            if not children:
                raise EditRefused(f"{step.kind} {step.name or step.id or ''}: a {step.kind} needs at least one step")
            step = step.model_copy(update={"steps": children})
        elif item.childCount():
            raise EditRefused(f"{_step_text(step)}: only a loop or an activation holds steps")
        return step

    def _steps_under(self, item: QTreeWidgetItem) -> list[Any]:
        return [self._step_of(_child(item, i)) for i in range(item.childCount())
                if _child(item, i).data(0, ROLE)[0] != DEFAULT]

    def read_back(self) -> tuple[list[Phase], SequenceRules]:
        """The phases and steps the outline shows now; a refusal if a drop put something where it cannot go."""
        m = self.doc.module
        seq = m.rules.sequence
        phases: list[Phase] = []
        steps: dict[str, list[Any]] = {}
        procedures: dict[str, list[Any]] = {}
        for i in range(self.tree.topLevelItemCount()):
            top = _top(self.tree, i)
            kind, value = top.data(0, ROLE)
            if kind == PHASE:
                phases.append(value)
                had_default = any(_child(top, j).data(0, ROLE)[0] == DEFAULT for j in range(top.childCount()))
                under = self._steps_under(top)
                if under or (value.id in seq.phases and not had_default):
                    steps[value.id] = under
            elif kind == PROCEDURES:
                for j in range(top.childCount()):
                    child = _child(top, j)
                    ckind, pid = child.data(0, ROLE)
                    if ckind != PROCEDURE:
                        raise EditRefused("only procedures go in the procedures group (put the step in a procedure)")
                    procedures[pid] = self._steps_under(child)
            elif kind == STEP:
                raise EditRefused(f"{top.text(0)!r}: a step belongs to a phase or a procedure")
            else:
                raise EditRefused(f"{top.text(0)!r} cannot go there")
        return phases, seq.model_copy(update={"phases": steps, "procedures": procedures})

    def commit(self, text: str = "Change sequence of play") -> bool:
        m = self.doc.module
        try:
            phases, seq = self.read_back()
            edit = checked_rules(m, m.rules.model_copy(update={"sequence": seq}), phases, text)
        except EditRefused as exc:
            self.refused.emit(str(exc))
            self.reload()
            return False
        if edit.rules == m.rules and [p.model_dump() for p in edit.phases] == [p.model_dump() for p in m.meta.sequence]:
            return False
        path = self.current_path()
        self.doc.push(SetRules(self.doc, edit.rules, edit.phases, text))
        self.select_path(path)
        return True

    # -- buttons ----------------------------------------------------------------------------------

    def _new_id(self, taken: set[str]) -> str | None:
        key = self.new_id.text().strip()
        if not key:
            self.refused.emit("type the id of the new phase or procedure first")
            return None
        if key in taken:
            self.refused.emit(f"{key!r} is already there")
            return None
        return key

    def add_phase(self) -> None:
        key = self._new_id({p.id for p in self.doc.module.meta.sequence})
        if key is None:
            return
        try:
            phase = Phase(id=key, name=key.replace("_", " ").capitalize())
        except ValueError as exc:
            self.refused.emit(f"phase id {key!r}: {exc}")
            return
        item = QTreeWidgetItem([phase.name])
        item.setData(0, ROLE, (PHASE, phase))
        index = self.tree.topLevelItemCount() - 1  # before the procedures group
        self.tree.insertTopLevelItem(index, item)
        self.tree.setCurrentItem(item)
        if self.commit(f"Add phase {key}"):
            self.new_id.clear()

    def add_procedure(self) -> None:
        key = self._new_id(set(self.doc.module.rules.sequence.procedures))
        if key is None:
            return
        group = _top(self.tree, self.tree.topLevelItemCount() - 1)
        item = QTreeWidgetItem(group, [key])
        item.setData(0, ROLE, (PROCEDURE, key))
        try:
            first = new_instance(step_model("actions"), self.doc.module)
        except EditRefused as exc:
            self.refused.emit(str(exc))
            return
        self._add_steps(item, [first])
        self.tree.setCurrentItem(item)
        if self.commit(f"Add procedure {key}"):
            self.new_id.clear()

    def add_step(self) -> None:
        """A new step of the chosen kind after the selected step, or as the last of the selected phase."""
        item = self.tree.currentItem()
        if item is None:
            self.refused.emit("select a phase, a procedure or a step to add a step to")
            return
        kind = self.kind.currentData()
        try:
            step = new_instance(step_model(kind), self.doc.module)
        except EditRefused as exc:
            self.refused.emit(str(exc))
            return
        role = item.data(0, ROLE)[0]
        holder: QTreeWidgetItem = item
        index = item.childCount()
        parent = item.parent()
        leaf = role == STEP and not isinstance(item.data(0, ROLE)[1], (Loop, Activation))
        if (leaf or role == DEFAULT) and parent is not None:
            holder = parent
            index = holder.indexOfChild(item) + 1
        elif role == PROCEDURES:
            self.refused.emit("add a procedure first (type its id), then steps to it")
            return
        if holder.childCount() and _child(holder, 0).data(0, ROLE)[0] == DEFAULT:
            holder.takeChild(0)
            index = max(0, index - 1)
        new = QTreeWidgetItem([_step_text(step)])
        new.setData(0, ROLE, (STEP, step))
        holder.insertChild(index, new)
        self.tree.setCurrentItem(new)
        self.commit(f"Add {kind.replace('_', ' ')} step")

    def delete(self) -> None:
        item = self.tree.currentItem()
        if item is None or item.data(0, ROLE)[0] in (PROCEDURES, DEFAULT):
            return
        parent = item.parent()
        (parent.removeChild(item) if parent is not None else self.tree.takeTopLevelItem(
            self.tree.indexOfTopLevelItem(item)))
        self.commit(f"Delete {item.text(0)}")

    def move_item(self, by: int) -> None:
        """Move the selected item up (-1) or down (+1) among its siblings (Alt+Up / Alt+Down)."""
        item = self.tree.currentItem()
        if item is None or item.data(0, ROLE)[0] in (PROCEDURES, DEFAULT):
            return
        parent = item.parent()
        if parent is None:
            index = self.tree.indexOfTopLevelItem(item)
            target = index + by
            if not 0 <= target < self.tree.topLevelItemCount() - 1:  # the procedures group stays last
                return
            self.tree.takeTopLevelItem(index)
            self.tree.insertTopLevelItem(target, item)
        else:
            index = parent.indexOfChild(item)
            target = index + by
            if not 0 <= target < parent.childCount():
                return
            parent.takeChild(index)
            parent.insertChild(target, item)
        self.tree.setCurrentItem(item)
        self.commit("Move " + item.text(0))

    # -- the selected item's fields ---------------------------------------------------------------

    def _show_details(self) -> None:
        item = self.tree.currentItem()
        role, value = item.data(0, ROLE) if item is not None else (None, None)
        if role not in (PHASE, STEP) or not isinstance(value, BaseModel):
            if self.form is not None:
                self.form.hide()
            return
        model = type(value)
        if self.form is None or self.form.model is not model:
            self.form = ModelForm(model, lambda: self.doc.module, skip=("kind", "steps"))
            self.form.edited.connect(self._item_edited)
            self.form.refused.connect(self.refused)
            self.details.setWidget(self.form)
        self.form.show()
        self.form.set_value(value)

    def _item_edited(self, value: BaseModel, field: str) -> None:
        item = self.tree.currentItem()
        if item is None:
            return
        role, old = item.data(0, ROLE)
        if role == STEP and isinstance(old, (Loop, Activation)):
            value = value.model_copy(update={"steps": old.steps})
        item.setData(0, ROLE, (role, value))
        self.commit(f"Change {field} of {item.text(0)}")

