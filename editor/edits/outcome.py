"""What an edit function returns: the new value with its undo text, or a refusal saying why.

The editor's forms and grids call plain functions (``editor.edits.scenario``,
``editor.edits.crt``…) that compute the new value of one module entry from what was typed
or dropped; the widget only pushes the result as one undo command, or shows the refusal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class EditRefused(ValueError):
    """The edit is not allowed; the message says why, naming the field."""


@dataclass(frozen=True)
class Edit(Generic[M]):
    value: M
    """The entry as it is after the edit."""
    text: str
    """The undo text."""


def validation_message(exc: ValidationError, with_input: bool = False) -> str:
    """``field.path: message`` of the first error (and what was given, if asked)."""
    err = exc.errors(include_url=False)[0]
    message = f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
    if with_input and "input" in err:
        message += f" (got {err['input']!r})"
    return message


def validated(model: type[M], data: dict[str, Any], with_input: bool = False) -> M:
    """``data`` as a ``model``; a refusal naming the field when it does not validate."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise EditRefused(validation_message(exc, with_input)) from exc


def with_fields(entry: M, changes: dict[str, Any]) -> M:
    """``entry`` with some fields replaced, validated again as a whole."""
    data = entry.model_dump()
    data.update(changes)
    return validated(type(entry), data)
