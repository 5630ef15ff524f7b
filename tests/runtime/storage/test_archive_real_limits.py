"""The limits of a .hwmod pack at their real values, each at its boundary: the pack one under
is read, the pack one over is refused with the limit named (no limit patched to a small number).

5000 members; a member list of 400 bytes a member; 256 MB packed; past 16 MB unpacked, at
most 100 bytes unpacked per packed byte. The 64 MB member and 256 MB unpacked limits are
pinned from lying headers in ``test_archive_limits.py``."""

from __future__ import annotations

import io
import random
import struct
import zipfile

import pytest

from hexwright.runtime.storage import UnsafeArchiveError, archive

MB = 1024 * 1024
DATE = (2000, 1, 1, 0, 0, 0)


def zip_of(members: dict[str, bytes], *, deflated: tuple[str, ...] = (), comment: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            method = zipfile.ZIP_DEFLATED if name in deflated else zipfile.ZIP_STORED
            zf.writestr(zipfile.ZipInfo(name, date_time=DATE), data, compress_type=method)
        zf.comment = comment
    return buffer.getvalue()


def refusal(data: bytes) -> str:
    with pytest.raises(UnsafeArchiveError) as caught:
        archive.read_pack_files(data, "x.hwmod")
    return str(caught.value)


def with_end_record(data: bytes, *, entries: int | None = None, size: int | None = None) -> bytes:
    """``data`` with its end record claiming ``entries`` members or a ``size``-byte member list."""
    raw = bytearray(data)
    end = raw.rfind(b"PK\x05\x06")
    if entries is not None:
        struct.pack_into("<HH", raw, end + 8, entries, entries)
    if size is not None:
        struct.pack_into("<I", raw, end + 12, size)
    return bytes(raw)


def members(count: int, name_length: int = 20) -> dict[str, bytes]:
    """``count`` one-byte images whose names are ``name_length`` characters long."""
    return {f"images/{k:05d}".ljust(name_length - 4, "x") + ".png": b"x" for k in range(count)}


# -- 5000 members ---------------------------------------------------------------------------------


def test_a_pack_of_5000_members_is_read_and_5001_are_refused():
    assert len(archive.read_pack_files(zip_of(members(5000)))) == 5000
    assert "x.hwmod: more than 5000 members" in refusal(zip_of(members(5001)))


def test_the_members_are_counted_even_when_the_end_record_understates_them():
    """The end record's count is a claim: zipfile reads the member list itself, and so does the
    check — 5001 listed members are refused though the record says 1."""
    assert len(archive.read_pack_files(with_end_record(zip_of(members(5000)), entries=1))) == 5000
    assert "more than 5000 members" in refusal(with_end_record(zip_of(members(5001)), entries=1))


def test_an_end_record_claiming_more_than_5000_members_is_refused_before_reading_the_list():
    small = zip_of(members(2))
    assert "more than 5000 members" in refusal(with_end_record(small, entries=5001))
    assert "more than 5000 members" in refusal(with_end_record(small, entries=0xFFFE))
    assert "zip64" in refusal(with_end_record(small, entries=0xFFFF))


# -- 400 bytes of member list a member -----------------------------------------------------------


def test_a_member_list_of_exactly_2000000_bytes_is_read_and_one_byte_more_is_refused():
    """Each entry of the member list is 46 bytes and the name: 5000 names of 354 characters
    make exactly 5000 × 400 bytes; one name a character longer is one byte too many."""
    at_limit = members(5000, name_length=354)
    data = zip_of(at_limit)
    assert struct.unpack("<I", data[-22 + 12:-22 + 16])[0] == 2_000_000
    assert len(archive.read_pack_files(data)) == 5000
    longer = dict(at_limit)
    longer["images/" + "y" * 344 + ".png"] = longer.pop(next(iter(at_limit)))
    assert "a member list of more than 2000000 bytes" in refusal(zip_of(longer))


def test_a_long_member_list_is_found_behind_an_archive_comment():
    """The end record is looked for as zipfile does: behind a comment of up to 64 KB."""
    data = zip_of(members(5000, name_length=355), comment=b"c" * 0xFFFF)
    assert "a member list of more than 2000000 bytes" in refusal(data)
    assert "zip64" in refusal(with_end_record(zip_of(members(2), comment=b"c" * 100), size=0xFFFFFFFF))
    assert "a member list of more than" in refusal(with_end_record(zip_of(members(2)), size=0xFFFFFFFE))


@pytest.mark.parametrize("tail", [b"PK\x05\x06", b"PK\x05\x06" + b"\0" * 17])
def test_an_end_record_cut_short_is_a_damaged_pack_not_a_crash(tail):
    assert "not a zip file" in refusal(b"junk" * 10 + tail)


# -- 256 MB packed --------------------------------------------------------------------------------


def test_a_pack_of_exactly_256_mb_is_read_and_one_byte_more_is_refused():
    """A zip may follow other bytes (as a self-extracting archive does): 256 MB in all with a
    small module pack at the end is read; a byte more is refused before it is parsed."""
    pack = zip_of({"module.json": b"{}"})
    padded = bytes(256 * MB - len(pack)) + pack
    assert archive.read_pack_files(padded) == {"module.json": b"{}"}
    assert "larger than 268435456 bytes" in refusal(b"\0" + padded)


def test_a_pack_file_over_256_mb_is_refused_unread(tmp_path):
    path = tmp_path / "huge.hwmod"
    with path.open("wb") as out:
        out.truncate(256 * MB + 1)  # sparse: nothing is written
    with pytest.raises(UnsafeArchiveError, match="huge.hwmod: larger than 268435456 bytes") as caught:
        archive.read_pack(path)
    assert str(caught.value).count("huge.hwmod") == 1


# -- expansion: 16 MB, then 100 × the pack -------------------------------------------------------


def test_any_pack_may_unpack_to_16_mb_and_not_a_byte_more():
    """16 MB of zeros deflate to about 16 KB: 1000 to 1, allowed up to the floor."""
    at_floor = zip_of({"images/zeros.png": bytes(16 * MB)}, deflated=("images/zeros.png",))
    assert 100 * len(at_floor) < 16 * MB
    assert len(archive.read_pack_files(at_floor)["images/zeros.png"]) == 16 * MB
    over = zip_of({"images/zeros.png": bytes(16 * MB + 1)}, deflated=("images/zeros.png",))
    assert "unpacks to more than 100 times the pack's size: a compression bomb" in refusal(over)


def test_past_16_mb_a_pack_unpacks_to_100_times_its_size_and_not_a_byte_more():
    """A 200 KB image stored and about 23 MB of zeros deflated, with an archive comment sized
    so the pack is exactly a hundredth of what it unpacks to; one more zero is a byte over.
    Both members count against the one budget."""
    pad = random.Random(23).randbytes(200_000)
    zeros = 23_000_000 - (23_000_000 + len(pad)) % 100
    unpacked = zeros + len(pad)

    def pack(n: int, comment: int) -> bytes:
        return zip_of({"images/pad.png": pad, "images/zeros.png": bytes(n)}, deflated=("images/zeros.png",),
                      comment=b"c" * comment)

    comment = unpacked // 100 - len(pack(zeros, 0))
    at_limit = pack(zeros, comment)
    assert 100 * len(at_limit) == unpacked > 16 * MB
    read = archive.read_pack_files(at_limit)
    assert sum(map(len, read.values())) == unpacked
    over = pack(zeros + 1, comment)
    assert len(over) == len(at_limit)  # one more zero deflates to the same length
    assert "a compression bomb" in refusal(over)
    assert len(pad) < 16 * MB < zeros < 100 * len(over)  # neither member alone is over


def test_the_end_record_is_read_where_zipfile_reads_it_even_if_its_fields_hold_the_signature():
    """A record claiming 19280 members (0x4B50, "PK") over a 1541-byte member list (0x0605):
    its own bytes spell the end signature again, 12 bytes from the end; the check reads the
    record at the last 22 bytes, as zipfile does, and refuses the claim."""
    data = zip_of({"images/" + "a" * 713 + ".png": b"x", "images/" + "b" * 714 + ".png": b"y"})
    assert struct.unpack("<I", data[-22 + 12:-22 + 16])[0] == 1541
    lying = with_end_record(data, entries=0x4B50)
    assert lying[-12:-8] == b"PK\x05\x06"
    assert "more than 5000 members" in refusal(lying)


def claiming(entries: int) -> bytes:
    """A two-member pack whose end record claims ``entries`` members."""
    return with_end_record(zip_of(members(2)), entries=entries)


@pytest.mark.parametrize("tail", [b"PK\x05\x06" + b"\0" * 17,
                                  b"PK\x05\x06" + b"\0" * 6 + b"\xff\xff" + b"\0" * 9,
                                  b"not a zip file at all, " * 10])
def test_bytes_with_no_whole_end_record_are_not_a_zip_whatever_they_hold(tail):
    assert "not a zip file" in refusal(b"junk" * 10 + tail)


def test_the_end_record_is_looked_for_as_far_back_as_zipfile_looks_and_no_further():
    """zipfile looks for the end record in the last 64 KB + 22 bytes (a comment is at most
    64 KB − 1): a record 65536 bytes before the end is read, and checked; one a byte further
    back is not found, by the check or by zipfile."""
    assert "more than 5000 members" in refusal(claiming(6000) + b"c" * 65536)
    assert "not a zip file" in refusal(claiming(6000) + b"c" * 65537)


def test_an_end_record_at_the_very_start_is_checked():
    """An empty zip is its end record alone; junk after it is taken for a comment."""
    empty = with_end_record(zip_of({}), entries=6000)
    assert empty.startswith(b"PK\x05\x06") and len(empty) == 22
    assert "more than 5000 members" in refusal(empty + b"trailing")
    assert archive.read_pack_files(zip_of({}) + b"trailing") == {}


def with_flags(data: bytes, flags: int) -> bytes:
    """``data`` with every member's general purpose flags set to ``flags`` (local and central headers)."""
    raw = bytearray(data)
    for signature, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        k = raw.find(signature)
        while k >= 0:
            struct.pack_into("<H", raw, k + at, flags)
            k = raw.find(signature, k + 4)
    return bytes(raw)


def test_an_encrypted_member_is_refused_as_such_and_other_flags_are_fine():
    data = zip_of({"module.json": b"{}"})
    assert "module.json: encrypted: a module pack is never encrypted" in refusal(with_flags(data, 0x1))
    assert "a module pack is never encrypted" in refusal(with_flags(data, 0x1 | 0x800))
    assert archive.read_pack_files(with_flags(data, 0x2)) == {"module.json": b"{}"}


def test_a_member_compressed_otherwise_than_stored_or_deflated_is_refused_though_zipfile_could_read_it():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(zipfile.ZipInfo("module.json", date_time=DATE), b"{}", compress_type=zipfile.ZIP_BZIP2)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as zf:
        assert zf.read("module.json") == b"{}"
    assert "module.json: compression method 12 (only stored or deflated)" in refusal(buffer.getvalue())


@pytest.mark.parametrize("name", ["images/.", ".", "./module.json", "images//a.png"])
def test_a_name_with_a_dot_or_an_empty_part_is_refused(name):
    assert "not a plain path ('.' or an empty part): two names for one file" in refusal(zip_of({name: b"x"}))


def test_a_name_merely_containing_dots_is_read():
    names = {"images/a.png": b"1", "images/.hidden.png": b"2", "images/a..b.png": b"3"}
    assert archive.read_pack_files(zip_of(names)) == names


def test_a_pack_that_cannot_be_read_is_a_module_error_naming_it_once(tmp_path):
    from hexwright.runtime.storage import ModuleError

    with pytest.raises(ModuleError) as caught:
        archive.read_pack(tmp_path / "missing.hwmod")
    assert "missing.hwmod: cannot be read: No such file or directory" in str(caught.value)
    assert not isinstance(caught.value, UnsafeArchiveError)
    (tmp_path / "folder.hwmod").mkdir()
    with pytest.raises(UnsafeArchiveError) as refused:
        archive.read_pack(tmp_path / "folder.hwmod")
    assert str(refused.value).count("folder.hwmod") == 1 and "not a regular file" in str(refused.value)


def test_an_unpacked_module_folder_is_as_open_as_any_module_folder(tmp_path):
    """The staging folder is private while it is written (mkdtemp); the module folder is not."""
    import stat as stat_module

    from builders import small_module

    from hexwright.runtime.storage import files_from_module, unpack

    (tmp_path / "m.hwmod").write_bytes(archive.pack_files(files_from_module(small_module())))
    unpack(tmp_path / "m.hwmod", tmp_path / "out")
    (tmp_path / "plain").mkdir()  # a folder made the ordinary way: 0777 less the umask
    plain = stat_module.S_IMODE((tmp_path / "plain").stat().st_mode)
    assert stat_module.S_IMODE((tmp_path / "out").stat().st_mode) == plain != 0o700
