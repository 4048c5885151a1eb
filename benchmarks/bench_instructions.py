"""Benchmark: instructions per 1,000 lines of a whole-module analysis beside a plain `ast.parse`,
counted by `valgrind --tool=cachegrind`: a verdict on the analysis's cost and on its linearity
in the module's size that the machine's load does not change (CPU times on a shared, loaded
machine vary by more than the margins asked of them).

Per file, three processes run under cachegrind, each importing the analysis and analysing a
tiny module first (what the first analysis of a process loads, JAX's API table..., is not the
work of the file measured), then:
- floor: nothing more;
- parse: `ast.parse` of the file with the collector on (as a plain parse runs);
- analysis: `analyze_source` of the file (what `jax-lsp check` does per file; it parses too).
With `--open`, two more:
- walk: `ast.parse` with the collector off plus one `ast.walk` of the tree (issue 33's floor of
  an open, as `open_floor.py` times it);
- open: the analysis an open runs in the analysis process (`IncrementalAnalyzer.analyze` with
  its records deferred, the automatic collector off and the imports frozen, as
  `collection.Collector.start` leaves it), up to its answer.
Each count less the floor's is that step's work. Printed: millions of instructions per 1,000
lines of the parse and of the analysis, and their ratio; with --base, the same analysis by
another checkout (e.g. a `git archive` of main) and its ratio to this one's.

    python benchmarks/bench_instructions.py /tmp/gen/single/jaxmod_*/*.py [--base /tmp/base]
        [--jobs 2] [--open]

A 100,000-line module takes a minute or two of valgrind per process.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import ast, gc, os, sys
from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer
analyze_source("import jax\\n\\n\\ndef f(x):\\n    return jax.grad(jax.numpy.sin)(x)\\n", "w.py")
mode, path = sys.argv[1], sys.argv[2]
source = open(path, encoding="utf-8").read()
gc.collect()
if mode == "parse":
    tree = ast.parse(source, path)
    del tree
elif mode == "analysis":
    result = analyze_source(source, path)
    del result
elif mode == "walk":
    gc.disable()
    tree = ast.parse(source, path)
    for node in ast.walk(tree):
        pass
elif mode == "open":
    gc.disable()
    gc.freeze()
    analyzer = IncrementalAnalyzer()
    analyzer.defer_records = True
    result = analyzer.analyze(source, path)
# (no interpreter teardown in any mode: what an open keeps for the next edit is not freed then)
os._exit(0)
"""


def instructions(checkout: Path, mode: str, path: Path) -> int:
    """The instructions a child process of `checkout`'s analysis runs in `mode` on `path`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                shutil.which("valgrind") or "valgrind", "--tool=cachegrind", "--cache-sim=no",
                f"--cachegrind-out-file={tmp}/cg.out",
                sys.executable, "-P", "-c", CHILD, mode, str(path),
            ],
            capture_output=True, text=True, cwd=tmp,
            env={**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"},
        )
    if out.returncode != 0:
        raise RuntimeError(f"{mode} {path}: exit {out.returncode}\n{out.stderr[-2000:]}")
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if match is None:
        raise RuntimeError(f"{mode} {path}: no count in\n{out.stderr[-2000:]}")
    return int(match.group(1).replace(",", ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--base", type=Path, help="another checkout whose analysis is counted too")
    ap.add_argument("--jobs", type=int, default=2, help="valgrind processes at once")
    ap.add_argument("--open", action="store_true",
                    help="also count an open's analysis and its floor (parse + one walk)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        ap.error("valgrind is not installed (apt-get install valgrind)")
    checkouts = [REPO] + ([args.base.resolve()] if args.base else [])
    modes = ("floor", "parse", "analysis") + (("walk", "open") if args.open else ())
    jobs = [(c, m, f.resolve()) for f in args.files for c in checkouts
            for m in modes if c == REPO or m not in ("parse", "walk")]
    with ThreadPoolExecutor(args.jobs) as pool:
        counts = dict(zip(jobs, pool.map(lambda j: instructions(*j), jobs)))
    head = f"{'file':<22} {'lines':>7} {'parse Mi/kl':>11} {'analysis Mi/kl':>14} {'x parse':>7}"
    if args.base:
        head += f" {'base Mi/kl':>10} {'x parse':>7} {'now/base':>8}"
    if args.open:
        head += f" {'open Mi/kl':>10} {'x floor':>7}"
        if args.base:
            head += f" {'base open':>9} {'x floor':>7} {'now/base':>8}"
    print(head)
    for f in args.files:
        f = f.resolve()
        kl = f.read_text(encoding="utf-8").count("\n") / 1e3

        def per_kl(checkout: Path, mode: str, f: Path = f, kl: float = kl) -> float:
            return (counts[checkout, mode, f] - counts[checkout, "floor", f]) / kl / 1e6

        parse = per_kl(REPO, "parse")
        now = per_kl(REPO, "analysis")
        row = f"{f.name:<22} {kl * 1e3:>7.0f} {parse:>11.1f} {now:>14.1f} {now / parse:>7.2f}"
        if args.base:
            base = per_kl(args.base.resolve(), "analysis")
            row += f" {base:>10.1f} {base / parse:>7.2f} {now / base:>8.3f}"
        if args.open:
            floor = per_kl(REPO, "walk")
            opened = per_kl(REPO, "open")
            row += f" {opened:>10.1f} {opened / floor:>7.2f}"
            if args.base:
                base_open = per_kl(args.base.resolve(), "open")
                row += f" {base_open:>9.1f} {base_open / floor:>7.2f} {opened / base_open:>8.3f}"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
