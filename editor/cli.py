"""The ``hexwright`` console script: the runtime's commands plus ``edit``.

With no command it opens the start screen; with a path to a module or a saved game
(``hexwright FILE.hwsav``, what a file manager runs on a double-click) it opens that.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from hexwright.runtime.cli.main import build_parser, run


def cmd_edit(args: argparse.Namespace) -> int:
    """``hexwright edit [PATH]``: the editor on PATH, or on a new blank map."""
    from hexwright.editor.app import install_safety_nets, run_editor  # Qt only when a window is wanted

    install_safety_nets()
    return run_editor(args.path)


def cmd_default(args: argparse.Namespace) -> int:
    """``hexwright`` alone: the start screen."""
    from hexwright.editor.app import install_safety_nets, run_start

    install_safety_nets()
    return run_start()


def opens_a_file(argv: Sequence[str], commands: Sequence[str]) -> bool:
    """``hexwright PATH``: one argument that is no command or option but a file or folder."""
    return len(argv) == 1 and argv[0] not in commands and not argv[0].startswith("-") and Path(argv[0]).exists()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser, sub = build_parser()
    if opens_a_file(args, [*sub.choices, "edit"]):
        from hexwright.editor.app import install_safety_nets, run_open

        install_safety_nets()
        return run_open(args[0])
    p = sub.add_parser("edit", help="open the editor (a new map if no PATH)")
    p.add_argument("path", nargs="?", default=None)
    p.set_defaults(handler=cmd_edit)
    return run(parser, argv, default=cmd_default)


if __name__ == "__main__":
    raise SystemExit(main())
