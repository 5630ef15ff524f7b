"""A tiny PNG writer for flat pictures drawn without Qt (the TMX tileset's hex swatches)."""

from __future__ import annotations

import struct
import zlib

Rgba = tuple[int, int, int, int]


def encode_png(width: int, height: int, pixels: list[list[Rgba]]) -> bytes:
    """RGBA ``pixels[y][x]`` as PNG bytes."""
    if width < 1 or height < 1 or len(pixels) != height or any(len(row) != width for row in pixels):
        raise ValueError(f"pixels must be {height} rows of {width}")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def parse_color(text: str) -> Rgba:
    """``#rrggbb`` or ``#rrggbbaa`` (ours) as RGBA."""
    h = text.lstrip("#")
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    a = int(h[6:8], 16) if len(h) == 8 else 255
    return r, g, b, a
