"""``hexwright diff`` and ``hexwright new-variant`` (issue 21): errata between two modules,
a variant against its base, text for people, JSON for scripts, an image of the changed hexes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from variant_fixtures import base_module, manifest, write_base, write_variant

from hexwright.runtime.cli.main import main
from hexwright.runtime.storage import save_module


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_errata_between_two_versions_field_by_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_base(tmp_path / "v1")
    newer = base_module("1.1.0")
    newer.tables.crts["crt"].cells[1][1] = "DR"
    newer.pieces.pieces["b1"].steps[0].combat = 5
    del newer.pieces.pieces["r1"]
    newer.scenarios["meeting"].setup = newer.scenarios["meeting"].setup[1:]
    save_module(newer, tmp_path / "v2")
    code, out, _ = _run(capsys, "diff", str(tmp_path / "v1"), str(tmp_path / "v2"))
    assert code == 0
    assert out.splitlines() == [
        "base 1.0.0 → base 1.1.0: 4 difference(s)",
        "", "pieces (2)", "  changed b1", "    steps.0.combat: 3 → 5", "  removed r1",
        "", "tables (1)", "  changed crt", "    cell 2 × 2:1: \"NE\" → \"DR\"",
        "", "scenarios (1)", "  changed meeting",
        "    setup: [{\"hex\": \"0101\", \"piece\": \"r1\"}, {\"hex\": \"0505\", \"piece\": \"b1\"}] → "
        "[{\"hex\": \"0505\", \"piece\": \"b1\"}]"]


def test_a_variant_alone_is_compared_with_its_base_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_base(tmp_path / "base")
    folder = write_variant(tmp_path / "v", manifest(), {
        "map.json": {"hexes": {"0303": {"terrain": "rough"}}, "hexsides": {"0404/N": {"features": ["river"]}}}})
    code, out, _ = _run(capsys, "diff", str(folder), "--json")
    assert code == 0
    data = json.loads(out)
    assert [(e["kind"], e["id"], e["change"]) for e in data["entries"]] == [
        ("hex", "0303", "added"), ("hexside", "0404/N", "added")]
    assert data["hexes"] == ["0303", "0404"]
    assert data["entries"][0]["file"] == "map.json" and data["entries"][0]["path"] == ["hexes", "0303"]


@pytest.mark.gui
def test_diff_image_highlights_the_changed_hexes(qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Drawn with Qt: the widget tests' QApplication exists first (a QGuiApplication would stop them)."""
    from PySide6.QtGui import QColor, QImage

    write_base(tmp_path / "base")
    folder = write_variant(tmp_path / "v", manifest(), {"map.json": {"hexes": {"0303": {"terrain": "rough"}}}})
    image_path = tmp_path / "diff.png"
    code, out, _ = _run(capsys, "diff", str(folder), "--image", str(image_path), "--scale", "1")
    assert code == 0 and "1 hex(es) highlighted" in out
    plain = tmp_path / "plain.png"
    assert _run(capsys, "render", str(folder), "--out", str(plain))[0] == 0
    with_marks, without = QImage(str(image_path)), QImage(str(plain))
    assert with_marks.size() == without.size()
    differing = sum(1 for x in range(0, with_marks.width(), 3) for y in range(0, with_marks.height(), 3)
                    if with_marks.pixel(x, y) != without.pixel(x, y))
    assert differing > 20  # the highlight is drawn, and only there: most of the map is the same
    assert differing < with_marks.width() * with_marks.height() / 9 / 4
    assert QColor(with_marks.pixel(0, 0)) == QColor(without.pixel(0, 0))


def test_a_missing_base_is_one_line_on_stderr_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_variant(tmp_path / "v", manifest(base="elsewhere"))
    code, _, err = _run(capsys, "diff", str(folder))
    assert code == 1
    assert "variant.json: base.id: variant 'what_if' is built on 'elsewhere'" in err and "Traceback" not in err


def test_new_variant_writes_a_variant_that_validates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_base(tmp_path / "base")
    code, out, _ = _run(capsys, "new-variant", str(tmp_path / "base"), str(tmp_path / "house_rules"))
    assert code == 0 and "created variant 'house_rules' of base 1.0.0" in out
    assert sorted(p.name for p in (tmp_path / "house_rules").iterdir()) == ["variant.json"]
    assert _run(capsys, "validate", str(tmp_path / "house_rules"))[0] == 0
    code, out, _ = _run(capsys, "diff", str(tmp_path / "house_rules"))
    assert out == "base 1.0.0 → house_rules 0.1.0: no differences\n"
