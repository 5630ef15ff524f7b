"""PNG encoding of painted pixels, fast and in bands.

Qt's own PNG writer compresses at zlib's default level and picks a row filter per row,
which made encoding half of ``hexwright render``'s time on large maps. This writer uses
the fastest level that still compresses and no row filter (the painted map is mostly flat
colour, which that level already squeezes well), writes RGB when the image is opaque, and
takes the image in bands of rows, so a map can be painted and encoded a band at a time with
bounded memory.

The compressor is ISA-L's deflate (the ``isal`` package) when it is installed: on a painted
200×200 map it compresses 4× faster than zlib at level 1, to a file 3 % larger; without it,
the standard library's zlib (the same file format, the same pixels).

Each band is compressed on its own (:func:`band_segment`) into a piece of one deflate stream
that ends on a byte boundary (a sync flush), with the Adler-32 of its rows; the writer joins
the pieces, ends the stream with an empty final block, and combines the checksums
(:func:`adler32_combine`). So bands can be compressed in any order, on a thread while the
next is painted (``background=True``; the compressor lets go of the interpreter) or in
other processes (:mod:`.render_bands`), and the file is the same bytes however they were.
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

SIGNATURE = b"\x89PNG\r\n\x1a\n"
FAST = 1
"""Compression level: the fastest that still compresses (1 in zlib and in ISA-L alike)."""
ADLER_BASE = 65521


def _deflate_module() -> ModuleType:
    """ISA-L's zlib-compatible module when installed, else the standard library's zlib."""
    try:
        from isal import isal_zlib
    except ImportError:
        return zlib
    return isal_zlib


DEFLATE = _deflate_module()
"""The module that compresses (``isal.isal_zlib`` or ``zlib``): both have zlib's interface."""

FINAL_BLOCK = zlib.compressobj(FAST, zlib.DEFLATED, -15).flush()
"""An empty last deflate block (b"\\x03\\x00"): ends a stream of sync-flushed pieces."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from their own checksums and the
    second's length (the sum A of the whole is both sums less the one they start from; its sum B
    adds the second's length times the first's A, less one, to both B sums)."""
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER_BASE
    b = (b1 + b2 + second_length * (a1 - 1)) % ADLER_BASE
    return (b << 16) | a


@dataclass(frozen=True)
class Segment:
    """A band of rows compressed on its own: a piece of the image's deflate stream that ends on a
    byte boundary, the Adler-32 of the filtered rows it holds and their length in bytes."""

    data: bytes
    adler: int
    length: int
    rows: int


def band_segment(image: Any, alpha: bool, level: int = FAST, deflate: ModuleType | None = None) -> Segment:
    """Every row of ``image`` (a QImage in ``Format_RGBA8888`` when ``alpha``, else ``Format_RGB888``)
    after its filter byte (0: none), compressed as a piece of a deflate stream."""
    module = deflate if deflate is not None else DEFLATE
    z = module.compressobj(level, module.DEFLATED, -15)
    bits = memoryview(image.constBits()).cast("B")
    stride, width, height = image.bytesPerLine(), image.width() * (4 if alpha else 3), image.height()
    compress, adler32, parts = z.compress, module.adler32, []
    adler = 1
    for r in range(height):  # each row after its filter byte, without copying it
        row = bits[r * stride:r * stride + width]
        parts.append(compress(b"\x00"))
        parts.append(compress(row))
        adler = adler32(row, adler32(b"\x00", adler))
    parts.append(z.flush(module.Z_SYNC_FLUSH))
    return Segment(b"".join(parts), adler, height * (width + 1), height)


def png_format(alpha: bool) -> Any:
    """The QImage format whose bytes are a PNG row's pixels (RGBA or RGB, 8 bits a channel)."""
    from PySide6.QtGui import QImage

    return QImage.Format.Format_RGBA8888 if alpha else QImage.Format.Format_RGB888


