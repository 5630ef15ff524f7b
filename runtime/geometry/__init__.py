"""Pure hex-grid geometry: coordinates, adjacency, hexsides, labels, pixels, lines.

Standard library only (no Qt, no pydantic) so that rules code, storage and
tests can use it anywhere.
"""

from .coords import Hex, Orientation, Shift
from .directions import FLAT_DIRECTIONS, POINTY_DIRECTIONS, direction_index, direction_names, opposite
from .grid import HexGrid
from .hexsides import Hexside, format_hexside, parse_hexside
from .labels import LabelScheme, alpha_column, alpha_number
from .lines import line_of_hexes
from .pixels import Layout, Point

__all__ = [
    "FLAT_DIRECTIONS",
    "POINTY_DIRECTIONS",
    "Hex",
    "HexGrid",
    "Hexside",
    "LabelScheme",
    "Layout",
    "Orientation",
    "Point",
    "Shift",
    "alpha_column",
    "alpha_number",
    "direction_index",
    "direction_names",
    "format_hexside",
    "line_of_hexes",
    "opposite",
    "parse_hexside",
]
