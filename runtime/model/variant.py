"""``variant.json``: a module built on another one (its base), holding only what it changes.

A variant folder has ``variant.json`` and, beside it, any of the module's files
(``module.json``, ``map.json``, ``pieces.json``, ``tables.json``, ``rules.json``,
``scenarios/<id>.json``, ``images/…``) holding only the values it adds or changes. What it
takes away is listed here, in ``remove``: nothing is ever deleted by leaving it out. The
composition rules are in ``docs/module-format.md`` (Variants) and ``runtime/storage/overlay.py``.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints, field_validator

from .common import FORMAT_VERSION, Id, Model, _inside_folder

VARIANT_FILE = "variant.json"

VersionSpec = Annotated[str, StringConstraints(max_length=120, pattern=r"^[A-Za-z0-9_.,<>=!~* \-]*$")]
"""Which versions of the base fit: ``""`` or ``*`` (any), ``1.2.0`` (exactly), or comma-separated
comparisons such as ``>=1.0, <2``."""

PathPart = Annotated[str, StringConstraints(min_length=1, max_length=64)]
OverrideFile = Annotated[str, StringConstraints(
    pattern=r"^(module|map|pieces|tables|rules)\.json$|^scenarios/[A-Za-z0-9][A-Za-z0-9_.\-]*\.json$"
            r"|^images/[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*$", max_length=200), AfterValidator(_inside_folder)]
"""A file of a module a variant may change: one of the model files, a scenario, an image."""


class BaseRef(Model):
    """The module a variant is built on (itself a module or another variant)."""

    id: Id
    version: VersionSpec = Field("", description="versions of the base that fit: '', '*', '1.2.0' or '>=1.0, <2'")
    hash: str = Field("", pattern=r"^(sha256:[0-9a-f]{64})?$",
                      description="pin one exact base by its content hash (what saves record); '' = any content")


class Removal(Model):
    """One value the variant takes away: ``path`` inside ``file`` (``[]`` = the whole file, for a
    scenario or an image)."""

    file: OverrideFile
    path: list[PathPart] = Field([], max_length=16)

    def label(self) -> str:
        return self.file + "".join(f"/{part}" for part in self.path)


class VariantManifest(Model):
    """``variant.json``: who the variant is and what it is built on."""

    format_version: int = FORMAT_VERSION
    id: Id
    title: str = Field(max_length=200)
    version: str = Field("0.1.0", max_length=64)
    description: str = ""
    authors: list[str] = []
    base: BaseRef
    remove: list[Removal] = Field([], max_length=100_000)

    @field_validator("remove")
    @classmethod
    def _sorted_unique(cls, value: list[Removal]) -> list[Removal]:
        seen: set[tuple[str, tuple[str, ...]]] = set()
        for item in value:
            key = (item.file, tuple(item.path))
            if key in seen:
                raise ValueError(f"{item.label()} is listed twice")
            seen.add(key)
        return value


class LayerRef(Model):
    """One layer of a composed module, as a save records it: the base first, then each variant."""

    id: str = Field(max_length=64)
    version: str = Field(max_length=64)
    hash: str = Field(max_length=80)


_COMPARE = re.compile(r"^(>=|<=|==|!=|~=|>|<|=)?\s*([A-Za-z0-9_.\-]+)$")


def version_key(version: str) -> tuple[tuple[int, str], ...]:
    """``1.10.0`` after ``1.9``: numeric parts compare as numbers, others as text."""
    parts = re.split(r"[.\-]", version.strip())
    return tuple((int(p), "") if p.isdigit() else (-1, p) for p in parts if p)


def _pad(key: tuple[tuple[int, str], ...], length: int) -> tuple[tuple[int, str], ...]:
    return key + ((0, ""),) * (length - len(key))


def version_matches(version: str, spec: str) -> bool:
    """Whether ``version`` fits ``spec`` (see :data:`VersionSpec`). Raises ValueError for a bad spec."""
    spec = spec.strip()
    if spec in ("", "*"):
        return True
    for clause in spec.split(","):
        match = _COMPARE.match(clause.strip())
        if match is None:
            raise ValueError(f"not a version comparison: {clause.strip()!r}")
        op, wanted = match.group(1) or "==", match.group(2)
        a, b = version_key(version), version_key(wanted)
        length = max(len(a), len(b))
        a, b = _pad(a, length), _pad(b, length)
        if op == "~=":  # compatible release: at least this, same leading parts
            lead = max(1, len(version_key(wanted)) - 1)
            ok = a >= b and a[:lead] == b[:lead]
        else:
            ok = {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "!=": a != b}.get(op, a == b)
        if not ok:
            return False
    return True
