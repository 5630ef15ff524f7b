"""Take the pictures of docs/vassal.md (nothing is written outside docs/ and a temp folder):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/interchange_screenshots.py

- ``vassal-setup.png``: The Drive on Metz exported to a .vmod, read back with our reader, its
  board image with every at-start stack drawn where VASSAL's grid formulas put it;
- ``vassal-import-editor.png``: that .vmod imported as a new module, open in the editor over
  its underlay, a few hexes painted;
- ``print-kit-cover.png``, ``print-kit-setup.png``: two pages of ``hexwright print``'s PDF,
  turned to PNG with pdftoppm (poppler-utils) when it is installed, else drawn with Qt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HEXWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="hexwright-shots-"))


def main() -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from hexwright.runtime.interchange.vassal_import import import_vmod
    from hexwright.runtime.interchange.vassal_read import read_vmod
    from hexwright.runtime.storage import load_module, save_module
    from hexwright.runtime.ui.print_kit import KitOptions, kit_pages, kit_pdf, page_image
    from hexwright.runtime.ui.vassal_art import export_vmod, setup_preview

    app = QApplication.instance() or QApplication([])
    loaded = load_module(ROOT / "modules" / "drive_on_metz")
    data, _ = export_vmod(loaded.module, "campaign", loaded.assets, 1.5)
    vmod = read_vmod(data, "drive_on_metz.vmod")
    preview = setup_preview(vmod)
    preview.scaled(1200, 1200, Qt.AspectRatioMode.KeepAspectRatio,
                   Qt.TransformationMode.SmoothTransformation).save(str(DOCS / "vassal-setup.png"))

    tmp = Path(tempfile.mkdtemp(prefix="hexwright-vmod-"))
    result = import_vmod(vmod, "dom_from_vassal", "drive_on_metz.vmod")
    save_module(result.module, tmp / "dom_from_vassal", result.assets)

    from hexwright.editor.document import MapDocument
    from hexwright.editor.views.main_window import EditorWindow

    doc = MapDocument.open(tmp / "dom_from_vassal")
    window = EditorWindow(doc)
    window.resize(1500, 950)
    window.show()
    QTest.qWaitForWindowExposed(window)
    for _ in range(3):
        app.processEvents()
        QTest.qWait(50)
    window.canvas.fit_to_window()
    app.processEvents()
    window.grab().save(str(DOCS / "vassal-import-editor.png"))
    window.close()

    pages = kit_pages(loaded.module, "campaign", KitOptions(), loaded.assets)
    wanted = {"Cover": "print-kit-cover.png", "Setup campaign": "print-kit-setup.png"}
    if shutil.which("pdftoppm"):
        pdf = tmp / "kit.pdf"
        pdf.write_bytes(kit_pdf(pages, "The Drive on Metz"))
        for i, page in enumerate(pages, start=1):
            if page.title in wanted:
                stem = tmp / f"page{i}"
                subprocess.run(["pdftoppm", "-r", "90", "-f", str(i), "-l", str(i), "-singlefile", "-png",
                                str(pdf), str(stem)], check=True)
                shutil.copyfile(f"{stem}.png", DOCS / wanted[page.title])
    else:
        for page in pages:
            if page.title in wanted:
                page_image(page, 90).save(str(DOCS / wanted[page.title]))


if __name__ == "__main__":
    main()
