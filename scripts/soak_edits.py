"""A long editing session against the real server (`python -m jax_lsp serve`, stdio): does memory
stay flat and do the diagnostics stay right after tens of thousands of didChange edits?

Five documents (the four examples/ programs and a module from benchmarks/generate.py, copied
into a temporary workspace) are opened, then N incremental edits are sent, spread over them by a
seeded random walk: each step either applies a new edit (insert or delete a few characters, add
a line that calls a host callback under `jax.grad`, remove a line) or undoes the document's last
one, so texts wander through broken and valid states near the originals and findings come and
go. Every message the server writes is read. At each checkpoint the script waits for each
document's diagnostics of its latest version, writes the texts to disk, runs `python -m jax_lsp
check --no-cache --output-format json` on them and compares (code, start and end line and
column) with the server's, and records the RSS of the server's process tree.

It passes when the diagnostics are equal at every checkpoint and memory is flat: the last
checkpoint's RSS is within `--rss-tolerance` (1.2x) of the first checkpoint's, which is taken
after the first `--every` edits (the warm-up: imports, catalogs and caches filled). Exit status
0 on pass, 1 otherwise.

    python scripts/soak_edits.py --edits 50000 --every 5000
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# the project's byte-level client of the real server, as the server tests use it
raw_server = _load(ROOT / "tests" / "server" / "raw_server.py", "raw_server")
generate = _load(ROOT / "benchmarks" / "generate.py", "bench_generate")

#: inserted text: identifiers, punctuation and quotes, so edits break and mend the syntax
ALPHABET = "abcxyz_0123 ()[]:.,+-*#'\"\n"
#: a self-contained line JAX rejects (JAX001: a pure_callback reached by grad)
HOST_LINE = (
    "import jax as _sj; _sj.grad(lambda x: _sj.pure_callback("
    "abs, _sj.ShapeDtypeStruct((), 'float32'), x))({n}.0)\n"
)
MAX_UNDO = 40  # each document's stack of applied edits stays this shallow: texts stay near home


@dataclass
class Document:
    """A document as the client holds it, with the edits that can be undone."""

    uri: str
    path: Path
    text: str
    version: int = 1
    undo: list[tuple[int, int, str]] = field(default_factory=list)  # (offset, length, text)

    def position(self, offset: int) -> dict[str, int]:
        """The LSP position of a character offset (the texts are ASCII: every encoding agrees)."""
        line = self.text.count("\n", 0, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        return {"line": line, "character": offset - start}

    def replace(self, offset: int, length: int, new: str) -> dict[str, Any]:
        """Apply a replacement; its didChange content change."""
        change = {
            "range": {"start": self.position(offset), "end": self.position(offset + length)},
            "text": new,
        }
        old = self.text[offset:offset + length]
        self.text = self.text[:offset] + new + self.text[offset + length:]
        self.version += 1
        self.undo.append((offset, len(new), old))
        return change


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts += [i + 1 for i, ch in enumerate(text) if ch == "\n" and i + 1 < len(text)]
    return starts


def next_edit(doc: Document, rng: random.Random, serial: int) -> dict[str, Any]:
    """One edit of the random walk, applied to `doc`; its content change."""
    if doc.undo and (len(doc.undo) >= MAX_UNDO or rng.random() < 0.45):
        offset, length, old = doc.undo.pop()
        change = doc.replace(offset, length, old)
        doc.undo.pop()  # an undo is not itself undone
        return change
    kind = rng.random()
    starts = _line_starts(doc.text)
    if kind < 0.05:  # a host callback under grad, at the start of a top-level line
        top = [s for s in starts if doc.text[s:s + 1].isalpha()] or [len(doc.text)]
        return doc.replace(rng.choice(top), 0, HOST_LINE.format(n=serial))
    if kind < 0.08 and len(starts) > 1:  # remove a whole line
        i = rng.randrange(len(starts) - 1)
        return doc.replace(starts[i], starts[i + 1] - starts[i], "")
    offset = rng.randrange(len(doc.text) + 1)
    if kind < 0.6:  # type a few characters
        new = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3)))
        return doc.replace(offset, 0, new)
    length = min(rng.randint(1, 3), len(doc.text) - offset)  # delete a few
    return doc.replace(offset, length, "")


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def mend(doc: Document) -> list[dict[str, Any]]:
    """Undo `doc`'s edits until its text parses (the server carries a broken text's findings
    over from the last version that parsed, where the CLI reports only the syntax error, so
    only texts that parse can be compared); the content changes."""
    changes = []
    while doc.undo and not parses(doc.text):
        offset, length, old = doc.undo.pop()
        changes.append(doc.replace(offset, length, old))
        doc.undo.pop()
    return changes


def process_rss(pid: int) -> dict[int, int]:
    """Resident memory of `pid` and of each of its descendants, in bytes, by process id."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        try:
            proc = psutil.Process(pid)
            procs = [proc, *proc.children(recursive=True)]
        except psutil.NoSuchProcess:
            return 0
        sizes = {}
        for p in procs:
            try:
                sizes[p.pid] = p.memory_info().rss
            except psutil.NoSuchProcess:
                pass
        return sizes
    sizes, todo = {}, [pid]
    while todo:
        p = todo.pop()
        todo += raw_server.children(p)
        try:
            status = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                sizes[p] = int(line.split()[1]) * 1024
    return sizes


