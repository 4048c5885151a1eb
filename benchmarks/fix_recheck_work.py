"""What an incremental re-check of `--fix`'s batches would cost, counted: issue 15 asks for
`--fix` within 1.2x of `check`, and the batch's check (a second full analysis) is most of what
is above it. For every batch `--fix` checks in one analysis, this analyses the batch's first
text with records (`IncrementalAnalyzer`, as the server's first analysis) and then the fixed
text as an edit of it told the statements the fixes edited (`KnownEdits`, the outline's), and
reports how many roots ran code of an edited statement (they must run again: the floor for
any re-check that works root by root), how many that re-check re-ran and skipped, whether it
is exact (needs no confirming full analysis), and the CPU of recorded + incremental against
plain + plain (what `--fix` does now), medians of `--repeat` interleaved runs in this
process, each with the cyclic collector paused as `--fix` pauses it.

    python benchmarks/fix_recheck_work.py FILE [FILE ...] [--repeat 3]
"""

from __future__ import annotations

import argparse
import ast
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from jax_lsp.analysis.engine import AnalysisResult, analyze_source, paused_gc
from jax_lsp.analysis.incremental import IncrementalAnalyzer, KnownEdits
from jax_lsp.analysis.interp import statement_start
from jax_lsp.checker.runner import import_workspace
from jax_lsp.fixes import apply


@dataclass
class Batch:
    base: str
    fixed: str
    known: KnownEdits
    created: dict[Path, str]


def batches(path: Path) -> tuple[list[Batch], int]:
    """The batches `--fix` checks with one analysis on `path` (what `edited_tree` is asked to
    parse), and how many fixes it applied."""
    seen: list[tuple[str, apply._Member, dict[Path, str]]] = []
    original = apply._Rounds.edited_tree

    def spy(self: apply._Rounds, member: apply._Member) -> object:
        if member.outline is not None:
            created = {f.path: f.text for f in self.created.values()}
            created.update({f.path: f.text for f in member.fix.create})
            seen.append((self.text, member, created))
        return original(self, member)

    apply._Rounds.edited_tree = spy  # type: ignore[method-assign]
    try:
        text = path.read_text(encoding="utf-8")
        ws = import_workspace(str(path.parent), None)
        fixed = apply.fix_source(text, filename=str(path), workspace=ws,
                                 helpers=apply._helpers_beside(path, set()))
    finally:
        apply._Rounds.edited_tree = original  # type: ignore[method-assign]
    out = []
    for base, m, created in seen:
        o = m.outline
        assert o is not None
        # the helper module of every fix so far (the batch's own included)
        for f in fixed.created:
            created.setdefault(f.path, f.text)
        out.append(Batch(base, m.text, KnownEdits(base, o.los, o.his, o.origins), created))
    return out, len(fixed.applied)


def measure(path: Path, batch: Batch, repeat: int) -> str:
    """One batch's row: its counts, and the CPU of each way, each run as `--fix` runs it
    (the cyclic collector paused, everything freed before it resumes)."""
    ws = import_workspace(str(path.parent), None)
    name = str(path)
    plain: list[float] = []
    inc: list[float] = []
    counts = ""
    for _ in range(repeat):
        with paused_gc():
            t = time.process_time()
            ws.planned = {}
            analyze_source(batch.base, name, None, ws)
            ws.planned = dict(batch.created)
            full = analyze_source(batch.fixed, name, None, ws)
            plain.append(time.process_time() - t)
        with paused_gc():
            t = time.process_time()
            an = IncrementalAnalyzer()
            ws.planned = {}
            an.analyze(batch.base, name, None, ws, incremental=False)
            reaching = _reaching(an, batch.known)
            ws.planned = dict(batch.created)
            result = an.analyze(batch.fixed, name, None, ws, known=batch.known)
            counts = (f"{reaching} | {an.roots_run} | {an.roots_skipped} | {an.carried_calls} | "
                      f"{result.exact} ({'; '.join(an.inexact) or 'exact'}) | "
                      f"{_same(full, result)}")
            del an
            inc.append(time.process_time() - t)
    ws.planned = {}
    edited = sum(o is None for o in batch.known.origins)
    return (f"| {path.name} | {edited} | {counts} | {statistics.median(plain):.2f} s | "
            f"{statistics.median(inc):.2f} s |")


def _reaching(an: IncrementalAnalyzer, known: KnownEdits) -> str:
    """'N of M': how many roots of the analysis `an` just made ran code of a statement the
    batch edits (they must run again), of all."""
    last = an._last
    if last is None:
        return "?"
    kept = {o for o in known.origins if o is not None}
    edited: set[ast.AST] = set()
    for st in last.tree.body:
        if statement_start(st) not in kept:
            edited.update(ast.walk(st))
    n = sum(not rec.nodes.isdisjoint(edited) for rec in last.records.values())
    return f"{n} of {len(last.records)}"


def _same(a: AnalysisResult, b: AnalysisResult) -> bool:
    return [(f.code, f.span, f.message, f.path) for f in a.findings] == \
        [(f.code, f.span, f.message, f.path) for f in b.findings]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| file | statements edited | roots reaching an edit | re-run | skipped | "
          "calls carried | exact | equal to full | CPU plain + plain | "
          "CPU recorded + incremental |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for file in args.files:
        path = file.resolve()
        found, applied = batches(path)
        if not found:
            print(f"| {path.name} | no batch ({applied} fixes) |", flush=True)
        for batch in found:
            print(measure(path, batch, args.repeat), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
