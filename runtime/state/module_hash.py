"""The content hash of a module: sha256 over its canonical files, names and lengths included."""

from __future__ import annotations

import hashlib

from hexwright.runtime.model import Module
from hexwright.runtime.storage import files_from_module


def module_hash(module: Module) -> str:
    """``sha256:<hex>`` of the module's canonical files (images left out: they do not change play).

    Two modules with the same data give the same hash whether loaded from a folder or a
    pack, since both write the same canonical bytes.
    """
    digest = hashlib.sha256()
    for name, data in sorted(files_from_module(module).items()):
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return "sha256:" + digest.hexdigest()
