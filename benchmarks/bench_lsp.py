"""Benchmark: the language server's latency over stdio, beside `ruff server` and `pylsp`.

For each server and each module (benchmarks/generate.py's, 1,000 and 5,000 lines by default;
or the files of `--gen DIR`, a folder written by the shared generator `gen.py --out DIR`, or
`--files`) it opens the module, waits for its diagnostics, then types a 50-character statement
into a function in the middle of the module, one character every 20 ms (`--intervals`: other
typing speeds, e.g. 20,150; incremental didChange), and measures:

- open -> diagnostics: didOpen (once the server answers a request: jax-lsp answers
  `initialize` while it still starts, see benchmarks/bench_startup.py) until the first
  publishDiagnostics of version 1 (`--cache check` or `--cache session`: with jax-lsp's
  result cache filled by `jax-lsp check` of the file or by an editor session on it before;
  the default, `cold`, starts from none);
- keystroke -> diagnostics (p50/p95): for each keystroke, until the first publish of its
  version or a later one (a server that coalesces a burst answers several keystrokes with one
  publish; the intermediate texts do not parse, as when typing for real);
- last keystroke -> final diagnostics: the last didChange until the publish of its version;
- hover while typing (p95): a hover after every fifth keystroke, while analyses run;
- hover (p50/p95) and code action (p50): sequential requests once idle, on the callback calls
  jax-lsp reports (same positions for every server);
- peak RSS: VmHWM of the server process (/proc) at the end, alone and with its child processes
  (jax-lsp analyses in a child process).

Every client is the same minimal JSON-RPC client (no pygls), with VS Code-like capabilities:
UTF-16, pushed diagnostics, code action edits resolved lazily. Servers that are not installed
are skipped (`pip install python-lsp-server` for pylsp; ruff ships `ruff server`).

    python benchmarks/bench_lsp.py [--sizes 1000,5000] [--runs 3] [--servers jax-lsp,ruff,pylsp]
    python /work/shared/bench/gen.py --out /tmp/gen --sizes 1000,5000,20000
    python benchmarks/bench_lsp.py --gen /tmp/gen --intervals 20,150 --servers jax-lsp,ruff

The machine is noisy: compare servers within one run (their sessions are interleaved).
Medians over --runs for single measurements; percentiles pool the samples of all runs.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate

from jax_lsp.analysis import analyze_source

TYPED = "value = jnp.tanh(x) * 2.0 + jnp.sum(x ** 2) - 1.0  "[:50]
KEY_INTERVAL = 0.020
TIMEOUT = 120.0

CAPABILITIES: dict[str, Any] = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"didSave": True},
        "publishDiagnostics": {
            "relatedInformation": True,
            "versionSupport": True,
            "codeDescriptionSupport": True,
            "dataSupport": True,
        },
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "codeAction": {
            "codeActionLiteralSupport": {
                "codeActionKind": {"valueSet": ["", "quickfix", "source", "source.fixAll"]}
            },
            "isPreferredSupport": True,
            "dataSupport": True,
            "resolveSupport": {"properties": ["edit"]},
        },
    },
    "workspace": {"configuration": True, "workspaceEdit": {"documentChanges": True}},
    "window": {"workDoneProgress": False},
}


def servers(baseline: str | None = None) -> dict[str, list[str]]:
    """The servers to compare (`baseline`: another checkout of jax-lsp, e.g. of the commit
    before a change, run as "jax-lsp (baseline)")."""
    found = {"jax-lsp": [sys.executable, "-m", "jax_lsp", "serve"]}
    if baseline:
        found["jax-lsp (baseline)"] = [
            "env", f"PYTHONPATH={Path(baseline).resolve()}", sys.executable, "-m", "jax_lsp",
            "serve"]
    if ruff := shutil.which("ruff"):
        found["ruff"] = [ruff, "server"]
    if pylsp := shutil.which("pylsp"):
        found["pylsp"] = [pylsp]
    return found


# -- a minimal LSP client ----------------------------------------------------------------------


class Client:
    """JSON-RPC over a subprocess' stdio; records every publishDiagnostics with its arrival."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        self.process: asyncio.subprocess.Process | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self.published: list[tuple[float, dict[str, Any]]] = []
        #: `$/progress` notifications with their arrival
        self.progress: list[tuple[float, dict[str, Any]]] = []
        self._published_event = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def start(self, cwd: str) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            cwd=cwd,
        )
        self._reader = asyncio.create_task(self._read())

    def _write(self, message: dict[str, Any]) -> None:
        assert self.process is not None and self.process.stdin is not None
        body = json.dumps(message).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        while True:
            length = 0
            while True:
                line = await stdout.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            message = json.loads(await stdout.readexactly(length))
            now = time.perf_counter()
            if "method" in message and "id" in message:  # a request from the server
                self._write({"jsonrpc": "2.0", "id": message["id"], "result": _answer(message)})
            elif "method" in message:
                if message["method"] == "$/progress":
                    self.progress.append((now, message["params"]))
                if message["method"] == "textDocument/publishDiagnostics":
                    self.published.append((now, message["params"]))
                    self._published_event.set()
            elif (future := self._pending.pop(message.get("id"), None)) is not None and not (
                future.done()
            ):
                future.set_result(message.get("result"))

    async def request(self, method: str, params: Any) -> Any:
        msg_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = future
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return await asyncio.wait_for(future, TIMEOUT)

    def notify(self, method: str, params: Any) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    async def wait_publish(self, uri: str, min_version: int, after: float = 0.0) -> float:
        """Arrival time of the first publish for `uri` of version >= `min_version`."""
        deadline = time.perf_counter() + TIMEOUT
        while True:
            for arrived, params in self.published:
                version = params.get("version")
                if (
                    params["uri"] == uri
                    and arrived >= after
                    and (version is None or version >= min_version)
                ):
                    return arrived
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for {uri} version {min_version}")
            self._published_event.clear()
            try:
                await asyncio.wait_for(self._published_event.wait(), 0.5)
            except asyncio.TimeoutError:
                pass

    def last_diagnostics(self, uri: str) -> list[dict[str, Any]]:
        for _, params in reversed(self.published):
            if params["uri"] == uri:
                return list(params["diagnostics"])
        return []

    def peak_rss_mib(self) -> tuple[float, float] | None:
        """Peak RSS (VmHWM) of the server process, and of it plus its child processes (the
        jax-lsp analysis process), in MiB."""
        assert self.process is not None
        server = _vm_hwm(self.process.pid)
        if server is None:
            return None
        total = server
        for child in _children(self.process.pid):
            total += _vm_hwm(child) or 0.0
        return server, total

    async def stop(self) -> None:
        assert self.process is not None
        try:
            await asyncio.wait_for(self.request("shutdown", None), 10)
            self.notify("exit", None)
            await asyncio.wait_for(self.process.wait(), 10)
        except (asyncio.TimeoutError, ConnectionError):
            self.process.kill()
            await self.process.wait()
        if self._reader is not None:
            self._reader.cancel()