class RgbCopy:
    """Copies opaque bands into RGB, alternating between two kept images: a new image for every
    band made the system zero its pages again (as much time as the copy)."""

    def __init__(self) -> None:
        self._spare: list[Any] = [None, None]

    def __call__(self, image: Any) -> Any:
        from PySide6.QtCore import QPoint
        from PySide6.QtGui import QImage, QPainter

        self._spare.reverse()
        target = self._spare[0]
        if target is None or target.height() != image.height() or target.width() != image.width():
            target = self._spare[0] = QImage(image.width(), image.height(), QImage.Format.Format_RGB888)
        painter = QPainter(target)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(QPoint(0, 0), image)
        painter.end()
        return target


class PngWriter:
    """A PNG of ``width`` × ``height`` pixels, fed with QImages of whole rows, top to bottom
    (or with :class:`Segment` s of them compressed elsewhere, :meth:`add_segment`)."""

    def __init__(self, width: int, height: int, *, alpha: bool, level: int = FAST,
                 dots_per_meter: tuple[int, int] | None = None, background: bool = False) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a PNG needs at least one pixel, not {width}x{height}")
        self.width, self.height, self.alpha, self.level = width, height, alpha, level
        self.rows = 0
        header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
        self._head = [SIGNATURE, _chunk(b"IHDR", header)]
        if dots_per_meter is not None and min(dots_per_meter) > 0:
            self._head.append(_chunk(b"pHYs", struct.pack(">IIB", dots_per_meter[0], dots_per_meter[1], 1)))
        self._segments: list[Segment] = []
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="png") if background else None
        self._pending: Future[None] | None = None
        self._copy = RgbCopy()

    def _check(self, width: int, rows: int) -> None:
        if width != self.width:
            raise ValueError(f"a band {width} pixels wide for a PNG {self.width} wide")
        if self.rows + rows > self.height:
            raise ValueError(f"rows {self.rows}..{self.rows + rows} past the PNG's {self.height}")

    def add(self, image: Any) -> None:
        """Append every row of ``image`` (a QImage as wide as the PNG); in the background, once
        the band before it is compressed (so memory holds two bands at most)."""
        self._check(image.width(), image.height())
        fmt = png_format(self.alpha)
        if self._pool is None:
            self._segments.append(band_segment(image if image.format() == fmt else image.convertToFormat(fmt),
                                               self.alpha, self.level))
        else:  # the caller may paint into ``image`` again at once: compress a copy
            img = self._copy(image) if not self.alpha else image.convertToFormat(fmt)
            self._wait()
            self._pending = self._pool.submit(self._compress, img)
        self.rows += image.height()

    def _compress(self, img: Any) -> None:
        self._segments.append(band_segment(img, self.alpha, self.level))

    def add_segment(self, segment: Segment) -> None:
        """Append the rows of a band compressed by :func:`band_segment` (the next rows of the image)."""
        self._check(self.width, segment.rows)
        self._wait()
        self._segments.append(segment)
        self.rows += segment.rows

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
        adler = 1
        for seg in self._segments:
            adler = adler32_combine(adler, seg.adler, seg.length)
        # zlib's header (deflate, 32 KiB window, fastest), the pieces, the last block, the checksum
        stream = [b"\x78\x01", *(seg.data for seg in self._segments), FINAL_BLOCK, struct.pack(">I", adler)]
        return b"".join([*self._head, _chunk(b"IDAT", b"".join(stream)), _chunk(b"IEND", b"")])


def encode_png(image: Any, *, opaque: bool = False, level: int = FAST) -> bytes:
    """``image`` (a QImage) as PNG bytes; ``opaque``: drop the alpha channel (painted on white)."""
    writer = PngWriter(image.width(), image.height(), alpha=image.hasAlphaChannel() and not opaque, level=level,
                       dots_per_meter=(image.dotsPerMeterX(), image.dotsPerMeterY()))
    writer.add(image)
    return writer.finish()
