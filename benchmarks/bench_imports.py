"""Benchmark: what following imports costs a run over a project, counted (the CPU times of a
shared, loaded machine are noisy; these counts are not).

Analyses every `*.py` file under FOLDER (hidden folders left out; sorted, as `check` orders
them) in this process with one `Workspace` rooted at FOLDER, as one `check --jobs 1` process
does, and prints per run:
- files analysed, and CPU seconds;
- workspace modules interpreted (bodies run by `Interpreter.load_module`), in all, per file,
  and how many distinct modules they are;
- modules parsed by the workspace (its parse cache missed, or `Workspace.facts` met a text it
  had no answer for), and the questions `Workspace.facts` was asked.

Run a baseline's tree with `PYTHONPATH=<tree> python -P benchmarks/bench_imports.py ...`.

    python benchmarks/bench_imports.py /work/real/PennyLaneAI+pennylane --under pennylane/ops
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

if not os.environ.get("PYTHONPATH"):  # (set: the tree to measure, e.g. a baseline's)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jax_lsp.analysis import workspace as workspace_module
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.python.expressions import PythonExpressions
from jax_lsp.analysis.workspace import Workspace


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--under", default="", help="only the files under this subfolder")
    args = ap.parse_args()
    root = args.folder.resolve()
    files = sorted(p for p in (root / args.under).rglob("*.py")
                   if not any(part.startswith(".") for part in p.relative_to(root).parts))
    counts = {"interpreted": 0, "parsed": 0, "facts": 0}
    distinct: set[Path] = set()

    load = PythonExpressions.load_module

    def counted_load(self, path):  # type: ignore[no-untyped-def]
        new = path not in self.modules
        info = load(self, path)
        counts["interpreted"] += new and info is not None
        if info is not None:
            distinct.add(path)
        return info

    parse = workspace_module.parse_module

    def counted_parse(*a, **k):  # type: ignore[no-untyped-def]
        counts["parsed"] += 1
        return parse(*a, **k)

    facts = getattr(Workspace, "facts", None)  # (None: a tree from before it)

    def counted_facts(self, path, read):  # type: ignore[no-untyped-def]
        counts["facts"] += 1
        return facts(self, path, read)

    PythonExpressions.load_module = counted_load  # type: ignore[method-assign]
    workspace_module.parse_module = counted_parse  # type: ignore[assignment]
    if facts is not None:
        Workspace.facts = counted_facts  # type: ignore[method-assign]
    ws = Workspace(roots=[root])
    findings = 0
    start = cpu()
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        findings += len(analyze_source(text, str(f), workspace=ws).findings)
    spent = cpu() - start
    n = max(len(files), 1)
    print(f"{len(files)} files, {findings} findings, {spent:.1f} CPU-s")
    print(f"modules interpreted {counts['interpreted']} ({counts['interpreted'] / n:.1f}/file, "
          f"{len(distinct)} distinct), parsed {counts['parsed']}, "
          f"facts asked {counts['facts']}")


if __name__ == "__main__":
    main()
