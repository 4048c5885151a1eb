"""Benchmark: how many lines the preferred fix adds to the user's file.

For every failing program of the corpus (tests/corpus/**/*.py, tests/fixes/programs/*.py: the
programs with a finding), copies it into a temporary directory, runs `jax-lsp check --fix
--unsafe-fixes` on the copy (the preferred fix of each finding, as a user gets it) and counts
the lines the fixed file gained (`+` lines of the unified diff; a helper module the fix creates
beside the file is counted apart). Prints the median and maximum, and the worst programs.

    python benchmarks/fix_size.py [--show 5]
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
from jax_lsp.config import Config
from jax_lsp.fixes.apply import fix_files

REPO = Path(__file__).resolve().parents[1]


def failing_programs() -> list[Path]:
    programs = sorted((REPO / "tests" / "corpus").rglob("*.py")) + sorted(
        (REPO / "tests" / "fixes" / "programs").glob("*.py")
    )
    return [p for p in programs if analyze_source(p.read_text(encoding="utf-8")).findings]


def added_lines(before: str, after: str) -> int:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return sum(1 for line in diff if line.startswith("+") and not line.startswith("+++"))


def measure(program: Path) -> tuple[int, int, int]:
    """(lines added to the program, lines of created files, fixes applied)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / program.name
        shutil.copy(program, copy)
        before = copy.read_text(encoding="utf-8")
        outcomes = fix_files([(copy, Config())], unsafe=True, write=True, follow_imports=False)
        applied = sum(len(o.applied) for o in outcomes)
        after = copy.read_text(encoding="utf-8")
        created = sum(
            len(p.read_text(encoding="utf-8").splitlines())
            for p in Path(tmp).glob("*.py") if p != copy
        )
    return added_lines(before, after), created, applied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=5, help="list the N largest fixes")
    args = parser.parse_args()
    rows = []
    for program in failing_programs():
        added, created, applied = measure(program)
        if applied:
            rows.append((added, created, program.relative_to(REPO).as_posix()))
    if not rows:
        print("no program was fixed")
        return 1
    added = [r[0] for r in rows]
    print(f"fixed programs: {len(rows)}")
    print(f"lines added to the user's file: median {statistics.median(added):g}, "
          f"max {max(added)}, mean {statistics.mean(added):.1f}")
    print(f"helper module lines (created once per directory): max {max(r[1] for r in rows)}")
    for a, c, name in sorted(rows, reverse=True)[: args.show]:
        print(f"  {a:4d} (+{c} in a helper module)  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
