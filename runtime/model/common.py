"""Building blocks shared by every part of the module format.

Every model forbids unknown fields, so a typo in a module file is an error that names
the field instead of being silently ignored.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

from hexwright.runtime.format_version import FORMAT_VERSION as FORMAT_VERSION  # re-exported for the models

Id = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$", max_length=64)]
"""A string id: letters, digits, ``_``, ``.`` and ``-``; it never starts with punctuation."""

Color = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")]
"""A colour as ``#rrggbb`` or ``#rrggbbaa``."""

HexLabel = Annotated[str, StringConstraints(min_length=1, max_length=16)]
"""A hex label in the module's label scheme (e.g. ``0807``); checked against the grid."""



def _inside_folder(path: str) -> str:
    if any(part in ("", ".", "..") for part in path.split("/")):
        raise ValueError(f"path {path!r} must stay inside the module folder (no '.', '..' or empty parts)")
    return path


RelPath = Annotated[
    str,
    StringConstraints(pattern=r"^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*$", max_length=200),
    AfterValidator(_inside_folder),
]
"""A relative path inside the module folder, with forward slashes and no ``..``."""


class Model(BaseModel):
    """Base of every module model: unknown fields are errors, whitespace kept as typed."""

    model_config = ConfigDict(extra="forbid", validate_default=True, use_enum_values=True)


class Provenance(Model):
    """Marks a value that the designer reconstructed rather than read off the printed game.

    ``clue`` says what the reconstruction rests on (a figure, a worked example, a rule),
    so that a designer holding the printed component can check or replace it.
    """

    reconstructed: bool = True
    clue: str
    source: str = ""


def parse_fraction(text: str) -> Fraction:
    """Parse ``"3"``, ``"1/2"`` or ``"1.5"`` exactly; raises ValueError with the text."""
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"not a number or fraction: {text!r}") from exc
