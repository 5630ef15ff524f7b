"""A balance study as pictures and a page: PNG plots (matplotlib) and an HTML report.

matplotlib is in the ``report`` extra (``pip install 'hexwright[report]'``); without it the
JSON report is still written and :func:`write_plots` says what to install.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from hexwright.runtime.storage import atomic_write_bytes, atomic_write_text

from .study import StudyReport


def write_plots(report: StudyReport, out: Path) -> None:
    """Four panels: win rates with 95% intervals, VP per turn (median and quartiles), the
    margin's distribution, game length."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("plots need matplotlib: pip install 'hexwright[report]'") from None
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5), dpi=100)
    title = f"{report.module} · {report.scenario} · {report.games} games · " + \
        ", ".join(f"{s}={p}" for s, p in report.policies.items())
    fig.suptitle(title, fontsize=11)
    ax = axes[0][0]
    names = [s.side for s in report.sides]
    rates = [s.win_rate for s in report.sides]
    low = [s.win_rate - s.win_rate_ci95[0] for s in report.sides]
    high = [s.win_rate_ci95[1] - s.win_rate for s in report.sides]
    ax.bar(names, rates, yerr=[low, high], capsize=6, color=["#5b7fa6", "#b0504a", "#6a9a5b", "#a68b3c"][:len(names)])
    ax.set_ylim(0, 1)
    ax.set_title("wins (95% interval)")
    ax = axes[0][1]
    for side, rows in report.vp_by_turn.items():
        turns = list(range(1, len(rows) + 1))
        ax.plot(turns, [r[1] for r in rows], marker="o", label=f"{side} median")
        ax.fill_between(turns, [r[0] for r in rows], [r[2] for r in rows], alpha=0.2)
    ax.set_title("victory points at the end of each turn")
    ax.set_xlabel("turn")
    ax.legend(fontsize=8)
    ax = axes[1][0]
    first = report.sides[0].side if report.sides else ""
    ax.hist(report.signed_margins(first), bins=min(30, max(5, report.games // 5)), color="#777777")
    ax.set_title(f"margin for {first} (negative: {first} lost)")
    ax = axes[1][1]
    ax.hist([r.actions for r in report.records], bins=min(30, max(5, report.games // 5)), color="#8a7bb0")
    ax.set_title("game length (actions)")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part.png")
    fig.savefig(tmp)
    plt.close(fig)
    atomic_write_bytes(out, tmp.read_bytes())
    tmp.unlink()


def write_html(report: StudyReport, out: Path, plots: Path | None) -> None:
    rows = "".join(
        f"<tr><td>{html.escape(s.side)}</td><td>{s.wins}</td><td>{s.win_rate:.1%}</td>"
        f"<td>{s.win_rate_ci95[0]:.1%} – {s.win_rate_ci95[1]:.1%}</td>"
        f"<td>{s.vp_quartiles[1]:g} ({s.vp_quartiles[0]:g}–{s.vp_quartiles[2]:g})</td></tr>"
        for s in report.sides)
    levels = "".join(f"<li>{html.escape(k)}: {v}</li>" for k, v in report.levels.items())
    deaths = "".join(f"<li>{html.escape(k)}: {v}</li>" for k, v in report.most_eliminated)
    image = ""
    if plots is not None and plots.exists():
        data = base64.b64encode(plots.read_bytes()).decode("ascii")
        image = f'<img alt="plots" src="data:image/png;base64,{data}">'
    violations = f"<p><b>{len(report.violations)} invariant violation(s)</b></p>" if report.violations else \
        "<p>No invariant violation.</p>"
    page = f"""<!doctype html><meta charset="utf-8"><title>Balance: {html.escape(report.module)}</title>
<style>body{{font-family:sans-serif;max-width:72em;margin:2em auto}}td,th{{padding:.2em .8em}}</style>
<h1>{html.escape(report.module)} — {html.escape(report.scenario)}</h1>
<p>{report.games} games ({report.finished} finished, {report.draws} drawn), seed {report.seed},
policies {html.escape(", ".join(f"{k}={v}" for k, v in report.policies.items()))}.</p>
<table><tr><th>side</th><th>wins</th><th>rate</th><th>95% interval</th><th>final VP median (quartiles)</th></tr>
{rows}</table>
<h2>Victory levels</h2><ul>{levels}</ul>
<h2>Units eliminated most often</h2><ul>{deaths}</ul>
{violations}
{image}
"""
    atomic_write_text(out, page)


__all__ = ["write_html", "write_plots"]
