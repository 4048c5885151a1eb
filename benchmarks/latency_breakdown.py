"""Where the last keystroke's latency goes: the server's hand-offs, per phase, from the traces
`JAX_LSP_LATENCY_TRACE=DIR` makes the server write (see `jax_lsp/server/runtime/latency.py`).

    mkdir /tmp/trace && JAX_LSP_LATENCY_TRACE=/tmp/trace python benchmarks/bench_lsp.py \\
        --files M.py --intervals 20 --servers jax-lsp --runs 3
    python benchmarks/latency_breakdown.py /tmp/trace

Each file is one server session; its final job (the highest version published) is broken
down into phases, and the table gives each phase's median over the sessions (ms), with the
job before it (the one the last keystroke interrupted or found running). With `--first`, the
session's first job is broken down instead: the didOpen's, from the frame's arrival to the
first publication (`benchmarks/bench_open.py` makes such sessions).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

#: (phase, from stage, to stage): consecutive hand-offs of one job
PHASES = [
    ("read -> event loop takes it", "read", "delivered"),
    ("event loop: decode, apply the edit", "delivered", "handled"),
    ("handled -> submitted (debounce, snapshot)", "handled", "submit"),
    ("submitted -> job starts (worker busy)", "submit", "job_start"),
    ("job start -> request sent (pickle, write)", "job_start", "sent"),
    ("sent -> child reads it", "sent", "child_read"),
    ("child reads -> analysis starts", "child_read", "child_start"),
    ("analysis (child)", "child_start", "child_analysed"),
    ("packing the answer", "child_analysed", "child_end"),
    ("child done -> answer readable", "child_end", "answer_ready"),
    ("answer read, unpickled", "answer_ready", "answer"),
    ("answer -> report (diagnostics JSON)", "answer", "report"),
    ("report -> event loop", "report", "finished"),
    ("event loop -> published", "finished", "published"),
]

#: (what, from, to): the server's CPU time (its thread's) between two stages
CPU = [
    ("server CPU: job start -> sent", "job_start", "sent"),
    ("server CPU: answer -> report", "answer_ready", "report"),
    ("server CPU: publishing", "finished", "published"),
]


def jobs(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def breakdown(records: list[dict[str, Any]], first: bool = False) -> dict[str, float] | None:
    """The final job's phases (ms), and facts about the job before it (`first`: the first
    job's, the open's)."""
    published = [r for r in records if r.get("outcome") == "published" and "read" in r]
    if not published:
        return None
    if first:
        final = min(published, key=lambda r: r["version"])
        if final["version"] != min(r["version"] for r in records):
            return None  # the first job did not publish (cancelled, dropped)
    else:
        final = max(published, key=lambda r: r["version"])
    out: dict[str, float] = {}
    for name, a, b in PHASES:
        if a in final and b in final:
            out[name] = (final[b] - final[a]) * 1000
    out["TOTAL read -> published"] = (final["published"] - final["read"]) * 1000
    if "child_start" in final and "child_analysed" in final:
        out["TOTAL less the analysis"] = out["TOTAL read -> published"] - (
            final["child_analysed"] - final["child_start"]) * 1000
    for name, a, b in CPU:
        if a + "_cpu" in final and b + "_cpu" in final:
            out[name] = (final[b + "_cpu"] - final[a + "_cpu"]) * 1000
    out["child CPU (ms)"] = final.get("child_cpu", float("nan")) * 1000
    earlier = [r for r in records if r["submit"] < final["submit"]]
    if earlier:
        prev = max(earlier, key=lambda r: r["submit"])
        out["prev: version gap"] = final["version"] - prev["version"]
        out["prev: cancelled"] = float(prev.get("outcome") == "cancelled")
        if "interrupt" in prev and "finished" in prev:
            out["prev: interrupt -> finished"] = (prev["finished"] - prev["interrupt"]) * 1000
        if "child_signal" in prev and "child_end" in prev:
            out["prev: child signal -> child done"] = (
                prev["child_end"] - prev["child_signal"]) * 1000
        if "finished" in prev:
            out["prev: finished - final read"] = (prev["finished"] - final["read"]) * 1000
    out["jobs in session"] = len(records)
    out["cancelled jobs"] = sum(r.get("outcome") == "cancelled" for r in records)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("dirs", nargs="+", help="trace directories (one column each)")
    ap.add_argument("--first", action="store_true",
                    help="break down each session's first job (the open's) instead of its last")
    args = ap.parse_args()
    columns: list[tuple[str, list[dict[str, float]]]] = []
    for directory in args.dirs:
        by_code: dict[str, list[dict[str, float]]] = {}
        for path in sorted(Path(directory).glob("*.jsonl")):
            records = jobs(path)
            found = breakdown(records, args.first)
            if found is not None:
                code = records[0].get("code", "?")
                chars = min(r.get("chars", 0) for r in records)  # (one module per session)
                by_code.setdefault(f"{directory} {Path(code).name} {chars} chars", []).append(
                    found)
        columns += sorted(by_code.items())
    names: list[str] = []
    for _, sessions in columns:
        for b in sessions:
            names += [n for n in b if n not in names]
    print("| phase | " + " | ".join(f"{d} (n={len(s)})" for d, s in columns) + " |")
    print("|---|" + "---|" * len(columns))
    for name in names:
        cells = []
        for _, sessions in columns:
            values = [b[name] for b in sessions if name in b]
            cells.append(f"{statistics.median(values):.1f}" if values else "")
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
