"""The ``hexwright`` console script: the runtime's commands plus ``edit``.

With no command it opens the editor on the bundled default module.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from hexwright.runtime.cli.main import DEFAULT_MODULE, build_parser, run


def cmd_edit(args: argparse.Namespace) -> int:
    """``hexwright edit [PATH]``: the editor on PATH, or on a new blank map."""
    from hexwright.editor.app import run_editor  # Qt only when a window is wanted

    return run_editor(args.path)


def cmd_default(args: argparse.Namespace) -> int:
    """``hexwright`` alone: the editor on the bundled default module."""
    from hexwright.editor.app import run_editor

    return run_editor(str(DEFAULT_MODULE))


def main(argv: Sequence[str] | None = None) -> int:
    parser, sub = build_parser()
    p = sub.add_parser("edit", help="open the editor (a new map if no PATH)")
    p.add_argument("path", nargs="?", default=None)
    p.set_defaults(handler=cmd_edit)
    return run(parser, argv, default=cmd_default)


if __name__ == "__main__":
    raise SystemExit(main())
