"""The ``hexwright`` command line, as scripts and users call it."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from builders import small_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.storage import save_module

ROOT = Path(__file__).resolve().parents[3]
METZ = ROOT / "modules" / "drive_on_metz"


def test_validate_default_module_exits_zero(capsys):
    assert main(["validate", str(METZ)]) == 0
    assert capsys.readouterr().out.startswith("OK: The Drive on Metz — 99 hexes")


def test_info_json_reports_99_hexes(capsys):
    assert main(["info", str(METZ), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["hexes"] == 99
    assert info["grid"] == {"cols": 9, "rows": 11, "orientation": "flat", "shifted": "odd",
                            "first_hex": "0101", "last_hex": "0911"}


def test_validate_lists_every_error_and_exits_one(tmp_path, capsys):
    module = small_module()
    save_module(module, tmp_path / "m")
    data = json.loads((tmp_path / "m" / "map.json").read_text())
    data["hexes"]["0203"]["terrain"] = "lava"
    data["hexes"]["0101"] = {"level": "high"}
    (tmp_path / "m" / "map.json").write_text(json.dumps(data))
    assert main(["validate", str(tmp_path / "m")]) == 1
    err = capsys.readouterr().err
    assert "map.json: hexes.0101.level (hex 0101)" in err
    assert "Traceback" not in err


def test_new_pack_unpack_info(tmp_path, capsys):
    assert main(["new", str(tmp_path / "m"), "--cols", "12", "--rows", "8", "--orientation", "pointy"]) == 0
    assert main(["pack", str(tmp_path / "m"), str(tmp_path / "m.hwmod")]) == 0
    assert main(["unpack", str(tmp_path / "m.hwmod"), str(tmp_path / "copy")]) == 0
    capsys.readouterr()
    assert main(["info", str(tmp_path / "m.hwmod"), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["hexes"], info["grid"]["orientation"]) == (96, "pointy")
    assert (tmp_path / "copy" / "map.json").read_bytes() == (tmp_path / "m" / "map.json").read_bytes()


def test_new_refuses_a_folder_with_files(tmp_path, capsys):
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "notes.txt").write_text("mine")
    assert main(["new", str(tmp_path / "m"), "--cols", "3", "--rows", "3"]) == 1
    assert (tmp_path / "m" / "notes.txt").read_text() == "mine"


def test_missing_path_is_a_message_not_a_traceback(tmp_path, capsys):
    assert main(["info", str(tmp_path / "nope")]) == 1
    assert "no such module folder" in capsys.readouterr().err


def test_console_script_runs_without_qt_for_non_window_commands():
    code = (
        "import sys; from hexwright.editor.cli import main; rc = main(['info', sys.argv[1]]); "
        "assert 'PySide6' not in sys.modules, 'Qt imported'; sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(METZ)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "hexes: 99" in done.stdout


def test_new_with_zero_or_too_many_columns_is_a_message_and_creates_nothing(tmp_path, capsys):
    for cols in ("0", "-3", "401"):
        with pytest.raises(SystemExit) as done:
            main(["new", str(tmp_path / "m"), "--cols", cols, "--rows", "5"])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert "--cols" in err and "between 1 and 400" in err and "Traceback" not in err
    assert not (tmp_path / "m").exists()


def test_new_with_a_bad_id_is_a_message_and_creates_nothing(tmp_path, capsys):
    assert main(["new", str(tmp_path / "m"), "--cols", "3", "--rows", "3", "--id", "bad id!"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "id" in err
    assert not (tmp_path / "m").exists()


def test_render_with_a_scale_that_is_not_positive_is_a_message(tmp_path, capsys):
    for scale in ("0", "-1", "nan", "abc"):
        with pytest.raises(SystemExit) as done:
            main(["render", str(METZ), "--out", str(tmp_path / "m.png"), "--scale", scale])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert "--scale" in err and "Traceback" not in err
    assert not (tmp_path / "m.png").exists()


def test_unexpected_value_error_is_a_message_not_a_traceback(monkeypatch, capsys):
    import hexwright.runtime.storage as storage

    def broken(path, *bases):
        raise ValueError("something inside went wrong")

    monkeypatch.setattr(storage, "load_module", broken)
    assert main(["info", str(METZ)]) == 1
    assert capsys.readouterr().err.strip() == "info: something inside went wrong"


def test_schema_writes_into_the_checkouts_resources_by_default_wherever_it_is_run(tmp_path, monkeypatch):
    import hexwright.runtime.storage as storage

    written = []
    monkeypatch.setattr(storage, "atomic_write_text", lambda path, text: written.append(Path(path)))
    monkeypatch.chdir(tmp_path)
    assert main(["schema"]) == 0
    assert written and {p.parent for p in written} == {ROOT / "resources" / "schema"}


def test_schema_without_out_is_refused_outside_a_checkout(tmp_path, monkeypatch, capsys):
    import hexwright.runtime.cli.main as cli
    import hexwright.runtime.storage.bundled as bundled

    monkeypatch.setattr(bundled, "checkout_root", lambda: None)
    assert cli.main(["schema"]) == 2
    assert "give --out DIR" in capsys.readouterr().err


def test_version_names_the_distribution_and_the_format(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"hexwright \d+\.\d+\.\d+\S* \(module format \d+\)\n", capsys.readouterr().out)


def test_a_module_that_does_not_load_is_named_by_every_command(tmp_path, capsys):
    (tmp_path / "notamodule").mkdir()
    for argv in (["info"], ["render", "--out", str(tmp_path / "x.png")], ["los", "--from", "0101", "--to", "0102"]):
        assert main([argv[0], str(tmp_path / "notamodule"), *argv[1:]]) == 1
        err = capsys.readouterr().err.splitlines()
        assert err[0] == f"{tmp_path / 'notamodule'}: 2 problem(s)"
        assert err[1:] == ["  map.json: file is missing", "  module.json: file is missing"]
    assert not (tmp_path / "x.png").exists()


def test_render_refuses_a_name_that_is_not_png(tmp_path, capsys):
    """It used to write PNG bytes under a .jpg name."""
    assert main(["render", str(METZ), "--out", str(tmp_path / "map.jpg")]) == 2
    assert "ending in .png" in capsys.readouterr().err
    assert not (tmp_path / "map.jpg").exists()


@pytest.mark.parametrize("option", ["--help", "--version"])
def test_help_imports_no_model_no_pydantic_and_no_networkx(option):
    """``hexwright --help`` and ``--version`` (the console script's own entry point) build every
    command's parser without the module format, pydantic or the rules' graph library (PRODUCT.md:
    --help fast)."""
    code = ("import sys\nfrom hexwright.editor.cli import main\ntry:\n    main([%r])\nexcept SystemExit:\n    pass\n" % option +
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'networkx', 'PySide6')\n"
            "               or m.startswith(('hexwright.runtime.model', 'hexwright.runtime.storage')))\n"
            "print(heavy, file=sys.stderr)\nsys.exit(1 if heavy else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert ("validate" in done.stdout and "render" in done.stdout) if option == "--help" else \
        "module format 1" in done.stdout


def test_new_lists_and_checks_the_starter_templates(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "a starter rule set: blank, igo-ugo, chit-pull, initiative" in out
    with pytest.raises(SystemExit) as done:
        main(["new", str(tmp_path / "m"), "--cols", "3", "--rows", "3", "--template", "nope"])
    assert done.value.code == 2 and "invalid choice: 'nope'" in capsys.readouterr().err
    assert not (tmp_path / "m").exists()


def test_render_refuses_a_map_too_big_to_draw_before_loading_it(tmp_path, monkeypatch, capsys):
    """The grid alone (map.json, folder or pack) says the image would pass the pixel limit:
    the command says so, with the largest scale that fits, and never loads the hexes."""
    import hexwright.runtime.storage as storage
    from hexwright.runtime.storage import save_pack

    m = small_module(60, 60)
    m.map.grid.hex_size = 1000.0  # 60×60 hexes of 1000 px: about 90,000 × 105,000 px at scale 1
    save_module(m, tmp_path / "big")
    save_pack(m, tmp_path / "big.hwmod")
    loads = []
    monkeypatch.setattr(storage, "load_module", lambda *a, **k: loads.append(a))
    for path in (tmp_path / "big", tmp_path / "big.hwmod"):
        assert main(["render", str(path), "--out", str(tmp_path / "big.png")]) == 1
        err = capsys.readouterr().err.strip()
        assert re.fullmatch(r"render: a \d+x\d+ image is over the 400 Mpx limit; use --scale 0\.2\d? or less", err), err
    assert loads == [] and not (tmp_path / "big.png").exists()
