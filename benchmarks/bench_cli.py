"""Benchmark: `jax-lsp check --no-cache` on the shared generator's files and on installed
packages, beside `ruff check --no-cache` and a plain `ast.parse` loop, in the same run.

Every command runs as a subprocess; its CPU time (user + system, its child processes included)
and peak RSS come from wait4. Medians of --runs. Per size of the generator's single files
(../shared/bench/gen.py --sizes 1000,5000,20000,100000):

- check ms/kline: CPU per 1,000 lines beyond start-up (minus the CPU of checking an empty
  file), one process (`--jobs 1`); a file of fewer than 20,000 lines is checked as that many
  lines of copies of it (each its own module), its work being small beside start-up's noise;
- parse ms/kline: a plain `ast.parse` loop over the same files, in a subprocess, beyond
  `python -c pass` (garbage collector on, as a plain parse runs); "x parse" is their ratio;
- RSS of the check, and ruff's CPU per 1,000 lines.

Then, on the generator's workspaces and on the installed packages (--packages): lines per
CPU-second of check, ruff and `ast.parse`, and the wall time of check with automatic `--jobs`
(a process per core when it pays) against `--jobs 1`.

    python ../shared/bench/gen.py --out /tmp/gen --sizes 1000,5000,20000,100000 --workspaces 50
    python benchmarks/bench_cli.py --gen /tmp/gen [--runs 5] [--packages jax,flax,optax,equinox]
        [--own 1000,5000,20000]   # also benchmarks/generate.py's modules of these sizes

The machine may be loaded by others: every row ends with the 1-minute load average. Under load
the wall times of one process and of several are alike: Linux (autogroup) shares the CPU
between sessions, not processes, so a second process mostly takes CPU from the first; compare
them on an idle machine, and the CPU times anywhere.

With --base OTHER_CHECKOUT, every check runs also with that checkout's jax_lsp (PYTHONPATH),
interleaved with this one's run by run, and each row shows both (and their ratio): a change
measured in the same run as what it changes.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate

REPO = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
PARSE_LOOP = "import ast, sys\nfor p in sys.argv[1:]:\n    ast.parse(open(p, 'rb').read(), p)\n"


@dataclass(frozen=True)
class Ran:
    wall: float
    cpu: float
    rss_mib: float


#: where commands run by default: not this checkout (`python -m jax_lsp` would import its
#: jax_lsp from there whatever PYTHONPATH says, --base's runs included)
NEUTRAL = Path(tempfile.mkdtemp(prefix="bench_cli_"))
atexit.register(shutil.rmtree, NEUTRAL, True)


def run(cmd: Sequence[str], cwd: Path | None = None, env: dict[str, str] = ENV) -> Ran:
    """One run of `cmd`: wall seconds, CPU seconds (with its children), peak RSS."""
    t0 = time.perf_counter()
    p = subprocess.Popen(list(cmd), cwd=cwd or NEUTRAL, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"{cmd[:4]}... exited with {p.returncode}")
    return Ran(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def median(cmd: Sequence[str], runs: int, cwd: Path | None = None) -> Ran:
    samples = [run(cmd, cwd) for _ in range(runs)]
    return _median(samples)


def _median(samples: Sequence[Ran]) -> Ran:
    return Ran(*(statistics.median(getattr(s, f) for s in samples)
                 for f in ("wall", "cpu", "rss_mib")))


def median_pair(cmd: Sequence[str], runs: int, base: Path,
                cwd: Path | None = None) -> tuple[Ran, Ran]:
    """Medians of `cmd` with this checkout and with `base`'s jax_lsp, run alternately."""
    env = {**os.environ, "PYTHONPATH": str(base)}
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(run(cmd, cwd))
        theirs.append(run(cmd, cwd, env))
    return _median(ours), _median(theirs)


def check(paths: Sequence[Path], jobs: int) -> list[str]:
    return [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--exit-zero",
            "--output-format", "concise", "--jobs", str(jobs), *map(str, paths)]


def ruff(paths: Sequence[Path]) -> list[str] | None:
    exe = shutil.which("ruff")
    return [exe, "check", "--no-cache", "--exit-zero", "--quiet", *map(str, paths)] if exe \
        else None


def parse_loop(paths: Sequence[Path]) -> list[str]:
    return [sys.executable, "-c", PARSE_LOOP, *map(str, paths)]


#: a file shorter than this is checked as this many lines' worth of copies of it (each its
#: own module) in one process: one file's work would be lost in the noise of start-up
COPIES_UP_TO = 20_000


def copies(path: Path, into: Path) -> list[Path]:
    """`path`, or copies of it in `into` (see COPIES_UP_TO)."""
    n = COPIES_UP_TO // max(1, lines_of([path]))
    if n <= 1:
        return [path]
    text = path.read_bytes()
    out = []
    for i in range(n):
        out.append(into / f"{path.stem}_{i}.py")
        out[-1].write_bytes(text)
    return out


def lines_of(paths: Sequence[Path]) -> int:
    return sum(p.read_bytes().count(b"\n") for p in paths)


def load() -> str:
    return f"{os.getloadavg()[0]:5.1f}"


