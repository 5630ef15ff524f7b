"""``hexwright``: validate, inspect, create, pack and render modules without a window.

Commands that open a window (``view``, and the editor's ``edit``) import Qt lazily, so
everything else runs on a machine with no display. Every command imports what it needs
when it runs: building the parser and ``--help`` import no model, no pydantic and no
networkx (PRODUCT.md: ``hexwright --help`` within 80 ms of an empty interpreter).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .balance import add_balance_command
from .diff import add_diff_command, add_new_variant_command
from .interchange import add_interchange_commands
from .progress import ProgressBar
from .queries import add_query_commands

if TYPE_CHECKING:
    from hexwright.runtime.storage import ModuleError

Handler = Callable[[argparse.Namespace], int]

MAX_SIDE = 400  # the largest grid a module holds (runtime.model.grid.Grid)


def _err(message: str) -> None:
    print(message, file=sys.stderr)


class _TemplateNames:
    """The starter templates' names as argparse ``choices``, read from the model package
    (pydantic models) only when an argument is checked or ``new --help`` lists them."""

    def _names(self) -> list[str]:
        from hexwright.runtime.model.starter_templates import TEMPLATES

        return list(TEMPLATES)

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def _module_path(args: argparse.Namespace) -> str:
    """``args.path``, or the bundled module ``hexwright`` opens when given none."""
    if args.path is not None:
        return str(args.path)
    from hexwright.runtime.storage.bundled import default_module

    return str(default_module())


def _report(path: str | None, exc: ModuleError) -> None:
    """Every problem of a module that does not load, under a line naming the module."""
    if path is None:
        for issue in exc.issues:
            _err(str(issue))
        return
    _err(f"{path}: {len(exc.issues)} problem(s)")
    for issue in exc.issues:
        _err(f"  {issue}")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (argparse names the option)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low} and {high}, not {value}")
        return value
    return parse


def _positive(text: str) -> float:
    """An argparse type: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def _value_message(exc: ValueError) -> str:
    """A ValueError as one readable line; a pydantic error names its fields, without the URL."""
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}"
                         + (f" (got {e['input']!r})" if not isinstance(e.get("input"), (dict, list)) else "")
                         for e in exc.errors(include_url=False))
    return str(exc)


def _bases(args: argparse.Namespace) -> list[Path]:
    """``--base PATH`` (repeatable): where a variant's base module is, besides the usual places."""
    return [Path(p) for p in getattr(args, "base", None) or []]


def _add_base_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--base", action="append", metavar="PATH",
                   help="for a variant: its base module, or a folder of modules (repeatable)")


