"""The most lines per CPU-second `jax-lsp check` could reach on some sources while it parses
with CPython's `ast`: the files `reach`'s pre-filter lets through must be parsed (and then
interpreted), so even with a free interpretation and free cleared files, the whole set costs at
least the parse of those files. Issue 12 asks for 200k lines per CPU-second on the installed
jax, flax, optax and equinox; this prints the ceiling that parse puts on it.

Runs `jax-lsp check --no-cache -j 1` in this process, recording each module's pre-filter
decision, then times `ast.parse` (collector on, smallest of `--repeat`) of the files that
passed, in a fresh process (this one holds the check's caches, which the collector would scan).

    python benchmarks/parse_floor.py [--packages jax,flax,optax,equinox] [PATHS ...]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import pickle
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from jax_lsp import cli  # noqa: E402  (this checkout, not an installed one)
from jax_lsp.analysis import engine, reach  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--packages", default="jax,flax,optax,equinox",
                        help="installed packages whose sources are checked too ('' for none)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    roots = [str(p) for p in args.paths]
    for name in filter(None, args.packages.split(",")):
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            parser.error(f"{name}: not installed")
        roots.append(str(Path(spec.origin).parent))
    decisions = _check_recording_decisions(roots)
    passed = [source for may, source in decisions.values() if may]
    cleared = [source for may, source in decisions.values() if not may]
    lines_passed = sum(s.count("\n") for s in passed)
    lines_all = lines_passed + sum(s.count("\n") for s in cleared)
    parse = _parse_cpu(passed, args.repeat)
    print(f"files {len(decisions)}, {len(passed)} past the pre-filter")
    print(f"lines {lines_all:,}, {lines_passed:,} past the pre-filter "
          f"({lines_passed / lines_all:.0%})")
    print(f"ast.parse of those: {parse:.2f} CPU-s ({lines_passed / parse:,.0f} lines/s)")
    print(f"ceiling with a free interpreter and free cleared files: "
          f"{lines_all / parse:,.0f} lines per CPU-second")
    return 0


def _check_recording_decisions(roots: list[str]) -> dict[str, tuple[bool, str]]:
    """Run `check` over `roots` in this process; each analysed module's pre-filter answer and
    source, by path."""
    decisions: dict[str, tuple[bool, str]] = {}
    real = reach.may_find

    def recording(tree, source, path, workspace, extra):  # type: ignore[no-untyped-def]
        answer = real(tree, source, path, workspace, extra)
        decisions[str(path)] = (answer[0], source)
        return answer

    engine.reach.may_find = recording  # type: ignore[attr-defined]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            cli.main(["check", "--no-cache", "-j", "1", "--exit-zero", *roots])
    finally:
        engine.reach.may_find = real  # type: ignore[attr-defined]
    return decisions


_PARSE_EACH = """
import ast, pickle, sys, time
sources = pickle.load(sys.stdin.buffer)
best = float("inf")
for _ in range(int(sys.argv[1])):
    start = time.process_time()
    for source in sources:
        ast.parse(source)  # no tree kept, as `check` keeps none between files
    best = min(best, time.process_time() - start)
print(best)
"""


def _parse_cpu(sources: list[str], repeat: int) -> float:
    """Smallest CPU-seconds of `repeat` parses of `sources`, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", _PARSE_EACH, str(repeat)],
                          input=pickle.dumps(sources), capture_output=True, check=True)
    return float(done.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
