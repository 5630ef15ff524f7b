"""Interchange commands: ``export-vmod``, ``import-vmod``, ``export-tmx``, ``import-tmx``, ``print``.

Each draws with Qt only when it has pictures to make (imported lazily, so ``--help`` stays
fast); every file is written whole, and a bad input file is one line naming the file and
the field, exit status 1.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from hexwright.runtime.storage import atomic_write_bytes, load_module


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(value) and 0.1 <= value <= 8):
        raise argparse.ArgumentTypeError(f"must be between 0.1 and 8, not {text!r}")
    return value


def _suffix(path: str, suffix: str, what: str) -> None:
    if Path(path).suffix.lower() != suffix:
        raise ValueError(f"{path}: {what} are written as {suffix} files; give a name ending in {suffix}")


def _scenario(module: Any, wanted: str | None) -> str | None:
    if wanted is not None:
        if wanted not in module.scenarios:
            known = ", ".join(sorted(module.scenarios)) or "none"
            raise ValueError(f"no scenario {wanted!r} (have: {known})")
        return wanted
    return next(iter(module.scenarios), None)


def cmd_export_vmod(args: argparse.Namespace) -> int:
    _suffix(args.out, ".vmod", "VASSAL modules")
    loaded = load_module(args.path)
    scenario = _scenario(loaded.module, args.scenario)
    from hexwright.runtime.ui.vassal_art import export_vmod  # Qt only to draw the pictures

    data, built = export_vmod(loaded.module, scenario, loaded.assets, args.scale)
    atomic_write_bytes(Path(args.out), data)
    vmod = built.module
    print(f"wrote {args.out}: board {vmod.boards[0].width}×{vmod.boards[0].height} px, "
          f"{sum(len(pl.slots) for pl in vmod.piece_lists)} pieces, {len(vmod.stacks)} at-start stacks"
          + (f" (scenario {scenario})" if scenario else "") + f", {len(vmod.dice)} dice, {len(vmod.charts)} charts")
    for problem in built.problems:
        print(f"  note: {problem}")
    return 0


def add_interchange_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("export-vmod", help="write a VASSAL module (.vmod): board, grid, pieces, setup, dice, charts")
    p.add_argument("path", help="module folder or .hwmod file")
    p.add_argument("out", help="the .vmod file to write")
    p.add_argument("--scenario", help="scenario whose start becomes the at-start stacks (default: the first)")
    p.add_argument("--scale", type=_scale, default=1.5, help="board pixels per map pixel (default 1.5)")
    p.set_defaults(handler=cmd_export_vmod)
