"""``benchmarks/mutate.py`` and its mutant generator (docs/testing.md, "Mutation testing")."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"


def load(name: str, monkeypatch):
    """The script ``benchmarks/<name>.py`` as a module (they import each other by file name)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # dataclasses look their module up; gone after the test
    spec.loader.exec_module(module)
    return module


SOURCE = '''"""A module docstring: 1 < 2 is left alone."""
from __future__ import annotations

LIMIT = 10


def clamp(x: int, lo: int = 0) -> int:
    """Clamp × x."""
    assert x is not None
    if x < lo or not x:
        raise ValueError(f"{x} below {lo + 1}")
    label = "×"  # a non-ASCII character before the next mutant
    total = max(x, LIMIT) - 1
    total += lo
    for k in range(3):
        if k == 1:
            continue
    print(label, total)  # pragma: no mutate
    return min(total, 5) if label == "×" else total
'''


@pytest.fixture
def mutants(monkeypatch):
    return load("mutants", monkeypatch)


def keys(found):
    return [m.key for m in found]


def test_each_kind_of_mutant_is_made(mutants):
    found = mutants.find_mutants(SOURCE.encode(), "m.py")
    assert set(keys(found)) == {
        "<module>: 10 -> 11", "<module>: 10 -> 9",
        "clamp: 0 -> 1", "clamp: 0 -> (-1)",
        "clamp: x < lo -> (x <= lo)",
        "clamp: x < lo or not x -> (x < lo and (not x))",
        "clamp: not x -> x",
        'clamp: raise ValueError(f"{x} below {lo + 1}") -> pass',
        "clamp: max -> min",
        "clamp: max(x, LIMIT) - 1 -> (max(x, LIMIT) + 1)",
        "clamp: 1 -> 2", "clamp: 1 -> 0",
        "clamp: total += lo -> total -= lo",
        "clamp: 3 -> 4", "clamp: 3 -> 2",
        "clamp: k == 1 -> (k != 1)", "clamp: 1 -> 2 #2", "clamp: 1 -> 0 #2",
        "clamp: continue -> pass",
        'clamp: return min(total, 5) if label == "×" else total -> pass',
        "clamp: min -> max",
        "clamp: 5 -> 6", "clamp: 5 -> 4",
        """clamp: label == "×" -> (label != '×')""",
        """clamp: "×" -> 'XX×XX'""",
    }


def test_docstrings_annotations_fstrings_asserts_and_marked_lines_are_left_alone(mutants):
    found = mutants.find_mutants(SOURCE.encode(), "m.py")
    lines = SOURCE.splitlines()
    touched = {lines[m.line - 1].strip() for m in found}
    for spared in ('"""A module docstring: 1 < 2 is left alone."""', '"""Clamp × x."""', "assert x is not None",
                   "print(label, total)  # pragma: no mutate", "from __future__ import annotations"):
        assert spared not in touched
    assert [m.old for m in found if m.line == 7] == ["0", "0"]  # the default, not the annotations
    assert not any("lo + 1" in m.old and "raise" not in m.old for m in found)  # inside the f-string


def test_each_mutant_changes_one_spot_and_still_compiles(mutants):
    source = SOURCE.encode()
    found = list(mutants.iter_valid(source, "m.py"))
    assert len(found) == len(mutants.find_mutants(source, "m.py"))
    for m in found:
        changed = m.apply(source)
        assert changed != source
        assert changed[:m.start] == source[:m.start] and changed.endswith(source[m.end:])
        assert source[m.start:m.end].decode() == m.old  # byte offsets, right after a non-ASCII line
        diff = m.diff(source)
        assert diff.count("\n-") >= 1 and diff.count("\n+") >= 1


def test_the_mutants_of_a_file_carry_line_numbers(mutants):
    found = mutants.find_mutants(SOURCE.encode(), "m.py")
    lines = SOURCE.splitlines()
    for m in found:
        assert m.old.splitlines()[0].strip() in lines[m.line - 1]