def per_size(files: Sequence[Path], runs: int, base: Path | None = None) -> None:
    if not files:
        return
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.py"
        empty.write_text("")
        if base is None:
            start = median(check([empty], 1), runs)
        else:
            start, base_start = median_pair(check([empty], 1), runs, base)
        bare = median([sys.executable, "-c", "pass"], runs)
    print(f"start-up: check of an empty file {start.cpu * 1e3:.0f} ms CPU, {start.rss_mib:.0f} "
          f"MiB; python -c pass {bare.cpu * 1e3:.0f} ms CPU   load {load()}")
    print(f"{'lines':>7} {'check ms/kl':>11} {'parse ms/kl':>11} {'x parse':>7} "
          f"{'check RSS MiB':>13} {'ruff ms/kl':>10} {'x ruff':>6} {'load':>5}"
          + (f" {'base ms/kl':>10} {'base RSS':>8} {'x base':>6}" if base else ""))
    for path in files:
        with tempfile.TemporaryDirectory() as tmp:
            paths = copies(path, Path(tmp))
            kl = lines_of(paths) / 1e3
            if base is None:
                c = median(check(paths, 1), runs)
            else:
                c, b = median_pair(check(paths, 1), runs, base)
            p = median(parse_loop(paths), runs)
            ruff_cmd = ruff(paths)
            r = median(ruff_cmd, runs) if ruff_cmd else None
        check_ms = (c.cpu - start.cpu) * 1e3 / kl
        parse_ms = (p.cpu - bare.cpu) * 1e3 / kl
        ruff_ms = r.cpu * 1e3 / kl if r else float("nan")
        row = (f"{lines_of([path]):>7} {check_ms:>11.1f} {parse_ms:>11.1f} "
               f"{check_ms / parse_ms:>7.2f} {c.rss_mib:>13.0f} {ruff_ms:>10.1f} "
               f"{check_ms / ruff_ms:>6.1f} {load()}")
        if base is not None:
            base_ms = (b.cpu - base_start.cpu) * 1e3 / kl
            row += f" {base_ms:>10.1f} {b.rss_mib:>8.0f} {check_ms / base_ms:>6.2f}"
        print(row, flush=True)


def throughput(label: str, paths: Sequence[Path], runs: int, cwd: Path,
               base: Path | None = None) -> None:
    lines = lines_of(paths)
    if base is None:
        one = median(check(paths, 1), runs, cwd)
    else:
        one, b = median_pair(check(paths, 1), runs, base, cwd)
    auto = median(check(paths, 0), runs, cwd)
    parse = median(parse_loop(paths), runs, cwd)
    ruff_cmd = ruff(paths)
    r = median(ruff_cmd, runs, cwd) if ruff_cmd else None
    ruff_rate = f"{lines / r.cpu / 1e3:>9.0f}" if r else f"{'-':>9}"
    print(f"{label:<28} {len(paths):>5} {lines / 1e3:>7.0f} {lines / one.cpu / 1e3:>9.0f} "
          f"{ruff_rate} {lines / parse.cpu / 1e3:>9.0f} {one.wall:>8.2f} {auto.wall:>8.2f} "
          f"{auto.wall / one.wall:>6.2f} {auto.cpu / one.cpu:>6.2f} {one.rss_mib:>6.0f} {load()}"
          + (f" {lines / b.cpu / 1e3:>9.0f} {b.rss_mib:>8.0f}" if base is not None else ""),
          flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--gen", type=Path, help="the shared generator's output folder")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--own", default="", help="sizes of benchmarks/generate.py's modules")
    ap.add_argument("--packages", default="jax,flax,optax,equinox",
                    help="installed packages to check ('' for none)")
    ap.add_argument("--base", type=Path,
                    help="another checkout whose jax_lsp runs too, interleaved (same run)")
    args = ap.parse_args()
    if args.gen is not None:
        print("the shared generator (../shared/bench/gen.py):")
        per_size(sorted(args.gen.glob("single/jaxmod_*/*.py"), key=lambda p: p.stat().st_size),
                 args.runs, args.base)
    with tempfile.TemporaryDirectory() as tmp:
        own = []
        for size in (int(n) for n in args.own.split(",") if n):
            own.append(Path(tmp) / f"generated_{size}.py")
            own[-1].write_text(generate(size), encoding="utf-8")
        if own:
            print("benchmarks/generate.py:")
        per_size(own, args.runs, args.base)
    print(f"\n{'files':<28} {'n':>5} {'klines':>7} {'check kl/s':>9} {'ruff kl/s':>9} "
          f"{'parse kl/s':>9} {'wall j1':>8} {'wall jA':>8} {'jA/j1':>6} {'cpu':>6} "
          f"{'RSS':>6} {'load':>5}" + (f" {'base kl/s':>9} {'base RSS':>8}" if args.base else ""))
    print("(kl/s: thousand lines per CPU-second; jA: automatic --jobs; cpu: its CPU / j1's; "
          "RSS: j1's peak MiB)")
    if args.gen is not None:
        for ws in sorted(args.gen.glob("ws_*")):
            throughput(f"gen {ws.name}", sorted(ws.rglob("*.py")), args.runs, ws, args.base)
    site = Path(sysconfig.get_paths()["purelib"])
    names = [n for n in args.packages.split(",") if n]
    if names:
        paths = sorted(p for n in names for p in (site / n).rglob("*.py"))
        throughput("+".join(names), paths, args.runs, NEUTRAL, args.base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
