"""Autosave slots: one per module path and one per never-saved map, never shared."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.runtime.storage import files_from_module, save_module

pytestmark = pytest.mark.gui


def _open(qtbot, path, answer=True):
    from hexwright.editor.views.main_window import open_editor

    w = open_editor(path, confirm=lambda title, q: answer)
    w.ask_unsaved = lambda: "discard"
    w.autosave_timer.stop()
    qtbot.addWidget(w)
    return w


def _crash(window):
    """The window goes away without a clean close: its autosave stays behind."""
    from hexwright.editor.views.main_window import _open_windows

    window.autosave_timer.stop()
    _open_windows.remove(window)


def test_two_modules_keep_separate_recovery(qtbot, tmp_path):
    from hexwright.editor import recovery
    from hexwright.editor.commands import PaintTerrain

    a, b = tmp_path / "a", tmp_path / "b"
    save_module(small_module(8, 7), a)
    save_module(small_module(8, 7), b)
    wa, wb = _open(qtbot, a), _open(qtbot, b)
    wa.doc.push(PaintTerrain(wa.doc, ["0505"], "marsh"))
    wb.doc.push(PaintTerrain(wb.doc, ["0606"], "water"))
    assert wa.file_actions.autosave() != wb.file_actions.autosave()
    _crash(wa)
    _crash(wb)
    again_a = _open(qtbot, a)
    assert again_a.doc.map.terrain_of("0505") == "marsh" and "0606" not in again_a.doc.map.hexes
    assert recovery.find_recovery(b) is not None  # b's slot untouched by opening a
    again_b = _open(qtbot, b)
    assert again_b.doc.map.terrain_of("0606") == "water" and "0505" not in again_b.doc.map.hexes


def test_new_maps_do_not_share_a_slot_and_an_orphan_is_offered_once(qtbot, tmp_path):
    from hexwright.editor import recovery
    from hexwright.editor.commands import PaintTerrain

    first, second = _open(qtbot, None), _open(qtbot, None)
    assert first.doc.untitled_id != second.doc.untitled_id
    first.doc.push(PaintTerrain(first.doc, ["0101"], "marsh"))
    second.doc.push(PaintTerrain(second.doc, ["0101"], "water"))
    assert first.file_actions.autosave() != second.file_actions.autosave()
    assert recovery.orphaned_untitled({first.doc.untitled_id, second.doc.untitled_id}) == []
    _crash(first)
    third = _open(qtbot, None)  # second is still open: only first's autosave is an orphan
    assert third.doc.map.terrain_of("0101") == "marsh"
    assert third.doc.untitled_id == first.doc.untitled_id  # it took over the slot
    third.close()  # a clean close deletes it
    assert recovery.orphaned_untitled({second.doc.untitled_id}) == []


def test_recovery_of_a_module_with_problems_restores_it(qtbot, tmp_path):
    from hexwright.editor import recovery
    from hexwright.runtime.model import HexData

    folder = tmp_path / "m"
    module = small_module(8, 7)
    save_module(module, folder)
    broken = module.model_copy(deep=True)
    broken.map.hexes["0404"] = HexData(terrain="lava")
    recovery.write_recovery(broken, {}, folder)
    w = _open(qtbot, folder)
    assert files_from_module(w.doc.module) == files_from_module(broken)
    qtbot.waitUntil(lambda: any("lava" in m for m in w.problems.messages()), timeout=2000)
