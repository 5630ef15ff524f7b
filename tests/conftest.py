"""Test setup shared by every package: Qt runs offscreen, no test touches the user's files."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's data, config and log folders (runtime.storage.user_folders) all go to one
# temporary folder for the whole run: settings, library, autosaves, secrets, logs.
os.environ.setdefault("HEXWRIGHT_HOME", tempfile.mkdtemp(prefix="hexwright-tests-"))


def pytest_collection_modifyitems(config, items):
    """Pure tests run before the Qt ones, so a model bug shows before a widget bug."""
    items.sort(key=lambda item: item.get_closest_marker("gui") is not None)
