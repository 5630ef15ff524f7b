"""Hex and hexside data read from a file, one instance per distinct value.

A 400×400 map lists some 144,000 hexes and 66,000 hexsides, nearly all holding a terrain
and a level only, or a river or a road only: a few dozen distinct values. Each distinct
value is validated once, by its model, and that one instance is shared by every hex (or
hexside) that holds it; building 210,000 models was most of a large map's load. Hex and
hexside data are values, then: their models are frozen, and the lists of a shared instance
refuse changes in place (:class:`ReadOnlyList`). An edit replaces a hex's data
(``model_copy(update=…)``), as the editor's commands do.

Anything unusual — another field, a value of another type, a key the model refuses — goes
through the model's full validation of the whole mapping, whose errors name the hex and
the field, exactly as before.
"""

from __future__ import annotations

from typing import Any, NoReturn, SupportsIndex, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from .common import HexLabel

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

_LABELS = TypeAdapter(list[HexLabel])


def _shared() -> TypeError:
    return TypeError("hex and hexside data are shared by the hexes that hold the same values: replace a hex's "
                     "data (model_copy(update=...)) instead of changing it in place")


class ReadOnlyList(list[T]):
    """A list that refuses changes in place: the lists of hex and hexside data shared by many hexes."""

    def append(self, item: T) -> NoReturn:
        raise _shared()

    def extend(self, items: Any) -> NoReturn:
        raise _shared()

    def insert(self, index: SupportsIndex, item: T) -> NoReturn:
        raise _shared()

    def remove(self, item: T) -> NoReturn:
        raise _shared()

    def pop(self, index: SupportsIndex = -1) -> NoReturn:
        raise _shared()

    def clear(self) -> NoReturn:
        raise _shared()

    def sort(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise _shared()

    def reverse(self) -> NoReturn:
        raise _shared()

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        raise _shared()

    def __delitem__(self, index: Any) -> NoReturn:
        raise _shared()

    def __iadd__(self, items: Any) -> NoReturn:  # type: ignore[misc]
        raise _shared()

    def __imul__(self, times: Any) -> NoReturn:  # type: ignore[misc]
        raise _shared()

    def __copy__(self) -> ReadOnlyList[T]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyList[T]:
        return self  # shared, never changed: a copy may share it too

    def __reduce__(self) -> tuple[Any, ...]:
        return ReadOnlyList, (list(self),)


def shared_hexes(value: Any, model: type[M]) -> dict[str, M] | None:
    """``map.json``'s ``hexes`` as models, the plain ones (terrain and level only) made once per
    distinct value; None when any hex needs the model's full validation to say what is wrong."""
    if type(value) is not dict or not _labels_ok(value):
        return None
    made: dict[tuple[str | None, int], M] = {}
    out: dict[str, M] = {}
    validate = model.model_validate
    try:
        for label, raw in value.items():
            if type(raw) is not dict:
                return None
            terrain, level = raw.get("terrain"), raw.get("level", 0)
            if len(raw) != ("terrain" in raw) + ("level" in raw) or type(level) is not int \
                    or not (terrain is None or type(terrain) is str):
                out[label] = validate(raw)  # features, a name, provenance: a hex of its own
                continue
            data = made.get((terrain, level))
            if data is None:
                data = made[terrain, level] = validate(raw)
                data.__dict__["features"] = ReadOnlyList(data.__dict__["features"])
            out[label] = data
    except ValidationError:
        return None
    return out


def shared_hexsides(value: Any, model: type[M]) -> dict[str, M] | None:
    """``map.json``'s ``hexsides`` as models, the plain ones (lines and crossings only) made once
    per distinct value; None when any hexside needs the model's full validation."""
    if type(value) is not dict:
        return None
    made: dict[tuple[tuple[Any, ...], tuple[Any, ...]], M] = {}
    out: dict[str, M] = {}
    validate = model.model_validate
    try:
        for key, raw in value.items():
            if type(key) is not str or type(raw) is not dict:
                return None
            features, connections = raw.get("features", []), raw.get("connections", [])
            if len(raw) != ("features" in raw) + ("connections" in raw) or type(features) is not list \
                    or type(connections) is not list:
                out[key] = validate(raw)
                continue
            try:
                shape = (tuple(features), tuple(connections))
                data = made.get(shape)
            except TypeError:  # an unhashable item: the model says what is wrong with it
                out[key] = validate(raw)
                continue
            if data is None:
                data = made[shape] = validate(raw)
                fields = data.__dict__
                fields["features"] = ReadOnlyList(fields["features"])
                fields["connections"] = ReadOnlyList(fields["connections"])
            out[key] = data
    except ValidationError:
        return None
    return out


def _labels_ok(value: dict[Any, Any]) -> bool:
    try:
        _LABELS.validate_python(list(value))
    except ValidationError:
        return False
    return True
