"""Interchange commands: ``export-vmod``, ``import-vmod``, ``export-tmx``, ``import-tmx``, ``print``.

Each draws with Qt only when it has pictures to make (imported lazily, so ``--help`` stays
fast); every file is written whole, and a bad input file is one line naming the file and
the field, exit status 1.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .progress import ProgressBar


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
    from hexwright.runtime.storage import atomic_write_bytes, load_module

    _suffix(args.out, ".vmod", "VASSAL modules")
    loaded = load_module(args.path)
    scenario = _scenario(loaded.module, args.scenario)
    from hexwright.runtime.ui.vassal_art import export_vmod  # Qt only to draw the pictures

    bar = ProgressBar(f"drawing {Path(args.out).name}")
    data, built = export_vmod(loaded.module, scenario, loaded.assets, args.scale, progress=bar)
    atomic_write_bytes(Path(args.out), data)
    bar.end()
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

    p = sub.add_parser("import-vmod", help="a new module from a VASSAL module: board as underlay, grid, pieces, setup")
    p.add_argument("file", help="the .vmod file")
    p.add_argument("dir", help="a new (or empty) folder for the module")
    p.add_argument("--id", default="", help="module id (default: from the folder name)")
    p.set_defaults(handler=cmd_import_vmod)

    p = sub.add_parser("export-tmx", help="write the terrain (and levels) as a Tiled .tmx map with its tilesets")
    p.add_argument("path", help="module folder or .hwmod file")
    p.add_argument("out", help="the .tmx file to write (tileset pictures go beside it)")
    p.set_defaults(handler=cmd_export_tmx)

    p = sub.add_parser("import-tmx", help="read a Tiled .tmx: into a module's terrain, or as a new module")
    p.add_argument("file", help="the .tmx file")
    p.add_argument("dir", help="a module folder (its terrain is replaced) or a new, empty folder")
    p.add_argument("--id", default="", help="module id of a new module (default: from the folder name)")
    p.set_defaults(handler=cmd_import_tmx)
    add_print_command(sub)


MAX_VMOD_BYTES = 1024 * 1024 * 1024


def _empty_target(folder: Path) -> None:
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ValueError(f"{folder}: exists and is not an empty folder; import into a new folder")


def cmd_import_vmod(args: argparse.Namespace) -> int:
    from hexwright.runtime.interchange.vassal_import import import_vmod, slug
    from hexwright.runtime.interchange.vassal_read import read_vmod
    from hexwright.runtime.storage import save_module

    source, folder = Path(args.file), Path(args.dir)
    _empty_target(folder)
    if source.stat().st_size > MAX_VMOD_BYTES:
        raise ValueError(f"{source}: larger than {MAX_VMOD_BYTES} bytes")
    bar = ProgressBar(f"importing {source.name}")
    bar(0, 4)
    data = source.read_bytes()
    bar(1, 4)
    vmod = read_vmod(data, str(source))
    bar(2, 4)
    result = import_vmod(vmod, args.id or slug(folder.name, "imported"), str(source))
    bar(3, 4)
    save_module(result.module, folder, result.assets)
    bar(4, 4)
    m = result.module
    print(f"imported {source} → {folder}: {m.map.grid.cols}×{m.map.grid.rows} {m.map.grid.orientation}-top hexes, "
          f"{len(m.pieces.pieces)} pieces, {len(m.pieces.markers)} markers, {len(m.scenarios)} scenario(s)")
    if result.report:
        print(f"not carried ({len(result.report)}):")
        for line in result.report:
            print(f"  - {line}")
    return 0


def cmd_export_tmx(args: argparse.Namespace) -> int:
    from hexwright.runtime.interchange.tmx import export_tmx
    from hexwright.runtime.storage import atomic_write_bytes, load_module

    _suffix(args.out, ".tmx", "Tiled maps")
    loaded = load_module(args.path)
    out = Path(args.out)
    bar = ProgressBar(f"writing {out.name}")
    result = export_tmx(loaded.module, out.stem, progress=bar)
    for name, data in result.images.items():
        atomic_write_bytes(out.with_name(name), data)
    atomic_write_bytes(out, result.tmx)
    bar.end()
    grid = loaded.module.map.grid
    print(f"wrote {out} ({grid.cols}×{grid.rows} hexes, terrain and levels layers) and "
          f"{', '.join(sorted(result.images))}")
    return 0


def cmd_import_tmx(args: argparse.Namespace) -> int:
    from hexwright.runtime.interchange.tmx import MAX_TMX_BYTES, apply_tmx, module_from_tmx, read_tmx
    from hexwright.runtime.interchange.vassal_import import slug
    from hexwright.runtime.storage import load_module, save_module

    source, folder = Path(args.file), Path(args.dir)
    if source.stat().st_size > MAX_TMX_BYTES:
        raise ValueError(f"{source}: larger than {MAX_TMX_BYTES} bytes")
    bar = ProgressBar(f"importing {source.name}")
    bar(0, 3)
    tmx = read_tmx(source.read_bytes(), str(source), source.parent)
    bar(1, 3)
    if folder.is_dir() and (folder / "map.json").is_file():
        loaded = load_module(folder)
        module = apply_tmx(loaded.module, tmx, str(source))
        bar(2, 3)
        save_module(module, folder, loaded.assets)
        what = "terrain and levels of"
    else:
        _empty_target(folder)
        module = module_from_tmx(tmx, args.id or slug(folder.name, "imported"), source.stem)
        bar(2, 3)
        save_module(module, folder)
        what = "a new module"
    bar(3, 3)
    print(f"imported {source} → {what} {folder} ({tmx.grid.cols}×{tmx.grid.rows} hexes, "
          f"{len(tmx.terrain_types)} terrain types)")
    for line in tmx.report:
        print(f"  - {line}")
    return 0


def _inches(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: inches as ``0.625`` or ``5/8``, between ``low`` and ``high``."""
    def parse(text: str) -> float:
        from fractions import Fraction

        try:
            value = float(Fraction(text.strip().rstrip('"').removesuffix("in")))
        except (ValueError, ZeroDivisionError):
            raise argparse.ArgumentTypeError(f"not a length in inches: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low:g} and {high:g} in, not {text!r}")
        return value
    return parse


