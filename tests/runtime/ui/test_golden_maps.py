"""Golden images: the showcase map (every terrain, line and level case) in each built-in style.

A rendering change fails here. When the change is deliberate, look at the new images and
regenerate them::

    HEXWRIGHT_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/runtime/ui/test_golden_maps.py

then look at ``tests/runtime/ui/golden/*.png`` again before committing them. A failing
comparison writes the new render and a difference mask next to the test's tmp folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from carto_maps import showcase_module
from image_compare import PIXEL_TOLERANCE, compare
from PySide6.QtGui import QImage

from hexwright.runtime.model import BUILTIN_STYLES
from hexwright.runtime.ui.render_image import render_image

pytestmark = pytest.mark.gui

GOLDEN = Path(__file__).parent / "golden"
@pytest.mark.parametrize("style", sorted(BUILTIN_STYLES))
def test_showcase_map_matches_its_golden_image(qapp, style, tmp_path):
    image = render_image(showcase_module(style), 1.0).convertToFormat(QImage.Format.Format_RGB32)
    path = GOLDEN / f"showcase-{style}.png"
    if os.environ.get("HEXWRIGHT_REGENERATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        assert image.save(str(path), "PNG")
        pytest.skip(f"regenerated {path.name}: look at it before committing")
    assert path.exists(), f"no golden image {path}; regenerate (see module docs)"
    old = QImage(str(path))
    assert (image.width(), image.height()) == (old.width(), old.height()), "the map's size changed"
    differing, mask = compare(image, old)
    if differing > PIXEL_TOLERANCE:
        image.save(str(tmp_path / f"showcase-{style}.png"))
        mask.save(str(tmp_path / f"showcase-{style}-diff.png"))
    assert differing <= PIXEL_TOLERANCE, f"{differing:.2%} of pixels differ; see {tmp_path}"


def test_the_comparison_catches_a_small_regression(qapp):
    """A road drawn a little differently is more than the tolerance: the test can fail."""
    module = showcase_module("modern")
    base = render_image(module, 1.0)
    module.map.connection_types["road"].width = 5.0
    wider = render_image(module, 1.0)
    differing, _mask = compare(wider, base)
    assert differing > PIXEL_TOLERANCE
    assert compare(base, base)[0] == 0.0
