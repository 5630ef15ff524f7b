"""Older format versions are upgraded step by step; newer ones are refused."""

import pytest

from hexwright.runtime.storage import ModuleError
from hexwright.runtime.storage.migrate import migrate


def rename_title(raw):
    raw["module.json"]["title"] = raw["module.json"].pop("name")
    return raw


def test_steps_run_in_order_and_stamp_the_version():
    raw = {"module.json": {"format_version": 1, "id": "m", "name": "Old"}}
    out = migrate(raw, steps={1: rename_title}, current=2)
    assert out["module.json"] == {"format_version": 2, "id": "m", "title": "Old"}


def test_missing_step_is_an_error():
    with pytest.raises(ModuleError, match="no upgrade from format 1"):
        migrate({"module.json": {"format_version": 1}}, steps={}, current=2)


def test_current_version_passes_unchanged():
    raw = {"module.json": {"format_version": 1, "id": "m"}}
    assert migrate(raw) == raw


@pytest.mark.parametrize("bad", [0, "1", True, -3])
def test_nonsense_versions_are_refused(bad):
    with pytest.raises(ModuleError, match="format_version"):
        migrate({"module.json": {"format_version": bad}})
