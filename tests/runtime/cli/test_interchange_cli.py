"""``import-vmod``, ``export-tmx`` and ``import-tmx`` from the command line: files in, files out,
one-line errors for bad input (issue 16)."""

from __future__ import annotations

import io
import zipfile

from hexwright.runtime.cli.main import main
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import default_module


def test_a_zip_slip_vmod_is_refused_and_nothing_is_written(tmp_path, capsys):
    bad = tmp_path / "evil.vmod"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("buildFile.xml", "<VASSAL.build.GameModule/>")
        z.writestr("images/../../escape.png", b"x")
    bad.write_bytes(buffer.getvalue())
    assert main(["import-vmod", str(bad), str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "evil.vmod: member 'images/../../escape.png' has an unsafe name" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists() and not (tmp_path.parent / "escape.png").exists()


def test_import_vmod_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x").write_text("x")
    assert main(["import-vmod", str(tmp_path / "a.vmod"), str(tmp_path / "out")]) == 1
    assert "not an empty folder" in capsys.readouterr().err


def test_tmx_out_and_into_a_module_again(tmp_path, capsys):
    out = tmp_path / "dom.tmx"
    assert main(["export-tmx", str(default_module()), str(out)]) == 0
    assert (tmp_path / "dom_terrain.png").is_file() and (tmp_path / "dom_levels.png").is_file()
    assert main(["import-tmx", str(out), str(tmp_path / "new")]) == 0
    assert "a new module" in capsys.readouterr().out
    new = load_module(tmp_path / "new").module
    original = load_module(default_module()).module
    g = original.map.grid
    labels = [g.labels.scheme().format(h, g.hex_grid()) for h in g.hex_grid().hexes()]
    assert [new.map.terrain_of(label) for label in labels] == [original.map.terrain_of(label) for label in labels]
    assert main(["import-tmx", str(out), str(tmp_path / "new")]) == 0  # into the module it made: unchanged
    assert load_module(tmp_path / "new").module == new
    out.write_text("<map orientation='orthogonal'/>")
    assert main(["import-tmx", str(out), str(tmp_path / "other")]) == 1
    assert "only hexagonal ones" in capsys.readouterr().err