def test_tests_for_a_mutant_come_from_the_trace(monkeypatch, mutants):
    mutate = load("mutate", monkeypatch)
    m = next(m for m in mutants.find_mutants(SOURCE.encode(), "m.py") if m.key == "clamp: not x -> x")
    seconds = {"t::slow": 2.0, "t::fast": 0.5, "t::other": 0.1}  # in the order the traced run ran them
    coverage = mutate.Coverage(["tests/"], {m.line: ["t::fast", "t::slow"], 99: ["t::other"]}, seconds)
    assert coverage.tests_for(m) == ["t::slow", "t::fast"]
    at_import = next(m for m in mutants.find_mutants(SOURCE.encode(), "m.py") if m.key == "<module>: 10 -> 11")
    assert coverage.tests_for(at_import) == ["tests/"]
    assert mutate.Coverage(["tests/"], {}, {}).tests_for(m) == ["tests/"]


def test_a_mutants_timeout_follows_the_tests_it_runs(monkeypatch, mutants):
    mutate = load("mutate", monkeypatch)
    found = mutants.find_mutants(SOURCE.encode(), "m.py")
    m = next(m for m in found if m.key == "clamp: not x -> x")
    at_import = next(m for m in found if m.key == "<module>: 10 -> 11")
    coverage = mutate.Coverage(["tests/"], {m.line: ["t::slow", "t::fast"]}, {"t::slow": 2.0, "t::fast": 0.5})
    assert coverage.timeout_for(m, whole=100.0, factor=3.0) == 2.5 * 3 + 20
    assert coverage.timeout_for(at_import, whole=100.0, factor=3.0) == 100.0 * 3 + 20
    assert coverage.timeout_for(m, whole=1.0, factor=3.0) == 1.0 * 3 + 20


def test_a_mutated_files_cached_bytecode_is_forgotten(monkeypatch, tmp_path):
    mutate = load("mutate", monkeypatch)
    cache = tmp_path / mutate.PYCACHE / "tmp" / "copy" / ".mutation-import" / "hexwright"
    doomed = cache / "runtime" / "rules" / "combat.cpython-311.pyc"
    kept = [cache / "runtime" / "rules" / "zoc.cpython-311.pyc", cache / "runtime" / "engine" / "combat.cpython-311.pyc",
            cache / "tests" / "runtime" / "rules" / "test_combat.cpython-311-pytest-8.pyc"]
    for pyc in (doomed, *kept):
        pyc.parent.mkdir(parents=True, exist_ok=True)
        pyc.write_bytes(b"")
    mutate.forget_bytecode(tmp_path, "runtime/rules/combat.py")
    assert not doomed.exists() and all(pyc.exists() for pyc in kept)


def test_only_modules_that_cannot_import_the_mutated_file_are_preloaded(monkeypatch):
    mutate = load("mutate", monkeypatch)
    for path, package in (("runtime/rules/zoc.py", "hexwright.runtime.rules"),
                          ("runtime/model/rules.py", "hexwright.runtime.model")):
        preload = mutate.preloadable(path)
        assert mutate.module_name(path) == f"{package}.{Path(path).stem}"
        assert not any(m == package or m.startswith(package + ".") for m in preload), path
        assert not any(m.startswith(("hexwright.runtime.ui", "hexwright.runtime.cli")) for m in preload)
    assert "hexwright.runtime.model.module" in mutate.preloadable("runtime/state/dice.py")
    assert "hexwright.runtime.state" not in mutate.preloadable("runtime/state/dice.py")
    assert "hexwright.runtime.rules.zoc" not in mutate.preloadable("runtime/rules/movement_search.py")


def test_a_file_gets_its_own_tests_else_its_folders_else_the_mirroring_test_folder(monkeypatch):
    mutate = load("mutate", monkeypatch)
    config = mutate.Config({"runtime/engine/": ["engine"], "runtime/engine/sub/": ["sub"],
                            "runtime/engine/runner.py": ["runner"]}, {})
    assert config.tests_for("runtime/engine/runner.py") == ["runner"]
    assert config.tests_for("runtime/engine/steps.py") == ["engine"]
    assert config.tests_for("runtime/engine/sub/x.py") == ["sub"]
    assert config.tests_for("runtime/rules/zoc.py") == ["tests/runtime/rules"]
    assert config.tests_for("runtime/enginex.py") == ["tests/runtime"]


