"""Everything in this package as dock widgets of the editor window, wired together.

The window calls :func:`add_pieces_docks` once with its document (and its map view, so
units dragged from the order of battle can be dropped on hexes)::

    self.pieces_docks = add_pieces_docks(self, self.doc, self.canvas)   # in EditorWindow._build_docks
    for action in self.pieces_docks.actions: file_menu.addAction(action)

The docks are tabbed together at the bottom; selecting a unit in the order of battle
shows it in the unit form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QFileDialog, QGraphicsView, QInputDialog, QMainWindow, QMessageBox, QWidget

from hexwright.runtime.ui.jobs import BackgroundJob, Progress, run_job
from hexwright.runtime.ui.print_sheets import COUNTER_SIZES, write_charts_pdf, write_counter_sheets_pdf

from ..document import MapDocument
from .chart_preview import ChartPreview
from .crt_editor import CrtEditor
from .lookup_editor import LookupEditor, TurnTrackEditor, VictoryEditor
from .map_drop import MapDropHandler
from .oob_table import OobTable
from .scenario_editor import ScenarioEditor
from .sides_editor import SidesEditor
from .terrain_effects_editor import TerrainEffectsEditor
from .unit_form import UnitForm


@dataclass
class PiecesDocks:
    doc: MapDocument
    widgets: dict[str, QWidget]
    docks: dict[str, QDockWidget]
    actions: list[QAction] = field(default_factory=list)
    drop_handler: MapDropHandler | None = None


def build_widgets(doc: MapDocument) -> dict[str, QWidget]:
    oob, unit = OobTable(doc), UnitForm(doc)
    oob.pieceSelected.connect(unit.set_piece)
    return {"oob": oob, "unit": unit, "sides": SidesEditor(doc), "crt": CrtEditor(doc),
            "terrain_effects": TerrainEffectsEditor(doc), "lookups": LookupEditor(doc),
            "turn_track": TurnTrackEditor(doc), "victory": VictoryEditor(doc), "scenario": ScenarioEditor(doc),
            "charts": ChartPreview(doc)}


TITLES = {"oob": "Order of battle", "unit": "Unit", "sides": "Sides and types", "crt": "CRT",
          "terrain_effects": "Terrain effects", "lookups": "Tables", "turn_track": "Turn track",
          "victory": "Victory", "scenario": "Scenario", "charts": "Charts"}


def add_pieces_docks(window: QMainWindow, doc: MapDocument, map_view: QGraphicsView | None = None) -> PiecesDocks:
    widgets = build_widgets(doc)
    docks: dict[str, QDockWidget] = {}
    first: QDockWidget | None = None
    for key, widget in widgets.items():
        dock = QDockWidget(TITLES[key], window)
        dock.setObjectName(f"pieces-{key}")
        dock.setWidget(widget)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        if first is None:
            first = dock
        else:
            window.tabifyDockWidget(first, dock)
        docks[key] = dock
    if first is not None:
        first.raise_()
    scenario = widgets["scenario"]
    assert isinstance(scenario, ScenarioEditor)
    handler = MapDropHandler(map_view, scenario.place) if map_view is not None else None
    result = PiecesDocks(doc, widgets, docks, drop_handler=handler)
    result.actions = print_actions(window, doc)
    return result


def print_actions(window: QWidget, doc: MapDocument) -> list[QAction]:
    """"Export counter sheets (PDF)…" and "Export charts (PDF)…", each drawn in a worker with progress and Cancel."""

    def counters() -> None:
        size, ok = QInputDialog.getItem(window, "Counter size", "Counter size", list(COUNTER_SIZES), 2, False)
        if not ok:
            return
        path, _ = QFileDialog.getSaveFileName(window, "Export counter sheets", "counters.pdf", "PDF (*.pdf)")
        if path:
            export_counter_sheets(window, doc, Path(path), COUNTER_SIZES[size])

    def charts() -> None:
        path, _ = QFileDialog.getSaveFileName(window, "Export charts", "charts.pdf", "PDF (*.pdf)")
        if path:
            export_charts(window, doc, Path(path))

    out = []
    for text, slot in (("Export counter sheets (PDF)…", counters), ("Export charts (PDF)…", charts)):
        action = QAction(text, window)
        action.triggered.connect(slot)
        out.append(action)
    return out


def export_counter_sheets(window: QWidget, doc: MapDocument, path: Path, counter_in: float) -> BackgroundJob:
    """Counter sheets to ``path`` in a worker (from a copy of the module: editing may go on meanwhile)."""
    module, assets = doc.module.model_copy(deep=True), dict(doc.assets)
    return _export_job(window, "Exporting counter sheets…", path,
                       lambda progress: write_counter_sheets_pdf(module, path, counter_in, assets=assets,
                                                                 progress=progress))


def export_charts(window: QWidget, doc: MapDocument, path: Path) -> BackgroundJob:
    """The charts to ``path`` in a worker (from a copy of the module)."""
    module = doc.module.model_copy(deep=True)
    return _export_job(window, "Exporting charts…", path,
                       lambda progress: write_charts_pdf(module, path, progress=progress))


def _export_job(window: QWidget, title: str, path: Path, job: Callable[[Progress], None]) -> BackgroundJob:
    def say(text: str) -> None:
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text, 5000)

    def warn(exc: Exception) -> None:
        QMessageBox.warning(window, "Export", f"Could not write the file: {exc}")

    return run_job(window, title, job, done=lambda _: say(f"Wrote {path}"), failed=warn,
                   cancelled=lambda: say("Export cancelled: nothing written"))
