"""Issue 20, finding 3: a recovery pack with a bad CRC no longer keeps its module from opening."""

from __future__ import annotations

import struct

import pytest
from builders import small_module

from hexwright.runtime.storage import save_module

pytestmark = pytest.mark.gui


def test_a_damaged_autosave_is_passed_over_and_the_module_opens(qtbot, tmp_path):
    from hexwright.editor import recovery
    from hexwright.editor.views.main_window import _open_windows, open_editor

    save_module(small_module(8, 7), tmp_path / "m")
    changed = small_module(8, 7)
    changed.meta.title = "Unsaved title"
    pack = recovery.write_recovery(changed, {}, tmp_path / "m") / "recovered.hwmod"
    data = bytearray(pack.read_bytes())
    central = data.index(b"PK\x01\x02")  # the first member's directory entry: its CRC, and its local header's
    local = struct.unpack_from("<I", data, central + 42)[0]
    for at in (central + 16, local + 14):
        data[at] ^= 0xFF
    pack.write_bytes(bytes(data))
    asked = []
    window = open_editor(tmp_path / "m", confirm=lambda title, question: asked.append(title) or True)
    window.ask_unsaved = lambda: "discard"
    window.autosave_timer.stop()
    qtbot.addWidget(window)
    assert window.doc.module.meta.title == small_module(8, 7).meta.title and not asked
    assert "autosave of" in window.statusBar().currentMessage() and "damaged" in window.statusBar().currentMessage()
    _open_windows.remove(window)
