"""Benchmark: repainting a 100×100-hex map (10,000 hexes) at 100 % zoom.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_render.py``

Measures, into a viewport-sized (1200×800) image:

* a full repaint of the viewport, cold (first paint: per-hex caches empty) and warm;
* the repaint after a radius-2 brush stroke by the map painter alone, with no tile cache:
  only the exposed rectangle of the 19 hexes painted (what the tile cache below builds on;
  the editor never repaints this way, so the target is the line through the view);
* the same brush repaint through a real QGraphicsView (``MapItem.invalidate_hexes`` then
  a synchronous viewport repaint), which keeps the map as raster tiles per layer group
  (:mod:`runtime.ui.layer_cache`) and redraws only the group the stroke changed: a terrain
  stroke and a level stroke (target <= 16 ms).

and the largest shipped map (The Drive on Metz) exported at 150 and 300 dpi through the
editor's PNG export (what its worker runs, band by band with progress).

Not a test: speed is measured here, never asserted in the test suite.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from hexwright.runtime.model import (
    BUILTIN_STYLES,
    ConnectionType,
    Grid,
    HexData,
    HexFeature,
    HexFeatureType,
    HexsideData,
    HexsideFeatureType,
    Level,
    MapData,
    MapStyle,
    TerrainType,
)
from hexwright.runtime.ui.layers import Layers
from hexwright.runtime.ui.map_painter import MapPainter
from hexwright.runtime.ui.map_view import PAPER, MapScene, MapView

VIEW_W, VIEW_H = 1200, 800
REPEATS = 50


def build_map(cols: int = 100, rows: int = 100, seed: int = 1) -> MapData:
    """Random terrain, levels, towns, a river network and roads; deterministic for a seed."""
    rnd = random.Random(seed)
    grid = Grid(cols=cols, rows=rows)
    hex_grid, scheme = grid.hex_grid(), grid.labels.scheme()
    terrains = {
        "clear": TerrainType(name="Clear", color="#ece6c8"),
        "woods": TerrainType(name="Woods", color="#9cbf7a", pattern="trees"),
        "hills": TerrainType(name="Hills", color="#d9c49a", pattern="hills"),
        "marsh": TerrainType(name="Marsh", color="#c9dcc9", pattern="marsh"),
        "urban": TerrainType(name="Urban", color="#d8cfc4", pattern="urban"),
        "rough": TerrainType(name="Rough", color="#e0d2b0", pattern="dots"),
    }
    names = list(terrains)
    hexes: dict[str, HexData] = {}
    hexsides: dict[str, HexsideData] = {}
    for h in hex_grid.hexes():
        label = scheme.format(h, hex_grid)
        features = [HexFeature(type="town")] if rnd.random() < 0.03 else []
        hexes[label] = HexData(terrain=rnd.choice(names), level=rnd.randint(0, 5), features=features,
                               name="Ville" if features else "")
        for side in hex_grid.hexsides_of(h)[:3]:
            roll = rnd.random()
            if roll < 0.06:
                key = f"{scheme.format(side.hex, hex_grid)}/{hex_grid.directions[side.direction]}"
                feats = ["river"] if roll < 0.03 else []
                conns = ["road"] if roll >= 0.02 else []
                hexsides[key] = HexsideData(features=feats, connections=conns)
    return MapData(
        grid=grid, default_terrain="clear", terrain_types=terrains,
        hex_feature_types={"town": HexFeatureType(name="Town", kind="town")},
        hexside_feature_types={"river": HexsideFeatureType(name="River", kind="river")},
        connection_types={"road": ConnectionType(name="Road", kind="road")},
        levels=[Level(value=v) for v in range(6)], hexes=hexes, hexsides=hexsides,
    )


def viewport_rect(mp: MapPainter, label: str) -> QRectF:
    """A 1200×800 rectangle of the map at 100 %, centred on hex ``label``."""
    cx, cy = mp.cache.center(mp.hex_index(label))
    return QRectF(cx - VIEW_W / 2, cy - VIEW_H / 2, VIEW_W, VIEW_H)


def paint_once(mp: MapPainter, image: QImage, view: QRectF, exposed: QRectF) -> float:
    """Paint ``exposed`` (map pixels) into ``image`` showing ``view``; returns milliseconds."""
    t0 = time.perf_counter()
    painter = QPainter(image)
    painter.translate(-view.left(), -view.top())
    painter.setClipRect(exposed)
    painter.fillRect(exposed, PAPER)
    mp.paint(painter, exposed)
    painter.end()
    return (time.perf_counter() - t0) * 1000


def timed(label: str, runs: list[float]) -> None:
    print(f"{label:<52} median {statistics.median(runs):7.2f} ms   min {min(runs):7.2f}   max {max(runs):7.2f}")


def main() -> None:
    """``bench_render.py [classic] [modern] [print]``: the parts named, or all of them."""
    parts = set(sys.argv[1:]) or {"classic", "modern", "print"}
    app = QApplication.instance() or QApplication([])
    t0 = time.perf_counter()
    map_data = build_map()
    print(f"built a {map_data.grid.cols}x{map_data.grid.rows} map with {len(map_data.hexsides)} hexsides "
          f"in {(time.perf_counter() - t0) * 1000:.0f} ms")
    image = QImage(VIEW_W, VIEW_H, QImage.Format_ARGB32_Premultiplied)
    for style in (BUILTIN_STYLES["classic"], BUILTIN_STYLES["modern"]):
        if style.name in parts:
            print(f"\n-- map style {style.name} --")
            bench_style(app, map_data, image, style)
    if "print" in parts:
        bench_print()


def bench_print() -> None:
    """The largest shipped map exported at print resolution, as the editor's export worker does."""
    import tempfile

    from hexwright.editor.export import export_png
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.storage.bundled import bundled_module

    print("\n-- print export (target: seconds, with progress) --")
    # The Drive on Metz (99 hexes) and the largest shipped map, St-Lô (50×36, 1,800 hexes).
    for name, dpis in (("drive_on_metz", (150, 300)), ("st_lo", (150, 300))):
        loaded = load_module(bundled_module(name))
        for dpi in dpis:
            bands: list[int] = []
            with tempfile.TemporaryDirectory() as tmp:
                t0, c0 = time.perf_counter(), time.thread_time()
                w, h = export_png(loaded.module, Path(tmp) / "map.png", dpi=dpi, hex_inches=16 / 25.4,
                                  assets=loaded.assets, progress=lambda done, total, seen=bands: seen.append(done))
                took, cpu = time.perf_counter() - t0, time.thread_time() - c0
            print(f"{loaded.module.meta.title} at {dpi} dpi ({loaded.module.map.style.base}): {w}x{h} px in "
                  f"{took:.1f} s wall, {cpu:.1f} s CPU, {len(bands)} progress reports")


