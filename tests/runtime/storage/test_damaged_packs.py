"""Issue 20, finding 3: a damaged pack is a ModuleError naming the pack and the member, never a traceback.

Each case used to escape ``validate``/``unpack`` as a zipfile, zlib or NotImplementedError
traceback. The packs are built here byte by byte from a good one (the zip layout is in
PKWARE's APPNOTE: local headers ``PK\\3\\4``, central directory entries ``PK\\1\\2``).
"""

from __future__ import annotations

import io
import struct
import zipfile

import pytest
from builders import small_module

from hexwright.runtime.cli.main import main
from hexwright.runtime.storage import ModuleError, archive, files_from_module, load_module, pack_files, unpack

MEMBER = "map.json"


def _pack(compression: int = zipfile.ZIP_STORED) -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as zf:
        for name, data in sorted(files_from_module(small_module()).items()):
            zf.writestr(name, data)
    return bytearray(buffer.getvalue())


def _central(data: bytearray, name: str = MEMBER) -> int:
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46:at + 46 + length] == name.encode():
            return at
        at = data.find(b"PK\x01\x02", at + 4)
    raise AssertionError(name)


def _local(data: bytearray, name: str = MEMBER) -> int:
    return struct.unpack_from("<I", data, _central(data, name) + 42)[0]


def _payload(data: bytearray, name: str = MEMBER) -> int:
    local = _local(data, name)
    name_len, extra_len = struct.unpack_from("<HH", data, local + 26)
    return local + 30 + name_len + extra_len


def bad_crc() -> bytes:
    data = _pack()
    data[_payload(data) + 5] ^= 0x20  # one letter of the JSON changes case: the CRC no longer matches
    return bytes(data)


def lying_size() -> bytes:
    data = _pack()
    for at, offset in ((_central(data), 24), (_local(data), 22)):
        size = struct.unpack_from("<I", data, at + offset)[0]
        struct.pack_into("<I", data, at + offset, size // 2)
    return bytes(data)


def method(number: int) -> bytes:
    data = _pack()
    struct.pack_into("<H", data, _central(data) + 10, number)
    struct.pack_into("<H", data, _local(data) + 8, number)
    return bytes(data)


def encrypted() -> bytes:
    data = _pack()
    for at, offset in ((_central(data), 8), (_local(data), 6)):
        flags = struct.unpack_from("<H", data, at + offset)[0]
        struct.pack_into("<H", data, at + offset, flags | 0x1)
    return bytes(data)


def corrupt_deflate() -> bytes:
    data = _pack(zipfile.ZIP_DEFLATED)
    start = _payload(data)
    for i in range(start, start + 12):
        data[i] = 0xFF
    return bytes(data)


def bad_offset() -> bytes:
    data = _pack()
    struct.pack_into("<I", data, _central(data) + 42, 7)
    return bytes(data)


DAMAGED = {
    "bad CRC": bad_crc,
    "lying size header": lying_size,
    "compression method 9": lambda: method(9),
    "compression method 99": lambda: method(99),
    "encrypted flag": encrypted,
    "corrupt deflate data": corrupt_deflate,
    "bad local-header offset": bad_offset,
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_pack_is_a_module_error_naming_the_pack(tmp_path, case):
    pack = tmp_path / "damaged.hwmod"
    pack.write_bytes(DAMAGED[case]())
    with pytest.raises(ModuleError) as caught:
        load_module(pack)
    assert str(caught.value).startswith("damaged.hwmod")
    with pytest.raises(ModuleError):
        unpack(pack, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_the_cli_says_it_in_one_line_and_exits_1(tmp_path, capsys, case):
    pack = tmp_path / "damaged.hwmod"
    pack.write_bytes(DAMAGED[case]())
    for argv in (["validate", str(pack)], ["unpack", str(pack), str(tmp_path / "out")]):
        assert main(argv) == 1
        issues = [line for line in capsys.readouterr().err.splitlines() if not line.endswith("problem(s)")]
        assert len(issues) == 1 and issues[0].strip().startswith("damaged.hwmod"), issues


def test_a_small_pack_cannot_expand_past_its_budget(tmp_path, monkeypatch):
    """Finding 5: 92 KB unpacking to a valid 60 MB map.json took 28 s and 719 MB; the expansion
    is now counted while reading, whatever the header says, and stops at MAX_EXPANSION × the pack."""
    monkeypatch.setattr(archive, "EXPANSION_FLOOR", 64 * 1024)
    files = files_from_module(small_module())
    files["images/filler.png"] = b"\0" * (4 * 1024 * 1024)  # deflates about 1000:1
    pack = tmp_path / "bomb.hwmod"
    pack.write_bytes(pack_files(files))
    assert pack.stat().st_size < 40 * 1024
    with pytest.raises(ModuleError, match="compression bomb"):
        load_module(pack)


def test_a_directory_listing_more_members_than_a_module_has_is_refused_before_parsing(monkeypatch):
    monkeypatch.setattr(archive, "MAX_MEMBERS", 3)
    data = pack_files({f"images/{i}.png": b"x" for i in range(10)})
    with pytest.raises(ModuleError, match="more than 3 members"):
        archive.read_pack_files(data, "many.hwmod")


def test_a_member_named_twice_through_dot_is_refused():
    """Finding 7: images/a.png and images/./a.png both passed the duplicate check."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in files_from_module(small_module()).items():
            zf.writestr(name, data)
        zf.writestr("images/a.png", b"one")
        zf.writestr("images/./a.png", b"two")
    with pytest.raises(ModuleError, match="two names for one file"):
        archive.read_pack_files(buffer.getvalue(), "twice.hwmod")


def test_the_same_reader_still_reads_a_good_pack():
    data = _pack(zipfile.ZIP_DEFLATED)
    assert archive.read_pack_files(bytes(data), "good.hwmod") == files_from_module(small_module())
