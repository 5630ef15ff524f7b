"""What a form needs to know about the fields of a module model (Qt-free).

The rules screens are generated from the pydantic models of ``rules.json``: every field
becomes one widget chosen by :func:`field_specs` from the field's type — a check box for a
``bool``, a spin box for an ``int``, a drop-down for a ``Literal``, a line of text for ids
and numbers, a comma list for lists of ids, ``key=value`` pairs for small mappings, a
nested form for a model, a list of entries for a list or mapping of models, a drop-down of
kinds for a union told apart by ``kind``. The text forms round-trip through
:func:`to_text` / :func:`from_text`. New entries get sensible required values from the
module (:func:`new_instance`).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from hexwright.runtime.model import Module

from .outcome import EditRefused, validation_message

FieldKind = Literal["bool", "int", "text", "choice", "list", "mapping", "model", "models", "model_map", "union",
                    "unions"]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: FieldKind
    optional: bool = False
    """``None`` is allowed (an empty line of text, an unticked nested form)."""
    choices: tuple[str, ...] = ()
    model: type[BaseModel] | None = None
    """``model``/``models``/``model_map``: the entry model."""
    members: tuple[type[BaseModel], ...] = ()
    """``union``/``unions``: the member models, each with a ``kind`` literal."""
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""
    item_is_int: bool = False
    """``list``/``mapping`` of whole numbers (values), not text."""
    extra: dict[str, Any] = field(default_factory=dict)


def _strip(annotation: Any) -> tuple[Any, bool, list[Any]]:
    """(the inner type, is it Optional, Annotated metadata)."""
    metadata: list[Any] = []
    optional = False
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            args = get_args(annotation)
            metadata += list(args[1:])
            annotation = args[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            if len(members) < len(get_args(annotation)):
                optional = True
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation, optional, metadata


def _is_model(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, BaseModel)


def _union_members(t: Any) -> tuple[type[BaseModel], ...]:
    inner, _opt, _meta = _strip(t)
    if get_origin(inner) in (Union, types.UnionType):
        members = tuple(a for a in get_args(inner) if _is_model(a))
        if members and all("kind" in m.model_fields for m in members):
            return members
    return ()


def kind_of(model: type[BaseModel]) -> str:
    """The ``kind`` literal of a union member."""
    return str(get_args(model.model_fields["kind"].annotation)[0])


def spec_for(name: str, info: FieldInfo) -> FieldSpec:
    inner, optional, meta = _strip(info.annotation)
    meta += list(info.metadata)
    lo = next((m.ge for m in meta if isinstance(m, annotated_types.Ge)), None)
    hi = next((m.le for m in meta if isinstance(m, annotated_types.Le)), None)
    desc = info.description or ""
    def mk(kind: FieldKind, **more: Any) -> FieldSpec:
        return FieldSpec(name=name, kind=kind, optional=optional, description=desc, **more)

    origin = get_origin(inner)
    if inner is bool:
        return mk("bool")
    if inner is int:
        return mk("int", minimum=lo, maximum=hi)
    if origin is Literal:
        return mk("choice", choices=tuple(str(a) for a in get_args(inner)))
    if _is_model(inner):
        return mk("model", model=inner)
    if _union_members(inner):
        return mk("union", members=_union_members(inner))
    if origin is list:
        item = get_args(inner)[0]
        if _union_members(item):
            return mk("unions", members=_union_members(item))
        item_inner, _o, _m = _strip(item)
        if _is_model(item_inner):
            return mk("models", model=item_inner)
        return mk("list", item_is_int=item_inner is int)
    if origin is dict:
        value = _strip(get_args(inner)[1])[0]
        if _is_model(value):
            return mk("model_map", model=value)
        if get_origin(value) is list:
            return mk("mapping", extra={"list_values": True})
        return mk("mapping", item_is_int=value is int)
    return mk("text")


def field_specs(model: type[BaseModel], skip: tuple[str, ...] = ()) -> list[FieldSpec]:
    """One spec per field of ``model``, in declaration order (``skip`` left out)."""
    return [spec_for(name, info) for name, info in model.model_fields.items() if name not in skip]


# -- text forms -------------------------------------------------------------------------------


def to_text(spec: FieldSpec, value: Any) -> str:
    """The value as the line of text its widget shows."""
    if value is None:
        return ""
    if spec.kind == "list":
        return ", ".join(str(v) for v in value)
    if spec.kind == "mapping":
        if spec.extra.get("list_values"):
            return "; ".join(f"{k}={' '.join(str(x) for x in v)}" for k, v in value.items())
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return str(value)


def from_text(spec: FieldSpec, text: str) -> Any:
    """What a line of text means for this field (validated by the model afterwards)."""
    text = text.strip()
    if spec.kind == "list":
        items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
        return [int(t) if spec.item_is_int and _whole(t) else t for t in items]
    if spec.kind == "mapping":
        out: dict[str, Any] = {}
        sep = ";" if spec.extra.get("list_values") else ","
        for part in (p.strip() for p in text.split(sep)):
            if not part:
                continue
            key, eq, value = part.partition("=")
            if not eq:
                raise EditRefused(f"{spec.name}: write key=value pairs separated by '{sep}' (got {part!r})")
            value = value.strip()
            if spec.extra.get("list_values"):
                out[key.strip()] = value.split()
            else:
                out[key.strip()] = int(value) if spec.item_is_int and _whole(value) else value
        return out
    if spec.kind == "int":
        if not text and spec.optional:
            return None
        if not _whole(text):
            raise EditRefused(f"{spec.name}: a whole number, please (got {text!r})")
        return int(text)
    if not text and spec.optional:
        return None
    return text


def _whole(text: str) -> bool:
    return text.lstrip("-").isdigit()


def with_value(entry: BaseModel, name: str, value: Any) -> BaseModel:
    """``entry`` with one field set, validated again as a whole; a refusal naming the field."""
    data = entry.model_dump()
    data[name] = value.model_dump() if isinstance(value, BaseModel) else _dumped(value)
    try:
        return type(entry).model_validate(data)
    except ValidationError as exc:
        raise EditRefused(validation_message(exc, with_input=True)) from exc


def _dumped(value: Any) -> Any:
    if isinstance(value, list):
        return [_dumped(v) for v in value]
    if isinstance(value, dict):
        return {k: _dumped(v) for k, v in value.items()}
    return value.model_dump() if isinstance(value, BaseModel) else value


# -- new entries ---------------------------------------------------------------------------


def _first(keys: typing.Iterable[str], fallback: str) -> str:
    return next(iter(keys), fallback)


def required_guesses(module: Module) -> dict[str, Callable[[], Any]]:
    """Values for required fields of a new entry, by field name, taken from the module."""
    boxes = module.map.boxes
    cups = [k for k, b in boxes.items() if b.kind == "cup"] or list(boxes)
    sides = list(module.pieces.sides)
    return {
        "side": lambda: _first(sides, "side"),
        "tie": lambda: _first(sides, "side"),
        "cup": lambda: _first(cups, "cup"),
        "table": lambda: _first(module.tables.lookups, "table"),
        "pool": lambda: _first(module.rules.pools, "pool"),
        "procedure": lambda: _first(module.rules.sequence.procedures, "procedure"),
        "statuses": lambda: list(module.rules.statuses)[:1] or ["activated"],
        "count": lambda: 1,
        "box": lambda: _first(boxes, "box"),
        "name": lambda: "New",
        "id": lambda: "new",
        "options": lambda: [{"kind": "pass", "id": "pass", "label": "Pass"}],
        "steps": lambda: [{"kind": "actions", "name": "Actions", "allow": ["move"]}],
        "until": lambda: [{"kind": "all_passed"}],
        "pieces": lambda: list(module.pieces.pieces)[:1] or ["unit"],
        "trigger": lambda: {"kind": "turn", "turn": 1},
        "distance": lambda: 1,
        "min_advantage": lambda: 1,
        "value": lambda: 1,
        "feature": lambda: _first(module.map.hex_feature_types, "feature"),
        "across": lambda: list(module.map.hexside_feature_types)[:1],
        "defense_multiplier": lambda: "2",
        "kind": lambda: "pass",
    }


def new_instance(model: type[BaseModel], module: Module) -> BaseModel:
    """A new ``model`` with its required fields filled from the module (a union member keeps its kind)."""
    guesses = required_guesses(module)
    data: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if info.is_required() and name in guesses:
            data[name] = guesses[name]()
    status = model.model_fields.get("status")
    if status is not None and not status.is_required() and status.default not in module.rules.statuses:
        data["status"] = None  # a status the module does not define would be refused
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise EditRefused(f"cannot make a new {model.__name__}: {validation_message(exc)}") from exc
