#!/usr/bin/env python3
"""Install Hexwright's desktop entry, file types and icon for the current user (Linux, freedesktop).

    python3 packaging/install_desktop.py [--prefix ~/.local] [--exec /path/to/hexwright]

Writes ``share/applications/hexwright.desktop`` (opening ``.hwmod`` modules and ``.hwsav``
saves with ``hexwright FILE``), ``share/mime/packages/hexwright.xml`` (the shared-mime-info
types of ``.hwmod``, ``.hwsav`` and the play-by-e-mail ``.hwlog``) and the icon, then
refreshes the MIME and desktop databases when their tools are installed. Only the
standard library is used, so it runs with any Python 3.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def install(prefix: Path, command: str) -> list[Path]:
    share = prefix / "share"
    desktop = share / "applications" / "hexwright.desktop"
    mime = share / "mime" / "packages" / "hexwright.xml"
    icon = share / "icons" / "hicolor" / "256x256" / "apps" / "hexwright.png"
    for path in (desktop, mime, icon):
        path.parent.mkdir(parents=True, exist_ok=True)
    text = (HERE / "linux" / "hexwright.desktop").read_text("utf-8")
    desktop.write_text(text.replace("Exec=hexwright %f", f"Exec={command} %f"), "utf-8")
    shutil.copyfile(HERE / "linux" / "hexwright-mime.xml", mime)
    shutil.copyfile(ROOT / "resources" / "icons" / "hexwright.png", icon)
    for tool, folder in (("update-mime-database", share / "mime"), ("update-desktop-database", share / "applications")):
        if shutil.which(tool):
            subprocess.run([tool, str(folder)], check=False, capture_output=True)
    return [desktop, mime, icon]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", type=Path, default=Path.home() / ".local")
    parser.add_argument("--exec", dest="command", default=shutil.which("hexwright") or "hexwright",
                        help="the hexwright command the desktop entry runs (default: the one on PATH)")
    args = parser.parse_args(argv)
    for path in install(args.prefix, args.command):
        print(f"installed {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
