"""The Qt map renderer: the only runtime package that imports PySide6.

Importing this package does not import Qt; import the submodules you need:

* :mod:`runtime.ui.layers` — which map layers to draw (plain Python);
* :mod:`runtime.ui.map_painter` — :class:`MapPainter`, draws a map with a QPainter;
* :mod:`runtime.ui.render_image` — headless PNG/QImage rendering (``hexwright render``);
* :mod:`runtime.ui.map_view` — the zoomable, pannable :class:`MapView`;
* :mod:`runtime.ui.map_window` — a minimal window showing a module's map.
"""

from .layers import Layers, LevelStyle

__all__ = ["Layers", "LevelStyle"]