def _vm_hwm(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _answer(message: dict[str, Any]) -> Any:
    if message["method"] == "workspace/configuration":
        return [None for _ in message["params"]["items"]]
    return None


# -- one session -------------------------------------------------------------------------------


@dataclass
class Sample:
    open_ms: float = 0.0
    keystroke_ms: list[float] = field(default_factory=list)
    final_ms: float = 0.0
    hover_typing_ms: list[float] = field(default_factory=list)
    hover_ms: list[float] = field(default_factory=list)
    action_ms: list[float] = field(default_factory=list)
    rss_mib: tuple[float, float] | None = None


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class Material:
    """One module to benchmark on: its label and text."""

    name: str
    text: str


def materials(args: argparse.Namespace) -> list[Material]:
    """The modules `--gen`/`--files` name, else benchmarks/generate.py's of `--sizes`."""
    if args.gen or args.files:
        paths = [Path(p) for p in args.files.split(",") if p.strip()] if args.files else []
        if args.gen:
            manifest = json.loads((Path(args.gen) / "MANIFEST.json").read_text())
            paths += [Path(args.gen) / entry["path"] for entry in manifest["single"]]
        found = []
        for path in paths:
            text = path.read_text(encoding="utf-8")
            found.append(Material(f"{path.name} ({text.count(chr(10))} lines)", text))
        return found
    return [Material(f"generate.py {n}", generate(int(n))) for n in args.sizes.split(",")]


def prepare(module: str) -> tuple[str, int, list[dict[str, Any]]]:
    """The module (with an indented blank line to type on, before a `return` of a function in
    its middle), that line, and the LSP ranges of the callback calls jax-lsp reports."""
    source = module.split("\n")
    middle = len(source) // 2
    target = next(
        i for i in range(middle, len(source)) if re.match(r"    return \w", source[i])
    )
    source.insert(target, "    ")
    text = "\n".join(source)
    ranges: list[dict[str, Any]] = []
    for f in analyze_source(text).findings:
        line = source[f.span.line - 1]
        ranges.append(
            {
                "start": {"line": f.span.line - 1, "character": _utf16(line[: f.span.col])},
                "end": {"line": f.span.end_line - 1, "character": _utf16(line[: f.span.end_col])},
            }
        )
    if not ranges:
        raise RuntimeError("the generated module has no finding to hover on")
    return text, target, ranges


async def warm_cache(how: str, command: list[str], module: str, workdir: str,
                     interval: float) -> None:
    """Fill jax-lsp's result cache for the module the session opens, as a user would have:
    `check` (`jax-lsp check` of the file) or `session` (an editor session on it before)."""
    if how == "session":
        await run_session(command, module, workdir, interval)
        return
    text, _, _ = prepare(module)
    (Path(workdir) / "module.py").write_text(text, encoding="utf-8")
    assert command[-1] == "serve"
    check = await asyncio.create_subprocess_exec(
        *command[:-1], "check", "module.py", cwd=workdir,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    await check.wait()


async def run_session(
    command: list[str], module: str, workdir: str, interval: float = KEY_INTERVAL
) -> Sample:
    text, line, ranges = prepare(module)
    path = Path(workdir) / "module.py"
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client = Client(command)
    await client.start(workdir)
    sample = Sample()
    try:
        await until_running(client, workdir, uri)
        t0 = time.perf_counter()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
        )
        sample.open_ms = (await client.wait_publish(uri, 1) - t0) * 1000

        sent: list[tuple[int, float]] = []
        hovers: list[asyncio.Task[float]] = []

        async def timed_hover(position: dict[str, int]) -> float:
            start = time.perf_counter()
            await client.request(
                "textDocument/hover", {"textDocument": {"uri": uri}, "position": position}
            )
            return (time.perf_counter() - start) * 1000

        hover_at = [
            {"line": r["start"]["line"], "character": r["start"]["character"] + 4} for r in ranges
        ]
        for i, ch in enumerate(TYPED):
            version = i + 2
            at = {"line": line, "character": 4 + i}
            client.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": at, "end": at}, "text": ch}],
                },
            )
            sent.append((version, time.perf_counter()))
            if i % 5 == 4:
                hovers.append(asyncio.create_task(timed_hover(hover_at[i % len(hover_at)])))
            await asyncio.sleep(interval)
        last_version, last_sent = sent[-1]
        final = await client.wait_publish(uri, last_version, after=last_sent)
        sample.final_ms = (final - last_sent) * 1000
        for version, at_time in sent:
            arrived = await client.wait_publish(uri, version, after=at_time)
            sample.keystroke_ms.append((arrived - at_time) * 1000)
        sample.hover_typing_ms = list(await asyncio.gather(*hovers))

        diagnostics = client.last_diagnostics(uri)
        for _ in range(3):
            for position in hover_at:
                sample.hover_ms.append(await timed_hover(position))
        for _ in range(3):
            for rng in ranges:
                line_of = rng["start"]["line"]
                context = [d for d in diagnostics if d["range"]["start"]["line"] == line_of]
                start = time.perf_counter()
                await client.request(
                    "textDocument/codeAction",
                    {
                        "textDocument": {"uri": uri},
                        "range": rng,
                        "context": {"diagnostics": context},
                    },
                )
                sample.action_ms.append((time.perf_counter() - start) * 1000)
        sample.rss_mib = client.peak_rss_mib()
    finally:
        await client.stop()
    return sample


