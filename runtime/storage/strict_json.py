"""JSON as untrusted data: one strict parser for modules, saves and e-mail packets.

Python's ``json`` accepts things a Hexwright file must not hold, and some of them only
fail later, far from the file: ``NaN`` and ``Infinity``, a key written twice (tools differ
on which copy wins), integers of thousands of digits (``ValueError`` past 4,300 digits,
slow well before), and an escaped lone surrogate (``"\\ud800"``), which loads but can never
be written back as UTF-8, so every later save fails. :func:`loads_strict` refuses all of
them with :class:`JsonProblem`, naming the line or the field.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_INT_DIGITS = 40
"""Longer than any count, id number or seed a file holds (a seed is below 2**63)."""
_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_INT_DIGITS + 1))
"""A whole number past MAX_INT_DIGITS."""
_LONG_EXPONENT = re.compile(r"[eE][+-]?[0-9]{3}")
"""An exponent that may overflow to infinity. Two patterns, not one with ``|``: each then
skips ahead to the characters it can start with, which takes a third of the time."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}")


class JsonProblem(ValueError):
    """Why some bytes are not acceptable JSON; ``field`` is the dotted path when there is one."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def loads_strict(data: bytes) -> Any:
    """Parse UTF-8 ``data`` as strict JSON, or raise JsonProblem saying where and why."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonProblem(f"not UTF-8 text (byte {exc.start})") from None
    # numbers are checked one by one only then
    suspicious = _LONG_DIGITS.search(text) is not None or _LONG_EXPONENT.search(text) is not None
    try:
        value = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_object_without_repeats,
                           parse_float=_finite_float if suspicious else None,
                           parse_int=_bounded_int if suspicious else None)
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise JsonProblem("JSON nested too deeply") from None
    except JsonProblem:
        raise
    except ValueError as exc:  # anything else the parser refuses: a message, never a traceback
        raise JsonProblem(f"not acceptable JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):  # only then can a string hold a lone surrogate
        where = _unwritable_string(value, [])
        if where is not None:
            raise JsonProblem("holds a lone surrogate escape (\\ud800–\\udfff alone): text that cannot be "
                              "written as UTF-8", where)
    return value


def _refuse_constant(token: str) -> Any:
    raise JsonProblem(f"{token} is not a finite number (JSON has no NaN or Infinity)")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise JsonProblem(f"{token} is not a finite number (too large)")
    return value


def _bounded_int(token: str) -> int:
    if len(token.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonProblem(f"a whole number of {len(token.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(token)


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise JsonProblem(f"key {twice!r} is written twice in one object")
    return obj


def _writable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unwritable_string(value: Any, path: list[str]) -> str | None:
    """The dotted path of the first string (or key) that UTF-8 cannot encode, else None."""
    stack: list[tuple[Any, list[str]]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if not _writable(item):
                return ".".join(where) or "(top)"
        elif isinstance(item, dict):
            for key, sub in item.items():
                if not _writable(key):
                    return ".".join([*where, ascii(key)])
                stack.append((sub, [*where, key]))
        elif isinstance(item, list):
            stack.extend((sub, [*where, str(i)]) for i, sub in enumerate(item))
    return None
