"""Colours as the module format writes them (``#rrggbb`` or ``#rrggbbaa``) turned into QColors.

Qt reads an eight-digit ``#aarrggbb``, so ``QColor("#ff000040")`` would be dark blue, not
a translucent red; always go through :func:`qcolor`.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QColor


@lru_cache(maxsize=1024)
def _parse(text: str) -> tuple[int, int, int, int]:
    t = text.strip().lstrip("#")
    if len(t) not in (6, 8) or any(ch not in "0123456789abcdefABCDEF" for ch in t):
        raise ValueError(f"not a colour: {text!r} (expected #rrggbb or #rrggbbaa)")
    r, g, b = int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)
    a = int(t[6:8], 16) if len(t) == 8 else 255
    return r, g, b, a


def qcolor(text: str) -> QColor:
    """A new QColor for ``#rrggbb`` / ``#rrggbbaa``; ValueError names the bad text."""
    return QColor(*_parse(text))


def over(top: QColor, bottom: QColor) -> QColor:
    """``top`` (maybe translucent) laid over ``bottom``, as one colour with ``bottom``'s alpha:
    what a painter leaves when it fills with ``bottom`` and then with ``top``."""
    a = top.alpha() / 255.0
    return QColor(round(top.red() * a + bottom.red() * (1 - a)), round(top.green() * a + bottom.green() * (1 - a)),
                  round(top.blue() * a + bottom.blue() * (1 - a)), bottom.alpha())
