"""The module library: modules a user installed or saved as a copy, in the user's data folder.

Each module is kept as a folder ``<data>/library/<id>-<version>-<hash12>/`` and listed
in ``index.json`` by id, version and content hash (:func:`module_hash`, the hash a save
records), so a save or a play-by-e-mail packet finds its module by itself
(:meth:`Library.find`). The bundled modules are found the same way but are never
written: editing one means saving a copy into the library.

A module in the library is data from wherever it came from: it is loaded and checked
(:func:`load_module`) before it is copied in, and the index is only a cache of what the
folders hold (:meth:`Library.reindex` rebuilds it from them).
"""

from __future__ import annotations

import hashlib
import re
import shutil
import stat
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from hexwright.runtime.model import Module
from hexwright.runtime.model.variant import VARIANT_FILE
from hexwright.runtime.storage import LoadedModule, ModuleError, atomic_write_text, dumps, load_module, save_module
from hexwright.runtime.storage.bundled import bundled_modules_dir
from hexwright.runtime.storage.user_folders import data_dir
from hexwright.runtime.storage.variant_save import save_variant

from .module_hash import module_hash
from .save_file import ModuleRef

INDEX = "index.json"
BUNDLED_CACHE = "bundled.json"


class LibraryEntry(BaseModel):
    """One module on this computer: what a save names (id, version, hash) and where it is."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    version: str
    hash: str
    title: str
    folder: str
    """The module's folder: a name inside the library, or an absolute path for a bundled module."""
    bundled: bool = False


