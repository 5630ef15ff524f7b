"""PNG encoding of painted pixels, fast and in bands.

Qt's own PNG writer compresses at zlib's default level and picks a row filter per row,
which made encoding half of ``hexwright render``'s time on large maps. This writer uses
zlib level 1 and no row filter (the painted map is mostly flat colour, which level 1
already squeezes well), writes RGB when the image is opaque, and takes the image in
bands of rows, so a map can be painted and encoded a band at a time with bounded memory.
With ``background=True`` a band is compressed on a thread of its own while the caller paints
the next one (zlib lets go of the interpreter while it compresses): the same bytes, in about
the time of the longer of the two instead of their sum on a machine with two cores.
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

SIGNATURE = b"\x89PNG\r\n\x1a\n"
FAST = 1
"""zlib level: the fastest that still compresses."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


class PngWriter:
    """A PNG of ``width`` × ``height`` pixels, fed with QImages of whole rows, top to bottom."""

    def __init__(self, width: int, height: int, *, alpha: bool, level: int = FAST,
                 dots_per_meter: tuple[int, int] | None = None, background: bool = False) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a PNG needs at least one pixel, not {width}x{height}")
        self.width, self.height, self.alpha = width, height, alpha
        self.rows = 0
        header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
        self._head = [SIGNATURE, _chunk(b"IHDR", header)]
        if dots_per_meter is not None and min(dots_per_meter) > 0:
            self._head.append(_chunk(b"pHYs", struct.pack(">IIB", dots_per_meter[0], dots_per_meter[1], 1)))
        self._z = zlib.compressobj(level)
        self._data: list[bytes] = []
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="png") if background else None
        self._pending: Future[None] | None = None
        self._spare: list[Any] = [None, None]

    def add(self, image: Any) -> None:
        """Append every row of ``image`` (a QImage as wide as the PNG); in the background, once
        the band before it is compressed (so memory holds two bands at most)."""
        from PySide6.QtGui import QImage

        if image.width() != self.width:
            raise ValueError(f"a band {image.width()} pixels wide for a PNG {self.width} wide")
        if self.rows + image.height() > self.height:
            raise ValueError(f"rows {self.rows}..{self.rows + image.height()} past the PNG's {self.height}")
        fmt = QImage.Format.Format_RGBA8888 if self.alpha else QImage.Format.Format_RGB888
        if self._pool is None:
            self._compress(image if image.format() == fmt else image.convertToFormat(fmt))
        else:  # the caller may paint into ``image`` again at once: compress a copy
            img = self._copy(image) if not self.alpha else image.convertToFormat(fmt)
            self._wait()
            self._pending = self._pool.submit(self._compress, img)
        self.rows += image.height()

    def _copy(self, image: Any) -> Any:
        """``image`` as RGB, in the one of two kept buffers that is not being compressed: a new
        image for every band made the system zero its pages again (as much time as the copy)."""
        from PySide6.QtCore import QPoint
        from PySide6.QtGui import QImage, QPainter

        self._spare.reverse()
        target = self._spare[0]
        if target is None or target.height() != image.height():
            target = self._spare[0] = QImage(image.width(), image.height(), QImage.Format.Format_RGB888)
        painter = QPainter(target)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(QPoint(0, 0), image)
        painter.end()
        return target

    def _compress(self, img: Any) -> None:
        bits = memoryview(img.constBits()).cast("B")
        stride, width = img.bytesPerLine(), self.width * (4 if self.alpha else 3)
        compress, data = self._z.compress, self._data
        for r in range(img.height()):  # each row after its filter byte (0: none), without copying it
            data.append(compress(b"\x00"))
            data.append(compress(bits[r * stride:r * stride + width]))

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()  # an error on the thread is raised here

    def close(self) -> None:
        """Let the background thread go (after its last band); :meth:`finish` does it too."""
        if self._pool is not None:
            self._pool.shutdown()

    def finish(self) -> bytes:
        """The PNG file's bytes (every row must have been added)."""
        try:
            self._wait()
        finally:
            self.close()
        if self.rows != self.height:
            raise ValueError(f"{self.rows} of the PNG's {self.height} rows were given")
        self._data.append(self._z.flush())
        return b"".join([*self._head, _chunk(b"IDAT", b"".join(self._data)), _chunk(b"IEND", b"")])


def encode_png(image: Any, *, opaque: bool = False, level: int = FAST) -> bytes:
    """``image`` (a QImage) as PNG bytes; ``opaque``: drop the alpha channel (painted on white)."""
    writer = PngWriter(image.width(), image.height(), alpha=image.hasAlphaChannel() and not opaque, level=level,
                       dots_per_meter=(image.dotsPerMeterX(), image.dotsPerMeterY()))
    writer.add(image)
    return writer.finish()
