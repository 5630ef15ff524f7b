"""Kill a process while it saves a module, then check the folder: all old or all new (issue 20).

Two versions of one module differ in nearly every file: pieces renamed (so an old scenario
beside new pieces no longer loads), scenarios added and removed, ``rules.json`` present in
one only, the map repainted, an image replaced. A child process saves them alternately
into one folder, as fast as it can; the parent kills it with SIGKILL after a random delay,
opens the folder (which finishes or rolls back the interrupted save) and compares every
module file with the two versions. Used by the slow test and by ``tests/fuzz/fuzz.py``.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from hexwright.runtime.model import Module
from hexwright.runtime.model.map import HexData
from hexwright.runtime.model.rules_config import RulesConfig, StackingRules
from hexwright.runtime.storage import ModuleError, files_from_module, load_module, save_module

HERE = Path(__file__).resolve().parent


def two_versions(size: int = 30) -> tuple[Module, Module]:
    """The module before and after an edit that touches every file (a ``size``×``size`` map)."""
    from builders import play_module

    old = play_module(size, size)
    old.scenarios["second"] = old.scenarios["basic"].model_copy(deep=True)
    new = play_module(size, size)
    renamed = {pid: f"{pid}-v2" for pid in new.pieces.pieces}
    new.pieces.pieces = {renamed[pid]: piece for pid, piece in new.pieces.pieces.items()}
    for scenario in new.scenarios.values():
        for placement in scenario.setup:
            placement.piece = renamed[placement.piece]
        for reinforcement in scenario.reinforcements:
            reinforcement.piece = renamed[reinforcement.piece]
    new.scenarios["third"] = new.scenarios["basic"].model_copy(deep=True)
    new.meta.title = "Play test, second edition"
    new.rules = RulesConfig(stacking=StackingRules(check_at="end_of_move", section="§6"))
    terrain = sorted(new.map.terrain_types)
    for col in range(1, size + 1):
        for row in range(1, size + 1):
            label = f"{col:02d}{row:02d}"
            if (col * row) % 3 == 0:
                new.map.hexes[label] = HexData(terrain=terrain[(col + row) % len(terrain)], level=0)
    return old, new


def folder_state(module: Module) -> dict[str, bytes]:
    """The JSON files a module is saved as (what a folder holding it must hold exactly)."""
    return {name: data for name, data in files_from_module(module).items() if name.endswith(".json")}


@dataclass
class KillReport:
    kills: int = 0
    old: int = 0
    new: int = 0
    mixed: int = 0
    unloadable: int = 0
    stray: int = 0
    problems: list[str] = field(default_factory=list)


def _saver(folder: Path) -> subprocess.Popen:
    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); from kill_save import save_forever; "
            f"save_forever({str(folder)!r})")
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def save_forever(folder: str) -> None:
    """The child: announce readiness, then save the two versions alternately until killed."""
    old, new = two_versions()
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        save_module(new, Path(folder))
        save_module(old, Path(folder))


def run_kills(work: Path, kills: int, seed: int = 20, max_delay: float = 0.4) -> KillReport:
    """Kill a saving child ``kills`` times at random instants; check the folder after each."""
    rng = random.Random(seed)
    old, new = two_versions()
    expected = {"old": folder_state(old), "new": folder_state(new)}
    report = KillReport()
    folder = work / "module"
    save_module(old, folder)
    for number in range(kills):
        child = _saver(folder)
        assert child.stdout is not None
        child.stdout.readline()  # imports done: the saves start now
        time.sleep(rng.uniform(0.0, max_delay))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        report.kills += 1
        try:
            found = folder_state(load_module(folder).module)
        except ModuleError as exc:
            report.unloadable += 1
            report.problems.append(f"kill {number}: does not load: {exc}")
            save_module(old, folder)
            continue
        on_disk = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.json")}
        leftovers = [p.name for p in folder.rglob("*") if p.name.endswith((".hwnew", ".hwtmp", ".tmp"))
                     or p.name == ".hexwright-save.json"]
        if leftovers:
            report.stray += 1
            report.problems.append(f"kill {number}: left {leftovers}")
        if on_disk == expected["old"]:
            report.old += 1
        elif on_disk == expected["new"]:
            report.new += 1
        else:
            report.mixed += 1
            report.problems.append(f"kill {number}: mixed folder ({sorted(on_disk)})")
            save_module(old, folder)
        del found
    return report