def cmd_print(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import atomic_write_bytes, load_module

    _suffix(args.out, ".pdf", "print-and-play kits")
    loaded = load_module(args.path)
    scenario = _scenario(loaded.module, args.scenario)
    from hexwright.runtime.ui.print_kit import KitOptions, kit_pages, kit_pdf  # Qt only to draw

    options = KitOptions(page=args.page, bleed_in=args.bleed, hex_in=args.hex_size, counter_in=args.counter,
                         map_mode=args.map)
    pages = kit_pages(loaded.module, scenario, options, loaded.assets)
    bar = ProgressBar(f"printing {Path(args.out).name}")
    data = kit_pdf(pages, f"{loaded.module.meta.title} — print and play", progress=bar)
    bar(len(pages), len(pages))
    atomic_write_bytes(Path(args.out), data)
    print(f"wrote {args.out}: {len(pages)} pages ({', '.join(p.title for p in pages)})")
    return 0


def add_print_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("print", help="a print-and-play PDF: cover, map, duplex counter sheets, charts, setup")
    p.add_argument("path", help="module folder or .hwmod file")
    p.add_argument("out", help="the .pdf file to write")
    p.add_argument("--scenario", help="scenario of the setup sheet (default: the first)")
    p.add_argument("--page", choices=["letter", "a4"], default="letter")
    p.add_argument("--bleed", type=_inches(0, 0.5), default=0.0, help="bleed around each page, inches (e.g. 0.125)")
    p.add_argument("--map", choices=["tiled", "single"], default="tiled",
                   help="map tiled over pages with overlap marks, or on one large page")
    p.add_argument("--hex-size", type=_inches(0.3, 3), default=0.75, help="hex width across the flats, inches")
    p.add_argument("--counter", type=_inches(0.25, 2), default=0.625, help="counter size, inches (e.g. 5/8)")
    p.set_defaults(handler=cmd_print)
