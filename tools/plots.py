"""``simulate --plot`` and ``compare --plot``: the final scores' spread and the bid hit
rates by round, drawn with matplotlib (the optional ``plot`` extra) into a PNG or SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skullking.tools.common import UsageError

PLOT_EXTRA = "pip install 'skullking-rules[plot]'"
SUFFIXES = (".png", ".svg")


def pyplot() -> Any:
    """matplotlib's pyplot, drawing into files (no screen needed); a :class:`UsageError`
    naming the ``plot`` extra where matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise UsageError(f"--plot needs the 'plot' extra (matplotlib): {PLOT_EXTRA}") from None
    matplotlib.use("Agg")  # no screen needed
    import matplotlib.pyplot as plt

    return plt


def check_target(path: str) -> None:
    """Refuse a --plot file whose kind is not drawn (before any game is played)."""
    if Path(path).suffix.lower() not in SUFFIXES:
        raise UsageError(f"--plot {path}: name a .png or .svg file")


def _draw(axes_scores: Any, axes_hits: Any, record: dict[str, Any], label: str | None) -> None:
    """One edition's statistics: a box per player (quantiles 5-25-50-75-95 of the final
    scores) and the bid hit rate by round of each bot."""
    players = record["players"]
    stats = [
        {
            "label": f"{p['name']}\n({p['bot']})",
            "whislo": p["quantiles"]["p5"],
            "q1": p["quantiles"]["p25"],
            "med": p["quantiles"]["p50"],
            "q3": p["quantiles"]["p75"],
            "whishi": p["quantiles"]["p95"],
            "mean": p["mean"],
            "fliers": [],
        }
        for p in players
        if p["quantiles"]["p50"] is not None
    ]
    axes_scores.bxp(stats, showmeans=True)
    axes_scores.axhline(0, color="#999999", linewidth=0.8)
    axes_scores.set_ylabel("final score (5-95% whiskers, mean ▲)")
    axes_scores.set_title(f"Final scores{f' - {label}' if label else ''} ({record['games']:,} games)")
    for bot in record["by_bot"]:
        rounds = [int(n) for n in bot["bid_hit_by_round"]]
        rates = [100 * v for v in bot["bid_hit_by_round"].values()]
        axes_hits.plot(rounds, rates, marker="o", label=f"{bot['bot']}{f' ({label})' if label else ''}")
    axes_hits.set_xlabel("round")
    axes_hits.set_ylabel("bids made (%)")
    axes_hits.set_ylim(0, 100)
    axes_hits.set_title("Bids made by round")
    axes_hits.legend()
    axes_hits.grid(alpha=0.3)


def plot_simulation(record: dict[str, Any], path: str) -> None:
    """Draw ``simulate``'s statistics into ``path``."""
    check_target(path)
    plt = pyplot()
    figure, (scores, hits) = plt.subplots(1, 2, figsize=(12, 5), layout="constrained")
    _draw(scores, hits, record, None)
    figure.suptitle(f"{record['edition']}: {record['games']:,} games, seed {record['seed']}")
    _save(figure, plt, path)


def plot_comparison(a: dict[str, Any], b: dict[str, Any], path: str) -> None:
    """Draw two editions' statistics side by side (A on the left, B on the right, their bid
    hit rates together) into ``path``."""
    check_target(path)
    plt = pyplot()
    figure, axes = plt.subplots(1, 3, figsize=(16, 5), layout="constrained")
    _draw(axes[0], axes[2], a, f"A {a['edition']}")
    _draw(axes[1], axes[2], b, f"B {b['edition']}")
    low = min(axes[0].get_ylim()[0], axes[1].get_ylim()[0])
    high = max(axes[0].get_ylim()[1], axes[1].get_ylim()[1])
    for ax in axes[:2]:
        ax.set_ylim(low, high)  # the same scale: the two can be compared by eye
    figure.suptitle(f"A {a['edition']} beside B {b['edition']}: the same {a['games']:,} deals")
    _save(figure, plt, path)


def _save(figure: Any, plt: Any, path: str) -> None:
    try:
        figure.savefig(path)
    except OSError as exc:
        raise UsageError(f"--plot {path}: cannot write it: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
