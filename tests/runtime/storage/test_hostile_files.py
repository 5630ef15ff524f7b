"""Issue 20, findings 4, 5 and 7, for module files: bad input is a ModuleError naming the
file and the field, and nothing a stranger sends makes us read without end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from builders import small_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.storage import ModuleError, files, load_module, save_module
from hexwright.runtime.storage import folder as folder_module
from hexwright.runtime.validation import checks


def _module(tmp_path: Path) -> Path:
    save_module(small_module(), tmp_path / "m")
    return tmp_path / "m"


def _edit(path: Path, edit) -> None:
    raw = json.loads(path.read_text())
    edit(raw)
    path.write_text(json.dumps(raw))


def test_a_lone_surrogate_is_refused_at_load_naming_the_field(tmp_path):
    """Finding 4: ``"\\ud800"`` loaded, and then nothing could be saved."""
    folder = _module(tmp_path)
    text = (folder / "module.json").read_text().replace('"title": "', '"title": "\\ud800')
    (folder / "module.json").write_text(text)
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    assert [(i.file, i.field) for i in caught.value.issues] == [("module.json", "title")]
    assert "cannot be written as UTF-8" in str(caught.value)


def test_an_escaped_surrogate_pair_is_still_text(tmp_path):
    folder = _module(tmp_path)
    text = (folder / "module.json").read_text().replace('"title": "', '"title": "\\ud83d\\ude00 ')
    (folder / "module.json").write_text(text)
    assert load_module(folder).module.meta.title.startswith("\U0001F600")


def test_a_number_of_thousands_of_digits_is_a_module_error_naming_the_file(tmp_path, capsys):
    """Finding 7: integers over 4,300 digits raised ValueError (no file name on the CLI)."""
    folder = _module(tmp_path)
    text = (folder / "map.json").read_text()
    (folder / "map.json").write_text(text.replace("{", '{"x": ' + "9" * 5000 + ",", 1))
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[1].startswith("  map.json: a whole number of 5000 digits"), err


def test_reported_problems_are_capped_per_file(tmp_path, capsys):
    """Finding 5: 2,076,362 off-map hexes gave 2,076,362 lines (160 MB of stderr)."""
    folder = _module(tmp_path)
    _edit(folder / "map.json", lambda raw: raw.setdefault("hexes", {}).update(
        {f"{50 + i // 100:02d}{i % 100:02d}": {"level": 0} for i in range(3000)}))
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 + checks.MAX_ISSUES_PER_FILE
    assert f"map.json: 3000 problems in this file: {checks.MAX_ISSUES_PER_FILE} are listed, and 2800 more are not" \
        in err[1]


def test_a_map_listing_more_hexes_than_any_grid_is_refused_before_each_is_checked(tmp_path, monkeypatch):
    assert files.MAX_MAP_ENTRIES == 4 * 400 * 400  # the largest grid's hexes and sides
    monkeypatch.setattr(files, "MAX_MAP_ENTRIES", 1000)
    folder = _module(tmp_path)
    _edit(folder / "map.json", lambda raw: raw.update(hexes={f"h{i}": {"terrain": 5} for i in range(1001)}))
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    assert [str(i) for i in caught.value.issues] == ["map.json: hexes: 1001 entries; no map has more than 1000"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_not_read(tmp_path, capsys):
    """Finding 5: ``unpack /dev/zero`` read gigabytes (the size check used stat: 0 for devices)."""
    assert main(["unpack", "/dev/zero", str(tmp_path / "out")]) == 1
    assert "not a regular file" in capsys.readouterr().err
    assert main(["validate", "/dev/zero"]) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_does_not_block(tmp_path):
    """Finding 5: a FIFO blocked ``unpack`` forever (checked in a child, so a hang fails, not hangs)."""
    os.mkfifo(tmp_path / "pipe.hwmod")
    folder = _module(tmp_path)
    (folder / "pieces.json").unlink()
    os.mkfifo(folder / "pieces.json")
    code = ("import sys; from hexwright.runtime.cli.main import main; "
            f"sys.exit(main(['unpack', {str(tmp_path / 'pipe.hwmod')!r}, {str(tmp_path / 'out')!r}]) * 10 "
            f"+ main(['validate', {str(folder)!r}]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 11, done.stderr
    assert "pipe.hwmod: not a regular file" in done.stderr and "pieces.json: not a regular file" in done.stderr


def test_a_folder_that_is_not_a_module_is_answered_without_walking_it(tmp_path, monkeypatch):
    """Finding 5: ``validate /`` walked the whole filesystem before saying module.json is missing."""
    deep = tmp_path / "home" / "a" / "b"
    deep.mkdir(parents=True)
    walked = []
    monkeypatch.setattr(Path, "rglob", lambda self, *a, **k: walked.append(self) or iter(()))
    real_walk = os.walk
    monkeypatch.setattr(folder_module.os, "walk", lambda top, *a, **k: walked.append(top) or real_walk(top, *a, **k))
    with pytest.raises(ModuleError, match="module.json: file is missing"):
        load_module(tmp_path)
    assert walked == []


def test_pack_refuses_to_replace_a_fifo_or_a_link(tmp_path, capsys):
    """Finding 7: ``pack M TARGET`` replaced a FIFO, a device or a symlink at TARGET, with rc 0."""
    folder = _module(tmp_path)
    os.mkfifo(tmp_path / "fifo.hwmod")
    (tmp_path / "real.hwmod").write_bytes(b"keep")
    (tmp_path / "link.hwmod").symlink_to(tmp_path / "real.hwmod")
    for target in ("fifo.hwmod", "link.hwmod"):
        assert main(["pack", str(folder), str(tmp_path / target)]) == 1
        assert "not a regular file" in capsys.readouterr().err
    assert (tmp_path / "link.hwmod").is_symlink() and (tmp_path / "real.hwmod").read_bytes() == b"keep"
    assert not (tmp_path / "fifo.hwmod").is_file()


def test_new_with_a_folder_name_that_is_not_utf8_makes_a_module_and_says_so(tmp_path, capsys):
    """Finding 7: ``new`` with a non-UTF-8 folder name created the module and exited 1."""
    name = os.fsdecode(b"caf\xe9")
    assert main(["new", str(tmp_path / name), "--cols", "3", "--rows", "3"]) == 0
    assert "created" in capsys.readouterr().out
    assert load_module(tmp_path / name).module.meta.title == "caf\ufffd"
