"""Benchmark: open -> first diagnostics alone, with the CPU each process spent on it.

`bench_lsp.py` measures open -> diagnostics once per session before it types; this measures
only that, more often (sessions are short), interleaved between servers (`--baseline DIR`:
another checkout of jax-lsp), and adds what wall times on a shared, noisy machine cannot
tell: the CPU time the server process and its analysis process spent between the didOpen and
the publication (from /proc, so Linux only), and the analysis process's CPU until it has
nothing left to do after the publication (what the open costs in all).

    python benchmarks/bench_open.py --files M.py[,N.py] --runs 7 --baseline /tmp/base

`--type-after SECONDS`: open the module as `bench_lsp.py` does (with a blank line to type on)
and, that long after the publication, type one character: "first key ms" is its didChange ->
publication (the analysis process may still be making the records the edit builds on; "child
CPU after" then includes the keystroke's).

Set `JAX_LSP_LATENCY_TRACE=DIR` to have the servers write their traces, then
`python benchmarks/latency_breakdown.py --first DIR` breaks the open's job down.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lsp import CAPABILITIES, Client, _children, prepare, servers

#: seconds after the publication over which the analysis process's later CPU is counted
AFTER = 3.0
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


async def session(
    command: list[str], text: str, workdir: str, type_at: tuple[float, int] | None = None
) -> dict[str, float]:
    """One session's open (`type_at`: seconds after the publication and 0-based line where
    one character is typed, see `--type-after`)."""
    path = Path(workdir) / "module.py"
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client = Client(command)
    await client.start(workdir)
    try:
        await client.request("initialize", {
            "processId": os.getpid(), "rootUri": Path(workdir).as_uri(),
            "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": Path(workdir).as_uri(), "name": "bench"}]})
        client.notify("initialized", {})
        await client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        await asyncio.sleep(1.0)  # the server's start-up work is over (as in an editor)
        assert client.process is not None
        server = client.process.pid
        children = _children(server)
        before = {p: _cpu(p) for p in [server, *children]}
        t0 = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}})
        published = await client.wait_publish(uri, 1)
        at = {p: _cpu(p) for p in before}
        key_ms = None
        if type_at is not None:
            delay, line = type_at
            await asyncio.sleep(delay)
            t1 = time.perf_counter()
            where = {"line": line, "character": 4}
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [{"range": {"start": where, "end": where}, "text": "v"}]})
            key_ms = (await client.wait_publish(uri, 2, after=t1) - t1) * 1000
        await asyncio.sleep(AFTER)
        later = {p: _cpu(p) for p in before}
        out = {
            "open ms": (published - t0) * 1000,
            "server CPU ms": (at[server] - before[server]) * 1000,
            "child CPU ms": sum(at[c] - before[c] for c in children) * 1000,
            "child CPU after ms": sum(later[c] - at[c] for c in children) * 1000,
        }
        if key_ms is not None:
            out["first key ms"] = key_ms
        return out
    finally:
        await client.stop()


async def main_async(args: argparse.Namespace) -> int:
    available = servers(args.baseline)
    names = ["jax-lsp"] + (["jax-lsp (baseline)"] if args.baseline else [])
    print(f"# load {os.getloadavg()}", file=sys.stderr)
    for module in args.files.split(","):
        text = Path(module).read_text(encoding="utf-8")
        type_at = None
        if args.type_after is not None:
            text, line, _ = prepare(text)
            type_at = (args.type_after, line)
        results: dict[str, list[dict[str, float]]] = {n: [] for n in names}
        for _ in range(args.runs):
            for name in names:
                with tempfile.TemporaryDirectory(prefix="bench-open-") as workdir:
                    results[name].append(await session(available[name], text, workdir, type_at))
        for name in names:
            keys = results[name][0].keys()
            cells = ", ".join(
                f"{k} {statistics.median(r[k] for r in results[name]):.0f}" for k in keys)
            opens = " ".join(f"{r['open ms']:.0f}" for r in results[name])
            print(f"{name} {Path(module).name}: medians {cells} (opens: {opens})")
    print(f"# load {os.getloadavg()}", file=sys.stderr)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--files", required=True, help="comma-separated modules to open")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", help="another checkout of jax-lsp to compare with")
    ap.add_argument("--type-after", type=float, metavar="SECONDS",
                    help="type one character this long after the publication")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
