"""Cross-reference checks of a whole module: every id refers to something that exists,
every hex label is on the map, every CRT cell uses a defined result code."""

from .checks import check_module

__all__ = ["check_module"]
