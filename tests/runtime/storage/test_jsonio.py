"""Atomic writes: a clear error naming the target, and no temporary file left behind."""

import pytest

from hexwright.runtime.storage import atomic_write_bytes


def test_writing_over_a_folder_names_the_folder_and_leaves_no_temporary_file(tmp_path):
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        atomic_write_bytes(tmp_path / "out", b"data")
    assert caught.value.filename == str(tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert list((tmp_path / "out").iterdir()) == []
