"""Benchmark: keystroke -> diagnostics for a keystroke typed after a short pause, when the
server's idle-time fix prefetch (`server/features/fix_prefetch.py`: 0.5 s after a report with
no analysis, it judges a quick fix, an analysis in the server's process) is likely under way.

bench_lsp types 50 keystrokes 20 ms apart right after the first diagnostics, so no prefetch
runs among them; bench_keystrokes counts the analysis process's CPU only. Here each keystroke
comes `--pauses` seconds (cycled) after the diagnostics of the one before, so that most land
while the judgement of the previous version's fix runs beside the keystroke's analysis.

    python benchmarks/bench_typing_after_pause.py FILE [--baseline DIR] [--keystrokes 30]
        [--pauses 0.55,0.6,0.65,0.7,0.8,0.9] [--runs 2]

Each server (this checkout, `--baseline`'s) in turn, which goes first alternating from run to
run (the first was measured slower, whichever it was: use an even `--runs`); the latencies of
all runs pooled: median, 90th percentile and the largest, in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from itertools import cycle
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lsp import TYPED, Client, pct, prepare, until_running  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


async def session(file: Path, repo: Path, keystrokes: int, pauses: list[float],
                  settle: float) -> list[float]:
    text, line, _ = prepare(file.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "module.py"
        path.write_text(text)
        uri = path.as_uri()
        client = Client(["env", f"PYTHONPATH={repo}", sys.executable, "-m", "jax_lsp", "serve"])
        await client.start(tmp)
        try:
            await until_running(client, tmp, uri)
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1, "text": text}})
            await client.wait_publish(uri, 1)
            await asyncio.sleep(settle)  # the preload and the first prefetch are done
            latencies = []
            pause = cycle(pauses)
            typed = cycle(TYPED)
            for i in range(keystrokes):
                version = i + 2
                at = {"line": line, "character": 4 + i}
                sent = time.perf_counter()
                client.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": at, "end": at},
                                        "text": next(typed)}]})
                arrived = await client.wait_publish(uri, version, after=sent)
                latencies.append((arrived - sent) * 1000)
                await asyncio.sleep(next(pause))
            return latencies
        finally:
            await client.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--baseline", type=Path, metavar="DIR")
    parser.add_argument("--keystrokes", type=int, default=30)
    parser.add_argument("--pauses", default="0.55,0.6,0.65,0.7,0.8,0.9")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--settle", type=float, default=4.0)
    args = parser.parse_args()
    pauses = [float(p) for p in args.pauses.split(",")]
    repos = {"this": REPO, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    got: dict[str, list[float]] = {name: [] for name in repos}
    for run in range(args.runs):
        # the first server of a run was measured slower whichever it was: alternate them
        order = list(repos.items())
        for name, repo in order[run % 2:] + order[:run % 2]:
            got[name] += asyncio.run(session(args.file, repo, args.keystrokes, pauses,
                                             args.settle))
    print(f"{args.file.name}: keystroke -> diagnostics after pauses of {args.pauses} s, "
          f"{args.runs} runs x {args.keystrokes} keystrokes (ms); load {os.getloadavg()[0]:.1f}")
    print("| server | median | p90 | max |")
    print("|---|---|---|---|")
    for name, values in got.items():
        print(f"| {name} | {statistics.median(values):.1f} | {pct(values, 0.9):.1f} | "
              f"{max(values):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
