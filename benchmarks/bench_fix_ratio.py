"""`jax-lsp check --fix` CPU against `jax-lsp check` CPU on the same file, for this checkout and
(with `--baseline DIR`) another one, runs interleaved: the ratio issue 15 tracks (`--fix` within
1.2x of `check`). Each run is a fresh process without the result cache, `--fix` on a fresh copy.
With `--ruff`, `ruff check --no-cache` and `ruff check --no-cache --fix` on the same copies,
interleaved too: ruff's own ratio, for reference (`--ruff-select ALL` for all its rules).

A directory (a real repository's checkout, say) is copied with its Python files, notebooks and
configuration only, and checked in one process (`--jobs 1`), so that the ratio is the one a user
fixing a whole repository sees, where most files have nothing to fix.

    python benchmarks/bench_fix_ratio.py PATH [PATH ...] [--repeat 5] [--baseline DIR] [--ruff]
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
    parser.add_argument("files", nargs="+", type=Path, metavar="PATH",
                        help="a file, or a directory (checked as a repository)")
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
                        _copy(file, Path(tmp))
                        fix = ["--fix"] if kind == "fix" else []
                        jobs = ["--jobs", "1"] if file.is_dir() else []
                        cmd = [sys.executable, "-m", "jax_lsp", "check", "--no-cache", *jobs,
                               *fix, file.name]
                        if name == "ruff":
                            select = ["--select", args.ruff_select] if args.ruff_select else []
                            cmd = [str(repo), "check", "--no-cache", *select, *fix, file.name]
                        runs.setdefault((name, kind), []).append(timed(cmd, Path(tmp), repo)[1])
        med = {k: statistics.median(v) for k, v in runs.items()}
        lines = sum(path.read_bytes().count(b"\n") for path in _python_files(file))
        cells = [f"{med[(r, 'check')]:.3f} s | {med[(r, 'fix')]:.3f} s | "
                 f"{med[(r, 'fix')] / med[(r, 'check')]:.2f}x" for r in repos]
        print(f"| {file.name} | {lines} | " + " | ".join(cells) + " |", flush=True)
    return 0


#: what a repository's copy keeps: what jax-lsp reads (sources, notebooks, configuration)
_KEPT_SUFFIXES = (".py", ".pyi", ".ipynb", ".toml", ".cfg", ".gitignore")


def _copy(path: Path, into: Path) -> None:
    """`path` into `into`: a file as it is, a directory with only what jax-lsp reads."""
    if path.is_dir():
        shutil.copytree(path, into / path.name, ignore=_unread, symlinks=True)
    else:
        shutil.copy(path, into)


def _unread(folder: str, names: list[str]) -> set[str]:
    """The entries of `folder` a repository's copy leaves out (`shutil.copytree`'s ignore)."""
    return {name for name in names if name == ".git" or (
        not (Path(folder) / name).is_dir() and not name.endswith(_KEPT_SUFFIXES))}


def _python_files(path: Path) -> list[Path]:
    """The Python files whose lines the table counts."""
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


if __name__ == "__main__":
    raise SystemExit(main())
