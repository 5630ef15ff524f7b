"""Rules queries with JSON output: ``reach``, ``supply``, ``los``, ``odds``.

Positions come from ``--scenario ID`` (its setup) and ``--place ID=HEX`` (or
``ID=box:BOX``), applied in that order, so any position can be asked about. Output is
sorted JSON on stdout; a bad argument is a message on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexwright.runtime.model import Module


def _positions(module: Module, args: argparse.Namespace) -> tuple[dict[str, str], dict[str, str]]:
    """(occupancy piece → hex, boxes piece → box) from the scenario and ``--place``."""
    hexes: dict[str, str] = {}
    boxes: dict[str, str] = {}
    if getattr(args, "scenario", None):
        scenario = module.scenarios.get(args.scenario)
        if scenario is None:
            raise ValueError(f"no scenario {args.scenario!r} (have: {', '.join(sorted(module.scenarios)) or 'none'})")
        for p in scenario.setup:
            if p.hex is not None:
                hexes[p.piece] = p.hex
            elif p.box is not None:
                boxes[p.piece] = p.box
    for item in getattr(args, "place", None) or []:
        pid, eq, where = item.partition("=")
        if not eq or not pid or not where:
            raise ValueError(f"--place {item!r}: expected ID=HEX or ID=box:BOX")
        if pid not in module.pieces.pieces:
            raise ValueError(f"--place {item!r}: unknown piece {pid!r}")
        hexes.pop(pid, None)
        boxes.pop(pid, None)
        if where.startswith("box:"):
            boxes[pid] = where[4:]
        else:
            hexes[pid] = where
    return hexes, boxes


def _known(what: str, value: str, known: Any) -> None:
    """ValueError naming ``value`` and listing the ``known`` ids, unless it is one of them."""
    if value not in known:
        raise ValueError(f"unknown {what} {value!r} (have: {', '.join(sorted(known)) or 'none'})")


def _weathers(module: Module) -> set[str]:
    return set(module.tables.terrain_effects.weather) | set(module.rules.combat.weather_shifts)


def _check_common(module: Module, args: argparse.Namespace) -> None:
    """Refuse a typo in ``--weather``, ``--optional``, ``--unit`` or ``--attackers`` rather than ignore it."""
    if getattr(args, "weather", None) is not None:
        _known("weather", args.weather, _weathers(module))
    for rule in getattr(args, "optional", None) or []:
        _known("optional rule", rule, module.meta.optional_rules)
    if getattr(args, "unit", None) is not None and args.unit not in module.pieces.pieces:
        raise ValueError(f"unknown piece {args.unit!r}")
    for pid in _attackers(args):
        if pid not in module.pieces.pieces:
            raise ValueError(f"--attackers: unknown piece {pid!r}")


def _attackers(args: argparse.Namespace) -> list[str]:
    return [a.strip() for a in (getattr(args, "attackers", None) or "").split(",") if a.strip()]


def _print(data: Any) -> int:
    print(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
    return 0


def _guard(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except ValueError as exc:
            print(f"{args.command}: {exc}", file=sys.stderr)
            return 1
    return run


@_guard
def cmd_reach(args: argparse.Namespace) -> int:
    from hexwright.runtime.rules import reach
    from hexwright.runtime.storage import load_module

    module = load_module(args.path).module
    _check_common(module, args)
    hexes, boxes = _positions(module, args)
    box = args.box or (boxes.get(args.unit) if args.unit not in hexes else None)
    allowance = None
    if args.allowance is not None:
        from hexwright.runtime.model.common import parse_fraction

        allowance = parse_fraction(args.allowance)
        if allowance < 0:
            raise ValueError(f"--allowance {args.allowance!r}: movement points cannot be negative")
    result = reach(module, hexes, args.unit, box=box, weather=args.weather, mode=args.mode, allowance=allowance,
                   optional_rules=set(args.optional or []))
    return _print(result.to_json())


@_guard
def cmd_supply(args: argparse.Namespace) -> int:
    from hexwright.runtime.rules import supply
    from hexwright.runtime.rules.hexmap import hex_map
    from hexwright.runtime.storage import load_module

    module = load_module(args.path).module
    hexes, _ = _positions(module, args)
    if args.side not in module.pieces.sides:
        raise ValueError(f"unknown side {args.side!r}")
    control = {}
    for item in args.control or []:
        hex_label, eq, side = item.partition("=")
        if not eq:
            raise ValueError(f"--control {item!r}: expected HEX=SIDE")
        try:
            hex_map(module).idx(hex_label)
            if side not in module.pieces.sides:
                raise ValueError(f"unknown side {side!r}")
        except ValueError as exc:
            raise ValueError(f"--control {item!r}: {exc}") from None
        control[hex_label] = side
    return _print(supply(module, hexes, args.side, control=control).to_json())


@_guard
def cmd_los(args: argparse.Namespace) -> int:
    from hexwright.runtime.rules import observe
    from hexwright.runtime.storage import load_module

    module = load_module(args.path).module
    return _print(observe(module, args.from_hex, args.to_hex, with_line=True).to_json())


@_guard
def cmd_odds(args: argparse.Namespace) -> int:
    from hexwright.runtime.rules import combat_odds, resolve
    from hexwright.runtime.storage import load_module

    module = load_module(args.path).module
    _check_common(module, args)
    hexes, _ = _positions(module, args)
    attackers = _attackers(args)
    modifiers = [_modifier(text, "shift") for text in args.shift or []]
    modifiers += [_modifier(text, "drm") for text in args.drm or []]
    odds = combat_odds(module, hexes, attackers, args.defender, weather=args.weather, modifiers=modifiers,
                       optional_rules=set(args.optional or []))
    out = odds.to_json()
    if args.roll is not None:
        out["outcome"] = resolve(module, odds, args.roll).to_json()
    return _print(out)


def _modifier(text: str, kind: str) -> Any:
    from hexwright.runtime.rules import Modifier

    source, eq, value = text.rpartition("=")
    try:
        amount = int(value)
    except ValueError:
        amount = None
    if not eq or not source or amount is None:
        raise ValueError(f"--{kind} {text!r}: expected SOURCE=N, e.g. 'ground support=2'")
    return Modifier(source, shift=amount) if kind == "shift" else Modifier(source, drm=amount)


def _positional(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="module folder or .hwmod file")
    p.add_argument("--scenario", help="start from this scenario's setup")
    p.add_argument("--place", action="append", metavar="ID=HEX", help="put a piece on a hex (or box:BOX); repeatable")


def add_query_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``reach``, ``supply``, ``los`` and ``odds`` on the ``hexwright`` parser."""
    p = sub.add_parser("reach", help="hexes a unit can reach, with costs and paths (JSON)")
    _positional(p)
    p.add_argument("--unit", required=True)
    p.add_argument("--box", help="enter from this off-map box")
    p.add_argument("--weather")
    p.add_argument("--mode", help="a movement mode from rules.json")
    p.add_argument("--allowance", help="movement points left (default: the unit's movement), e.g. 5 or 5/2")
    p.add_argument("--optional", action="append", metavar="RULE", help="an optional rule in effect; repeatable")
    p.set_defaults(handler=cmd_reach)

    p = sub.add_parser("supply", help="supply of every hex and unit of a side (JSON)")
    _positional(p)
    p.add_argument("--side", required=True)
    p.add_argument("--control", action="append", metavar="HEX=SIDE", help="who controls a hex; repeatable")
    p.set_defaults(handler=cmd_supply)

    p = sub.add_parser("los", help="line of sight and observation between two hexes (JSON)")
    p.add_argument("path")
    p.add_argument("--from", dest="from_hex", required=True)
    p.add_argument("--to", dest="to_hex", required=True)
    p.set_defaults(handler=cmd_los)

    p = sub.add_parser("odds", help="odds, shifts and DRMs of an attack (JSON)")
    _positional(p)
    p.add_argument("--attackers", required=True, help="comma-separated piece ids")
    p.add_argument("--defender", required=True, help="the attacked hex")
    p.add_argument("--weather")
    p.add_argument("--optional", action="append", metavar="RULE")
    p.add_argument("--shift", action="append", metavar="SOURCE=N", help="a column shift (air support…); repeatable")
    p.add_argument("--drm", action="append", metavar="SOURCE=N", help="a die roll modifier; repeatable")
    p.add_argument("--roll", type=int, help="also read the CRT for this die roll")
    p.set_defaults(handler=cmd_odds)
