"""The runtime's Qt package has no import cycle: windows are composed of parts that hold the
window, so no part imports the module of the window that holds it (issue 10, composed windows).

Every import counts, including imports inside functions and under ``TYPE_CHECKING``: grimp
sees them all, the way import-linter does.
"""

from __future__ import annotations

import grimp
import networkx as nx

PACKAGE = "hexwright.runtime.ui"


def _module_graph(graph: grimp.ImportGraph, package: str) -> nx.DiGraph:
    modules = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    edges = nx.DiGraph()
    edges.add_nodes_from(modules)
    for module in modules:
        edges.add_edges_from((module, imported) for imported in graph.find_modules_directly_imported_by(module)
                             if imported in modules)
    return edges


def test_no_import_cycle_among_the_modules_of_runtime_ui():
    edges = _module_graph(grimp.build_graph("hexwright.runtime"), PACKAGE)
    assert "hexwright.runtime.ui.play.play_window" in edges and edges.number_of_edges() > 20
    cycles = sorted(sorted(c) for c in nx.simple_cycles(edges))
    assert cycles == []


def test_the_check_finds_a_cycle_when_there_is_one():
    graph = grimp.build_graph("hexwright.runtime")
    graph.add_import(importer="hexwright.runtime.ui.play.game_files", imported="hexwright.runtime.ui.play.play_window")
    cycles = list(nx.simple_cycles(_module_graph(graph, PACKAGE)))
    assert ["hexwright.runtime.ui.play.game_files", "hexwright.runtime.ui.play.play_window"] in [sorted(c) for c in cycles]
