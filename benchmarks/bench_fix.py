"""`jax-lsp check --diff` (the whole --fix pipeline, nothing written) against `jax-lsp check` on
the same files, with `ruff check --fix --diff` beside it for scale: medians of wall and CPU time.

    python benchmarks/bench_fix.py FILE [FILE ...] [--repeat 3]
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


def _timed(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(cmd: list[str], cwd: Path, repeat: int) -> tuple[float, float]:
    runs = [_timed(cmd, cwd) for _ in range(repeat)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


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
    args = parser.parse_args()
    if args.write_fixable:
        args.files[0].write_text(many_fixable(args.write_fixable), encoding="utf-8")
        return 0
    jax_lsp = [sys.executable, "-m", "jax_lsp", "check", "--no-cache"]
    ruff = shutil.which("ruff")
    print("| file | lines | check wall / cpu | --diff wall / cpu | cpu ratio | ruff --fix --diff |")
    print("|---|---|---|---|---|---|")
    for file in args.files:
        with tempfile.TemporaryDirectory() as tmp:  # a fresh copy: no helper module beside it
            copy = Path(tmp) / file.name
            shutil.copyfile(file, copy)
            lines = copy.read_text(encoding="utf-8").count("\n")
            cw, cc = _median([*jax_lsp, copy.name], copy.parent, args.repeat)
            fw, fc = _median([*jax_lsp, "--diff", copy.name], copy.parent, args.repeat)
            rw = "n/a"
            if ruff:
                w, _ = _median([ruff, "check", "--no-cache", "--isolated", "--select", "ALL",
                                "--fix", "--diff", copy.name], copy.parent, args.repeat)
                rw = f"{w:.2f} s"
        print(f"| {file.name} | {lines} | {cw:.2f} / {cc:.2f} s | {fw:.2f} / {fc:.2f} s "
              f"| {fc / cc:.1f}x | {rw} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
