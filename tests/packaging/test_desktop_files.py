"""The Linux desktop entry and the shared-mime-info types for Hexwright's files, installed per user."""

from __future__ import annotations

import configparser
import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def _installer():
    spec = importlib.util.spec_from_file_location("install_desktop", ROOT / "packaging" / "install_desktop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_install_writes_the_desktop_entry_mime_types_and_icon(tmp_path):
    desktop, mime, icon = _installer().install(tmp_path, "/opt/hexwright/hexwright")
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(desktop, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == "/opt/hexwright/hexwright %f" and section["Icon"] == "hexwright"
    opens = {t for t in section["MimeType"].split(";") if t}
    types = {t.get("type"): [g.get("pattern") for g in t.iter(f"{NS}glob")] for t in ET.parse(mime).getroot()}
    assert types == {"application/x-hexwright-module": ["*.hwmod"], "application/x-hexwright-save": ["*.hwsav"],
                     "application/x-hexwright-moves": ["*.hwlog"]}
    assert opens == set(types)  # every type defined opens by `hexwright FILE` (tests/editor/test_open_every_file.py)
    image = QImage(str(icon))
    assert (image.width(), image.height()) == (256, 256)
    assert (tmp_path / "share" / "icons" / "hicolor" / "256x256" / "apps" / "hexwright.png") == icon
