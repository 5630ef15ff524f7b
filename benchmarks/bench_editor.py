"""Benchmark: the map editor on a generated 100×100-hex map (10,000 hexes).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_editor.py``

Measures (median of several runs, after one warm-up):

* ``open``: load the module folder from disk (parse + validate) — target ≤ 1 s;
* ``open window``: load it and build the editor window around it (docks included);
* ``save``: an atomic save of the edited module (every file rewritten);
* ``stroke``: one radius-2 brush stroke dragged across 10 hexes, as undo commands;
* ``repaint``: repainting after that stroke — the canvas's dirty region drawn by the
  view in its event loop, at 100 % zoom (target ≤ 16 ms);
* ``repaint region``: the same dirty rectangle painted straight into an image.

Not a test: speed is measured here, never asserted in the test suite.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import HexData, HexFeature, HexsideData, new_module
from hexwright.runtime.storage import load_module, save_module

SIZE = 100


def build(seed: int = 1):
    """A 100×100 map with mixed terrain, levels, towns, rivers and roads."""
    rng = random.Random(seed)
    m = new_module("bench", "Bench", SIZE, SIZE)
    grid, scheme = m.map.grid.hex_grid(), m.map.grid.labels.scheme()
    terrains = ["clear", "clear", "woods", "rough", "marsh"]
    for h in grid.hexes():
        t, lv = rng.choice(terrains), rng.choice([0, 0, 0, 1])
        feats = [HexFeature(type="village")] if rng.random() < 0.03 else []
        if t != "clear" or lv or feats:
            m.map.hexes[scheme.format(h, grid)] = HexData(terrain=t, level=lv, features=feats)
    from hexwright.runtime.model import Level

    m.map.levels = [Level(value=0), Level(value=1)]
    from hexwright.runtime.geometry import format_hexside

    for _ in range(40):  # rivers: random walks along sides
        h = Hex(rng.randrange(SIZE), rng.randrange(SIZE))
        for _ in range(25):
            d = rng.randrange(6)
            try:
                key = format_hexside(grid, grid.hexside(h, d), scheme)
            except ValueError:
                break
            m.map.hexsides[key] = HexsideData(features=["river"])
            n = grid.neighbor(h, rng.choice([d, (d + 1) % 6]))
            h = n if grid.contains(n) else h
    for _ in range(30):  # roads: straight runs
        h, d = Hex(rng.randrange(SIZE), rng.randrange(SIZE)), rng.randrange(6)
        for _ in range(30):
            n = grid.neighbor(h, d)
            if not grid.contains(n):
                break
            key = format_hexside(grid, grid.hexside_between(h, n), scheme)
            old = m.map.hexsides.get(key) or HexsideData()
            m.map.hexsides[key] = old.model_copy(update={"connections": ["road"]})
            h = n
    return m


def timed(fn, runs: int = 5) -> tuple[float, object]:
    fn()
    samples, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples), result


def main() -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp(prefix="hw-bench-editor-"))
    os.environ["HEXWRIGHT_RECOVERY_DIR"] = str(tmp / "recovery")
    try:
        folder = tmp / "big"
        save_module(build(), folder)
        t_open, _ = timed(lambda: load_module(folder))

        from hexwright.editor.commands import PaintTerrain
        from hexwright.editor.document import MapDocument
        from hexwright.editor.edits.brush import brush_hexes
        from hexwright.editor.views.main_window import EditorWindow

        def open_window():
            w = EditorWindow(MapDocument.open(folder))
            w.ask_unsaved = lambda: "discard"
            return w

        t_window, window = timed(open_window, runs=3)
        window.resize(1400, 900)
        window.show()
        window.canvas.set_zoom(1.0)
        window.canvas.centerOn(window.doc.names.layout.center(Hex(50, 50))[0],
                               window.doc.names.layout.center(Hex(50, 50))[1])
        app.processEvents()
        doc = window.doc

        terrains = ["woods", "rough", "marsh", "water"]
        stroke_times, repaint_times, region_times = [], [], []
        for i in range(12):
            stroke = doc.next_stroke()
            t0 = time.perf_counter()
            labels_all = set()
            for k in range(10):
                hexes = brush_hexes(doc.names.grid, Hex(40 + k, 45 + i), 2)
                labels = [doc.names.label(h) for h in hexes]
                labels_all.update(labels)
                doc.push(PaintTerrain(doc, labels, terrains[i % 4], stroke))
            t1 = time.perf_counter()
            app.processEvents()  # the view repaints its dirty region
            t2 = time.perf_counter()
            rect = window.map_painter.hexes_rect(labels_all)
            image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format_ARGB32_Premultiplied)
            image.fill(Qt.white)
            p = QPainter(image)
            p.translate(-rect.left(), -rect.top())
            t3 = time.perf_counter()
            window.map_painter.paint(p, QRectF(rect))
            t4 = time.perf_counter()
            p.end()
            if i >= 2:  # the first strokes warm caches
                stroke_times.append(t1 - t0)
                repaint_times.append(t2 - t1)
                region_times.append(t4 - t3)

        t_save, _ = timed(lambda: doc.save(tmp / "saved"), runs=3)
        hexes = SIZE * SIZE
        print(f"map: {SIZE}×{SIZE} = {hexes} hexes, {len(doc.map.hexes)} stored, {len(doc.map.hexsides)} hexsides")
        print(f"open (load + validate):      {t_open * 1000:8.1f} ms   (target ≤ 1000 ms)")
        print(f"open window (load + views):  {t_window * 1000:8.1f} ms")
        print(f"save (atomic, all files):    {t_save * 1000:8.1f} ms")
        print(f"brush stroke, 10 hexes r=2:  {statistics.median(stroke_times) * 1000:8.1f} ms")
        print(f"repaint after the stroke:    {statistics.median(repaint_times) * 1000:8.1f} ms   (target ≤ 16 ms)")
        print(f"  dirty region painted alone: {statistics.median(region_times) * 1000:7.1f} ms")
        window.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
