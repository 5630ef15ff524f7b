"""Tiled ``.tmx``: terrain and levels out and back in, for every grid shape (issue 16)."""

from __future__ import annotations

import base64
import itertools
import random
import struct
import xml.etree.ElementTree as ET
import zlib

import pytest

from hexwright.runtime.interchange.tmx import TmxError, apply_tmx, export_tmx, module_from_tmx, read_tmx
from hexwright.runtime.model import HexData, TerrainType, new_module
from hexwright.runtime.storage import load_module
from hexwright.runtime.storage.bundled import default_module


def _terrain(module):
    md, g = module.map, module.map.grid
    hg, scheme = g.hex_grid(), g.labels.scheme()
    return {scheme.format(h, hg): (md.terrain_of(scheme.format(h, hg)), md.hex_data(scheme.format(h, hg)).level)
            for h in hg.hexes()}


def test_drive_on_metz_terrain_comes_back_from_tmx():
    module = load_module(default_module()).module
    out = export_tmx(module, "dom")
    assert set(out.images) == {"dom_terrain.png", "dom_levels.png"}
    assert all(png.startswith(b"\x89PNG") for png in out.images.values())
    tmx = read_tmx(out.tmx, "dom.tmx")
    blank = module.model_copy(deep=True)
    blank.map.hexes = {}
    back = apply_tmx(blank, tmx, "dom.tmx")
    assert _terrain(back) == _terrain(module)
    assert tmx.grid == module.map.grid


def _synthetic(orientation, shifted):
    m = new_module("t", "T", 23, 17, orientation)
    m.map.grid = m.map.grid.model_copy(update={"shifted": shifted, "hex_size": 33.0})
    m.map.terrain_types["odd.name"] = TerrainType(name="Odd, name / here", color="#12345680")
    rng = random.Random(f"{orientation}{shifted}")
    hg, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    types = sorted(m.map.terrain_types)
    for h in hg.hexes():
        terrain, level = rng.choice(types), rng.choice([0, 0, 1, 3, -1])
        data = HexData(terrain=None if terrain == m.map.default_terrain else terrain, level=level)
        if data != HexData():
            m.map.hexes[scheme.format(h, hg)] = data
    return m


@pytest.mark.parametrize(("orientation", "shifted"), list(itertools.product(["flat", "pointy"], ["odd", "even"])))
def test_the_four_grid_shapes_round_trip_through_tmx(orientation, shifted):
    module = _synthetic(orientation, shifted)
    out = export_tmx(module, "t")
    root = ET.fromstring(out.tmx)
    assert root.get("staggeraxis") == ("x" if orientation == "flat" else "y")
    assert root.get("staggerindex") == shifted
    assert (root.get("width"), root.get("height")) == ("23", "17")
    tmx = read_tmx(out.tmx, "t.tmx")
    new = module_from_tmx(tmx, "t2", "T2")
    assert _terrain(new) == _terrain(module)
    assert new.map.terrain_types["odd.name"].color == "#12345680"


def test_base64_zlib_layers_are_read():
    module = _synthetic("flat", "odd")
    text = export_tmx(module, "t").tmx.decode()
    root = ET.fromstring(text)
    for data in root.iter("data"):
        gids = [int(v) for v in (data.text or "").replace("\n", "").split(",")]
        data.text = base64.b64encode(zlib.compress(struct.pack(f"<{len(gids)}I", *gids))).decode()
        data.set("encoding", "base64")
        data.set("compression", "zlib")
    back = module_from_tmx(read_tmx(ET.tostring(root), "t.tmx"), "t2", "T2")
    assert _terrain(back) == _terrain(module)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda s: s.replace('orientation="hexagonal"', 'orientation="orthogonal"'), "only hexagonal ones"),
    (lambda s: s.replace('width="23"', 'width="9000"'), r"field 'width': 9000 is outside 1..400"),
    (lambda s: s.replace('encoding="csv"', 'encoding="xml"', 1), "encoding 'xml' is not supported"),
    (lambda s: s.replace('staggerindex="odd"', 'staggerindex="third"'), "are not x|y, odd|even"),
    (lambda s: "<!DOCTYPE map>" + s.split("?>", 1)[1], "DOCTYPE"),
])
def test_bad_tmx_is_refused_naming_file_and_field(edit, message):
    text = export_tmx(_synthetic("flat", "odd"), "t").tmx.decode()
    with pytest.raises(TmxError, match=message):
        read_tmx(edit(text).encode(), "t.tmx")


def test_a_grid_of_another_shape_is_refused_on_apply():
    tmx = read_tmx(export_tmx(_synthetic("flat", "odd"), "t").tmx, "t.tmx")
    with pytest.raises(TmxError, match="t.tmx: the map is 23x17 flat-top odd, the module's 9x11"):
        apply_tmx(load_module(default_module()).module, tmx, "t.tmx")
