"""Long commands show a progress bar on a terminal, and nothing when their output goes to a file
(issue 15, item 5: render, print, pack, unpack, VASSAL and Tiled export and import; balance has a bar of its own with rate and time left)."""

from __future__ import annotations

import io
import sys

import pytest
from builders import play_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.cli.progress import ProgressBar
from hexwright.runtime.storage import save_module


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_draws_in_place_and_ends_its_line():
    out = Terminal()
    bar = ProgressBar("work", out)
    for done in range(5):
        bar(done, 4)
    text = out.getvalue()
    assert text.count("\r") == 5 and text.endswith("] 4/4\n") and "[" + "#" * 30 + "]" in text
    assert "\rwork [" + "#" * 15 + "." * 15 + "] 2/4" in text


def test_no_bar_when_the_output_is_not_a_terminal():
    out = io.StringIO()
    bar = ProgressBar("work", out)
    bar(1, 2)
    bar(2, 2)
    assert out.getvalue() == ""


@pytest.mark.gui
def test_long_commands_show_the_bar_on_a_terminal(tmp_path, monkeypatch, capsys, qapp):
    save_module(play_module(), tmp_path / "m")
    commands = {
        "packing m": ["pack", str(tmp_path / "m"), str(tmp_path / "m.hwmod")],
        "unpacking m.hwmod": ["unpack", str(tmp_path / "m.hwmod"), str(tmp_path / "again")],
        "rendering map.png": ["render", str(tmp_path / "m"), "--out", str(tmp_path / "map.png")],
        "printing kit.pdf": ["print", str(tmp_path / "m"), str(tmp_path / "kit.pdf")],
        "drawing m.vmod": ["export-vmod", str(tmp_path / "m"), str(tmp_path / "m.vmod")],
        "importing m.vmod": ["import-vmod", str(tmp_path / "m.vmod"), str(tmp_path / "from-vassal")],
        "writing m.tmx": ["export-tmx", str(tmp_path / "m"), str(tmp_path / "m.tmx")],
        "importing m.tmx": ["import-tmx", str(tmp_path / "m.tmx"), str(tmp_path / "from-tiled")],
    }
    for label, argv in commands.items():
        terminal = Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        assert main(argv) == 0
        lines = terminal.getvalue().split("\r")
        assert lines[0] == "" and all(x.startswith(f"{label} [") for x in lines[1:]), terminal.getvalue()
        last = lines[-1]
        total = last.rsplit(" ", 1)[1].strip()
        assert len(lines) > 2 and last.endswith("\n") and total.split("/")[0] == total.split("/")[1]
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["render", str(tmp_path / "m"), "--out", str(tmp_path / "map2.png")]) == 0
    assert sys.stderr.getvalue() == ""  # piped: no bar
    assert capsys.readouterr().out.count("wrote") >= 2
