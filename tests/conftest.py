"""Test setup shared by every package: Qt runs offscreen, no test touches the user's files."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's data, config and log folders (runtime.storage.user_folders) all go to one
# temporary folder for the whole run: settings, library, autosaves, secrets, logs.
# A parallel run (pytest-xdist, ``packaging/dev.py test``) gives each worker its own, so two
# tests running at once never share a settings file, a library or a recovery slot.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if WORKER:
    os.environ["HEXWRIGHT_HOME"] = tempfile.mkdtemp(prefix=f"hexwright-tests-{WORKER}-")
else:
    os.environ.setdefault("HEXWRIGHT_HOME", tempfile.mkdtemp(prefix="hexwright-tests-"))


MYPY_GATE = "test_quality_gates.py::test_mypy_finds_nothing"
TYPED = ("hexwright.runtime", "hexwright.editor")


def pytest_collection_modifyitems(config, items):
    """Pure tests run before the Qt ones, so a model bug shows before a widget bug. In one
    process the type gate comes last, because its mypy runs in the background from the start
    (below); in a parallel run it comes first, so one worker runs mypy while the other goes on."""
    items.sort(key=lambda item: (item.nodeid.endswith(MYPY_GATE) != bool(WORKER),
                                 item.get_closest_marker("gui") is not None))


def pytest_collection_finish(session):
    """When the type gate is in a one-process run, start its mypy now, beside the other tests
    (in a parallel run both cores are busy with tests already)."""
    if not WORKER and any(item.nodeid.endswith(MYPY_GATE) for item in session.items):
        import typecheck

        typecheck.started[TYPED] = typecheck.Background(Path(tempfile.mkdtemp(prefix="hexwright-mypy-")), *TYPED)


def pytest_sessionfinish(session, exitstatus):
    import sys

    typecheck = sys.modules.get("typecheck")
    for job in getattr(typecheck, "started", {}).values():
        job.stop()