def bench_style(app: QApplication, map_data: MapData, image: QImage, style: MapStyle) -> None:
    mp = MapPainter(map_data, Layers(), style=style, seed=1)
    middle = mp.cache.label(mp.cache.index((50, 50)))
    view = viewport_rect(mp, middle)

    timed("full viewport repaint, cold caches (first paint)", [paint_once(mp, image, view, view)])
    timed("full viewport repaint, warm", [paint_once(mp, image, view, view) for _ in range(REPEATS)])
    image.save(f"/tmp/bench_render_viewport_{style.name}.png")

    brush = [mp.cache.label(mp.cache.index(h)) for h in mp.cache.hex_grid.within(mp.cache.hex_of(mp.hex_index(middle)), 2)]
    exposed = mp.repaint_rect(brush)
    print(f"brush: {len(brush)} hexes, exposed rect {exposed.width():.0f}x{exposed.height():.0f} px, "
          f"{len(mp.visible_indices(exposed))} hexes painted")
    fresh = MapPainter(map_data, Layers(), style=style, seed=1)
    timed("radius-2 brush repaint, cold caches", [paint_once(fresh, image, view, exposed)])
    runs = []
    for k in range(REPEATS):
        map_data.hexes[middle] = map_data.hexes[middle].model_copy(  # the stroke's edit
            update={"terrain": ("woods", "clear")[k % 2]})
        mp.invalidate(brush)  # as the editor does with the edit's change record
        runs.append(paint_once(mp, image, view, exposed))
    timed("radius-2 brush repaint, warm, painter alone (no tile cache)", runs)

    for name, layers in (("terrain+grid only", Layers.only("terrain", "grid")),
                         ("everything, contours", Layers(level_style="contours"))):
        mp.layers = layers
        timed(f"full viewport repaint, warm, {name}", [paint_once(mp, image, view, view) for _ in range(REPEATS)])
    mp.layers = Layers()

    scene = MapScene(mp)
    gview = MapView(scene)
    gview.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    gview.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    gview.resize(VIEW_W, VIEW_H)
    gview.show()
    app.processEvents()
    gview.set_zoom(1.0)
    gview.centerOn(*mp.cache.center(mp.hex_index(middle)))
    app.processEvents()
    for what, edit in (("terrain", lambda k: {"terrain": ("woods", "clear")[k % 2]}),
                       ("level", lambda k: {"level": (4, 1)[k % 2]})):
        runs, cpu = [], []
        for k in range(REPEATS):
            for label in brush:  # the stroke's edit, then what the editor does with its change record
                hd = map_data.hexes[label]
                for field, value in edit(k).items():
                    setattr(hd, field, value)
            t0, c0 = time.perf_counter(), time.thread_time()
            region = gview.mapFromScene(scene.map_item.invalidate_hexes(brush)).boundingRect()
            gview.viewport().repaint(region.adjusted(-2, -2, 2, 2))
            runs.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        timed(f"radius-2 {what} brush through QGraphicsView (layer cache), wall", runs)
        timed(f"radius-2 {what} brush through QGraphicsView, CPU (target <= 16 ms)", cpu)
    runs = []
    for _ in range(10):
        t0 = time.perf_counter()
        gview.viewport().repaint()
        runs.append((time.perf_counter() - t0) * 1000)
    timed("full 1200x800 QGraphicsView repaint", runs)


if __name__ == "__main__":
    main()
