"""Benchmark: a generated workspace through the language server (stdio), from opening a module
that imports other workspace modules to refreshed diagnostics after an edit in one of them.

The workspace is bench_workspace.py's: N modules in a package `pkg` (each imports two others,
one in ten holds a host callback wrapper, `pkg/__init__.py` re-exports `layer_0`), plus
`main.py`, which differentiates losses built from the layers of `--imports` modules: `layer_0`
through the package's re-export, `layer_30` from its module, and layers that reach further
modules (the default makes its analysis read 63 modules; the analysis reads at most 64 per
file). `jax-lsp serve` (this checkout's: its root goes first on PYTHONPATH) starts with the
workspace as its root and VS Code-like capabilities (pushed diagnostics, watched files).
Measured:

- startup: `initialized` until the diagnostics of a module importing nothing of the workspace
  (the analysis process starts meanwhile);
- open -> diagnostics: didOpen of main.py until its first diagnostics (its analysis reads and
  interprets the workspace modules it reaches, cold); pkg/m0.py is opened right after it;
- change (open helper): an incremental didChange of pkg/m0.py that wraps the operand of its
  callback in `jax.lax.stop_gradient` (or unwraps it), until main.py's diagnostics gain or lose
  the finding that follows `layer_0` (a publish with other diagnostics does not count);
- change + save: the same edit immediately followed by writing the file and didSave (as with
  auto-save), until main.py's diagnostics change;
- watched file (closed helper): pkg/m30.py, not open, rewritten on disk the same way and
  reported with workspace/didChangeWatchedFiles (type Changed), until main.py's diagnostics
  change;
- peak RSS: VmHWM of the server process, and with its child processes (the analysis runs in
  one), at the end;
- with --open-all, then: didOpen of every other module until all their diagnostics, the
  open-helper edit again with all of them open, and the peak RSS after that.

The expected diagnostics of main.py before and after each edit are computed in this process
with `analyze_source` first; the first publish of main.py must match them. Each edit waits for
both publishes (main.py and, when open, the helper) and a short pause before the next.

    python benchmarks/bench_workspace_lsp.py [--modules 500] [--runs 20] [--open-all] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(Path(__file__).resolve().parent), str(REPO)]

from bench_lsp import CAPABILITIES, TIMEOUT, Client, _children, pct  # noqa: E402
from bench_workspace import generate  # noqa: E402

from jax_lsp.analysis import Workspace, analyze_source  # noqa: E402

SERVER = [sys.executable, "-m", "jax_lsp", "serve"]
#: the helper edited while open (its layer reaches main.py through pkg/__init__.py)
OPEN_HELPER = 0
#: the helper changed on disk while closed (imported from its module)
DISK_HELPER = 30
#: pause between two edits, once both publishes arrived
SETTLE = 0.05

WARMUP = '"""Imports nothing of the workspace."""\nimport jax.numpy as jnp\n\nx = jnp.ones(3)\n'

MAIN_HEADER = '''"""Generated dependent module: losses over the layers of workspace modules."""
import jax
import jax.numpy as jnp

from pkg import layer_{open}
from pkg.m{disk} import layer_{disk}
'''
LOSS = """

def loss_{i}(w, x):
    return jnp.sum(layer_{i}(x @ w) ** 2)
"""
STEP = """

def step(w, x):
    return (
{grads}
    )
