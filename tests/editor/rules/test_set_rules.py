"""SetRules: push, undo, redo, merge; the checks it is pushed after (editor.edits.rules)."""

from __future__ import annotations

import pytest

from hexwright.editor.changes import Kind
from hexwright.editor.edits.outcome import EditRefused
from hexwright.editor.edits.rules import checked_rules, rules_with
from hexwright.runtime.model import Phase
from hexwright.runtime.model.starter_templates import module_from_template


@pytest.fixture
def doc(qapp):
    from hexwright.editor.document import MapDocument

    return MapDocument(module_from_template("igo-ugo", "t", "T", 6, 5))


def test_push_undo_redo_and_one_change_record(doc):
    from hexwright.editor.commands import SetRules

    seen = []
    doc.changed.connect(seen.append)
    edit = rules_with(doc.module, ("zoc", "can_leave"), True, "Change rules: zoc.can_leave")
    doc.push(SetRules(doc, edit.rules, None, edit.text))
    assert doc.module.rules.zoc.can_leave and seen[-1].touches(Kind.RULES) and not seen[-1].touches(Kind.META)
    doc.undo_stack.undo()
    assert not doc.module.rules.zoc.can_leave
    doc.undo_stack.redo()
    assert doc.module.rules.zoc.can_leave


def test_same_field_merges_other_fields_do_not(doc):
    from hexwright.editor.commands import SetRules

    for n in (3, 4):
        e = rules_with(doc.module, ("los", "auto_range"), n, "")
        doc.push(SetRules(doc, e.rules, None, e.text, merge_key="los.auto_range"))
    e = rules_with(doc.module, ("los", "max_range"), 5, "")
    doc.push(SetRules(doc, e.rules, None, e.text, merge_key="los.max_range"))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.module.rules.los.auto_range == 2


def test_phases_change_with_the_rules_as_one_step(doc):
    from hexwright.editor.commands import SetRules

    phases = [*doc.module.meta.sequence, Phase(id="end", name="End", kind="end")]
    edit = checked_rules(doc.module, doc.module.rules, phases)
    seen = []
    doc.changed.connect(seen.append)
    doc.push(SetRules(doc, edit.rules, edit.phases))
    assert doc.module.meta.sequence[-1].id == "end" and seen[-1].touches(Kind.META)
    doc.undo_stack.undo()
    assert [p.id for p in doc.module.meta.sequence][-1] == "red_combat"


def test_refusals_name_the_field():
    m = module_from_template("igo-ugo", "t", "T", 6, 5)
    with pytest.raises(EditRefused, match="zoc.exerting_unit_types.*'ghost'"):
        rules_with(m, ("zoc", "exerting_unit_types"), ["ghost"], "")
    with pytest.raises(EditRefused, match="two phases share the id 'blue_movement'"):
        checked_rules(m, m.rules, [*m.meta.sequence, m.meta.sequence[0]])
    with pytest.raises(EditRefused, match="limit"):
        rules_with(m, ("stacking", "limit"), 0, "")