# -- report ------------------------------------------------------------------------------------


async def until_running(client: Client, workdir: str, uri: str) -> None:
    """Initialize a session and wait for an answer to a first request: jax-lsp answers
    `initialize` before its server is imported, so open -> diagnostics is measured on a
    running server, for every server alike."""
    await client.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": Path(workdir).as_uri(),
            "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": Path(workdir).as_uri(), "name": "bench"}],
        },
    )
    client.notify("initialized", {})
    await client.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}},
    )


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarize(samples: list[Sample]) -> list[str]:
    def pooled(name: str) -> list[float]:
        return [v for s in samples for v in getattr(s, name)]

    rss = [s.rss_mib for s in samples if s.rss_mib is not None]
    server_rss = max((r[0] for r in rss), default=None)
    total_rss = max((r[1] for r in rss), default=None)
    return [
        f"{statistics.median(s.open_ms for s in samples):.0f}",
        f"{pct(pooled('keystroke_ms'), 0.5):.0f}",
        f"{pct(pooled('keystroke_ms'), 0.95):.0f}",
        f"{statistics.median(s.final_ms for s in samples):.0f}",
        f"{pct(pooled('hover_ms'), 0.5):.1f}",
        f"{pct(pooled('hover_ms'), 0.95):.1f}",
        f"{pct(pooled('hover_typing_ms'), 0.95):.0f}",
        f"{pct(pooled('action_ms'), 0.5):.1f}",
        f"{server_rss:.0f}" if server_rss is not None else "n/a",
        f"{total_rss:.0f}" if total_rss is not None else "n/a",
    ]


