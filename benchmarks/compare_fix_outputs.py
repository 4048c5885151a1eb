"""Whether `--fix`, `--diff`, `--unsafe-fixes` and the JSON output of this checkout are
byte-identical to another checkout's (`--baseline DIR`): exit code, standard output, standard
error and every file of the checked tree afterwards (the fixed files, the helper module the
fixes create). A change of how `--fix` gets its result (batches, incremental analyses) must
change none of them.

    python benchmarks/compare_fix_outputs.py --baseline DIR [PATH ...]

Each PATH (default: examples/, each tests/rules/<CODE>/{fires,clean} and tests/fixes/programs of
this checkout) is copied to the same scratch directory before each run, so that absolute paths in
the outputs agree; a file is checked as the only file of its directory. Exit 1 if anything differs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "tests" / "rules"
DEFAULT = [REPO / "examples", *sorted([*RULES.glob("*/fires"), *RULES.glob("*/clean")]),
           REPO / "tests" / "fixes" / "programs"]
COMMANDS = {
    "fix": ["--fix"],
    "fix-unsafe": ["--fix", "--unsafe-fixes"],
    "diff": ["--diff"],
    "diff-unsafe": ["--diff", "--unsafe-fixes"],
    "json": ["--output-format", "json"],
    "json-unsafe": ["--output-format", "json", "--unsafe-fixes"],
}


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def run(material: Path, work: Path, repo: Path, args: list[str]) -> tuple:
    """(exit code, stdout, stderr, files afterwards) of `jax-lsp check` on a fresh copy of
    `material` at `work`, jax-lsp imported from `repo`."""
    if work.exists():
        shutil.rmtree(work)
    if material.is_dir():
        shutil.copytree(material, work)
        target = "."
    else:
        work.mkdir()
        shutil.copy(material, work)
        target = material.name
    p = subprocess.run(
        [sys.executable, "-P", "-m", "jax_lsp", "check", "--no-cache", *args, target],
        cwd=work, capture_output=True, check=False,
        env={**os.environ, "PYTHONPATH": str(repo)},
    )
    return p.returncode, p.stdout, p.stderr, _tree(work)


def _differences(a: tuple, b: tuple) -> list[str]:
    out = [what for what, x, y in zip(("exit code", "stdout", "stderr"), a, b) if x != y]
    files_a, files_b = a[3], b[3]
    out += [f"file {n}" for n in sorted(files_a.keys() | files_b.keys())
            if files_a.get(n) != files_b.get(n)]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--baseline", type=Path, required=True, metavar="DIR")
    parser.add_argument("--only", choices=sorted(COMMANDS), action="append",
                        help="compare these commands only (default: all)")
    args = parser.parse_args()
    baseline = args.baseline.resolve()
    differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        for material in [p.resolve() for p in args.paths or DEFAULT]:
            work = Path(scratch) / material.stem
            for name in args.only or COMMANDS:
                ours = run(material, work, REPO, COMMANDS[name])
                theirs = run(material, work, baseline, COMMANDS[name])
                diffs = _differences(ours, theirs)
                differ += bool(diffs)
                state = "same" if not diffs else "DIFFERS: " + ", ".join(diffs[:8])
                print(f"{material.relative_to(REPO)} {name}: exit {ours[0]}, "
                      f"{len(ours[1])} bytes out, {len(ours[3])} files: {state}", flush=True)
    print(f"{differ} differing" if differ else "all identical")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
