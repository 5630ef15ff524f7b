"""The hex grid as stored in a module: shape, label scheme and alignment to an image."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from hexwright.runtime.geometry import HexGrid, LabelScheme, Layout

from .common import Model, RelPath


class Labels(Model):
    """How hexes are named, e.g. ``CCRR`` zero-padded with the first column numbered 1."""

    kind: Literal["numeric", "alpha"] = "numeric"
    first_col: int = Field(1, ge=0)
    first_row: int = Field(1, ge=0)
    col_digits: int | None = Field(None, ge=1, le=4, description="None: automatic, at least 2")
    row_digits: int | None = Field(None, ge=1, le=4, description="None: automatic, at least 2")
    order: Literal["col_row", "row_col"] = "col_row"
    separator: str = Field("", max_length=2)

    @model_validator(mode="after")
    def _alpha_starts_at_a(self) -> Labels:
        if self.kind == "alpha" and self.first_col < 1:
            raise ValueError("alphabetic columns start at 1 (= A); first_col must be at least 1")
        return self

    def scheme(self) -> LabelScheme:
        return LabelScheme(
            kind=self.kind,
            first_col=self.first_col,
            first_row=self.first_row,
            col_digits=self.col_digits,
            row_digits=self.row_digits,
            order=self.order,
            separator=self.separator,
        )


class Underlay(Model):
    """A scanned map image under the grid, aligned by an affine transform.

    The transform maps image pixels to map pixels: ``x' = a*x + b*y + c``,
    ``y' = d*x + e*y + f``.
    """

    image: RelPath
    opacity: float = Field(0.6, ge=0.0, le=1.0)
    visible: bool = True
    transform: tuple[float, float, float, float, float, float] = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


class Grid(Model):
    """Shape of the map. Columns and rows are counted from the north-west hex."""

    orientation: Literal["flat", "pointy"] = "flat"
    cols: int = Field(ge=1, le=400)
    rows: int = Field(ge=1, le=400)
    shifted: Literal["odd", "even"] = Field(
        "odd",
        description=(
            "Which columns (flat-top) or rows (pointy-top), by zero-based index from the "
            "west/north, are drawn half a hex lower (flat) or further east (pointy)."
        ),
    )
    labels: Labels = Labels()
    hex_size: float = Field(40.0, gt=0, le=1000, description="circumradius in map pixels")
    origin_x: float = 0.0
    origin_y: float = 0.0
    underlay: Underlay | None = None

    @model_validator(mode="after")
    def _labels_fit(self) -> Grid:
        """Without a separator, the second part of a numeric label has a fixed width: the
        last column or row must fit in it, or its hexes could not be named."""
        labels = self.labels
        if labels.kind != "numeric" or labels.separator:
            return self
        if labels.order == "col_row":
            name, digits, last = "row_digits", labels.row_digits, labels.first_row + self.rows - 1
        else:
            name, digits, last = "col_digits", labels.col_digits, labels.first_col + self.cols - 1
        if digits is not None and len(str(last)) > digits:
            raise ValueError(f"labels.{name} is {digits}, too few for number {last} of this "
                             f"{self.cols}x{self.rows} map (use {len(str(last))}, or a separator)")
        return self

    def hex_grid(self) -> HexGrid:
        return HexGrid(cols=self.cols, rows=self.rows, orientation=self.orientation, shifted=self.shifted)

    def layout(self) -> Layout:
        return Layout(grid=self.hex_grid(), size=self.hex_size, origin_x=self.origin_x, origin_y=self.origin_y)
