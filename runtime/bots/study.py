"""Balance studies: many bot games of one scenario, on a local process pool or on Ray.

Game ``i`` of a study with seed ``s`` is played with the game seed
``derive(s, i)``; bots draw from generators seeded from that, so the study's result is
the same whatever the backend, the number of workers and the order games finish in
(records are sorted by game index before anything is counted).
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from hexwright.runtime.model import Module
from hexwright.runtime.state import save_bytes
from hexwright.runtime.storage import atomic_write_bytes, files_from_module, module_from_files

from .playout import MAX_ACTIONS, GameRecord, play_game
from .stats import mean_difference, quantiles, two_proportions, wilson

Progress = Callable[[int, int], None]
Result = tuple[int, GameRecord, "bytes | None"]


def derive_seed(study_seed: int, index: int) -> int:
    digest = hashlib.sha256(f"hexwright-study:{study_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


@dataclass(frozen=True)
class Job:
    index: int
    scenario: str
    seed: int
    policies: dict[str, str]
    optional_rules: dict[str, bool] | None
    max_actions: int
    keep: bool


# -- workers ------------------------------------------------------------------------------

_WORKER_MODULE: dict[str, Module] = {}


def _module_of(files: dict[str, bytes]) -> Module:
    key = hashlib.sha256(b"".join(k.encode() + b"\0" + v for k, v in sorted(files.items()))).hexdigest()
    if key not in _WORKER_MODULE:
        _WORKER_MODULE.clear()
        _WORKER_MODULE[key] = module_from_files(files).module
    return _WORKER_MODULE[key]


def _init_worker(files: dict[str, bytes]) -> None:
    _module_of(files)


def _play_job(job: Job, files: dict[str, bytes] | None = None) -> Result:
    module = _module_of(files) if files is not None else next(iter(_WORKER_MODULE.values()))
    record, game = play_game(module, job.scenario, job.seed, job.policies, optional_rules=job.optional_rules,
                             max_actions=job.max_actions)
    kept = save_bytes(game) if job.keep or record.violation else None
    return job.index, record, kept


def _run_local(jobs: list[Job], files: dict[str, bytes], workers: int, progress: Progress | None) -> list[Result]:
    out: list[Result] = []
    if workers <= 1:
        for job in jobs:
            out.append(_play_job(job, files))
            if progress:
                progress(len(out), len(jobs))
        return out
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(files,)) as pool:
        for result in pool.map(_play_job, jobs, chunksize=1):
            out.append(result)
            if progress:
                progress(len(out), len(jobs))
    return out


def _run_ray(jobs: list[Job], files: dict[str, bytes], address: str, progress: Progress | None) -> list[Result]:
    try:
        import ray  # the `cluster` extra
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'hexwright[cluster]'") from None
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    shared = ray.put(files)
    remote: Any = ray.remote(_play_job)
    pending = [remote.remote(job, shared) for job in jobs]
    out: list[Result] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        out.extend(ray.get(done))
        if progress:
            progress(len(out), len(jobs))
    return out


# -- the report -----------------------------------------------------------------------------


class SideSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: str
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    vp_quartiles: tuple[float, float, float]


class Comparison(BaseModel):
    """A "what if" study against a second module: differences and their significance."""

    model_config = ConfigDict(extra="forbid")
    label: str
    win_rate_difference: dict[str, float]
    win_rate_p_value: dict[str, float]
    margin_difference: float
    margin_p_value: float


class StudyReport(BaseModel):
    model_config = ConfigDict(extra="forbid")
    module: str
    scenario: str
    seed: int
    policies: dict[str, str]
    games: int
    finished: int
    draws: int
    sides: list[SideSummary]
    levels: dict[str, int]
    margin_quartiles: tuple[float, float, float]
    vp_by_turn: dict[str, list[tuple[float, float, float]]]
    length_actions: tuple[float, float, float]
    length_turns: tuple[float, float, float]
    most_eliminated: list[tuple[str, int]]
    objectives_changed: dict[str, int]
    violations: list[dict[str, object]]
    records: list[GameRecord]
    comparison: Comparison | None = None

    def signed_margins(self, side: str) -> list[float]:
        return [float(r.margin if r.winner == side else -r.margin if r.winner else 0) for r in self.records]


def summarize(module_id: str, scenario: str, seed: int, policies: dict[str, str], sides: list[str],
              records: list[GameRecord], violations: list[dict[str, object]]) -> StudyReport:
    n = len(records)
    wins = Counter(r.winner for r in records if r.winner)
    summaries = []
    for side in sides:
        k = wins.get(side, 0)
        vps = [float(r.totals.get(side, 0)) for r in records]
        summaries.append(SideSummary(side=side, wins=k, win_rate=k / n if n else 0.0, win_rate_ci95=wilson(k, n),
                                     vp_quartiles=quantiles(vps)))
    levels = Counter(f"{r.winner}: {r.level or 'no level'}" if r.winner else "draw" for r in records)
    turns = max((len(r.vp_by_turn) for r in records), default=0)
    by_turn = {side: [quantiles([float(r.vp_by_turn[t].get(side, 0)) for r in records if len(r.vp_by_turn) > t])
                      for t in range(turns)] for side in sides}
    deaths = Counter(pid for r in records for pid in r.eliminated)
    changed = Counter(h for r in records for h in r.objectives_changed)
    return StudyReport(
        module=module_id, scenario=scenario, seed=seed, policies=policies, games=n,
        finished=sum(1 for r in records if r.finished), draws=sum(1 for r in records if not r.winner),
        sides=summaries, levels=dict(sorted(levels.items())),
        margin_quartiles=quantiles([float(r.margin) for r in records]), vp_by_turn=by_turn,
        length_actions=quantiles([float(r.actions) for r in records]),
        length_turns=quantiles([float(r.turns) for r in records]),
        most_eliminated=sorted(deaths.items(), key=lambda kv: (-kv[1], kv[0]))[:15],
        objectives_changed=dict(sorted(changed.items())), violations=violations, records=records,
    )


def compare(base: StudyReport, other: StudyReport, label: str) -> Comparison:
    """How ``other`` (the what-if) differs from ``base``: per side win rate, and the margin of the first side."""
    diff, pval = {}, {}
    for a, b in zip(other.sides, base.sides, strict=True):
        d, p = two_proportions(a.wins, other.games, b.wins, base.games)
        diff[a.side], pval[a.side] = d, p
    first = base.sides[0].side if base.sides else ""
    md, mp = mean_difference(other.signed_margins(first), base.signed_margins(first))
    return Comparison(label=label, win_rate_difference=diff, win_rate_p_value=pval, margin_difference=md,
                      margin_p_value=mp)


def run_study(module: Module, scenario: str, games: int, policies: dict[str, str], *, seed: int = 0,
              workers: int | None = None, ray_address: str | None = None, keep_dir: Path | None = None,
              optional_rules: dict[str, bool] | None = None, max_actions: int = MAX_ACTIONS,
              progress: Progress | None = None, reproducer_dir: Path | None = None) -> StudyReport:
    """Play ``games`` games and summarize them. Kept games are written to ``keep_dir`` as
    ``.hwsav`` files; a game that broke an invariant is written to ``reproducer_dir`` (its
    seed and the policies alone replay it too: games are deterministic)."""
    reproducer_dir = reproducer_dir or keep_dir
    if scenario not in module.scenarios:
        raise ValueError(f"no scenario {scenario!r} (scenarios: {', '.join(sorted(module.scenarios))})")
    files = files_from_module(module)
    jobs = [Job(i, scenario, derive_seed(seed, i), policies, optional_rules, max_actions, keep_dir is not None)
            for i in range(games)]
    if ray_address:
        results = _run_ray(jobs, files, ray_address, progress)
    else:
        results = _run_local(jobs, files, workers or os.cpu_count() or 1, progress)
    results.sort(key=lambda t: t[0])
    violations: list[dict[str, object]] = []
    for index, record, kept in results:
        name = f"game-{index + 1:05d}.hwsav"
        if kept is not None and keep_dir is not None:
            atomic_write_bytes(keep_dir / name, kept)
        if record.violation:
            violations.append({"game": index + 1, "seed": record.seed, "action": record.violation_index,
                               "message": record.violation, "save": name if keep_dir is not None else ""})
            if reproducer_dir is not None and kept is not None:
                atomic_write_bytes(reproducer_dir / name, kept)
                violations[-1]["save"] = str(reproducer_dir / name)
    return summarize(module.meta.id, scenario, seed, policies, sorted(module.pieces.sides),
                     [r for _, r, _ in results], violations)


__all__ = ["Comparison", "Job", "StudyReport", "compare", "derive_seed", "run_study", "summarize"]
