"""Loading a variant: finding its base by id and version, then composing the two (:mod:`.compose`).

A variant names its base by id (and a version range or a content hash), never by a path:
a variant from a stranger cannot point outside its folder. The base is looked for, in this
order, among the paths the caller gives (a module, or a folder of modules), the folders and
packs beside the variant, the user's module library, and the bundled modules; of those with the id,
the highest version that fits is taken. A base that is itself a variant is composed first.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from hexwright.runtime.model.variant import VARIANT_FILE, VariantManifest, version_key, version_matches

from .archive import pack_folder, read_pack, unpack
from .bundled import bundled_modules_dir
from .collector import collector_paused
from .compose import compose, parse_manifest
from .content_hash import module_content_hash
from .errors import ModuleError, ModuleIssue
from .files import LoadedModule, Report, module_from_files, parse_json
from .folder import read_folder_files
from .lenient import module_from_files_lenient
from .reading import read_regular_file
from .user_folders import data_dir

PACK_SUFFIX = ".hwmod"
MAX_STACK = 8
"""Variants of variants, at most this deep (a loop of variants naming each other is refused)."""
MAX_NEIGHBOURS = 500
"""Entries of the variant's parent folder looked at for its base."""


def library_dir() -> Path:
    """The user's module library (``runtime.state.library`` keeps it; here it is only searched)."""
    return data_dir() / "library"


def is_variant(path: str | Path) -> bool:
    path = Path(path)
    return path.is_dir() and (path / VARIANT_FILE).is_file()


def read_files(path: Path) -> dict[str, bytes]:
    """The files of a module or variant folder, or of a pack."""
    if path.is_dir():
        return read_folder_files(path)
    if path.is_file():
        return read_pack(path)
    raise ModuleError(ModuleIssue(str(path), "", "no such module folder or .hwmod file" if not path.exists()
                                  else "not a module folder or a .hwmod file (a device, a pipe or a socket)"))


def load_files(files: dict[str, bytes], where: Path | None = None, bases: Sequence[Path] = (), *,
               lenient: bool = False, _chain: tuple[str, ...] = ()) -> tuple[LoadedModule, list[ModuleIssue]]:
    """The module ``files`` hold: a module, or a variant composed with its base.

    ``where`` is the path the files came from (its parent folder is searched for the base);
    with ``lenient`` cross-reference problems are returned rather than raised."""
    if VARIANT_FILE not in files:
        if lenient:
            return module_from_files_lenient(files)
        return module_from_files(files), []
    manifest = parse_manifest(files)
    if manifest.id in _chain or len(_chain) >= MAX_STACK:
        raise ModuleError(ModuleIssue(VARIANT_FILE, "base.id", f"variant {manifest.id!r}: its bases form a loop or "
                                      f"a stack deeper than {MAX_STACK} ({' → '.join((*_chain, manifest.id))})"))
    base = find_base(manifest, where, bases, (*_chain, manifest.id))
    return compose(files, base, lenient=lenient)


def load_path(path: str | Path, bases: Sequence[Path] = (), *, lenient: bool = False,
              _chain: tuple[str, ...] = ()) -> tuple[LoadedModule, list[ModuleIssue]]:
    path = Path(path)
    with collector_paused():
        return load_files(read_files(path), path, bases, lenient=lenient, _chain=_chain)


def _candidates(where: Path | None, bases: Sequence[Path]) -> list[Path]:
    out: list[Path] = []
    folders = [*bases]
    if where is not None:
        folders.append(where.resolve().parent)
    folders.append(library_dir())
    try:
        folders.append(bundled_modules_dir())
    except FileNotFoundError:
        pass
    for folder in folders:
        if _looks_like_module(folder):
            out.append(folder)
        elif folder.is_dir():
            try:
                names = sorted(os.listdir(folder))[:MAX_NEIGHBOURS]
            except OSError:
                continue
            out += [folder / name for name in names if _looks_like_module(folder / name)]
    own = where.resolve() if where is not None else None
    unique: list[Path] = []
    for path in out:
        if path.resolve() != own and path.resolve() not in {p.resolve() for p in unique}:
            unique.append(path)
    return unique


