"""Benchmark: the analysis process's CPU per keystroke, in process, on bench_lsp's keystrokes.

bench_lsp measures the server end to end (its figures mix the analysis, the scheduler and the
machine's load); this measures only what the analysis process does for each edit. It opens a
module as bench_lsp does (`bench_lsp.prepare`: an indented blank line in a function in the
middle of the module), analyses it in full as the server's analysis process answers a didOpen,
then types bench_lsp's 50 characters one at a time at the same position, each version answered
as the analysis process answers an edit (`analysis_process._answer`: its incremental analyzer,
the suppression filter and the answer's packing), and records the CPU time of each answer and
of the `prepare` the process runs after it. The garbage collector is handled as in the process
(off, what the open left collected and frozen before typing starts).

Afterwards (not timed) every version's findings are compared in every field with a full
analysis of its text (`analyze_source`, suppression comments applied): `mismatch` must be 0,
and `inexact` (answers the analyzer could not prove exact, which the server confirms with a
full analysis) should be 0 too.

    python benchmarks/bench_keystrokes.py FILE [FILE ...] [--runs 3] [--base DIR] [--profile]

`--base DIR`: also run the code of another checkout (e.g. `git archive main | tar -x -C DIR`),
alternating with this one run by run, each run in a fresh subprocess (`PYTHONPATH=DIR`, and this
checkout's for the other), so that both see the same load. Without it, runs are in process.
`--profile`: a cProfile of the keystroke phase (this checkout, first run), the top functions
by cumulative and by own time. Medians and 90th percentiles pool the keystrokes of all runs.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import gc
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _versions(module: str) -> tuple[str, list[str]]:
    """The opened text and the text after each keystroke, as bench_lsp types them."""
    from bench_lsp import TYPED, prepare

    text, line, _ = prepare(module)
    lines = text.split("\n")
    versions = []
    for i, ch in enumerate(TYPED):
        at = 4 + i
        lines[line] = lines[line][:at] + ch + lines[line][at:]
        versions.append("\n".join(lines))
    return text, versions


def _full_tuple(finding: Any) -> tuple[Any, ...]:
    """Every field of a finding (its equality leaves some out)."""
    return tuple(getattr(finding, f.name) for f in dataclasses.fields(finding))


def replay(path: str, check: bool, profile: bool) -> dict[str, Any]:
    """One run: open `path`'s module, type the keystrokes; CPU seconds per answer."""
    from jax_lsp.analysis.options import AnalysisConfig, WorkspaceSpec
    from jax_lsp.server.runtime import analysis_process as ap
    from jax_lsp.server.runtime.collection import Collector

    opened, versions = _versions(Path(path).read_text(encoding="utf-8"))
    ap.import_analysis()
    collector = Collector()
    collector.start()
    with tempfile.TemporaryDirectory(prefix="bench-keys-") as workdir:
        filename = str(Path(workdir) / "module.py")
        Path(filename).write_text(opened, encoding="utf-8")
        config = AnalysisConfig(workspace=WorkspaceSpec((workdir,)))
        held: int | None = None

        def answer(source: str, incremental: bool) -> tuple[Any, float, float]:
            nonlocal held
            ap._State.interrupted = False
            start = time.process_time()
            status, payload = ap._answer(("analyse", source, filename, config, incremental, held))
            mid = time.process_time()
            after, ap._State.after = ap._State.after, None
            if after is not None:
                after()
            ap._State.analyzers[filename].prepare()
            end = time.process_time()
            if status != "ok":
                raise RuntimeError(f"the analysis answered {status}: {payload}")
            number, findings, _, _, exact = payload
            if findings is None:
                findings = ap._State.sent[filename][1]
            held = number
            return (findings, exact), mid - start, end - mid

        t = time.process_time()
        answer(opened, False)
        open_cpu = time.process_time() - t
        collector.collect()  # the pause before typing starts
        analyzer = ap._State.analyzers[filename]
        profiler = cProfile.Profile() if profile else None
        results, cpu, prepare_cpu, roots_run = [], [], [], []
        if profiler is not None:
            profiler.enable()
        for source in versions:
            result, spent, prepared = answer(source, True)
            results.append(result)
            cpu.append(spent)
            prepare_cpu.append(prepared)
            roots_run.append(analyzer.roots_run)
        if profiler is not None:
            profiler.disable()
        out: dict[str, Any] = {
            "open": open_cpu, "cpu": cpu, "prepare": prepare_cpu,
            "inexact": sum(not exact for _, exact in results),
            "full_runs": analyzer.full_runs - 1, "roots_run": roots_run,
            "lines": opened.count("\n") + 1,
        }
        if profiler is not None:
            out["profile"] = _profile_text(profiler)
        if check:
            from jax_lsp.analysis import analyze_source
            from jax_lsp.analysis.suppress import filter_suppressed

            mismatch = 0
            for source, (findings, _) in zip(versions, results):
                full = analyze_source(source, filename, config)
                expected = filter_suppressed(source, full.findings) if full.error is None else []
                if [_full_tuple(f) for f in findings] != [_full_tuple(f) for f in expected]:
                    mismatch += 1
            out["mismatch"] = mismatch
        gc.enable()
    return out


