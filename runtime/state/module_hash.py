"""The content hash of a module: sha256 over its canonical files, names and lengths included."""

from __future__ import annotations

from hexwright.runtime.model import Module
from hexwright.runtime.storage.content_hash import module_content_hash


def module_hash(module: Module) -> str:
    """``sha256:<hex>`` of the module's canonical files (images left out: they do not change play).

    Two modules with the same data give the same hash whether loaded from a folder or a
    pack, since both write the same canonical bytes."""
    return module_content_hash(module)
