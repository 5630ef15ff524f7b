"""A grid whose label scheme cannot name every hex is refused when the module loads."""

import pytest
from pydantic import ValidationError

from hexwright.runtime.model.grid import Grid, Labels


@pytest.mark.parametrize("labels, cols, rows, field", [
    (Labels(row_digits=1), 30, 12, "row_digits"),
    (Labels(col_digits=1, order="row_col"), 30, 12, "col_digits"),
])
def test_digits_too_few_for_the_last_hex_is_refused(labels, cols, rows, field):
    with pytest.raises(ValidationError, match=field):
        Grid(cols=cols, rows=rows, labels=labels)


def test_digits_that_fit_or_a_separator_are_accepted():
    Grid(cols=9, rows=9, labels=Labels(col_digits=1, row_digits=1))
    Grid(cols=30, rows=12, labels=Labels(col_digits=1, row_digits=1, separator="."))
    Grid(cols=30, rows=9, labels=Labels(col_digits=1, row_digits=1))  # the first part may grow
    Grid(cols=5, rows=10, labels=Labels(first_row=95))  # automatic widths always fit


def test_every_hex_of_an_accepted_grid_has_a_label():
    grid = Grid(cols=12, rows=10, labels=Labels(first_row=0, row_digits=1))
    scheme, hexes = grid.labels.scheme(), grid.hex_grid()
    assert len({scheme.format(h, hexes) for h in hexes.hexes()}) == 120