HEADER = [
    "server",
    "module",
    "typing ms",
    "open→diag ms",
    "key→diag p50",
    "key→diag p95",
    "last key→final ms",
    "hover p50 ms",
    "hover p95 ms",
    "hover while typing p95",
    "code action p50 ms",
    "peak RSS MiB",
    "with children MiB",
]


async def main_async(args: argparse.Namespace) -> int:
    available = servers(args.baseline)
    wanted = [s.strip() for s in args.servers.split(",") if s.strip()]
    if args.baseline and "jax-lsp (baseline)" not in wanted:
        wanted.insert(1, "jax-lsp (baseline)")
    intervals = [float(i) / 1000 for i in args.intervals.split(",")]
    rows = []
    for module in materials(args):
        text, _, _ = prepare(module.text)
        times = []
        for _ in range(5):
            t = time.perf_counter()
            analyze_source(text)
            times.append(time.perf_counter() - t)
        print(
            f"# {module.name}: analyze_source median {statistics.median(times) * 1000:.0f} ms",
            file=sys.stderr,
        )
        names = [name for name in wanted if name in available]
        for name in sorted(set(wanted) - set(names)):
            print(f"# {name}: not installed, skipped", file=sys.stderr)
        for interval in intervals:
            samples: dict[str, list[Sample]] = {name: [] for name in names}
            for run in range(args.runs):
                for name in names:  # interleaved, so that the servers see the same load
                    with tempfile.TemporaryDirectory(prefix="bench-lsp-") as workdir:
                        try:
                            if name.startswith("jax-lsp") and args.cache != "cold":
                                await warm_cache(args.cache, available[name], module.text,
                                                 workdir, interval)
                            samples[name].append(
                                await run_session(available[name], module.text, workdir, interval)
                            )
                        except (TimeoutError, asyncio.TimeoutError) as e:
                            print(f"# {name} {module.name} run {run}: {e}", file=sys.stderr)
            for name in names:
                if samples[name]:
                    row = [name, module.name, f"{interval * 1000:.0f}", *summarize(samples[name])]
                    rows.append(row)
                    print("| " + " | ".join(row) + " |", file=sys.stderr)
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "|".join("---" for _ in HEADER) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    by_key = {(row[0], row[1], row[2]): row for row in rows}
    for (name, module, interval), row in by_key.items():
        ruff = by_key.get(("ruff", module, interval))
        if name != "jax-lsp" or ruff is None:
            continue
        ratios = []
        for column in ("open→diag ms", "key→diag p50", "last key→final ms"):
            i = HEADER.index(column)
            ours, theirs = float(row[i]), max(float(ruff[i]), 1.0)
            ratios.append(f"{column} {ours / theirs:.1f}x")
        print(f"# jax-lsp / ruff, {module}, {interval} ms typing: " + ", ".join(ratios))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="1000,5000", help="benchmarks/generate.py's modules")
    ap.add_argument("--gen", help="a folder the shared generator wrote (its MANIFEST's files)")
    ap.add_argument("--files", help="comma-separated Python files")
    ap.add_argument("--intervals", default="20", help="ms between keystrokes, comma-separated")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--servers", default="jax-lsp,ruff,pylsp",
                    help="among jax-lsp, ruff, pylsp (and 'jax-lsp (baseline)' with --baseline)")
    ap.add_argument("--cache", choices=("cold", "check", "session"), default="cold",
                    help="jax-lsp's result cache when a session starts: empty (cold, the "
                    "default), filled by `jax-lsp check` of the module, or by a session on it "
                    "before (other servers: nothing is done)")
    ap.add_argument("--baseline", metavar="DIR",
                    help="also run the jax-lsp of this checkout (e.g. `git archive HEAD~3 | tar -x "
                    "-C DIR`), in the same run")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
