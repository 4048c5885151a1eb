"""`jax-lsp check --fix` CPU against `jax-lsp check` CPU on the same file, for this checkout and
(with `--baseline DIR`) another one, runs interleaved: the ratio issue 15 tracks (`--fix` within
1.2x of `check`). Each run is a fresh process without the result cache, `--fix` on a fresh copy.
With `--ruff`, `ruff check --no-cache` and `ruff check --no-cache --fix` on the same copies,
interleaved too: ruff's own ratio, for reference (`--ruff-select ALL` for all its rules).

    python benchmarks/bench_fix_ratio.py FILE [FILE ...] [--repeat 5] [--baseline DIR] [--ruff]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_fix import REPO, timed  # benchmarks/ is on the path when run as a script


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", type=Path, metavar="DIR")
    parser.add_argument("--ruff", action="store_true", help="also time ruff beside it")
    parser.add_argument("--ruff-select", metavar="CODES", help="ruff's --select")
    args = parser.parse_args()
    repos = {"this": REPO, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    if args.ruff:
        ruff = shutil.which("ruff")
        if ruff is None:
            parser.error("--ruff: no ruff on the PATH")
        subprocess.run([ruff, "--version"], check=True)
        repos["ruff"] = Path(ruff)
    print("| file | lines | " + " | ".join(f"{r} check | {r} --fix | {r} ratio" for r in repos)
          + " |")
    print("|---|---|" + "---|---|---|" * len(repos))
    for file in args.files:
        runs: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for name, repo in repos.items():
                for kind in ("check", "fix"):
                    with tempfile.TemporaryDirectory() as tmp:
                        shutil.copy(file, tmp)
                        fix = ["--fix"] if kind == "fix" else []
                        cmd = [sys.executable, "-m", "jax_lsp", "check", "--no-cache", *fix,
                               file.name]
                        if name == "ruff":
                            select = ["--select", args.ruff_select] if args.ruff_select else []
                            cmd = [str(repo), "check", "--no-cache", *select, *fix, file.name]
                        runs.setdefault((name, kind), []).append(timed(cmd, Path(tmp), repo)[1])
        med = {k: statistics.median(v) for k, v in runs.items()}
        lines = file.read_text(encoding="utf-8").count("\n")
        cells = [f"{med[(r, 'check')]:.3f} s | {med[(r, 'fix')]:.3f} s | "
                 f"{med[(r, 'fix')] / med[(r, 'check')]:.2f}x" for r in repos]
        print(f"| {file.name} | {lines} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
