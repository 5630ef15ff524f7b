"""What a form needs to know about a model's fields, read from the pydantic annotations.

The palette's properties panel (and the box and module dialogs) build their widgets from
these specs, so a new ``Literal`` value in ``runtime.model`` shows up in the drop-downs
without touching the editor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args, get_origin

from pydantic import BaseModel

FieldKind = Literal["choice", "bool", "int", "float", "text"]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: FieldKind
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    max_length: int | None = None
    tip: str = ""


def choices_of(model: type[BaseModel], name: str) -> tuple[str, ...]:
    """The values of a ``Literal`` field (``HexFeatureType.kind`` → village, town, …)."""
    annotation = model.model_fields[name].annotation
    if get_origin(annotation) is not Literal:
        raise TypeError(f"{model.__name__}.{name} is not a Literal field")
    return tuple(get_args(annotation))


def field_spec(model: type[BaseModel], name: str) -> FieldSpec:
    info = model.model_fields[name]
    annotation = info.annotation
    limits: dict = {}
    for meta in info.metadata:
        for attr, key in (("gt", "minimum"), ("ge", "minimum"), ("lt", "maximum"), ("le", "maximum"),
                          ("max_length", "max_length")):
            if getattr(meta, attr, None) is not None:
                limits[key] = getattr(meta, attr)
    tip = info.description or ""
    if get_origin(annotation) is Literal:
        return FieldSpec(name, "choice", tuple(get_args(annotation)), tip=tip)
    kind: FieldKind = {bool: "bool", int: "int", float: "float", str: "text"}.get(annotation)  # type: ignore[assignment]
    if kind is None:
        raise TypeError(f"{model.__name__}.{name}: no form field for {annotation!r}")
    return FieldSpec(name, kind, tip=tip, **limits)


def editable_specs(model: type[BaseModel], skip: tuple[str, ...] = ("name", "color")) -> list[FieldSpec]:
    """Specs of every field of ``model`` a form can edit, in declaration order, minus ``skip``."""
    return [field_spec(model, name) for name in model.model_fields if name not in skip]


def with_value(value: BaseModel, name: str, new: object) -> BaseModel:
    """``value`` with field ``name`` set to ``new``, validated (raises ValueError if it does not fit)."""
    data = value.model_dump()
    data[name] = new
    return type(value).model_validate(data)