def cmd_validate(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import ModuleError, load_module

    try:
        loaded = load_module(args.path, _bases(args))
    except ModuleError as exc:
        _report(args.path, exc)
        return 1
    grid = loaded.module.map.grid
    print(f"OK: {loaded.module.meta.title} — {grid.cols * grid.rows} hexes, "
          f"{len(loaded.module.pieces.pieces)} pieces, {len(loaded.module.scenarios)} scenario(s)")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import load_module

    from .info import format_info, module_info

    info = module_info(load_module(args.path, _bases(args)).module)
    print(json.dumps(info, indent=2, sort_keys=True, ensure_ascii=False) if args.json else format_info(info))
    return 0


def _readable(text: str) -> str:
    """``text`` with the undecodable bytes of a file name (surrogate escapes) shown as U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def cmd_new(args: argparse.Namespace) -> int:
    from hexwright.runtime.model.starter_templates import module_from_template
    from hexwright.runtime.storage import save_module

    folder = Path(args.dir)
    if folder.exists() and any(folder.iterdir()):
        _err(f"{folder}: folder exists and is not empty")
        return 1
    name = _readable(folder.name)  # a folder name that is not UTF-8 still makes a module with a readable title
    module_id = args.id or "".join(c if c.isalnum() or c in "_-." else "-" for c in name) or "module"
    title = _readable(args.title) or name
    module = module_from_template(args.template, module_id, title, args.cols, args.rows, args.orientation)
    save_module(module, folder)
    print(f"created {_readable(str(folder))} ({args.cols}×{args.rows} {args.orientation}-top hexes, "
          f"template {args.template})")
    return 0


def cmd_pack(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import pack_path

    pack_path(Path(args.dir), Path(args.out), _bases(args), progress=ProgressBar(f"packing {Path(args.dir).name}"))
    print(f"packed {args.dir} → {args.out}")
    return 0


def cmd_unpack(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import unpack_path

    names = unpack_path(Path(args.file), Path(args.dir), _bases(args),
                        progress=ProgressBar(f"unpacking {Path(args.file).name}"))
    print(f"unpacked {len(names)} files → {args.dir}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    if Path(args.out).suffix.lower() != ".png":
        _err(f"{args.out}: render writes PNG images; give a file name ending in .png")
        return 2
    from hexwright.runtime.geometry.pixels import MAX_IMAGE_PIXELS, least_image_size, too_big
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.storage.peek import peek_grid

    grid = peek_grid(Path(args.path))  # refused before loading every hex when even the bare map is too big
    if grid is not None:
        width, height = least_image_size(grid.layout(), args.scale)
        if width * height > MAX_IMAGE_PIXELS:
            _err(f"render: {too_big(width, height, args.scale)}")
            return 1
    loaded = load_module(args.path)
    from hexwright.runtime.ui.render_image import render_png  # Qt only when rendering

    width, height = render_png(loaded.module, Path(args.out), scale=args.scale, assets=loaded.assets,
                               style=args.style, progress=ProgressBar(f"rendering {Path(args.out).name}"),
                               workers=0)  # bands painted on every processor (none of ours runs threads here)
    print(f"wrote {args.out} ({width}×{height} px)")
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import load_module

    path = _module_path(args)
    loaded = load_module(path)
    from hexwright.runtime.ui.map_window import run_window

    return run_window(loaded.module, path, assets=loaded.assets)


def cmd_play(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import load_module

    loaded = load_module(_module_path(args), _bases(args))
    bots = _bots(loaded.module.pieces.sides, args.bot or [])
    from hexwright.runtime.ui.play.launch import run_play  # Qt only when a window opens

    return run_play(loaded, scenario=args.scenario, seed=args.seed, load=args.load, hot_seat=args.hot_seat,
                    strict=args.strict, autosave=not args.no_autosave, resume=args.resume,
                    optional_rules=args.optional, bots=bots)


def _bots(sides: Iterable[str], given: list[str]) -> dict[str, str]:
    """``--bot SIDE=POLICY`` (repeatable) checked against the module's sides and the policy names."""
    from hexwright.runtime.bots import make_policy

    known = sorted(sides)
    out = {}
    for item in given:
        side, eq, spec = item.partition("=")
        if not eq or side not in known:
            raise ValueError(f"--bot {item!r}: expected SIDE=POLICY with SIDE one of {', '.join(known)}")
        make_policy(spec)
        out[side] = spec
    return out


def cmd_schema(args: argparse.Namespace) -> int:
    from hexwright.runtime.model.schema import schemas
    from hexwright.runtime.storage import atomic_write_text, dumps
    from hexwright.runtime.storage.bundled import checkout_root

    if args.out is None:
        root = checkout_root()
        if root is None:
            _err("hexwright schema: give --out DIR (the installed schemas are read-only)")
            return 2
        out = root / "resources" / "schema"
    else:
        out = Path(args.out)
    for name, schema in schemas().items():
        atomic_write_text(out / name, dumps(schema))
    print(f"wrote {len(schemas())} schemas to {out}")
    return 0


class _VersionAction(argparse.Action):
    """``--version``: read from the installed distribution only when asked (keeps --help fast)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and the module format version, then exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from hexwright.runtime.format_version import FORMAT_VERSION

        try:
            number = version("hexwright")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        print(f"hexwright {number} (module format {FORMAT_VERSION})")
        parser.exit(0)


def build_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[argparse.ArgumentParser]]:
    parser = argparse.ArgumentParser(prog="hexwright", description="Hex-and-counter wargame modules: edit, check, play.")
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("validate", help="check a module; exit 1 listing every problem")
    p.add_argument("path", help="module folder or .hwmod file")
    _add_base_option(p)
    p.set_defaults(handler=cmd_validate)

    p = sub.add_parser("info", help="title, grid, hexes, terrain, pieces, tables, scenarios")
    p.add_argument("path")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _add_base_option(p)
    p.set_defaults(handler=cmd_info)

    p = sub.add_parser("new", help="create a new module folder with a blank map")
    p.add_argument("dir")
    p.add_argument("--cols", type=_whole(1, MAX_SIDE), required=True)
    p.add_argument("--rows", type=_whole(1, MAX_SIDE), required=True)
    p.add_argument("--orientation", choices=["flat", "pointy"], default="flat")
    p.add_argument("--title", default="")
    p.add_argument("--id", default="")
    p.add_argument("--template", choices=_TemplateNames(), default="blank", metavar="TEMPLATE",
                   help="a starter rule set: %(choices)s (File ▸ New in the editor describes each)")
    p.set_defaults(handler=cmd_new)

    p = sub.add_parser("pack", help="pack a module or variant folder into one .hwmod file")
    p.add_argument("dir")
    p.add_argument("out")
    _add_base_option(p)
    p.set_defaults(handler=cmd_pack)

    p = sub.add_parser("unpack", help="unpack a .hwmod file into a folder (checked before writing)")
    p.add_argument("file")
    p.add_argument("dir")
    _add_base_option(p)
    p.set_defaults(handler=cmd_unpack)

    p = sub.add_parser("render", help="draw the map to a PNG without a window")
    p.add_argument("path")
    p.add_argument("--out", required=True)
    p.add_argument("--scale", type=_positive, default=1.0)
    p.add_argument("--style", choices=("classic", "modern"),
                   help="draw in this built-in map style instead of the module's own")
    p.set_defaults(handler=cmd_render)

    p = sub.add_parser("schema", help="write the JSON Schemas of the module files")
    p.add_argument("--out", help="folder (default: resources/schema, in a source checkout only)")
    p.set_defaults(handler=cmd_schema)

    p = sub.add_parser("view", help="open a module's map in a window")
    p.add_argument("path", nargs="?", help="module folder or .hwmod file (default: a bundled module)")
    p.set_defaults(handler=cmd_view)

    p = sub.add_parser("play", help="play a module's scenario in a window (hot-seat, saves, replay)")
    p.add_argument("path", nargs="?", help="module folder or .hwmod file (default: a bundled module)")
    p.add_argument("--scenario", help="scenario id (default: the first)")
    p.add_argument("--seed", type=int, help="dice seed (default: a fresh random one)")
    p.add_argument("--load", metavar="SAVE", help="continue a saved game (.hwsav)")
    p.add_argument("--hot-seat", action="store_true", help="show a hand-over screen when the active side changes")
    p.add_argument("--strict", action="store_true", help="undo stops at a die roll or a chit draw")
    p.add_argument("--no-autosave", action="store_true", help="do not autosave every turn and on exit")
    p.add_argument("--resume", action="store_true", help="continue from the autosave of this module and scenario")
    p.add_argument("--bot", action="append", metavar="SIDE=POLICY",
                   help="let a bot play SIDE: random, greedy or mcts[:N] (solitaire; repeatable, both sides to watch)")
    p.add_argument("--optional", action="append", metavar="RULE",
                   help="an optional rule the players agreed on (e.g. us_airborne); repeatable")
    _add_base_option(p)
    p.set_defaults(handler=cmd_play)

    add_query_commands(sub)  # reach, supply, los, odds (runtime/cli/queries.py)
    add_interchange_commands(sub)  # export-vmod, import-vmod, export-tmx, import-tmx, print
    add_balance_command(sub)  # balance studies by bots (runtime/cli/balance.py)
    add_diff_command(sub)  # diff A B, a variant against its base (runtime/cli/diff.py)
    add_new_variant_command(sub)  # new-variant BASE DIR
    return parser, sub


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None, default: Handler | None = None) -> int:
    args = parser.parse_args(argv)
    from hexwright.runtime.storage import ModuleError  # past --help: the command needs the storage anyway

    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        if default is None:
            parser.print_help()
            return 2
        handler = default
    try:
        return handler(args)
    except ModuleError as exc:
        _report(getattr(args, "path", None), exc)
        return 1
    except OSError as exc:
        _err(f"{exc.filename or ''}: {exc.strerror or exc}")
        return 1
    except ValueError as exc:  # a bad value found past argparse: a message, never a traceback
        _err(f"{args.command}: {_value_message(exc)}")
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser, _ = build_parser()
    return run(parser, argv)


if __name__ == "__main__":
    raise SystemExit(main())
