"""Benchmark: from how much source does `jax-lsp check` gain from a second process?

Runs `jax-lsp check --no-cache` with `--jobs 1` and `--jobs N` (alternating, --runs times
each, medians) on growing sets of real files (the first files, in path order, of the
installed optax, flax, equinox and jax, up to each byte budget) and on the shared generator's
workspace if --gen is given, and prints the wall times, their ratio and the CPU time of each
(the pool costs CPU too: every process builds its own import index). "saved kB" is the work
a pool of N saves by `_jobs_for`'s estimate; the auto threshold (`PARALLEL_MIN_SAVED_BYTES`
in jax_lsp/checker/runner.py) is the smallest saving that paid.

    python benchmarks/bench_parallel.py [--budgets 50000,100000,...] [--runs 5] [--jobs 2]
        [--gen DIR]   # DIR made by ../shared/bench/gen.py --workspaces 50

The machine may be loaded by others: each row prints the 1-minute load average. Under load
the wall times of one process and of several are alike: Linux (autogroup) shares the CPU
between sessions, not processes, so a second process mostly takes CPU from the first; compare
them on an idle machine, and the CPU times anywhere.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("optax", "flax", "equinox", "jax")


def package_files() -> list[Path]:
    site = Path(sysconfig.get_paths()["purelib"])
    files: list[Path] = []
    for name in PACKAGES:
        files += sorted((site / name).rglob("*.py"))
    return files


def prefix(files: list[Path], budget: int) -> list[Path]:
    chosen, total = [], 0
    for f in files:
        if total >= budget:
            break
        chosen.append(f)
        total += f.stat().st_size
    return chosen


def run_check(paths: list[Path], jobs: int, cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (this run's processes) and stdout of one `check` run."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--exit-zero",
         "--output-format", "concise", "--jobs", str(jobs), *map(str, paths)],
        cwd=cwd, env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, p.stdout


def compare(label: str, paths: list[Path], jobs: int, runs: int, cwd: Path) -> None:
    walls: dict[int, list[float]] = {1: [], jobs: []}
    cpus: dict[int, list[float]] = {1: [], jobs: []}
    outputs = set()
    for _ in range(runs):
        for j in (1, jobs):
            wall, cpu, out = run_check(paths, j, cwd)
            walls[j].append(wall)
            cpus[j].append(cpu)
            outputs.add(out)
    sizes = [p.stat().st_size for p in paths]
    size = sum(sizes)
    # what `_jobs_for` weighs: the bytes' worth of work the pool saves, biggest files first
    saved = size - max(size / jobs, max(sizes))
    w1, wn = statistics.median(walls[1]), statistics.median(walls[jobs])
    c1, cn = statistics.median(cpus[1]), statistics.median(cpus[jobs])
    print(f"{label:<22} {len(paths):>5} {size / 1e3:>8.0f} {saved / 1e3:>8.0f} "
          f"{w1:>7.2f} {wn:>7.2f} {wn / w1:>6.2f} {c1:>7.2f} {cn:>7.2f} {os.getloadavg()[0]:>5.1f}"
          f"{'' if len(outputs) == 1 else '  OUTPUTS DIFFER'}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--budgets", default="50000,100000,250000,500000,1000000,2000000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gen", type=Path, help="the shared generator's output folder")
    args = ap.parse_args()
    cwd = Path.cwd()
    print(f"{'files':<22} {'n':>5} {'kB':>8} {'saved kB':>8} {'wall j1':>7} {'wall jN':>7} "
          f"{'ratio':>6} {'cpu j1':>7} {'cpu jN':>7} {'load':>5}")
    if args.gen is not None:
        for ws in sorted(args.gen.glob("ws_*")):
            compare(ws.name, sorted(ws.rglob("*.py")), args.jobs, args.runs, ws)
    files = package_files()
    for budget in (int(b) for b in args.budgets.split(",")):
        compare(f"packages {budget // 1000} kB", prefix(files, budget), args.jobs, args.runs, cwd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
