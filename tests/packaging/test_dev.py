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
    assert argv[1:] == ["-m", "pytest", "-n", "auto", "-q"] and options["cwd"] == dev.ROOT


def test_test_runs_one_process_per_core_unless_told_otherwise(monkeypatch):
    dev = load_dev()
    calls = []
    monkeypatch.setattr(dev, "ensure_env", lambda: None)
    monkeypatch.setattr(dev.subprocess, "call", lambda argv, **kw: calls.append(argv) or 0)
    for told in (["-n", "0"], ["-n0"], ["--numprocesses=3"], ["-p", "no:xdist"]):
        assert dev.main(["test", *told, "-x"]) == 0
        assert calls.pop()[3:] == [*told, "-x"]  # no -n auto of its own
    assert dev.main(["test", "-m", "slow"]) == 0
    assert calls.pop()[3:] == ["-n", "auto", "-m", "slow"]