Key = tuple[str, int, int, int, int]


def server_keys(diagnostics: list[dict[str, Any]]) -> list[Key]:
    """(code, start line, start column, end line, end column), 1-based as the CLI reports."""
    out = []
    for d in diagnostics:
        r = d["range"]
        out.append((str(d.get("code")), r["start"]["line"] + 1, r["start"]["character"] + 1,
                    r["end"]["line"] + 1, r["end"]["character"] + 1))
    return sorted(out)


def cli_keys(workdir: Path, docs: list[Document], env: dict[str, str]) -> dict[str, list[Key]]:
    """The CLI's findings on the documents' texts written to disk, per path."""
    for doc in docs:
        doc.path.write_text(doc.text)
    proc = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--output-format", "json",
         *(str(d.path) for d in docs)],
        cwd=workdir, env=env, capture_output=True, text=True, timeout=600,
    )
    try:
        findings = json.loads(proc.stdout)
    except json.JSONDecodeError as error:
        raise SystemExit(f"jax-lsp check wrote no JSON (exit {proc.returncode}): "
                         f"{proc.stderr[-2000:]}") from error
    out: dict[str, list[Key]] = {str(d.path): [] for d in docs}
    for f in findings:
        loc, end = f["location"], f["end_location"]
        key = str(Path(f["filename"]).resolve())
        out.setdefault(key, []).append(
            (f["code"], loc["row"], loc["column"], end["row"], end["column"]))
    return {k: sorted(v) for k, v in out.items()}


class Session:
    """The server, the documents and the latest publishDiagnostics of each."""

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.server = raw_server.RawServer(workdir, env=env)
        self.published: dict[str, tuple[int | None, list[dict[str, Any]]]] = {}
        #: each document's first publication of its latest published version
        self.first: dict[str, tuple[int | None, list[dict[str, Any]]]] = {}
        self.received = 0

    def pump(self, timeout: float = 0.0) -> bool:
        """Handle one message from the server (waiting up to `timeout`); False if none came."""
        try:
            message = self.server.messages.get(timeout=timeout) if timeout else \
                self.server.messages.get_nowait()
        except queue.Empty:
            return False
        self.received += 1
        if message.get("method") == "textDocument/publishDiagnostics":
            params = message["params"]
            entry = (params.get("version"), params["diagnostics"])
            if self.first.get(params["uri"], (None,))[0] != entry[0]:
                self.first[params["uri"]] = entry
            self.published[params["uri"]] = entry
        elif "id" in message and "method" not in message:
            self.server.responses.setdefault(message["id"], []).append(message)
        return True

    def drain(self) -> None:
        while self.pump():
            pass

    def wait_current(self, docs: list[Document], timeout: float, settle: float) -> list[str]:
        """Wait until each document's latest version has its diagnostics and then the server
        has been quiet for `settle` seconds (an incremental report that is not provably exact
        is confirmed by a full analysis 0.25 s after the edits pause, and republished if it
        differs: `scheduler.VERIFY_DELAY`); the URIs still without diagnostics of their latest
        version when `timeout` runs out."""
        deadline = time.monotonic() + timeout
        while True:
            self.drain()
            late = [d.uri for d in docs if self.published.get(d.uri, (None,))[0] != d.version]
            if not late:
                break
            if time.monotonic() > deadline:
                return late
            if self.server.process.poll() is not None:
                raise SystemExit(f"the server exited ({self.server.process.returncode})")
            self.pump(0.2)
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < settle and time.monotonic() < deadline:
            if self.pump(0.05):
                quiet_since = time.monotonic()
        return []