def test_the_shipped_configuration_reads_and_names_files_and_tests_that_exist(monkeypatch):
    """``mutation.toml`` is edited by hand and merged often: it parses, every equivalent entry
    names an existing file with a key and a reason, and every test subset names tests that exist
    (a merge that dropped an ``[[equivalent]]`` header once made it unreadable)."""
    mutate = load("mutate", monkeypatch)
    config = mutate.Config.load()
    assert config.equivalent and config.tests
    for path, known in config.equivalent.items():
        assert (ROOT / path).is_file(), path
        assert all(key.strip() and reason.strip() for key, reason in known.items()), path
    for subset in config.tests.values():
        for item in subset:
            if not item.startswith("-"):
                assert (ROOT / item.split("::")[0]).exists(), item


@pytest.mark.slow
def test_the_configured_equivalents_match_mutants_of_the_files(monkeypatch):
    """An equivalent entry that matches nothing any more is stale: fix or drop it. Slow: it
    makes every mutant of every listed file (20-30 s, the default run's longest test)."""
    mutate = load("mutate", monkeypatch)
    config = mutate.Config.load()
    for path, known in config.equivalent.items():
        keys_now = {m.key for m in load("mutants", monkeypatch).iter_valid((ROOT / path).read_bytes(), path)}
        assert set(known) <= keys_now, path
        assert all(reason.strip() for reason in known.values())


