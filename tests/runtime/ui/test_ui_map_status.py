"""The status-bar description of the point under the cursor (plain Python, no Qt)."""

from __future__ import annotations

from ui_maps import make_module

from hexwright.runtime.ui.map_status import info_at, status_text


def _center(module, label):
    grid = module.map.grid
    return grid.layout().center(grid.labels.scheme().parse(label, grid.hex_grid()))


def test_hex_centre_names_the_hex_its_terrain_and_features():
    module = make_module()
    info = info_at(module.map, *_center(module, "0505"))
    assert (info.label, info.terrain, info.level, info.name) == ("0505", "Clear", 0, "Ville")
    assert info.features == ["Town"] and info.hexside == ""
    assert status_text(info) == "0505 Ville · Clear · level 0 · Town"


def test_near_a_river_side_names_the_side_and_its_features():
    module = make_module()
    x, y = _center(module, "0303")
    info = info_at(module.map, x, y - 0.8 * module.map.grid.hex_size)  # just inside the north side
    assert info.hexside == "0303/N" and info.hexside_features == ["River"]
    assert status_text(info).endswith("side 0303/N: River")


def test_far_from_every_side_names_no_side():
    module = make_module()
    x, y = _center(module, "0303")
    assert info_at(module.map, x, y - 0.5 * module.map.grid.hex_size).hexside == ""


def test_off_the_map_is_nothing():
    module = make_module()
    assert info_at(module.map, -500, -500) is None
    assert status_text(None) == ""
