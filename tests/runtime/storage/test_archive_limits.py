"""A .hwmod pack, exactly: the bytes written, the limits at their boundaries, and the guards
a stranger's pack meets (absolute paths in every spelling, lying headers, folders)."""

from __future__ import annotations

import io
import stat
import struct
import zipfile

import pytest
from builders import small_module

from hexwright.runtime.storage import (
    ModuleError,
    UnsafeArchiveError,
    archive,
    files_from_module,
    load_module,
    pack_folder,
    save_folder,
    save_pack,
    unpack,
)

MODULE_FILES = files_from_module(small_module())


def zip_of(members: dict[str, bytes], directories: tuple[str, ...] = ()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as zf:
        for name in directories:
            zf.writestr(zipfile.ZipInfo(name), b"")
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def claim_size(data: bytes, name: str, size: int) -> bytes:
    """``data`` with the central directory saying member ``name`` unpacks to ``size`` bytes."""
    raw = bytearray(data)
    at = raw.find(b"PK\x01\x02")
    while at >= 0:
        name_len = struct.unpack_from("<H", raw, at + 28)[0]
        if raw[at + 46:at + 46 + name_len].decode() == name:
            struct.pack_into("<I", raw, at + 24, size)
            return bytes(raw)
        at = raw.find(b"PK\x01\x02", at + 46)
    raise AssertionError(f"no member {name}")


def refusal(data: bytes) -> str:
    with pytest.raises(UnsafeArchiveError) as caught:
        archive.read_pack_files(data, "x.hwmod")
    return str(caught.value)


@pytest.mark.parametrize("name", ["C:/windows/x.png", "c:evil.json", "C:\\evil.json", "C:", "\\evil.json",
                                  "/abs.json", "images\\..\\..\\x.png"])
def test_absolute_paths_in_every_spelling_are_refused(name):
    assert "absolute path" in refusal(zip_of({name: b"x"}))


def test_short_and_plain_names_are_read():
    """Only a pack's members are checked here; whether they are module files is unpack's call."""
    assert archive.read_pack_files(zip_of({"x": b"1", "images/a:b.png": b"2"})) == {"x": b"1", "images/a:b.png": b"2"}


def test_the_member_count_limit_is_exact(monkeypatch):
    monkeypatch.setattr(archive, "MAX_MEMBERS", 3)
    three = {f"images/{k}.png": b"x" for k in range(3)}
    assert sorted(archive.read_pack_files(zip_of(three))) == ["images/0.png", "images/1.png", "images/2.png"]
    four = {**three, "images/3.png": b"x"}
    assert "more than 3 members" in refusal(zip_of(four))


def test_the_default_limits_hold_at_their_boundaries():
    """Headers alone claim the sizes, so no test allocates 64 MB: a member claiming exactly
    the limit passes the header check (and is then caught lying); one byte more is refused."""
    one = zip_of({"images/a.png": b"x"})
    at_limit = refusal(claim_size(one, "images/a.png", 64 * 1024 * 1024))
    assert "member size does not match its header" in at_limit
    assert "member larger than 67108864 bytes" in refusal(claim_size(one, "images/a.png", 64 * 1024 * 1024 + 1))
    five = zip_of({f"images/{k}.png": b"x" for k in range(5)})
    for k in range(4):
        five = claim_size(five, f"images/{k}.png", 64 * 1024 * 1024 - (k == 3))
    assert "member size does not match its header" in refusal(five)  # 256 MB declared in all: still allowed
    assert "pack larger than 268435456 bytes unpacked" in refusal(claim_size(five, "images/4.png", 2))


def test_member_and_total_limits_are_exact(monkeypatch):
    monkeypatch.setattr(archive, "MAX_MEMBER_BYTES", 1000)
    monkeypatch.setattr(archive, "MAX_TOTAL_BYTES", 2500)
    assert archive.read_pack_files(zip_of({"images/a.png": b"0" * 1000}))["images/a.png"] == b"0" * 1000
    assert "member larger than 1000 bytes" in refusal(zip_of({"images/a.png": b"0" * 1001}))
    fits = {"images/a.png": b"0" * 1000, "images/b.png": b"0" * 1000, "images/c.png": b"0" * 500}
    assert len(archive.read_pack_files(zip_of(fits))) == 3
    assert "pack larger than 2500 bytes unpacked" in refusal(zip_of({**fits, "images/d.png": b"0"}))


def test_a_member_shorter_than_its_header_is_refused():
    data = claim_size(zip_of({**MODULE_FILES, "images/a.png": b"0123456789"}), "images/a.png", 12)
    with pytest.raises(UnsafeArchiveError, match="images/a.png: member size does not match its header"):
        archive.read_pack_files(data, "x.hwmod")


def test_directory_entries_are_skipped(tmp_path):
    data = zip_of(MODULE_FILES, directories=("images/", "scenarios/"))
    files = archive.read_pack_files(data)
    assert sorted(files) == sorted(MODULE_FILES)
    (tmp_path / "m.hwmod").write_bytes(data)
    assert load_module(tmp_path / "m.hwmod").module.meta.id == "small"


def test_the_written_pack_is_deterministic_deflated_and_plain(tmp_path):
    files = {"module.json": b"{}" * 500, "images/b.png": b"\x89PNG" + b"\0" * 100, "images/a.png": b"a"}
    data = archive.pack_files(files)
    assert archive.pack_files(dict(reversed(list(files.items())))) == data
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        infos = zf.infolist()
        assert [i.filename for i in infos] == ["images/a.png", "images/b.png", "module.json"]
        for info in infos:
            assert info.date_time == (2000, 1, 1, 0, 0, 0)
            assert info.compress_type == zipfile.ZIP_DEFLATED
            assert info.external_attr >> 16 == stat.S_IFREG | 0o644
            assert zf.read(info) == files[info.filename]
        assert zf.getinfo("module.json").compress_size < 100  # deflated, not stored
    save_pack(small_module(), tmp_path / "s.hwmod")
    assert (tmp_path / "s.hwmod").read_bytes() == archive.pack_files(MODULE_FILES)


def test_a_folder_must_load_before_it_is_packed(tmp_path):
    save_folder(small_module(), tmp_path / "m")
    pack_folder(tmp_path / "m", tmp_path / "m.hwmod")
    assert archive.read_pack_files((tmp_path / "m.hwmod").read_bytes()) == MODULE_FILES
    (tmp_path / "m" / "map.json").write_text('{"broken": true}')
    with pytest.raises(ModuleError, match="map.json"):
        pack_folder(tmp_path / "m", tmp_path / "broken.hwmod")
    assert not (tmp_path / "broken.hwmod").exists()


def test_unpack_makes_missing_parent_folders(tmp_path):
    (tmp_path / "m.hwmod").write_bytes(archive.pack_files(MODULE_FILES))
    target = tmp_path / "a" / "b" / "module"
    assert unpack(tmp_path / "m.hwmod", target) == sorted(MODULE_FILES)
    assert {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()} == set(MODULE_FILES)
    assert sorted(p.name for p in (tmp_path / "a" / "b").iterdir()) == ["module"]  # no staging folder left


def test_unpack_writes_nothing_outside_the_folder_even_if_a_name_got_past_the_checks(tmp_path, monkeypatch):
    """The last guard of unpack: each target is resolved and must lie in the folder."""
    sneaky = {**MODULE_FILES, "images/../../escaped.png": b"x"}
    monkeypatch.setattr(archive, "read_pack_files", lambda data, name="": dict(sneaky))
    (tmp_path / "m.hwmod").write_bytes(b"checked by the stand-in above")
    with pytest.raises(UnsafeArchiveError, match="path leaves the target folder"):
        unpack(tmp_path / "m.hwmod", tmp_path / "out" / "module")
    assert not (tmp_path / "escaped.png").exists() and not (tmp_path / "out" / "escaped.png").exists()
    assert not (tmp_path / "out").exists()
