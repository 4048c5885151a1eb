"""Benchmark: how many lines the preferred fix adds to the user's file.

For every failing program of the corpus (tests/rules/<CODE>/{fires,clean}/*.py,
tests/fixes/programs/*.py: the programs with a finding), copies it into a temporary directory, runs
`jax-lsp check --fix --unsafe-fixes` on the copy (the preferred fix of each finding, as a user gets
it) and counts the lines the fixed file gained (`+` lines of the unified diff; a helper module the
fix creates beside the file is counted apart). Prints the median and maximum, and the worst
programs. With --run, also runs every fixed program under JAX (in one interpreter, as the fix tests
do) and lists those that fail.

    python benchmarks/fix_size.py [--show 5] [--run] [--programs DIR ...]

`--programs` measures the programs of other directories instead (a blind set written
elsewhere): those with a finding are fixed.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from jax_lsp.analysis import analyze_source
from jax_lsp.fixes.apply import fix_files
from jax_lsp.project.config import Config

REPO = Path(__file__).resolve().parents[1]


def failing_programs(dirs: list[Path] | None = None) -> list[Path]:
    if dirs:
        programs = [p for d in dirs for p in sorted(d.rglob("*.py"))]
    else:
        programs = sorted((REPO / "tests" / "rules").glob("*/*/*.py")) + sorted(
            (REPO / "tests" / "fixes" / "programs").glob("*.py")
        )
    return [p for p in programs if analyze_source(p.read_text(encoding="utf-8")).findings]


def added_lines(before: str, after: str) -> int:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return sum(1 for line in diff if line.startswith("+") and not line.startswith("+++"))


def measure(program: Path, root: Path) -> tuple[Path, int, int, int]:
    """The program fixed in a directory of its own under `root`: (its path, lines added to it,
    lines of the files created beside it, fixes applied)."""
    copy = Path(tempfile.mkdtemp(dir=root)) / program.name
    shutil.copy(program, copy)
    before = copy.read_text(encoding="utf-8")
    outcomes = fix_files([(copy, Config())], unsafe=True, write=True, follow_imports=False)
    applied = sum(len(o.applied) for o in outcomes)
    after = copy.read_text(encoding="utf-8")
    created = sum(len(p.read_text(encoding="utf-8").splitlines())
                  for p in copy.parent.glob("*.py") if p != copy)
    return copy, added_lines(before, after), created, applied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=5, help="list the N largest fixes")
    parser.add_argument("--run", action="store_true", help="run the fixed programs under JAX")
    parser.add_argument("--programs", type=Path, nargs="+", metavar="DIR",
                        help="measure the programs of these directories instead of the corpus")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as root:
        for program in failing_programs(args.programs):
            copy, added, created, applied = measure(program, Path(root))
            if applied:
                shown = program.relative_to(REPO) if program.is_relative_to(REPO) else program
                rows.append((added, created, Path(shown).as_posix(), copy))
        if not rows:
            print("no program was fixed")
            return 1
        added = [r[0] for r in rows]
        print(f"fixed programs: {len(rows)}")
        print(f"lines added to the user's file: median {statistics.median(added):g}, "
              f"max {max(added)}, mean {statistics.mean(added):.1f}")
        print(f"helper module lines (created once per directory): max {max(r[1] for r in rows)}")
        for a, c, name, _ in sorted(rows, reverse=True)[: args.show]:
            print(f"  {a:4d} (+{c} in a helper module)  {name}")
        if args.run:
            sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "fixes")]
            from batch_oracle import run_programs

            outcomes = run_programs([r[3] for r in rows])
            failed = [(r[2], o) for r, o in zip(rows, outcomes) if not o.ok]
            print(f"ran under JAX: {len(rows) - len(failed)} of {len(rows)} fixed programs ok")
            for name, o in failed:
                print(f"  FAILED {name}: {o.exception}: {o.message[:160]}")
            return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
