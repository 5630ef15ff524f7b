"""The fast PNG writer (issue 18): lossless, in bands, and ``hexwright render`` painting a
band at a time gives the single-pass picture."""

from __future__ import annotations

import random
import zlib

import pytest
from PySide6.QtGui import QColor, QImage
from ui_maps import make_module

from hexwright.runtime.ui import png_encode
from hexwright.runtime.ui.png_encode import PngWriter, adler32_combine, band_segment, encode_png
from hexwright.runtime.ui.render_image import band_rows, render_image, render_png


def noisy(width: int, height: int, alpha: bool) -> QImage:
    rng = random.Random(width * 1000 + height)
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    for y in range(height):
        for x in range(width):
            image.setPixelColor(x, y, QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256),
                                             rng.randrange(256) if alpha else 255))
    return image


def argb(image: QImage) -> bytes:
    converted = image.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(converted.constBits())


@pytest.mark.parametrize(("width", "height", "alpha"), [(1, 1, False), (7, 5, True), (33, 20, False), (64, 3, True)])
def test_encoded_png_reads_back_pixel_for_pixel(qapp, width, height, alpha):
    image = noisy(width, height, alpha)
    image.setDotsPerMeterX(5906)
    image.setDotsPerMeterY(5906)
    back = QImage.fromData(encode_png(image, opaque=not alpha), "PNG")
    assert (back.width(), back.height()) == (width, height)
    assert argb(back) == argb(image)
    assert back.dotsPerMeterX() == 5906


def written_in_bands(image: QImage, rows: int) -> bytes:
    """``image`` given to one PngWriter ``rows`` pixel rows at a time: the file's bytes."""
    writer = PngWriter(image.width(), image.height(), alpha=False)
    for top in range(0, image.height(), rows):
        writer.add(image.copy(0, top, image.width(), min(rows, image.height() - top)))
    return writer.finish()


def test_rows_given_in_bands_make_the_same_file(qapp):
    image = noisy(40, 30, False)
    assert argb(QImage.fromData(written_in_bands(image, 11), "PNG")) == argb(image)


def test_bands_compressed_in_the_background_from_one_reused_image_make_the_same_file(qapp):
    """The caller paints the next band into the image it just gave (as ``render_png`` does):
    the writer must have taken its rows before it returns."""
    image = noisy(40, 30, False).convertToFormat(QImage.Format.Format_RGB32)
    background = PngWriter(40, 30, alpha=False, background=True)
    band = QImage(40, 10, QImage.Format.Format_RGB32)
    for top in (0, 10, 20):
        band.fill(0)
        for y in range(10):
            for x in range(40):
                band.setPixel(x, y, image.pixel(x, top + y))
        background.add(band)
        band.fill(0xFF00FF00)  # painted over at once
    assert argb(QImage.fromData(background.finish(), "PNG")) == argb(image)


def test_a_png_missing_rows_or_of_the_wrong_width_is_refused(qapp):
    writer = PngWriter(10, 4, alpha=False)
    with pytest.raises(ValueError, match="wide"):
        writer.add(QImage(9, 2, QImage.Format.Format_RGB888))
    writer.add(QImage(10, 2, QImage.Format.Format_RGB888))
    with pytest.raises(ValueError, match="2 of the PNG's 4 rows"):
        writer.finish()


def test_render_painted_in_bands_is_the_single_pass_picture(qapp, tmp_path):
    """Antialiasing under a band's clip may move a channel by a few levels in a small
    fraction of the pixels (as the editor's banded export), nothing more."""
    module = make_module(cols=10, rows=12)
    scale = 3.0
    size = render_png(module, tmp_path / "map.png", scale=scale, band_pixels=1 << 20)
    single = render_image(module, scale)
    banded = QImage(str(tmp_path / "map.png"))
    assert size == (single.width(), single.height()) and banded.height() > 2 * band_rows(size[0], 1 << 20)
    a, b = argb(banded), argb(single)
    differ = [abs(x - y) for x, y in zip(a, b, strict=True) if x != y]
    assert max(differ, default=0) <= 8 and len(differ) < len(a) // 100


@pytest.mark.parametrize(("first", "second"), [(b"", b""), (b"a", b""), (b"", b"xyz"), (b"hex" * 7, b"\xff" * 6000),
                                                (bytes(range(256)) * 300, b"wright" * 11)])
def test_checksums_of_two_bands_combine_into_the_checksum_of_both(first, second):
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_the_standard_zlib_writes_a_png_that_reads_back_as_the_image(qapp, monkeypatch):
    """Without the ``isal`` package the writer compresses with the standard library's zlib."""
    monkeypatch.setattr(png_encode, "DEFLATE", zlib)
    image = noisy(37, 23, False)
    assert argb(QImage.fromData(written_in_bands(image, 10), "PNG")) == argb(image)


def test_bands_compressed_apart_and_joined_in_order_make_the_same_file(qapp):
    """Pieces compressed anywhere (another process) and added in order: the file of one writer."""
    image = noisy(30, 25, False)
    bands = [image.copy(0, top, 30, min(8, 25 - top)).convertToFormat(QImage.Format.Format_RGB888)
             for top in range(0, 25, 8)]
    joined = PngWriter(30, 25, alpha=False)
    for segment in [band_segment(band, alpha=False) for band in bands]:
        joined.add_segment(segment)
    whole = PngWriter(30, 25, alpha=False)
    for band in bands:
        whole.add(band)
    data = joined.finish()
    assert data == whole.finish()
    assert argb(QImage.fromData(data, "PNG")) == argb(image)
