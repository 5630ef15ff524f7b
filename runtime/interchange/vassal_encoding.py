"""VASSAL's sequence encoding: how a piece's traits, names and lists are joined into one string.

VASSAL joins the parts of a piece definition with a delimiter (``/`` between id, type and
state; a tab between traits; ``;`` between the fields of a trait; ``,`` inside a list). A
delimiter inside a part is written with a backslash before it. A part that starts with a
backslash, or is wrapped in single quotes, is wrapped in one more pair of single quotes so
that it reads back unchanged. Decoding splits on delimiters not preceded by a backslash.

These are the rules of VASSAL's ``SequenceEncoder`` as documented by its behaviour; they are
written here from that description so a name with ``/``, ``;``, ``,`` or a tab survives the
round trip through a ``.vmod``.
"""

from __future__ import annotations

from collections.abc import Iterable


def _escape(text: str, delim: str) -> str:
    return text.replace(delim, "\\" + delim)


def encode_part(text: str, delim: str) -> str:
    """One part as VASSAL writes it before the delimiter ``delim``."""
    if not text:
        return ""
    escaped = _escape(text, delim)
    if text[0] == "\\" or (text[0] == "'" and text[-1] == "'"):
        return f"'{escaped}'"
    return escaped


def encode(parts: Iterable[str], delim: str) -> str:
    """Join ``parts`` with ``delim`` the way VASSAL's encoder does."""
    if len(delim) != 1:
        raise ValueError(f"a VASSAL delimiter is one character, not {delim!r}")
    return delim.join(encode_part(p, delim) for p in parts)


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def decode(value: str, delim: str) -> list[str]:
    """Split ``value`` into its parts (the inverse of :func:`encode`)."""
    if len(delim) != 1:
        raise ValueError(f"a VASSAL delimiter is one character, not {delim!r}")
    parts: list[str] = []
    current: list[str] = []
    start = 0
    for i, ch in enumerate(value):
        if ch != delim:
            continue
        if i > 0 and value[i - 1] == "\\":
            current.append(value[start:i - 1])
            start = i
            continue
        current.append(value[start:i])
        parts.append(_unquote("".join(current)))
        current = []
        start = i + 1
    current.append(value[start:])
    parts.append(_unquote("".join(current)))
    return parts
