"""`jax-lsp check --diff` (the whole --fix pipeline, nothing written) against `jax-lsp check` on
the same files, with `ruff check --fix --diff` beside it for scale: medians of wall and CPU time.
With `--more`, also `check --fix` (on a fresh copy each run) and the JSON output with its fix
objects; with `--baseline REPO`, the same for another checkout of jax-lsp, in the same run.

    python benchmarks/bench_fix.py FILE [FILE ...] [--repeat 3] [--more] [--baseline REPO]
    python benchmarks/bench_fix.py --write-fixable 30 many_fixable.py   # a file of N fixable

Each run is a fresh process without the result cache. CPU time (user + system of the child) is
the number to compare on a shared machine: wall time there includes waiting for a core.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], cwd: Path, repo: Path = REPO) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of `cmd` (jax-lsp imported from `repo`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(repo)}, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(cmd: list[str], cwd: Path, repeat: int, repo: Path = REPO,
            fresh: tuple[Path, Path] | None = None) -> tuple[float, float]:
    """Medians of `repeat` runs; `fresh`: (original, copy) copied before each run (untimed),
    the files a run created beside the copy removed."""
    runs = []
    for _ in range(repeat):
        if fresh is not None:
            _restore(*fresh)
        runs.append(timed(cmd, cwd, repo))
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def _restore(original: Path, copy: Path) -> None:
    """`copy` as `original` again, alone in its directory (no helper module `--fix` made)."""
    shutil.copyfile(original, copy)
    for created in copy.parent.iterdir():
        if created != copy:
            shutil.rmtree(created) if created.is_dir() else created.unlink()


def _row(file: Path, copy: Path, repo: Path, repeat: int, more: bool) -> str:
    """One table row: `check`, `--diff` and (`more`) `--fix` and JSON output, for `repo`."""
    jax_lsp = [sys.executable, "-m", "jax_lsp", "check", "--no-cache"]
    cwd = copy.parent
    cw, cc = _median([*jax_lsp, copy.name], cwd, repeat, repo)
    fw, fc = _median([*jax_lsp, "--diff", copy.name], cwd, repeat, repo)
    cells = [f"{cw:.2f} / {cc:.2f} s", f"{fw:.2f} / {fc:.2f} s", f"{fc / cc:.1f}x"]
    if more:
        xw, xc = _median([*jax_lsp, "--fix", copy.name], cwd, repeat, repo, fresh=(file, copy))
        _restore(file, copy)
        jw, jc = _median([*jax_lsp, "--output-format", "json", copy.name], cwd, repeat, repo)
        cells += [f"{xw:.2f} / {xc:.2f} s", f"{xc / cc:.1f}x", f"{jw:.2f} / {jc:.2f} s",
                  f"+{jc - cc:.2f} s"]
    return " | ".join(cells)


def many_fixable(n: int) -> str:
    """A module of `n` reverse-mode gradients through `pure_callback`s (each one safe fix),
    with unrelated functions between them."""
    parts = ["import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"]
    for i in range(n):
        parts.append(
            f"\ndef host_{i}(x):\n    return np.sin(x) * {i + 1}\n\n\n"
            f"def loss_{i}(x):\n    s = jax.pure_callback(host_{i}, "
            "jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n    return jnp.sum(s)\n\n\n"
            f"def filler_{i}(x):\n    y = jnp.cos(x)\n    for _ in range(3):\n"
            "        y = y * 2 + jnp.tanh(y)\n    return y\n\n"
        )
    parts.append("\nx0 = jnp.ones(3)\n")
    parts += [f"g_{i} = jax.grad(loss_{i})(x0)\n" for i in range(n)]
    return "".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write-fixable", type=int, metavar="N",
                        help="write a module of N fixable findings to the one FILE and exit")
    parser.add_argument("--more", action="store_true",
                        help="also time `check --fix` and the JSON output (fix objects)")
    parser.add_argument("--baseline", type=Path, metavar="REPO",
                        help="another checkout of jax-lsp to time the same way, in the same run")
    args = parser.parse_args()
    if args.write_fixable:
        args.files[0].write_text(many_fixable(args.write_fixable), encoding="utf-8")
        return 0
    ruff = shutil.which("ruff")
    repos = [REPO] + ([args.baseline.resolve()] if args.baseline else [])
    head = "| file | lines | jax-lsp | check wall / cpu | --diff wall / cpu | cpu ratio |"
    if args.more:
        head += " --fix wall / cpu | cpu ratio | json wall / cpu | json cpu - check |"
    print(head + " ruff --fix --diff |")
    print("|---" * (head.count("|") + 0) + "|")
    for file in args.files:
        with tempfile.TemporaryDirectory() as tmp:  # a fresh copy: no helper module beside it
            copy = Path(tmp) / file.name
            shutil.copyfile(file, copy)
            lines = copy.read_text(encoding="utf-8").count("\n")
            rw = "n/a"
            if ruff:
                w, _ = _median([ruff, "check", "--no-cache", "--isolated", "--select", "ALL",
                                "--fix", "--diff", copy.name], copy.parent, args.repeat)
                rw = f"{w:.2f} s"
            for repo in repos:
                row = _row(file, copy, repo, args.repeat, args.more)
                print(f"| {file.name} | {lines} | {repo.name} | {row} | {rw} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
