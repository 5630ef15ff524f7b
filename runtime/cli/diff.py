"""``hexwright diff A B``: what changed between two modules, or between a variant and its base."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexwright.runtime.storage import LoadedModule


def cmd_diff(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import load_module
    from hexwright.runtime.storage.module_diff import diff_modules, format_diff

    bases = [Path(p) for p in args.base or []]
    b = load_module(args.b if args.b is not None else args.a, bases)
    a: LoadedModule
    if args.b is None:  # one path: a variant against its base
        if b.composition is None:
            raise ValueError(f"{args.a} is a module, not a variant: give two modules to compare")
        a = b.composition.base
    else:
        a = load_module(args.a, bases)
    diff = diff_modules(a.module, b.module, a.assets, b.assets)
    if args.image:
        if Path(args.image).suffix.lower() != ".png":
            raise ValueError(f"{args.image}: --image writes a PNG; give a file name ending in .png")
        from hexwright.runtime.ui.diff_image import render_diff_png  # Qt only for the image

        render_diff_png(b.module, diff.hexes(), Path(args.image), args.scale, b.assets)
    if args.json:
        out: dict[str, Any] = diff.model_dump(mode="json")
        out["hexes"] = diff.hexes()
        print(json.dumps(out, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        print(format_diff(diff, b.module), end="")
        if args.image:
            print(f"\nwrote {args.image} ({len(diff.hexes())} hex(es) highlighted)")
    return 0


def add_diff_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("diff", help="what changed between two modules, or a variant and its base (text or --json)")
    p.add_argument("a", help="a module, or a variant (alone: compared with its base)")
    p.add_argument("b", nargs="?", help="the module to compare A with")
    p.add_argument("--json", action="store_true", help="JSON for scripts")
    p.add_argument("--image", help="also draw B's map with the changed hexes highlighted (PNG)")
    p.add_argument("--scale", type=float, default=0.5, help="image pixels per map pixel (default 0.5)")
    p.add_argument("--base", action="append", help="where to find a variant's base (a module or a folder of them)")
    p.set_defaults(handler=cmd_diff)


def cmd_new_variant(args: argparse.Namespace) -> int:
    from hexwright.runtime.storage import ModuleError, ModuleIssue, load_module
    from hexwright.runtime.storage.variant_save import new_manifest, save_variant

    folder = Path(args.dir)
    if folder.exists() and any(folder.iterdir()):
        raise ModuleError(ModuleIssue(str(folder), "", "folder exists and is not empty"))
    base = load_module(args.base_module)
    variant_id = args.id or "".join(c if c.isalnum() or c in "_-." else "_" for c in folder.name) or "variant"
    title = args.title or f"{base.module.meta.title}: {folder.name}"
    manifest = new_manifest(base.module, variant_id, title)
    module = base.module.model_copy(deep=True)
    module.meta.id, module.meta.title, module.meta.version = variant_id, title, manifest.version
    module.meta.description, module.meta.authors = "", []
    save_variant(folder, manifest, base, module)
    print(f"created variant {variant_id!r} of {base.module.meta.id} {base.module.meta.version} in {folder} "
          f"(base versions {manifest.base.version})")
    return 0


def add_new_variant_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("new-variant", help="start a variant of a module: a folder holding only what it changes")
    p.add_argument("base_module", metavar="BASE", help="the module (or variant) to build on")
    p.add_argument("dir", help="the new variant's folder")
    p.add_argument("--id", default="", help="the variant's id (default: from the folder name)")
    p.add_argument("--title", default="")
    p.set_defaults(handler=cmd_new_variant)
