"""Test setup shared by every package: Qt runs offscreen, no test touches the user's files."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_collection_modifyitems(config, items):
    """Pure tests run before the Qt ones, so a model bug shows before a widget bug."""
    items.sort(key=lambda item: item.get_closest_marker("gui") is not None)