def make_workspace(workdir: Path, module_lines: int) -> list[Path]:
    paths = []
    for source in sorted((ROOT / "examples").glob("*.py")):
        target = workdir / source.name
        shutil.copyfile(source, target)
        paths.append(target)
    generated = workdir / "generated_module.py"
    generated.write_text(generate.generate(module_lines))
    paths.append(generated)
    return paths


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    env = {"PYTHONPATH": str(ROOT)}
    cli_env = {**os.environ, **env}
    checkpoints = sorted({min(args.edits, args.every * k)
                          for k in range(1, -(-args.edits // args.every) + 1)})
    rows: list[dict[str, Any]] = []
    ok = True
    with tempfile.TemporaryDirectory(prefix="jax-lsp-soak-") as tmp:
        workdir = Path(tmp).resolve()
        paths = make_workspace(workdir, args.module_lines)
        docs = [Document(p.as_uri(), p, p.read_text()) for p in paths]
        session = Session(workdir, env)
        start = time.monotonic()
        try:
            session.server.initialize(
                capabilities={"textDocument": {"publishDiagnostics": {"versionSupport": True}}})
            for doc in docs:
                session.server.open(doc.uri, doc.text, doc.version)
            late = session.wait_current(docs, args.wait, args.settle)
            if late:
                print(f"no diagnostics after opening: {late}", file=sys.stderr)
                return 1
            sent = 0
            burst = mended = 0
            for target in checkpoints:
                while sent < target:
                    doc = rng.choice(docs)
                    change = next_edit(doc, rng, sent)
                    session.server.notify("textDocument/didChange", {
                        "textDocument": {"uri": doc.uri, "version": doc.version},
                        "contentChanges": [change],
                    })
                    sent += 1
                    burst += 1
                    session.drain()
                    if burst >= args.burst:  # a typing pause: let analyses run and publish
                        burst = 0
                        time.sleep(args.pause)
                        session.drain()
                for doc in docs:
                    for change in mend(doc):
                        session.server.notify("textDocument/didChange", {
                            "textDocument": {"uri": doc.uri, "version": doc.version},
                            "contentChanges": [change],
                        })
                        sent += 1
                        mended += 1
                late = session.wait_current(docs, args.wait, args.settle)
                expected = cli_keys(workdir, docs, cli_env)
                equal = not late
                first_differs = sum(
                    server_keys(session.first.get(d.uri, (None, []))[1])
                    != expected.get(str(d.path), []) for d in docs)
                findings = sum(len(v) for v in expected.values())
                for doc in docs:
                    got = server_keys(session.published.get(doc.uri, (None, []))[1])
                    want = expected.get(str(doc.path), [])
                    if got != want:
                        equal = False
                        if args.dump is not None:
                            args.dump.mkdir(parents=True, exist_ok=True)
                            stem = args.dump / f"{doc.path.stem}.v{doc.version}"
                            stem.with_suffix(".py").write_text(doc.text)
                            stem.with_suffix(".json").write_text(json.dumps(
                                {"server": got, "cli": want}))
                        if args.verbose:
                            print(f"  {doc.path.name} v{doc.version}: server {got} cli {want}",
                                  file=sys.stderr)
                if late:
                    print(f"  no diagnostics of the latest version in {args.wait} s: {late}",
                          file=sys.stderr)
                sizes = process_rss(session.server.process.pid)
                rss = sum(sizes.values()) / 2**20
                elapsed = time.monotonic() - start
                rows.append({"edits": sent, "rss": rss, "equal": equal, "elapsed": elapsed,
                             "received": session.received, "findings": findings,
                             "first_differs": first_differs})
                ok &= equal
                if args.progress:
                    print(f"{sent:>8} {rss:>8.1f} {'yes' if equal else 'no':>6} {findings:>4} "
                          f"{first_differs:>3} {elapsed:>9.1f}  by process: "
                          + " ".join(f"{p}={n / 2**20:.1f}" for p, n in sizes.items()),
                          flush=True)
        finally:
            session.server.kill()
    first, last = rows[0]["rss"], rows[-1]["rss"]
    flat = last <= args.rss_tolerance * first
    print("| edits | RSS MiB | diagnostics equal to the CLI's | CLI findings "
          "| documents whose first report differed | elapsed s |")
    print("|---:|---:|:---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['edits']:,} | {r['rss']:.1f} | {'yes' if r['equal'] else 'no'} "
              f"| {r['findings']} | {r['first_differs']} | {r['elapsed']:.0f} |")
    print(f"\nmessages read from the server: {rows[-1]['received']:,}; edits that mended a "
          f"text that did not parse before a checkpoint (counted in the edits): {mended:,}")
    print(f"memory flat (last checkpoint {last:.1f} MiB <= {args.rss_tolerance} x first "
          f"{first:.1f} MiB): {'yes' if flat else 'no'}")
    print(f"diagnostics equal at every checkpoint: {'yes' if ok else 'no'}")
    passed = flat and ok
    print("PASS" if passed else "FAIL")
    return 0 if passed else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=50_000, help="didChange edits to send")
    parser.add_argument("--every", type=int, default=5_000, help="edits between checkpoints")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--module-lines", type=int, default=400,
                        help="size of the generated module")
    parser.add_argument("--burst", type=int, default=25, help="edits between typing pauses")
    parser.add_argument("--pause", type=float, default=0.02, help="seconds of a typing pause")
    parser.add_argument("--wait", type=float, default=60.0,
                        help="seconds to wait for a checkpoint's diagnostics")
    parser.add_argument("--settle", type=float, default=1.0,
                        help="seconds of quiet from the server that end a checkpoint's wait")
    parser.add_argument("--rss-tolerance", type=float, default=1.2)
    parser.add_argument("--progress", action="store_true", help="print each checkpoint")
    parser.add_argument("--dump", type=Path,
                        help="write each text whose diagnostics differ into this folder")
    parser.add_argument("--verbose", action="store_true", help="show unequal diagnostics")
    args = parser.parse_args(argv)
    if args.edits < 1 or args.every < 1:
        parser.error("--edits and --every must be positive")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
