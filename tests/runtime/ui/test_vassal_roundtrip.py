"""Export then import: the grid comes back exactly, pieces keep their ids and images, the
start comes back as a scenario — for The Drive on Metz and the four grid shapes on a 23×17 map (issue 16)."""

from __future__ import annotations

import itertools
import math

import pytest

from hexwright.runtime.interchange.vassal_grid import board_centers
from hexwright.runtime.interchange.vassal_import import import_vmod
from hexwright.runtime.interchange.vassal_read import read_vmod
from hexwright.runtime.model import (
    Box,
    Labels,
    Piece,
    Placement,
    Rect,
    Scenario,
    Side,
    StepValues,
    UnitType,
    new_module,
)
from hexwright.runtime.storage import load_module, save_module
from hexwright.runtime.storage.bundled import default_module
from hexwright.runtime.ui.vassal_art import export_vmod

pytestmark = pytest.mark.usefixtures("qapp")  # a QApplication, not the QGuiApplication export_vmod would make


def _round_trip(module, scenario, assets=None, scale=1.0):
    data, built = export_vmod(module, scenario, assets, scale)
    return built, import_vmod(read_vmod(data, "x.vmod"), "imported", "x.vmod")


def _same_grid(original, imported, transform):
    g, n = original.map.grid, imported.module.map.grid
    assert (n.orientation, n.shifted, n.cols, n.rows) == (g.orientation, g.shifted, g.cols, g.rows)
    assert math.isclose(n.hex_size, g.hex_size * transform.scale)
    want = board_centers(g, transform)
    got = board_centers(n, type(transform)())
    assert got.keys() == want.keys()  # every label, spelled the same
    for label, (x, y) in want.items():
        assert math.isclose(got[label][0], x, abs_tol=1e-6) and math.isclose(got[label][1], y, abs_tol=1e-6)


def test_drive_on_metz_comes_back_with_its_grid_pieces_and_setup(tmp_path):
    loaded = load_module(default_module())
    original = loaded.module
    built, result = _round_trip(original, "campaign", loaded.assets, 1.5)
    _same_grid(original, result, built.plan_transform)
    module = result.module
    assert set(module.pieces.pieces) == set(original.pieces.pieces)
    assert set(module.pieces.markers) == set(original.pieces.markers)
    for pid, piece in module.pieces.pieces.items():
        assert all(step.image in result.assets for step in piece.steps)
        assert len(piece.steps) == max(2, len(original.pieces.pieces[pid].steps))
        assert piece.designation == original.pieces.pieces[pid].designation
    (scenario,) = module.scenarios.values()
    campaign = original.scenarios["campaign"]
    assert scenario.name == campaign.name
    got = {p.piece: (p.hex, p.box and module.map.boxes[p.box].name, p.step) for p in scenario.setup}
    for p in campaign.setup:
        box_name = original.map.boxes[p.box].name if p.box else None
        assert got[p.piece] == (p.hex, box_name, p.step), p.piece
    assert module.map.grid.underlay is not None and module.map.grid.underlay.image in result.assets
    save_module(module, tmp_path / "imported", result.assets)
    again = load_module(tmp_path / "imported")
    assert again.module == module


def _synthetic(orientation: str, shifted: str) -> tuple:
    m = new_module("shapes", "Shapes / test; map, 23×17", 23, 17, orientation)
    m.map.grid = m.map.grid.model_copy(update={"shifted": shifted, "hex_size": 30.0,
                                              "labels": Labels(first_col=0, first_row=0)})
    m.map.boxes = {"pool": Box(name="Reserve pool", kind="holding", rect=Rect(x=-200, y=0, width=150, height=120))}
    m.pieces.sides = {"blue": Side(name="Blue", color="#3050c0"), "red": Side(name="Red", color="#c03030")}
    m.pieces.unit_types = {"inf": UnitType(name="Infantry", movement_class="foot")}
    corners = ["0000", "2200", "0016", "2216", "1108"]
    placements = []
    for i, label in enumerate(corners):
        pid = f"u{i}"
        m.pieces.pieces[pid] = Piece(side="blue" if i % 2 else "red", designation=f"{i}/A; B,C", unit_type="inf",
                                     steps=[StepValues(attack=4), StepValues(attack=2), StepValues(attack=1)])
        placements.append(Placement(piece=pid, hex=label, step=i % 3))
    m.pieces.pieces["r"] = Piece(side="red", designation="R", unit_type="inf", steps=[StepValues(attack=1)])
    placements.append(Placement(piece="r", box="pool"))
    m.scenarios = {"s": Scenario(name="Corners", last_turn=3, setup=placements)}
    return m, dict(zip(corners, [f"u{i}" for i in range(5)]))


@pytest.mark.parametrize(("orientation", "shifted"), list(itertools.product(["flat", "pointy"], ["odd", "even"])))
def test_the_four_grid_shapes_on_a_23x17_map_come_back_exactly(orientation, shifted):
    module, at = _synthetic(orientation, shifted)
    built, result = _round_trip(module, "s", scale=0.8)
    _same_grid(module, result, built.plan_transform)
    (scenario,) = result.module.scenarios.values()
    got = {p.piece: (p.hex, p.step) for p in scenario.setup if p.hex}
    assert got == {pid: (label, int(pid[1]) % 3) for label, pid in at.items()}
    (pool,) = [p for p in scenario.setup if p.box]
    assert pool.piece == "r" and result.module.map.boxes[pool.box].name == "Reserve pool"
    assert result.module.pieces.pieces["u1"].designation == "1/A; B,C"
    assert result.report == ["scenario: the number of turns is not in a VASSAL module; set to 1"]
