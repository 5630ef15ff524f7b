"""JSON as untrusted data: one strict parser for modules, saves and e-mail packets.

Python's ``json`` accepts things a Hexwright file must not hold, and some of them only
fail later, far from the file: ``NaN`` and ``Infinity``, a key written twice (tools differ
on which copy wins), integers of thousands of digits (``ValueError`` past 4,300 digits,
slow well before), and an escaped lone surrogate (``"\\ud800"``), which loads but can never
be written back as UTF-8, so every later save fails. :func:`loads_strict` refuses all of
them with :class:`JsonProblem`, naming the line or the field.

A file is read by orjson when it is installed (a 12 MB map in half the time of ``json``
and without a walk over the values afterwards); whatever orjson refuses, or might read
differently from ``json``, is read again by ``json`` as before, which says what is wrong.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - a dependency; without it every file takes json's reads below
    orjson = None  # type: ignore[assignment]

MAX_INT_DIGITS = 40
"""Longer than any count, id number or seed a file holds (a seed is below 2**63)."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}")


class JsonProblem(ValueError):
    """Why some bytes are not acceptable JSON; ``field`` is the dotted path when there is one."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def loads_strict(data: bytes) -> Any:
    """Parse UTF-8 ``data`` as strict JSON, or raise JsonProblem saying where and why.

    Most files are fine, so they are first read by the parser's C code alone and then
    checked as a whole (:func:`_plainly_fine`); only a file that check cannot clear is read
    again with a Python hook on every object and number, which names what is wrong."""
    if orjson is not None:
        value = _read_fast(data)
        if value is not _UNSURE:
            return value
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonProblem(f"not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
        fine = _plainly_fine(text, value)
    except (ValueError, RecursionError):  # broken, or refused: the checking read says why
        fine = False
    if not fine:
        value = _loads_checked(text)
    if _SURROGATE_ESCAPE.search(text):  # only then can a string hold a lone surrogate
        where = _unwritable_string(value, [])
        if where is not None:
            raise JsonProblem("holds a lone surrogate escape (\\ud800–\\udfff alone): text that cannot be "
                              "written as UTF-8", where)
    return value


_UNSURE = object()
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_DIGIT_RUN = b"0" * 19
_HIDDEN_QUOTE_COLON_SPACE = re.compile(rb"\\u00(?:22|3[aA]|20)")


def _read_fast(data: bytes) -> Any:
    """``data`` read by orjson, or ``_UNSURE`` when ``json``'s reads must decide.

    orjson refuses, as we do, NaN and the infinities, numbers too large for a float, text
    that is not UTF-8 (a BOM too) and an escaped lone surrogate; its floats are ``json``'s
    to the last bit. It differs in two ways, both caught here: a key written twice (the
    last copy wins) and a whole number beyond 64 bits (read as a float). A number of 19
    digits or more is left to ``json``'s reads. A repeated key is found by counting the
    places where a key ends (a ``"`` then ``:``) in ``data`` and in orjson's own writing of
    the value read: every member of every object adds one place to each; a member
    dropped as a repeat adds one to ``data`` only, and so may the places inside its
    strings; a ``"`` or ``:`` inside a string adds the same to both unless ``data`` wrote it
    (or a space) as a ``\\u`` escape, which is left to ``json``'s reads too."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:  # broken or refused: json's reads say where and why
        return _UNSURE
    if data.translate(_DIGITS_AS_ZERO).find(_LONG_DIGIT_RUN) != -1:
        return _UNSURE
    if b"\\u00" in data and _HIDDEN_QUOTE_COLON_SPACE.search(data):
        return _UNSURE
    try:
        written = orjson.dumps(value)
    except orjson.JSONEncodeError:  # nested deeper than orjson writes
        return _UNSURE
    return value if _key_ends(data) == _key_ends(written) else _UNSURE


def _key_ends(data: bytes) -> int:
    """The places in ``data`` where a ``"`` is followed by ``:`` (JSON whitespace between)."""
    plain = data.count(b'":')
    if data.count(b":") == plain:  # no colon after a space: counted ten times faster than found by the expression
        return plain
    return sum(1 for _ in _KEY_END_SPACED_BYTES.finditer(data)) + plain


def _loads_checked(text: str) -> Any:
    """The slow, naming read: every object checked for a repeated key, every number for its size."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_object_without_repeats,
                          parse_float=_finite_float, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise JsonProblem("JSON nested too deeply") from None
    except JsonProblem:
        raise
    except ValueError as exc:  # anything else the parser refuses: a message, never a traceback
        raise JsonProblem(f"not acceptable JSON: {exc}") from None


_KEY_END_SPACED = re.compile(r'"[ \t\n\r]+:')
_KEY_END_SPACED_BYTES = re.compile(rb'"[ \t\n\r]+:')
_INT_LIMIT = 10 ** MAX_INT_DIGITS
"""The smallest whole number written with more than MAX_INT_DIGITS digits."""


def _plainly_fine(text: str, value: Any) -> bool:
    """Whether ``value``, read from ``text`` without hooks, surely has no repeated key and no
    number out of bounds.

    Every member of an object ends its key with a ``"`` followed by ``:`` (JSON whitespace
    between), so ``text`` has at least as many such places as it has members; a repeated key
    leaves its object with fewer keys than members. Hence when the keys of all the objects
    read add up to the number of those places, no object repeated a key (a ``":`` inside a
    string only adds a place, and then the checking read decides). A whole number has more
    than MAX_INT_DIGITS digits exactly when it is at least 10**MAX_INT_DIGITS, and a
    number too large for a float was read as an infinity."""
    if _KEY_END_SPACED.search(text) is None:
        places = text.count('":')
    else:
        places = sum(1 for _ in _KEY_END_SPACED.finditer(text)) + text.count('":')
    keys = 0
    stack: list[Any] = [[value]]  # the value as the one item of a list: a bare number is checked too
    pop, push = stack.pop, stack.append
    while stack:
        item = pop()
        if type(item) is dict:
            keys += len(item)
            children = item.values()
        else:
            children = item
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                push(child)
            elif kind is int:
                if not -_INT_LIMIT < child < _INT_LIMIT:
                    return False
            elif kind is float and not math.isfinite(child):
                return False
    return keys == places


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
