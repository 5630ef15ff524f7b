"""Layer switches and colour parsing."""

from __future__ import annotations

import pytest

from hexwright.runtime.ui.layers import Layers


def test_defaults_show_everything_with_levels_as_the_map_style_says():
    layers = Layers()
    assert all(getattr(layers, n) for n in Layers.names()) and layers.level_style == "style"


def test_only_and_with():
    layers = Layers.only("terrain", "grid", level_style="contours")
    assert layers.terrain and layers.grid and not layers.labels and layers.level_style == "contours"
    assert layers.with_(labels=True).labels and not layers.labels
    with pytest.raises(ValueError, match="unknown layer"):
        Layers.only("terain")
    with pytest.raises(ValueError, match="level_style"):
        Layers(level_style="shaded")


@pytest.mark.gui
def test_eight_digit_colours_are_rrggbbaa():
    from hexwright.runtime.ui.colors import qcolor

    c = qcolor("#ff000040")
    assert (c.red(), c.green(), c.blue(), c.alpha()) == (255, 0, 0, 0x40)
    assert qcolor("#123456").alpha() == 255
    with pytest.raises(ValueError, match="colour"):
        qcolor("#12345")