def _profile_text(profiler: cProfile.Profile) -> str:
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(35)
    return stream.getvalue()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _in_subprocess(code: Path, path: str, check: bool, profile: bool) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(code))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", path]
    command += ["--no-check"] if not check else []
    command += ["--profile"] if profile else []
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{code}: the run failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="+", help="Python modules (e.g. the shared generator's)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--base", metavar="DIR", help="another checkout to run alternately")
    ap.add_argument("--profile", action="store_true", help="cProfile the first run's keystrokes")
    ap.add_argument("--no-check", action="store_true",
                    help="skip the comparison with full analyses (it takes a full analysis "
                    "per keystroke)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    check = not args.no_check
    if args.worker:
        print(json.dumps(replay(args.files[0], check, args.profile)))
        return 0
    this = HERE.parent
    codes = [("this", this)] + ([("base", Path(args.base).resolve())] if args.base else [])
    print(f"# this: {this}" + (f"; base: {codes[1][1]}" if args.base else ""), file=sys.stderr)
    rows = []
    for path in args.files:
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in codes}
        for run in range(args.runs):
            for name, code in codes:
                profile = args.profile and run == 0 and name == "this"
                if args.base:
                    out = _in_subprocess(code, path, check, profile)
                else:
                    out = replay(path, check, profile)
                if "profile" in out:
                    print(out.pop("profile"), file=sys.stderr)
                runs[name].append(out)
                print(f"# {Path(path).name} run {run} {name}: median "
                      f"{statistics.median(out['cpu']) * 1000:.1f} ms, inexact {out['inexact']}"
                      f", mismatch {out.get('mismatch', '-')}", file=sys.stderr, flush=True)
        for name, _ in codes:
            outs = runs[name]
            cpu = [c * 1000 for o in outs for c in o["cpu"]]
            prep = [c * 1000 for o in outs for c in o["prepare"]]
            roots = [r for o in outs for r in o["roots_run"]]
            mismatch = "-" if not check else str(sum(o["mismatch"] for o in outs))
            rows.append([
                name, f"{Path(path).name} ({outs[0]['lines']} lines)",
                f"{statistics.median(cpu):.1f}", f"{pct(cpu, 0.9):.1f}",
                " / ".join(f"{statistics.median(o['cpu']) * 1000:.1f}" for o in outs),
                f"{statistics.median(prep):.1f}",
                f"{statistics.median(o['open'] for o in outs) * 1000:.0f}",
                f"{statistics.median(roots):.0f}",
                str(sum(o["inexact"] for o in outs)), mismatch,
                str(sum(o["full_runs"] for o in outs)),
            ])
    header = ["code", "module", "key CPU p50 ms", "key CPU p90 ms", "per-run medians",
              "prepare p50 ms", "open CPU ms", "roots run p50", "inexact", "mismatch",
              "full runs"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
