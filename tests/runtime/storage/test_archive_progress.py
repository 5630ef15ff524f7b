"""What packing and unpacking report as they go (the progress bars of ``hexwright pack``,
``unpack`` and File ▸ Save as pack), and that a report which stops the work before the
writing leaves the old file as it was."""

from __future__ import annotations

import pytest
from builders import small_module

from hexwright.runtime.storage import files_from_module, load_pack, pack_folder, save_folder, save_pack, unpack


class Stop(Exception):
    pass


def test_saving_a_pack_reports_packing_then_writing(tmp_path):
    seen: list[tuple[int, int]] = []
    save_pack(small_module(), tmp_path / "m.hwmod", progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 2), (1, 2)]
    assert load_pack(tmp_path / "m.hwmod").module.meta.title == small_module().meta.title


def test_a_report_that_stops_the_save_before_the_writing_leaves_the_old_pack(tmp_path):
    out = tmp_path / "m.hwmod"
    save_pack(small_module(), out)
    before = out.read_bytes()
    changed = small_module()
    changed.meta.title = "Changed"

    def stop_when_packed(done, total):
        if done == 1:
            raise Stop

    with pytest.raises(Stop):
        save_pack(changed, out, progress=stop_when_packed)
    assert out.read_bytes() == before


def test_packing_a_folder_reports_reading_checking_packing_writing_and_done(tmp_path):
    save_folder(small_module(), tmp_path / "src")
    seen: list[tuple[int, int]] = []
    pack_folder(tmp_path / "src", tmp_path / "m.hwmod", progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert (tmp_path / "m.hwmod").is_file()


def test_unpacking_reports_reading_checking_then_each_file_written(tmp_path):
    m = small_module()
    save_pack(m, tmp_path / "m.hwmod")
    count = len(files_from_module(m, {}))
    seen: list[tuple[int, int]] = []
    names = unpack(tmp_path / "m.hwmod", tmp_path / "out", progress=lambda done, total: seen.append((done, total)))
    assert len(names) == count
    assert seen == [(k, count + 2) for k in range(1, count + 3)]