def _looks_like_module(path: Path) -> bool:
    if path.is_dir():
        return (path / "module.json").is_file() or (path / VARIANT_FILE).is_file()
    return path.suffix == PACK_SUFFIX and path.is_file()


def _peek_id(path: Path) -> str | None:
    """The id a module or variant says it has, read cheaply (None when it cannot be read)."""
    try:
        if path.is_dir():
            for name in (VARIANT_FILE, "module.json"):
                if (path / name).is_file():
                    raw = parse_json(name, read_regular_file(path / name, 4 * 1024 * 1024))
                    return raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
            return None
        files = read_pack(path)
        name = VARIANT_FILE if VARIANT_FILE in files else "module.json"
        raw = parse_json(name, files.get(name, b"null"))
        return raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    except (ModuleError, OSError):
        return None


def find_base(manifest: VariantManifest, where: Path | None, bases: Sequence[Path],
              chain: tuple[str, ...]) -> LoadedModule:
    """The base ``manifest`` names, loaded (composed if it is a variant), or ModuleError saying why not."""
    wanted = manifest.base
    who = f"variant {manifest.id!r}"
    spec = f" {wanted.version}" if wanted.version.strip() not in ("", "*") else ""
    try:
        version_matches("0", wanted.version)
    except ValueError as exc:
        raise ModuleError(ModuleIssue(VARIANT_FILE, "base.version", str(exc))) from None
    found: list[tuple[Path, LoadedModule]] = []
    broken: list[ModuleIssue] = []
    for path in _candidates(where, bases):
        if _peek_id(path) != wanted.id:
            continue
        try:
            loaded, _ = load_path(path, bases, _chain=chain)
        except ModuleError as exc:
            broken += [ModuleIssue(f"{path}: {i.file}", i.field, i.message, i.hex) for i in exc.issues]
            continue
        found.append((path, loaded))
    fits = [(p, m) for p, m in found if version_matches(m.module.meta.version, wanted.version)]
    if wanted.hash:
        fits = [(p, m) for p, m in fits if module_content_hash(m.module) == wanted.hash]
    if fits:
        fits.sort(key=lambda pm: version_key(pm[1].module.meta.version), reverse=True)
        return fits[0][1]
    if found:
        seen = ", ".join(f"{m.module.meta.version} ({p})" for p, m in found)
        field = "base.hash" if wanted.hash and any(version_matches(m.module.meta.version, wanted.version)
                                                   for _p, m in found) else "base.version"
        what = f"the base with content {wanted.hash}" if field == "base.hash" else f"{wanted.id}{spec}"
        raise ModuleError(ModuleIssue(VARIANT_FILE, field, f"{who} needs {what}; found {wanted.id} {seen}, "
                                      "which does not fit"))
    if broken:
        raise ModuleError([ModuleIssue(VARIANT_FILE, "base.id", f"{who}: its base {wanted.id!r} was found but "
                                       "does not load (its problems follow)"), *broken])
    near = f"beside it ({where.resolve().parent}), " if where is not None else ""
    raise ModuleError(ModuleIssue(VARIANT_FILE, "base.id", f"{who} is built on {wanted.id!r}{spec}, which is not "
                                  f"{near}in your module library or among the bundled modules: put the base "
                                  "module's folder or .hwmod beside the variant, or name it (--base PATH)"))


def pack_path(folder: Path, out: Path, bases: Sequence[Path] = (), progress: Report | None = None) -> None:
    """Pack a module or variant folder into one ``.hwmod``, after checking that it loads (a
    variant: composed with its base; only the variant's own files go into the pack)."""
    pack_folder(folder, out, lambda files: load_files(files, Path(folder), bases), progress)


def unpack_path(pack: Path, folder: Path, bases: Sequence[Path] = (), progress: Report | None = None) -> list[str]:
    """Unpack a module or variant pack into ``folder``, after checking that it loads."""
    return unpack(pack, folder, lambda files: load_files(files, Path(pack), bases), progress)
