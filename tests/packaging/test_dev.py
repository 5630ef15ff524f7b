"""``packaging/dev.py``: ``run`` passes paths as the user typed them, relative to where they are."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_dev():
    spec = importlib.util.spec_from_file_location("hexwright_dev", ROOT / "packaging" / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_run_keeps_the_callers_working_folder(monkeypatch):
    dev = load_dev()
    calls = []
    monkeypatch.setattr(dev, "ensure_env", lambda: None)
    monkeypatch.setattr(dev.subprocess, "call", lambda argv, **kw: calls.append((argv, kw)) or 0)
    assert dev.main(["run", "validate", "my_module"]) == 0
    [(argv, options)] = calls
    assert argv[1:] == ["validate", "my_module"]
    assert options.get("cwd") is None  # 'my_module' is next to the user, not in the checkout


def test_test_runs_pytest_in_the_checkout(monkeypatch):
    dev = load_dev()
    calls = []
    monkeypatch.setattr(dev, "ensure_env", lambda: None)
    monkeypatch.setattr(dev.subprocess, "call", lambda argv, **kw: calls.append((argv, kw)) or 0)
    assert dev.main(["test", "-q"]) == 0
    [(argv, options)] = calls
    assert argv[1:] == ["-m", "pytest", "-q"] and options["cwd"] == dev.ROOT
