"""Record, then compare byte for byte, the `check --output-format json` output of a checkout on
a fixed list of targets: for a change meant to keep every finding (a refactoring).

    PYTHONPATH=<checkout> python scripts/compare_findings.py record OUT_DIR [--gen GEN_DIR]
    PYTHONPATH=<checkout> python scripts/compare_findings.py compare BASE_DIR [--gen GEN_DIR]

The targets, each one `python -P -m jax_lsp check --no-cache --output-format json TARGET` run from
the repository's root: each tests/rules/<CODE>/{fires,clean} (the corpus), each set of tests/blind/
as tests/blind/score.py checks it (a multi-module set program folder by program folder, a
single-file set in one run), examples/, and, with --gen, the shared generator's modules (`gen.py
--out GEN_DIR ...`: each single/jaxmod_N folder and each ws_M workspace). `compare` re-runs them
into a temporary folder and prints each target whose bytes (stdout and exit code) differ; exit code
1 if any.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def targets(gen: str | None) -> list[str]:
    """Every target, as a path relative to the repository's root (or absolute, for --gen)."""
    rules = REPO / "tests" / "rules"
    out = [d.relative_to(REPO).as_posix()
           for d in sorted([*rules.glob("*/fires"), *rules.glob("*/clean")])]
    out.append("examples")
    for setdir in sorted((REPO / "tests" / "blind").iterdir()):
        labels = setdir / "labels.json"
        if not labels.is_file():
            continue
        names = sorted(json.loads(labels.read_text()))
        if all((setdir / n).is_dir() for n in names):
            out += [f"tests/blind/{setdir.name}/{n}" for n in names]
        else:
            out.append(f"tests/blind/{setdir.name}")
    if gen:
        root = Path(gen)
        out += sorted(str(p) for p in (root / "single").iterdir())
        out += sorted(str(p) for p in root.glob("ws_*"))
    return out


def run(target: str) -> bytes:
    done = subprocess.run(
        [sys.executable, "-P", "-m", "jax_lsp", "check", "--no-cache", "--output-format",
         "json", target], cwd=REPO, capture_output=True, env=os.environ.copy())
    return done.stdout + f"\n# exit {done.returncode}\n".encode()


def record(out_dir: Path, gen: str | None, jobs: int) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    names = targets(gen)
    files = {t: out_dir / (t.strip("/").replace("/", "__") + ".json") for t in names}
    with ThreadPoolExecutor(jobs) as pool:
        for t, data in zip(names, pool.map(run, names)):
            files[t].write_bytes(data)
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("dir")
    parser.add_argument("--gen")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.mode == "record":
        files = record(Path(args.dir), args.gen, args.jobs)
        print(f"{len(files)} targets recorded in {args.dir}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        files = record(Path(tmp), args.gen, args.jobs)
        differ = []
        for t, f in files.items():
            base = Path(args.dir) / f.name
            if not base.is_file() or base.read_bytes() != f.read_bytes():
                differ.append(t)
        for t in differ:
            print(f"DIFFERS: {t}")
        print(f"{len(files) - len(differ)}/{len(files)} targets byte-identical")
        return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