class LibraryIndex(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str = "hexwright-library"
    modules: list[LibraryEntry] = []


class BundledCache(BaseModel):
    """``bundled.json``: the bundled modules' entries, valid while their files keep their stamp."""

    model_config = ConfigDict(extra="forbid")

    root: str
    stamp: str
    modules: list[LibraryEntry] = []


def entry_for(loaded: LoadedModule, folder: str, bundled: bool = False) -> LibraryEntry:
    meta = loaded.module.meta
    return LibraryEntry(id=meta.id, version=meta.version, hash=module_hash(loaded.module), title=meta.title,
                        folder=folder, bundled=bundled)


def _folder_name(entry_id: str, version: str, content_hash: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9_.-]", "-", f"{entry_id}-{version}")[:80]
    return f"{safe}-{content_hash.removeprefix('sha256:')[:12]}"


class Library:
    """The user's module library, in ``root`` (``<user data>/library`` by default)."""

    def __init__(self, root: str | Path | None = None, bundled: str | Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir() / "library"
        self.bundled_root = Path(bundled) if bundled is not None else bundled_modules_dir()
        self._bundled: list[LibraryEntry] | None = None

    # -- what is here ------------------------------------------------------------------------

    def entries(self) -> list[LibraryEntry]:
        """The installed modules, from the index (rebuilt when missing or unreadable)."""
        try:
            return LibraryIndex.model_validate_json((self.root / INDEX).read_bytes()).modules
        except FileNotFoundError:
            return self.reindex() if self.root.is_dir() else []
        except (OSError, ValidationError, ValueError):
            return self.reindex()

    def bundled(self) -> list[LibraryEntry]:
        """The modules that ship with Hexwright (read-only).

        Each is read and hashed once, then listed from ``bundled.json`` in the library for as long
        as no file of the bundled modules changes (:func:`files_stamp`): the start screen shows at once."""
        if self._bundled is None:
            stamp = files_stamp(self.bundled_root)
            found = self._cached_bundled(stamp)
            if found is None:
                found = []
                for folder in sorted(p for p in self.bundled_root.iterdir() if _is_module_folder(p)):
                    try:
                        found.append(entry_for(load_module(folder), str(folder), bundled=True))
                    except ModuleError:
                        continue  # a broken bundled module is reported by `hexwright validate`, not here
                self._cache_bundled(stamp, found)
            self._bundled = found
        return list(self._bundled)

    def bundled_if_known(self) -> list[LibraryEntry] | None:
        """:meth:`bundled` when it needs no module read (listed already, or ``bundled.json`` holds for
        the files as they are); None when they must be read first (a first start, a module edited)."""
        if self._bundled is None:
            self._bundled = self._cached_bundled(files_stamp(self.bundled_root))
        return list(self._bundled) if self._bundled is not None else None

    def _cached_bundled(self, stamp: str) -> list[LibraryEntry] | None:
        try:
            cache = BundledCache.model_validate_json((self.root / BUNDLED_CACHE).read_bytes())
        except (OSError, ValidationError, ValueError):
            return None
        if cache.root != str(self.bundled_root.resolve()) or cache.stamp != stamp:
            return None
        return cache.modules

    def _cache_bundled(self, stamp: str, entries: list[LibraryEntry]) -> None:
        cache = BundledCache(root=str(self.bundled_root.resolve()), stamp=stamp, modules=entries)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.root / BUNDLED_CACHE, dumps(cache.model_dump(mode="json")))
        except OSError:
            pass  # a read-only data folder: the bundled modules are read again next time

    def path_of(self, entry: LibraryEntry) -> Path:
        return Path(entry.folder) if entry.bundled else self.root / entry.folder

    def is_bundled_path(self, path: str | Path) -> bool:
        """True for a bundled module's folder or anything inside it: never to be written."""
        target = Path(path).resolve()
        root = self.bundled_root.resolve()
        return target == root or root in target.parents

    def reindex(self) -> list[LibraryEntry]:
        """Read every module folder of the library again and write the index; returns the entries."""
        entries = []
        if self.root.is_dir():
            for folder in sorted(p for p in self.root.iterdir() if _is_module_folder(p)):
                try:
                    entries.append(entry_for(load_module(folder), folder.name))
                except ModuleError:
                    continue  # edited into a broken state: it is still there, the editor can open it
        self._write(entries)
        return entries

    def _write(self, entries: Iterable[LibraryEntry]) -> None:
        index = LibraryIndex(modules=sorted(entries, key=lambda e: (e.id, e.version, e.hash)))
        atomic_write_text(self.root / INDEX, dumps(index.model_dump(mode="json")))

    # -- adding modules ---------------------------------------------------------------------------

    def install(self, source: str | Path) -> LibraryEntry:
        """Copy the module at ``source`` (a folder or a ``.hwmod``) into the library, checked first.

        The same content installed twice is kept once. Raises ModuleError for a bad module.
        """
        return self.add(load_module(source))

    def add(self, loaded: LoadedModule) -> LibraryEntry:
        """Keep ``loaded`` in the library (a copy of a bundled module, an installed pack)."""
        content = module_hash(loaded.module)
        for entry in self.entries():
            if entry.hash == content and (self.root / entry.folder).is_dir():
                return entry
        meta = loaded.module.meta
        name = _folder_name(meta.id, meta.version, content)
        target = self.root / name
        if target.exists():
            shutil.rmtree(target)  # not in the index: a copy left half-written or edited away
        if loaded.composition is not None:  # a variant stays a variant: its own files, its base kept beside it
            self.add(loaded.composition.base)
            save_variant(target, loaded.composition.manifest, loaded.composition.base, loaded.module, loaded.assets)
        else:
            save_module(loaded.module, target, loaded.assets)
        entry = entry_for(loaded, name)
        self._write([*(e for e in self.entries() if e.folder != name), entry])
        return entry

    def new_folder(self, module: Module) -> Path:
        """A new, unused folder of the library for a copy of ``module`` (the caller saves into it)."""
        base = _folder_name(module.meta.id, module.meta.version, module_hash(module))
        target, n = self.root / base, 1
        while target.exists():
            n += 1
            target = self.root / f"{base}-{n}"
        return target

    def remove(self, entry: LibraryEntry) -> None:
        if entry.bundled:
            raise ValueError(f"{entry.title} ships with Hexwright and cannot be removed")
        shutil.rmtree(self.root / entry.folder, ignore_errors=True)
        self._write(e for e in self.entries() if e.folder != entry.folder)

    # -- finding a save's module ----------------------------------------------------------------

    def find(self, ref: ModuleRef) -> LibraryEntry | None:
        """The module a save was played with: the same content, else the same id and version,
        else the newest version of the same id; None when this computer has no such module."""
        def best(entries: list[LibraryEntry]) -> LibraryEntry | None:
            same = [e for e in entries if e.id == ref.id]
            for match in ([e for e in same if e.hash == ref.hash], [e for e in same if e.version == ref.version], same):
                if match:
                    return max(match, key=lambda e: (_version_key(e.version), not e.bundled))
            return None

        exact = best([e for e in [*self.entries(), *self.bundled()] if e.hash == ref.hash])
        return exact or best([*self.reindex(), *self.bundled()])


def files_stamp(root: Path) -> str:
    """A digest of the name, size and modification time of every file under ``root`` (or of the
    file ``root``): it changes when any file of a module (or of the bundled modules) is saved again."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")) if root.is_dir() else [root]:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            digest.update(f"{path.relative_to(root).as_posix() if path != root else path.name}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _is_module_folder(path: Path) -> bool:
    return (path / "module.json").is_file() or (path / VARIANT_FILE).is_file()


def _version_key(version: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"[.\-+]", version))


__all__ = ["Library", "LibraryEntry", "LibraryIndex", "entry_for", "files_stamp"]
