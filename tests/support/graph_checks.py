"""Comparing two movement graphs field by field (an updated one against a fresh build)."""

from __future__ import annotations

from hexwright.runtime.rules.movement_graph import MovementGraph


def same_graph(a: MovementGraph, b: MovementGraph) -> None:
    """Assert that ``a`` and ``b`` price every step, entry and way off the map alike."""
    assert a.scale == b.scale
    assert a.entry == b.entry
    assert a.beyond == b.beyond
    assert a.steps == b.steps
    assert a.road_steps == b.road_steps
    assert a.road_entry == b.road_entry
    assert a.exits == b.exits
    assert a.zero_steps == b.zero_steps
    assert a.graph._adj == b.graph._adj
