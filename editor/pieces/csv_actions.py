"""CSV import and export of the order of battle, and the report of rows that did not import.

Export writes the file atomically. Import reads it, shows what would change and every row
left out (row, column, value, why), and on OK applies the good rows as one undo step.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexwright.runtime.interchange.oob_csv import ImportReport, decode_csv, export_csv, import_csv
from hexwright.runtime.storage import atomic_write_text

from ..commands import ImportPieces
from ..document import MapDocument

MAX_CSV_BYTES = 16 * 1024 * 1024


def export_oob(doc: MapDocument, path: str | Path) -> None:
    atomic_write_text(Path(path), export_csv(doc.module.pieces))


def read_oob(doc: MapDocument, path: str | Path) -> ImportReport:
    """Read a CSV file against the module; nothing changes yet. Raises OSError/ValueError."""
    path = Path(path)
    if path.stat().st_size > MAX_CSV_BYTES:
        raise ValueError(f"{path.name} is larger than {MAX_CSV_BYTES // (1024 * 1024)} MB")
    return import_csv(decode_csv(path.read_bytes()), doc.module)  # UTF-8/BOM, UTF-16, cp1252


def apply_report(doc: MapDocument, report: ImportReport) -> bool:
    """Push the report's units as one undo step; False if there is nothing to import."""
    if not report.pieces:
        return False
    doc.push(ImportPieces(doc, report.pieces, f"Import {len(report.pieces)} units from CSV"))
    return True


class ImportReportDialog(QDialog):
    """What an import will do, and a table of the rows that will not import."""

    def __init__(self, report: ImportReport, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Import order of battle")
        self.report = report
        summary = (f"{report.rows_read} rows read: {len(report.created)} new units, {len(report.updated)} updated. "
                   f"{len(report.rejected_rows)} rows will not import.")
        self.summary = QLabel(summary)
        self.problems = QTableWidget(len(report.problems), 4)
        self.problems.setHorizontalHeaderLabels(["Row", "Column", "Value", "Problem"])
        for r, problem in enumerate(report.problems):
            for c, text in enumerate((str(problem.row), problem.column, problem.value, problem.message)):
                self.problems.setItem(r, c, QTableWidgetItem(text))
        self.problems.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.problems.setVisible(bool(report.problems))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(f"Import {len(report.pieces)} units")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(report.pieces))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems, 1)
        layout.addWidget(buttons)
        self.resize(640, 360 if report.problems else 120)


def import_with_report(doc: MapDocument, path: str | Path, parent: QWidget | None = None) -> ImportReportDialog:
    """Read ``path`` and open the report dialog (not modal); OK applies the import."""
    report = read_oob(doc, path)
    dialog = ImportReportDialog(report, parent)
    dialog.accepted.connect(lambda: apply_report(doc, report))
    dialog.open()
    return dialog


def connect_csv_buttons(table) -> None:
    """Wire an :class:`~editor.pieces.oob_table.OobTable`'s Import/Export buttons to file dialogs."""

    def export() -> None:
        path, _ = QFileDialog.getSaveFileName(table, "Export order of battle", "oob.csv", "CSV (*.csv)")
        if path:
            try:
                export_oob(table.doc, path)
            except OSError as exc:
                table.status.setText(f"Could not write {path}: {exc}")

    def import_() -> None:
        path, _ = QFileDialog.getOpenFileName(table, "Import order of battle", "", "CSV (*.csv);;All files (*)")
        if path:
            try:
                table.report_dialog = import_with_report(table.doc, path, table)
            except (OSError, ValueError) as exc:
                table.status.setText(f"Could not read {path}: {exc}")

    table.export_button.clicked.connect(export)
    table.import_button.clicked.connect(import_)
