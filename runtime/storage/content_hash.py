"""Content hashes: sha256 over a set of files, names and lengths included."""

from __future__ import annotations

import hashlib

from hexwright.runtime.model import Module

from .files import files_from_module


def files_hash(files: dict[str, bytes]) -> str:
    """``sha256:<hex>`` of ``files``: each name, its length and its bytes, in name order."""
    digest = hashlib.sha256()
    for name, data in sorted(files.items()):
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return "sha256:" + digest.hexdigest()


def module_content_hash(module: Module) -> str:
    """The hash of a module's canonical files (images left out: they do not change play).

    Two modules with the same data give the same hash whether loaded from a folder or a
    pack, since both write the same canonical bytes."""
    return files_hash(files_from_module(module))
