"""Path operations from the pure geometry (:mod:`runtime.geometry.organic`) as QPainterPaths."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QPainterPath

from hexwright.runtime.geometry.organic import PathOp


def add_ops(path: QPainterPath, ops: Iterable[PathOp]) -> QPainterPath:
    """Append ``ops`` (M, L, Q, C, Z) to ``path`` and return it."""
    for kind, a in ops:
        if kind == "L":
            path.lineTo(a[0], a[1])
        elif kind == "M":
            path.moveTo(a[0], a[1])
        elif kind == "Q":
            path.quadTo(a[0], a[1], a[2], a[3])
        elif kind == "C":
            path.cubicTo(a[0], a[1], a[2], a[3], a[4], a[5])
        elif kind == "Z":
            path.closeSubpath()
        else:
            raise ValueError(f"unknown path operation {kind!r}")
    return path


def ops_path(ops: Iterable[PathOp]) -> QPainterPath:
    return add_ops(QPainterPath(), ops)
