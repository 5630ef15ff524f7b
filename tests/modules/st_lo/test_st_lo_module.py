"""The St-Lô module against its rulebook: built byte for byte by packaging/stlo/build.py, clean,
and set up as section 20 says (2.2, 20.0-20.2), every reconstructed row marked with its clue."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hexwright.runtime.state import initial_state
from hexwright.runtime.storage import load_module
from hexwright.runtime.validation import check_module

ROOT = Path(__file__).resolve().parents[3]
STLO = ROOT / "modules" / "st_lo"


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


@pytest.fixture(scope="module")
def start(m):
    return initial_state(m, "st_lo", 1)


def where(m, s, pid):
    loc = s.pieces[pid].at
    return loc.id if loc.kind in ("hex", "box") else loc.kind


def test_the_shipped_module_is_what_the_build_script_writes(tmp_path):
    out = tmp_path / "st_lo"
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "stlo" / "build.py"), str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shipped = sorted(p.relative_to(STLO) for p in STLO.rglob("*.json"))
    assert sorted(p.relative_to(out) for p in out.rglob("*.json")) == shipped
    for rel in shipped:
        assert (out / rel).read_bytes() == (STLO / rel).read_bytes(), rel


def test_validate_is_clean(m):
    assert check_module(m) == []


@pytest.mark.parametrize(("pid", "hex"), [
    # 20.1.1 35th Division, as printed
    ("us_35_2_137", "2001"), ("us_35_rcn_1", "1600"), ("us_35_rcn_2", "2202"), ("us_35_rcn_3", "3108"),
    ("us_35_1_137", "1700"), ("us_35_1_320", "2503"), ("us_35_3_137", "2000"), ("us_35_3_320", "2904"),
    ("us_35_2_320_c1", "2805"), ("us_35_2_320_c2", "2906"), ("us_35_2_320_c3", "3008"),
    # 20.1.2 29th Division, as printed
    ("us_29_2_115_c1", "3710"), ("us_29_3_115_c1", "3910"), ("us_29_3_115_c2", "4009"), ("us_29_3_115_c3", "4110"),
    ("us_29_1_115_c1", "4710"), ("us_29_rcn_2", "4810"), ("us_29_1_116", "4908"), ("us_29_2_116", "5010"),
    ("us_29_rcn_1", "3307"),
    # 20.1.3 2nd Division
    ("us_2_2_38", "5409"), ("us_2_3_38", "5507"), ("us_2_1_38", "5609"),
    # 20.2.1 3rd FJ Division
    ("de_3fj_2_8", "3815"), ("de_3fj_3_8_c1", "4012"), ("de_3fj_3_8_c2", "4212"), ("de_3fj_1_8_c1", "4412"),
    ("de_3fj_2_9_c1", "4812"), ("de_3fj_2_9_c2", "5012"), ("de_3fj_2_9_c3", "5211"), ("de_3fj_1_9", "5216"),
    # 20.2.2 352nd Division
    ("de_352_2_897", "1607"), ("de_352_1_897_c1", "1702"), ("de_352_1_897_c2", "2003"), ("de_352_2_914", "2107"),
    ("de_352_1_916_c1", "2707"), ("de_352_fus_915", "2722"), ("de_352_1_916_c2", "2809"), ("de_352_2_915", "2812"),
])
def test_20_setup_hexes_as_printed(m, start, pid, hex):
    assert where(m, start, pid) == hex
    assert m.pieces.pieces[pid].setup == hex


def test_20_b_d_dd_battalions_wait_in_their_hq_box_and_hqs_start_on_the_displays(m, start):
    """20.0 B: a DD battalion sits in its HQ's box, its companies on the map; 20.0 D: every HQ in
    its box, IA side up (no HQ on the map, 6.0 A)."""
    for bn in ("us_35_2_320", "us_29_1_115", "us_29_2_115", "us_29_3_115", "de_3fj_1_8", "de_3fj_3_8",
               "de_3fj_2_9", "de_3fj_3_9", "de_352_1_897", "de_352_1_916", "de_352_1_943"):
        assert where(m, start, bn) == f"{bn}_box"
        companies = [p for p in m.pieces.pieces if p.startswith(f"{bn}_c")]
        assert len(companies) == 3 and all(len(where(m, start, c)) == 4 for c in companies)
    hqs = [p for p, piece in m.pieces.pieces.items() if piece.unit_type == "hq"]
    assert len(hqs) == 37
    reinforcing = {p for p, piece in m.pieces.pieces.items() if piece.unit_type == "hq" and piece.setup == "R"}
    assert len(reinforcing) == 7  # 2.2.1 C: they come with their battalions (18.2.2)
    assert all(where(m, start, hq) == hq.removesuffix("_hq") + "_box" for hq in hqs if hq not in reinforcing)
    assert all(where(m, start, hq) == "unavailable" for hq in reinforcing)
    assert {m.pieces.pieces[hq].steps[0].morale for hq in hqs} == {6, 7}  # 6.2 A


def test_20_c_reinforcements_are_set_aside(m, start):
    for pid in ("us_35_1_134", "us_35_2_134", "us_35_3_134", "us_29_1_175", "de_3fj_1_5fj", "de_352_517_915",
                "de_352_art_6_894", "de_352_art_7_985"):
        assert where(m, start, pid) == "unavailable", pid


def test_20_e_g_assets_substitutes_and_recon_as_counted(m, start):
    """20.1-20.2: the assets of each division; nine US and twelve German SUB companies; six
    US recon units and no German (17.0); one OP a division (2.2.6)."""
    pieces = m.pieces.pieces
    for div, n in (("us_35", 14), ("us_29", 15), ("us_2", 8), ("de_3fj", 7), ("de_352", 7)):
        assets = [p for p, x in pieces.items() if x.unit_type.startswith("asset_") and x.formation == div]
        assert len(assets) == n, div
        assert all(where(m, start, a) == f"{div}_assets" for a in assets)
    assert [p for p in pieces if p.startswith("us_sub_")] == [f"us_sub_{i}" for i in range(1, 10)]
    assert len([p for p in pieces if p.startswith("de_sub_")]) == 12
    assert sum(1 for x in pieces.values() if x.unit_type == "recon" and x.side == "us") == 6
    assert not any(x.unit_type == "recon" and x.side == "de" for x in pieces.values())
    assert sorted(p for p, x in pieces.items() if x.unit_type == "op") == [
        "de_352_op", "de_3fj_op", "us_29_op", "us_2_op", "us_35_op"]
    assert pieces["us_29_a747"].steps[0].armor == 5  # 9.5 B
    assert pieces["de_3fj_at1"].steps[0].anti_tank == 5  # 9.5 A


def test_20_cut_off_rows_are_completed_and_marked_with_their_clue(m):
    """The text cuts the setup tables short; what completes them is marked reconstructed."""
    pieces = m.pieces.pieces
    for pid in ("us_29_3_116", "us_29_2_175", "us_29_3_175", "us_29_1_115_c2", "us_29_2_115_c3",
                "de_3fj_3_9_c1", "de_352_1_943_c3", "de_3fj_1_5fj", "us_29_rcn_3"):
        assert pieces[pid].provenance is not None and "cut off" in pieces[pid].provenance.clue, pid
    for pid in ("us_29_1_116", "us_29_1_115_c1", "de_3fj_3_8_c2", "us_35_rcn_1"):
        assert pieces[pid].provenance is None, pid


def test_values_the_examples_give(m):
    p = m.pieces.pieces
    assert p["us_29_1_115"].steps[0].combat == 11  # 9.5 A
    assert (p["de_3fj_1_8_c1"].steps[0].combat, p["de_3fj_1_8_c1"].steps[0].anti_tank) == (2, 2)  # 9.5 A
    assert p["us_29_1_115_c1"].steps[0].combat == 3  # 10.5.4
    art = p["us_29_art_110_115"].steps[0]
    assert (art.support, art.defensive, art.long_range, art.fire_missions) == (2, 1, 1, 6)  # 10.2.4
    assert p["us_xix_art_793_gs"].steps[0].support == 5  # 14.1.4
    assert p["us_29_art_111_116"].steps[0].support == 2  # 14.1.4


def _west_of_the_vire(m) -> set[str]:
    """Hexes reached from the west edge without crossing the Vire (a river hexside)."""
    from hexwright.runtime.geometry import format_hexside

    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    seen = {scheme.format(h, grid) for h in grid.hexes() if h.col == 0}
    todo = list(seen)
    while todo:
        a = scheme.parse(todo.pop(), grid)
        for _d, n in grid.neighbors(a):
            if not grid.contains(n):
                continue
            b = scheme.format(n, grid)
            side = m.map.hexsides.get(format_hexside(grid, grid.hexside_between(a, n), scheme))
            if b not in seen and not (side and "river" in side.features):
                seen.add(b)
                todo.append(b)
    return seen


def division_of(m, formation):
    forms = m.pieces.formations
    while formation is not None and forms[formation].echelon != "division":
        formation = forms[formation].parent
    return formation


def test_8_4_20_reconstructed_setups_and_entries_are_east_of_the_vire_and_within_their_boundaries(m):
    """The completed rows and the reconstructed entry hexes keep to 8.4 (2nd Division east of its
    boundary, 35th west of its own, 1/5FJ east of the 2nd's) and to the east bank of the Vire."""
    west_bank = _west_of_the_vire(m)
    east_35 = set(m.map.areas["east_of_35th_boundary"].hexes)
    west_2 = set(m.map.areas["west_of_2nd_boundary"].hexes)
    pieces = m.pieces.pieces
    checked = 0
    for pid, piece in pieces.items():
        hexes = [piece.setup] if piece.setup[:1].isdigit() else []
        group = next((g for g in m.rules.arrivals.values() if pid in g.pieces), None)
        hexes += group.hexes if group is not None else []
        for h in hexes:
            checked += 1
            assert h not in west_bank, (pid, h)
            division = division_of(m, piece.formation)
            assert division != "us_35" or h not in east_35, (pid, h)
            assert division != "us_2" or h not in west_2, (pid, h)
            assert piece.designation != "1/5FJ" or h not in west_2, (pid, h)
    assert checked > 60