@pytest.mark.slow
def test_a_run_kills_what_the_tests_pin_and_reports_what_they_miss(tmp_path):
    """End to end on runtime/rules/zoc.py's ZOC predicate: the St-Lô 4.0 tests kill every
    mutant of it; a test that only looks at infantry lets the unit-type mutants live."""
    script = [sys.executable, str(BENCHMARKS / "mutate.py"), "--files", "runtime/rules/zoc.py", "--only", "exerts_zoc:"]
    pinned = subprocess.run([*script, "--tests", "tests/runtime/rules/test_zoc_rules.py"], cwd=ROOT,
                            capture_output=True, text=True, timeout=1200)
    assert pinned.returncode == 0, pinned.stdout + pinned.stderr
    assert "SURVIVED" not in pinned.stdout and "| 100.0% |" in pinned.stdout
    loose = subprocess.run([*script, "--fail-under", "90", "--tests",
                            "tests/runtime/rules/test_zoc_rules.py::test_every_unit_exerts_a_zoc_by_default_dom_5"],
                           cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert loose.returncode == 1, loose.stdout + loose.stderr
    assert "[remove return] type_exerts_zoc: return False -> pass" in loose.stdout
    assert "-        return False\n+        pass" in loose.stdout


def test_only_picks_the_mutants_whose_key_holds_any_text_given(monkeypatch, tmp_path):
    mutate = load("mutate", monkeypatch)
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    (tmp_path / "m.py").write_text(SOURCE, "utf-8")
    config = mutate.Config({}, {"m.py": {"clamp: continue -> pass": "a test entry"}})
    chosen, equivalent, stale = mutate.select("m.py", config, None, ["clamp: max -> min", "clamp: k == 1"])
    assert keys(chosen) == ["clamp: max -> min", "clamp: k == 1 -> (k != 1)"] and equivalent == 1 and stale == []
    everything, _, _ = mutate.select("m.py", config, None, None)
    assert len(everything) == 24 and "clamp: continue -> pass" not in keys(everything)



def test_one_traced_run_notes_the_lines_of_several_files_test_by_test(monkeypatch, tmp_path):
    """``mutation_trace.py`` watching two files: each gets its own lines per test, and a file no
    test runs gets empty ones (its mutants then take the whole subset)."""
    mutate = load("mutate", monkeypatch)
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "mutation_trace.py").write_bytes((BENCHMARKS / "mutation_trace.py").read_bytes())
    (tmp_path / "first.py").write_text("def double(x):\n    y = x * 2\n    return y\n")
    (tmp_path / "second.py").write_text("def negate(x):\n    return -x\n")
    (tmp_path / "unused.py").write_text("def never():\n    return 0\n")
    (tmp_path / "test_both.py").write_text(
        "import first, second, unused\n\n"
        "def test_double():\n    assert first.double(2) == 4\n\n"
        "def test_negate():\n    assert second.negate(2) == -2\n\n"
        "def test_both():\n    assert second.negate(first.double(1)) == -2\n")
    code, output, files = mutate.traced_run(tmp_path, ["test_both.py"], ["first.py", "second.py", "unused.py"],
                                            PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")  # a second, not pytest-qt's three
    assert code == 0, output
    assert set(files) == {"first.py", "second.py", "unused.py"}
    first = {test.split("::")[1]: seen["lines"] for test, seen in files["first.py"]["tests"].items()}
    second = {test.split("::")[1]: seen["lines"] for test, seen in files["second.py"]["tests"].items()}
    assert first == {"test_double": [1, 2, 3], "test_negate": [], "test_both": [1, 2, 3]}
    assert second == {"test_double": [], "test_negate": [1, 2], "test_both": [1, 2]}
    assert 1 in files["first.py"]["import"]  # the def line, run at import
    assert all(not seen["lines"] for seen in files["unused.py"]["tests"].values())
    coverage = mutate.Coverage.of(files["second.py"], ["test_both.py"])
    assert set(coverage.by_line[2]) == {"test_both.py::test_negate", "test_both.py::test_both"}


def test_a_trace_is_cached_by_test_subset_and_checkout_and_serves_any_file_it_holds(monkeypatch, tmp_path):
    mutate = load("mutate", monkeypatch)
    runs: list[tuple[list[str], list[str]]] = []

    def fake_traced_run(copy, tests, paths):
        runs.append((tests, paths))
        return 0, "", {p: {"import": [], "tests": {"t::a": {"lines": [1], "seconds": 0.1}}} for p in paths}

    monkeypatch.setattr(mutate, "traced_run", fake_traced_run)
    cache = mutate.TraceCache(tmp_path / "cache", "digest-1")
    first = mutate.trace_for(tmp_path, ["tests/a"], ["x.py", "y.py"], cache)
    assert runs == [(["tests/a"], ["x.py", "y.py"])] and not first.cached
    again = mutate.trace_for(tmp_path, ["tests/a"], ["y.py"], cache)  # a later run, or --reuse: no run
    assert len(runs) == 1 and again.cached and again.files["y.py"] == first.files["y.py"]
    mutate.trace_for(tmp_path, ["tests/a"], ["z.py"], cache)  # a file it lacks: traced with the others
    assert runs[-1] == (["tests/a"], ["x.py", "y.py", "z.py"])
    assert mutate.trace_for(tmp_path, ["tests/a"], ["x.py"], cache).cached
    mutate.trace_for(tmp_path, ["tests/b"], ["x.py"], cache)  # another subset
    mutate.trace_for(tmp_path, ["tests/a"], ["x.py"], mutate.TraceCache(tmp_path / "cache", "digest-2"))  # changed
    mutate.trace_for(tmp_path, ["tests/a"], ["x.py"], mutate.TraceCache(None, "digest-1"))  # --no-trace-cache
    assert len(runs) == 5


def test_a_failing_unmutated_run_is_refused_and_not_cached(monkeypatch, tmp_path):
    mutate = load("mutate", monkeypatch)
    monkeypatch.setattr(mutate, "traced_run", lambda copy, tests, paths: (1, "1 failed", {}))
    cache = mutate.TraceCache(tmp_path / "cache", "digest")
    with pytest.raises(SystemExit, match="fail before any mutation"):
        mutate.trace_for(tmp_path, ["tests/a"], ["x.py"], cache)
    assert cache.load(["tests/a"]) is None


def test_the_checkout_digest_changes_with_any_file_of_the_copy(monkeypatch, tmp_path):
    mutate = load("mutate", monkeypatch)
    (tmp_path / "a.py").write_text("A = 1\n")
    (tmp_path / "t.py").write_text("def test(): pass\n")
    before = mutate.checkout_digest(tmp_path, ["a.py", "t.py"])
    (tmp_path / "t.py").write_text("def test(): assert True\n")
    assert mutate.checkout_digest(tmp_path, ["a.py", "t.py"]) != before
    assert mutate.checkout_digest(tmp_path, ["a.py"]) != mutate.checkout_digest(tmp_path, ["a.py", "t.py"])


def test_files_with_the_same_tests_share_one_group_in_the_order_named(monkeypatch):
    mutate = load("mutate", monkeypatch)
    plans = [mutate.Plan(mutate.FileReport(path), b"", [], tests) for path, tests in
             (("e1.py", ["engine"]), ("z.py", ["rules"]), ("e2.py", ["engine"]), ("e3.py", ["engine", "more"]))]
    groups = mutate.by_subset(plans)
    assert [[p.report.path for p in group] for group in groups.values()] == [["e1.py", "e2.py"], ["z.py"], ["e3.py"]]