"""


def callback_line(i: int) -> str:
    return f"    y = jax.pure_callback(_host_{i}, jax.ShapeDtypeStruct(y.shape, y.dtype), y)"


def fixed_line(i: int) -> str:
    return callback_line(i)[: -len("y)")] + "jax.lax.stop_gradient(y))"


def write_main(root: Path, modules: int, imports: int) -> Path:
    """main.py: the two helpers' layers first (so they are read whatever the analysis' module
    budget), then layers of modules spread over the package."""
    others = [i for i in range(1, modules) if i % 3 == 1 and i not in (OPEN_HELPER, DISK_HELPER)]
    step = max(1, len(others) // max(1, imports - 2))
    layers = [OPEN_HELPER, DISK_HELPER, *others[::step][: max(0, imports - 2)]]
    text = MAIN_HEADER.format(open=OPEN_HELPER, disk=DISK_HELPER)
    text += "".join(f"from pkg.m{i} import layer_{i}\n" for i in layers[2:])
    text += "".join(LOSS.format(i=i) for i in layers)
    text += STEP.format(grads="\n".join(f"        jax.grad(loss_{i})(w, x)," for i in layers))
    path = root / "main.py"
    path.write_text(text, encoding="utf-8")
    return path


def toggled(text: str, i: int, fixed: bool) -> str:
    old, new = (callback_line(i), fixed_line(i)) if fixed else (fixed_line(i), callback_line(i))
    assert text.count(old) == 1, f"m{i}.py has no unique callback line"
    return text.replace(old, new)


Signature = tuple[tuple[int, int, str], ...]


def expected(main: Path, root: Path, overlay: dict[Path, str]) -> tuple[Signature, int]:
    """main.py's findings as (line, character, code) in LSP terms, and how many workspace
    files its analysis read."""
    ws = Workspace.for_environment([root])
    ws.overlay = {p.resolve(): t for p, t in overlay.items()}
    result = analyze_source(main.read_text(encoding="utf-8"), str(main), workspace=ws)
    sig = tuple(sorted((f.span.line - 1, f.span.col, f.code) for f in result.findings))
    return sig, len(result.dependencies)


def signature(diagnostics: list[dict[str, Any]]) -> Signature:
    return tuple(
        sorted(
            (d["range"]["start"]["line"], d["range"]["start"]["character"], str(d.get("code")))
            for d in diagnostics
        )
    )


class WorkspaceClient(Client):
    async def wait_for(
        self, uri: str, after: float, accept: Callable[[dict[str, Any]], bool]
    ) -> tuple[float, dict[str, Any]]:
        """The first publish for `uri` that arrived at or after `after` and that `accept`s."""
        deadline = time.perf_counter() + TIMEOUT
        seen = 0
        while True:
            for arrived, params in self.published[seen:]:
                if params["uri"] == uri and arrived >= after and accept(params):
                    return arrived, params
            seen = len(self.published)
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no matching diagnostics for {uri} after {TIMEOUT:.0f} s")
            self._published_event.clear()
            if len(self.published) > seen:
                continue
            try:
                await asyncio.wait_for(self._published_event.wait(), 0.5)
            except asyncio.TimeoutError:
                pass


class Mismatch(RuntimeError):
    pass


async def quiet(client: Client, gap: float = 0.3) -> None:
    """Wait until no diagnostics arrived for `gap` seconds (the re-linted dependents are done)."""
    while True:
        count = len(client.published)
        await asyncio.sleep(gap)
        if len(client.published) == count:
            return


async def run(args: argparse.Namespace) -> dict[str, Any]:
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p
    )
    capabilities = copy.deepcopy(CAPABILITIES)
    capabilities["workspace"]["didChangeWatchedFiles"] = {"dynamicRegistration": True}
    capabilities["window"] = {"workDoneProgress": True}  # the first workspace scan reports
    out: dict[str, Any] = {"modules": args.modules, "runs": args.runs}
    with tempfile.TemporaryDirectory(prefix="bench-ws-lsp-") as tmp:
        root = Path(tmp).resolve()
        t = time.perf_counter()
        files = generate(root, args.modules)
        main = write_main(root, args.modules, args.imports)
        warmup = root / "warmup.py"
        warmup.write_text(WARMUP, encoding="utf-8")
        out["generate_s"] = time.perf_counter() - t
        open_path = root / "pkg" / f"m{OPEN_HELPER}.py"
        disk_path = root / "pkg" / f"m{DISK_HELPER}.py"
        open_text = open_path.read_text(encoding="utf-8")
        disk_text = disk_path.read_text(encoding="utf-8")

        # main.py's expected findings in each state of the two helpers
        states: dict[tuple[bool, bool], Signature] = {}
        for open_fixed in (False, True):
            for disk_fixed in (False, True):
                overlay = {open_path: toggled(open_text, OPEN_HELPER, True)} if open_fixed else {}
                if disk_fixed:
                    disk_path.write_text(toggled(disk_text, DISK_HELPER, True), encoding="utf-8")
                states[open_fixed, disk_fixed], deps = expected(main, root, overlay)
                disk_path.write_text(disk_text, encoding="utf-8")
                if not open_fixed and not disk_fixed:
                    out["main_dependencies"] = deps
        out["main_findings"] = len(states[False, False])
        if len(set(states.values())) != 4:
            raise Mismatch(f"the helper edits do not all change main.py's findings: {states}")

        client = WorkspaceClient(SERVER)
        await client.start(str(root))
        try:
            await client.request(
                "initialize",
                {
                    "processId": os.getpid(),
                    "rootUri": root.as_uri(),
                    "capabilities": capabilities,
                    "workspaceFolders": [{"uri": root.as_uri(), "name": "bench"}],
                },
            )
            client.notify("initialized", {})
            initialized = t0 = time.perf_counter()
            client.notify(
                "textDocument/didOpen",
                {
                    "textDocument": {
                        "uri": warmup.as_uri(),
                        "languageId": "python",
                        "version": 1,
                        "text": WARMUP,
                    }
                },
            )
            out["startup_ms"] = (await client.wait_publish(warmup.as_uri(), 1) - t0) * 1000
            client.notify("textDocument/didClose", {"textDocument": {"uri": warmup.as_uri()}})
            # the first workspace scan: every module parsed into the index, with $/progress
            deadline = time.perf_counter() + TIMEOUT
            while not any(p["value"].get("kind") == "end" for _, p in client.progress):
                if time.perf_counter() > deadline:
                    raise Mismatch("the workspace scan reported no end")
                await asyncio.sleep(0.01)
            ended, end = next((t, p) for t, p in client.progress if p["value"]["kind"] == "end")
            out["scan_s"] = ended - initialized
            out["scan_message"] = end["value"].get("message", "")

            main_uri, open_uri = main.as_uri(), open_path.as_uri()
            t0 = time.perf_counter()
            for path, text in ((main, main.read_text(encoding="utf-8")), (open_path, open_text)):
                client.notify(
                    "textDocument/didOpen",
                    {
                        "textDocument": {
                            "uri": path.as_uri(),
                            "languageId": "python",
                            "version": 1,
                            "text": text,
                        }
                    },
                )
            arrived, params = await client.wait_for(main_uri, t0, lambda p: True)
            out["open_ms"] = (arrived - t0) * 1000
            if signature(params["diagnostics"]) != states[False, False]:
                raise Mismatch(
                    "main.py's first diagnostics differ from analyze_source's findings: "
                    f"{signature(params['diagnostics'])} != {states[False, False]}"
                )
            await client.wait_publish(open_uri, 1)
            await asyncio.sleep(SETTLE)

            line = open_text.split("\n").index(callback_line(OPEN_HELPER))
            version = 1
            open_fixed = disk_fixed = False
            out["change_ms"], out["save_ms"], out["watched_ms"] = [], [], []
            out["change_helper_ms"] = []

            async def edit_open_helper(save: bool, helper_ms: list[float] | None = None) -> float:
                nonlocal version, open_fixed, open_text
                version += 1
                open_fixed = not open_fixed
                old = callback_line(OPEN_HELPER) if open_fixed else fixed_line(OPEN_HELPER)
                new = fixed_line(OPEN_HELPER) if open_fixed else callback_line(OPEN_HELPER)
                open_text = toggled(open_text, OPEN_HELPER, open_fixed)
                want = states[open_fixed, disk_fixed]
                start = time.perf_counter()
                client.notify(
                    "textDocument/didChange",
                    {
                        "textDocument": {"uri": open_uri, "version": version},
                        "contentChanges": [
                            {
                                "range": {
                                    "start": {"line": line, "character": 0},
                                    "end": {"line": line, "character": len(old)},
                                },
                                "text": new,
                            }
                        ],
                    },
                )
                if save:
                    open_path.write_text(open_text, encoding="utf-8")
                    client.notify("textDocument/didSave", {"textDocument": {"uri": open_uri}})
                arrived, _ = await client.wait_for(
                    main_uri, start, lambda p: signature(p["diagnostics"]) == want
                )
                helper = await client.wait_publish(open_uri, version, after=start)
                if helper_ms is not None:
                    helper_ms.append((helper - start) * 1000)
                return (arrived - start) * 1000

            async def edit_disk_helper() -> float:
                nonlocal disk_fixed
                disk_fixed = not disk_fixed
                want = states[open_fixed, disk_fixed]
                start = time.perf_counter()
                text = toggled(disk_text, DISK_HELPER, True) if disk_fixed else disk_text
                disk_path.write_text(text, encoding="utf-8")
                client.notify(
                    "workspace/didChangeWatchedFiles",
                    {"changes": [{"uri": disk_path.as_uri(), "type": 2}]},
                )
                arrived, _ = await client.wait_for(
                    main_uri, start, lambda p: signature(p["diagnostics"]) == want
                )
                return (arrived - start) * 1000

            def check_settled() -> None:
                # no stale publish came after the one that was waited for
                got = signature(client.last_diagnostics(main_uri))
                if got != states[open_fixed, disk_fixed]:
                    raise Mismatch(f"main.py's diagnostics went back to {got} after the edit")

            for _ in range(args.runs):
                out["change_ms"].append(await edit_open_helper(False, out["change_helper_ms"]))
                await asyncio.sleep(SETTLE)
                check_settled()
            for _ in range(args.runs):
                out["save_ms"].append(await edit_open_helper(save=True))
                await asyncio.sleep(SETTLE)
                check_settled()
            for _ in range(args.runs):
                out["watched_ms"].append(await edit_disk_helper())
                await asyncio.sleep(SETTLE)
                check_settled()
            rss = client.peak_rss_mib()
            out["rss_server_mib"], out["rss_total_mib"] = rss if rss is not None else (None, None)
            assert client.process is not None
            out["child_processes"] = len(_children(client.process.pid))

            if args.open_all:
                # every other module too: each is analysed, with all the others' buffers
                rest = [p for p in files if p != open_path]
                start = time.perf_counter()
                for path in rest:
                    client.notify(
                        "textDocument/didOpen",
                        {
                            "textDocument": {
                                "uri": path.as_uri(),
                                "languageId": "python",
                                "version": 1,
                                "text": path.read_text(encoding="utf-8"),
                            }
                        },
                    )
                last = start
                for path in rest:
                    last = max(last, await client.wait_publish(path.as_uri(), 1, after=start))
                out["open_all_s"] = last - start
                await quiet(client)
                out["change_all_open_ms"] = []
                for _ in range(args.runs):
                    out["change_all_open_ms"].append(await edit_open_helper(save=False))
                    await quiet(client)
                    check_settled()
                rss = client.peak_rss_mib()
                out["rss_all_open_server_mib"], out["rss_all_open_total_mib"] = (
                    rss if rss is not None else (None, None)
                )
        finally:
            await client.stop()
    return out


def report(out: dict[str, Any]) -> None:
    def dist(name: str) -> str:
        values = out[name]
        return (
            f"median {statistics.median(values):6.0f} ms   p95 {pct(values, 0.95):6.0f} ms   "
            f"(n={len(values)})"
        )

    rss = out["rss_server_mib"]
    print(f"modules                       {out['modules']} (+ main.py)")
    print(f"main.py reads                 {out['main_dependencies']} workspace files")
    print(f"main.py findings              {out['main_findings']}")
    print(f"startup -> first diagnostics  {out['startup_ms']:.0f} ms")
    print(f"first workspace scan          {out['scan_s']:.2f} s ({out['scan_message']})")
    print(f"open main.py -> diagnostics   {out['open_ms']:.0f} ms (cold)")
    print(f"didChange open helper         {dist('change_ms')}")
    print(f"  (its own diagnostics:       {dist('change_helper_ms')})")
    print(f"didChange + didSave           {dist('save_ms')}")
    print(f"watched file (closed helper)  {dist('watched_ms')}")
    if rss is not None:
        print(
            f"peak RSS                      {rss:.0f} MiB server, "
            f"{out['rss_total_mib']:.0f} MiB with {out['child_processes']} child process(es)"
        )
    if "open_all_s" in out:
        print(f"open all {out['modules']} modules -> diag   {out['open_all_s']:.1f} s")
        print(f"didChange, all open           {dist('change_all_open_ms')}")
        if out["rss_all_open_server_mib"] is not None:
            print(
                f"peak RSS, all open            {out['rss_all_open_server_mib']:.0f} MiB server, "
                f"{out['rss_all_open_total_mib']:.0f} MiB with children"
            )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--modules", type=int, default=500, help="modules in the package (>= 40)")
    ap.add_argument("--runs", type=int, default=20, help="edits per scenario")
    ap.add_argument(
        "--imports",
        type=int,
        default=12,
        help="workspace modules main.py imports (12: it reads 63 modules, under the analysis'\n"
        "cap of 64 modules per file)",
    )
    ap.add_argument(
        "--open-all",
        action="store_true",
        help="then open every module, and edit the helper again with all of them open",
    )
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args()
    if args.modules < 40:
        ap.error("--modules must be at least 40")
    try:
        out = asyncio.run(run(args))
    except (Mismatch, TimeoutError, asyncio.TimeoutError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        report(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
