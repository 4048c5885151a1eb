"""The work behind an editor's code actions on one file, counted in-process: CPU seconds and
analyses run for resolving the preferred fix of the first finding, for an eager client's
request (every fix of that finding, validated) and for "Fix all", against one `check`
analysis of the file; for this checkout and (`--baseline DIR`) another one, each in its own
process, runs interleaved, medians. Wall time on a shared machine is noise; these are not.

With the server's fix plans (`server/session/fix_plan.py`), the server's own operations too: a
fix judged against the document's report, and a request repeated on the same version.

    python benchmarks/fix_action_work.py FILE [--baseline DIR] [--repeat 3]
    python benchmarks/fix_action_work.py FILE [--baseline DIR] --instructions \
        "server: resolve the preferred fix" "server: eager request"
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def measure(path: Path) -> dict[str, tuple[float, int]]:
    """(CPU seconds, analyses) of each operation, as the jax-lsp on the path does them."""
    ops, warm, fresh, count = operations(path)
    out = {}
    warm()  # imported and warmed up as in a server that has answered before
    for name, op in ops:
        fresh()
        count[0] = 0
        start = time.process_time()
        op()
        out[name] = (time.process_time() - start, count[0])
    return out


def operations(path: Path) -> tuple[list[tuple[str, Any]], Any, Any, list[int]]:
    """The operations (name, function), the warm-up, what forgets an operation's work
    before the next, and the count of analyses (reset by the caller)."""
    from jax_lsp.analysis import engine, incremental
    from jax_lsp.fixes import registry
    from jax_lsp.fixes.offers import preferred_kind

    text = path.read_text(encoding="utf-8")
    count = [0]  # the analyses' interpreters made (a full or an incremental analysis each)
    real = engine.interpreter

    def counted(*args: object, **kwargs: object) -> object:
        count[0] += 1
        return real(*args, **kwargs)

    engine.interpreter = incremental.interpreter = counted  # type: ignore[assignment]
    finding = engine.analyze_source(text).findings[0]
    new = "kinds" in inspect.signature(registry.fixes_for).parameters

    def fresh() -> None:  # nothing remembered from an earlier operation
        if hasattr(registry._codes, "cache_clear"):
            registry._codes.cache_clear()

    def resolve() -> object:
        if new:
            return registry.fixes_for(text, finding, focused=True,
                                      kinds={preferred_kind(finding)})
        return registry.fixes_for(text, finding)

    def eager() -> object:
        return registry.fixes_for(text, finding, focused=new)

    def fix_all() -> object:
        if new:
            from jax_lsp.fixes.apply import fix_source

            return fix_source(text)
        from jax_lsp.server.features.code_actions import fix_all_edits

        return fix_all_edits(text, engine.analyze_source(text).findings)

    ops = [("check (one analysis)", lambda: engine.analyze_source(text)),
           ("resolve the preferred fix", resolve),
           ("eager request (all fixes of one finding)", eager),
           ("fix all", fix_all)]
    try:
        from jax_lsp.server.session import fix_plan
    except ImportError:  # a checkout before the server's fix plans
        fix_plan = None
    if fix_plan is not None:
        ops += _server_ops(fix_plan, path, text, finding)
    return ops, resolve, fresh, count


def _server_ops(fix_plan: Any, path: Path, text: str, finding: Any) -> list[tuple[str, Any]]:
    """The server's operations on one version (`server.fix_plan`): its report (what the
    analysis process sent) known, the helper module beside the file (not there yet), a plan
    made per operation but where it says "again"."""
    from jax_lsp.analysis import engine
    from jax_lsp.fixes.offers import preferred_kind
    from jax_lsp.project.config import Config
    from jax_lsp.server.session.lint import Report

    report = Report(uri=path.as_uri(), version=1, generation=0, text=text,
                    findings=tuple(engine.analyze_source(text, str(path)).findings),
                    diagnostics_json=(), result_id="r")
    analysis = fix_plan.DocumentAnalysis(str(path), path, Config(), None)

    from jax_lsp.fixes.generated import HelperModule

    # as for a file in the editor: the custom rules' machinery goes to a module beside it
    helpers = HelperModule.beside(path, lambda p: None)

    def plan() -> Any:
        return fix_plan.FixPlan(fix_plan.PlanKey(report.uri, 1, text, 0, report, helpers),
                                analysis)

    shared = [plan()]

    def fix_all_edits() -> object:  # what the server sends: `--fix`'s text as edits
        from jax_lsp.fixes.apply import fix_source
        from jax_lsp.fixes.model import text_edits

        return text_edits(text, fix_source(text, filename=str(path)).text)

    ops = [
        ("server: fix all, as the edits it sends", fix_all_edits),
        ("server: resolve the preferred fix", lambda: plan().fixes(
            finding, {preferred_kind(finding)})),
        ("server: eager request", lambda: shared[0].fixes(finding)),
        ("server: the same eager request again", lambda: shared[0].fixes(finding)),
    ]
    try:
        from jax_lsp.server.features import fix_prefetch
    except ImportError:  # a checkout before the idle-time prefetch
        fix_prefetch = None
    if fix_prefetch is not None:
        # what the prefetch after the listing leaves (not timed): the listed finding's
        # preferred fix judged, which the user then picks
        listed = plan()
        listed.fixes(finding, {preferred_kind(finding)})
        ops.append(("server: resolve the preferred fix, judged after its listing",
                    lambda: listed.fixes(finding, {preferred_kind(finding)})))
    if "deadline" in inspect.signature(fix_plan.FixPlan.fixes).parameters:
        from jax_lsp.server.features.code_actions import EAGER_SECONDS

        ops.append((f"server: eager request within {EAGER_SECONDS} s", lambda: plan().fixes(
            finding, deadline=time.monotonic() + EAGER_SECONDS)))
    return ops


def run_one(path: Path, name: str) -> None:
    """Warm up, then run the operation `name` alone ("floor": none), for a count of the
    instructions it runs (`--instructions`)."""
    ops, warm, fresh, _ = operations(path)
    warm()
    fresh()
    for op_name, op in ops:
        if op_name == name:
            op()


def instruction_counts(path: Path, repos: dict[str, Path], names: list[str]) -> None:
    """Millions of instructions (valgrind's cachegrind) of each operation in `names`, each
    in its own process less a process that only warms up: what the machine's load does not
    change."""
    import re
    import shutil
    import tempfile

    def count(repo: Path, name: str) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                [shutil.which("valgrind") or "valgrind", "--tool=cachegrind", "--cache-sim=no",
                 f"--cachegrind-out-file={tmp}/cg.out", sys.executable, __file__, "--one",
                 name, str(path.resolve())],
                capture_output=True, text=True, cwd=repo,
                env={**os.environ, "PYTHONPATH": str(repo), "PYTHONHASHSEED": "0"})
        match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        if out.returncode != 0 or match is None:
            raise RuntimeError(f"{name}: exit {out.returncode}\n{out.stderr[-2000:]}")
        return int(match.group(1).replace(",", ""))

    print(f"{path.name}: millions of instructions per operation (less the warm-up's)")
    print("| operation | " + " | ".join(repos) + " |")
    print("|---|" + "---|" * len(repos))
    floors = {r: count(repo, "floor") for r, repo in repos.items()}
    for name in names:
        cells = [f"{(count(repo, name) - floors[r]) / 1e6:,.0f}" for r, repo in repos.items()]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--baseline", type=Path, metavar="DIR")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--instructions", nargs="+", metavar="OPERATION",
                        help="count the instructions of these operations instead (valgrind)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--one", metavar="OPERATION", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.file)))
        return 0
    if args.one:
        run_one(args.file, args.one)
        return 0
    repos = {"this": REPO, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    if args.instructions:
        instruction_counts(args.file, repos, args.instructions)
        return 0
    runs: dict[str, list[dict[str, list[float]]]] = {name: [] for name in repos}
    for _ in range(args.repeat):
        for name, repo in repos.items():
            p = subprocess.run([sys.executable, __file__, "--child", str(args.file.resolve())],
                               capture_output=True, text=True, check=True, cwd=repo,
                               env={**os.environ, "PYTHONPATH": str(repo)})
            runs[name].append(json.loads(p.stdout.splitlines()[-1]))
    print(f"{args.file.name}: medians of {args.repeat} runs")
    print("| operation | " + " | ".join(f"{n} CPU | {n} analyses" for n in repos) + " |")
    print("|---|" + "---|---|" * len(repos))
    for op in runs["this"][0]:
        cells = []
        for name in repos:
            if op not in runs[name][0]:
                cells.append("n/a | n/a")
                continue
            cpu = statistics.median(r[op][0] for r in runs[name])
            cells.append(f"{cpu:.2f} s | {runs[name][0][op][1]}")
        print(f"| {op} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
