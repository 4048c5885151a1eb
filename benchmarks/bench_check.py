"""Benchmark: `jax-lsp check` on generated modules of 1,000, 5,000 and 20,000 lines.

Prints, per size, the median time of `ast.parse`, of the analysis (`analyze_source`, what
`jax-lsp check` does per file) and of the whole CLI in a subprocess (includes Python start-up),
and the ratio of the analysis to `ast.parse` of the same file. Medians of --repeat runs; the
machine is noisy, so compare the ratios within one run.

    python benchmarks/bench_check.py [--repeat 7] [--sizes 1000,5000,20000]

With --gen (the shared generator's output, ../shared/bench/gen.py), its single files instead,
in this process, without start-up: the smallest CPU time of --repeat runs of `ast.parse`
(collector on, as a plain parse runs) and of `analyze_source`, per 1,000 lines, and their ratio.

    python benchmarks/bench_check.py --gen /tmp/gen [--repeat 3]
"""

from __future__ import annotations

import argparse
import ast
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate

from jax_lsp.analysis import analyze_source


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--sizes", default="1000,5000,20000")
    ap.add_argument("--no-cli", action="store_true", help="skip the subprocess CLI timing")
    ap.add_argument("--gen", type=Path, help="the shared generator's output folder")
    args = ap.parse_args()
    if args.gen is not None:
        return per_generated_file(args.gen, args.repeat)
    print(
        f"{'lines':>7} {'ast.parse ms':>13} {'analysis ms':>12} {'ratio':>6} "
        f"{'cli ms':>8} {'findings':>9} {'ms/kline':>9}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            source = generate(size)
            n_lines = source.count("\n")
            path = Path(tmp) / f"gen_{size}.py"
            path.write_text(source, encoding="utf-8")
            t_parse = median_time(lambda s=source: ast.parse(s), args.repeat)
            t_an = median_time(lambda s=source, p=path: analyze_source(s, str(p)), args.repeat)
            findings = len(analyze_source(source, str(path)).findings)
            t_cli = float("nan")
            if not args.no_cli:
                cmd = [
                    sys.executable,
                    "-m",
                    "jax_lsp",
                    "check",
                    "--no-cache",  # time the analysis, not a cache hit
                    "--output-format",
                    "concise",
                    str(path),
                ]
                t_cli = median_time(
                    lambda c=cmd: subprocess.run(c, capture_output=True), max(3, args.repeat // 2)
                )
            print(
                f"{n_lines:>7} {t_parse * 1e3:>13.1f} {t_an * 1e3:>12.1f} "
                f"{t_an / t_parse:>6.2f} {t_cli * 1e3:>8.0f} {findings:>9} "
                f"{t_an * 1e6 / n_lines:>9.1f}"
            )
    return 0


def min_cpu(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def per_generated_file(gen: Path, repeat: int) -> int:
    """CPU per 1,000 lines of the analysis and of a plain parse, on each single file of `gen`."""
    print(f"{'lines':>7} {'parse ms/kl':>11} {'analysis ms/kl':>14} {'x parse':>7} {'findings':>8}")
    for path in sorted(gen.glob("single/jaxmod_*/*.py"), key=lambda p: p.stat().st_size):
        source = path.read_text(encoding="utf-8")
        kl = source.count("\n") / 1e3
        t_parse = min_cpu(lambda s=source: ast.parse(s), repeat)
        t_an = min_cpu(lambda s=source, p=str(path): analyze_source(s, p), repeat)
        findings = len(analyze_source(source, str(path)).findings)
        print(f"{kl * 1e3:>7.0f} {t_parse * 1e3 / kl:>11.1f} {t_an * 1e3 / kl:>14.1f} "
              f"{t_an / t_parse:>7.2f} {findings:>8}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
