"""Benchmark: opening a file in a new editor session, cold and re-opened, beside `ruff server`.

For each module and each run, in one working folder (the file keeps its path, so the second
session finds what the first one persisted):

- **open (cold)**: a new `jax-lsp serve` with an empty result cache (`JAX_LSP_CACHE_DIR`, a
  fresh folder per run) opens the module;
- **reopen**: another new `jax-lsp serve` opens the same, unchanged module, with the cache the
  first session wrote (that session is stopped once the entry is on disk);
- **ruff**: a new `ruff server` opens the same module.

Each measures didOpen -> the first publishDiagnostics of the document (and, `start->`, the
server process's start -> that publication), with the didOpen sent as
an editor that restores its open files sends it: right after `initialized` (`--when start`,
the default), or once the server has answered a first request (`--when running`, as
bench_lsp.py and bench_open.py measure). The three sessions of a run are consecutive, and the
order of the runs' sessions rotates, so load drifts hit them alike; medians over `--runs`.
`reopen` also checks that its diagnostics are the cold session's (a cache answer that differs
fails the benchmark).

    python /work/shared/bench/gen.py --out /tmp/gen --sizes 5000,20000 --workspaces 0
    python benchmarks/bench_reopen.py /tmp/gen/single/*/*.py SITE/jax/_src/lax/lax.py --runs 7
    python benchmarks/bench_reopen.py FILES --baseline DIR   # DIR's reopen too, same run

jax-lsp's modules are run from bytecode compiled beforehand into a temporary
`PYTHONPYCACHEPREFIX`, as after `pip install` (this machine sets PYTHONDONTWRITEBYTECODE, so
without it every session compiles them: `--no-bytecode` measures that). A prefix is where
Python looks for the bytecode of every module, the standard library's and the installed
packages' too, so those a session imports are compiled into it as well: else each session
would compile them from source (about 0.4 s of CPU), which no installed interpreter does.

A module given by a path outside the generator's folder (an installed package's) is opened in
place, the working folder being the session's workspace.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lsp import CAPABILITIES, Client

#: seconds to wait for the cold session's cache entry to reach the disk
SAVE_TIMEOUT = 60.0


def _commands(pycache: str | None, baseline: str | None) -> dict[str, list[str]]:
    python = [sys.executable, "-m", "jax_lsp", "serve"]
    found = {"jax-lsp": ["env", f"PYTHONPYCACHEPREFIX={pycache}", *python] if pycache
             else python}
    if baseline:
        found["baseline"] = ["env", f"PYTHONPATH={Path(baseline).resolve()}",
                             *found["jax-lsp"]]
    if ruff := shutil.which("ruff"):
        found["ruff"] = [ruff, "server"]
    return found


async def open_once(command: list[str], path: Path, workdir: Path, when: str,
                    env: dict[str, str] | None = None, keep_until: Path | None = None
                    ) -> tuple[float, float, list[Any]]:
    """didOpen -> first publish of `path` in a new session of `command`, and the process's
    start -> that publish (ms), and what it published. `keep_until`: a cache folder the session
    is kept open until an entry is written to (the analysis process writes it once the
    diagnostics are sent)."""
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    setting = [f"{k}={v}" for k, v in (env or {}).items()]
    client = Client(["env", *setting, *command] if setting else command)
    started = time.perf_counter()
    await client.start(str(workdir))
    try:
        await client.request("initialize", {
            "processId": os.getpid(), "rootUri": workdir.as_uri(),
            "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": workdir.as_uri(), "name": "bench"}]})
        client.notify("initialized", {})
        if when == "running":
            await client.request("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        t0 = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}})
        published = await client.wait_publish(uri, 1)
        if keep_until is not None:
            deadline = time.monotonic() + SAVE_TIMEOUT
            while not _bucket_files(keep_until):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the cold session left no cache entry for {path}")
                await asyncio.sleep(0.05)
        return ((published - t0) * 1000, (published - started) * 1000,
                client.last_diagnostics(uri))
    finally:
        await client.stop()


def _bucket_files(cache: Path) -> list[Path]:
    return [p for p in cache.rglob("*.json") if p.is_file()]


async def one_run(module: Path, run: int, when: str, commands: dict[str, list[str]],
                  gen_root: Path | None) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-reopen-") as tmp:
        workdir = Path(tmp)
        if gen_root is not None and module.is_relative_to(gen_root):
            path = workdir / module.name
            shutil.copyfile(module, path)
        else:
            path = module
        cache = workdir / "cache"
        env = {"JAX_LSP_CACHE_DIR": str(cache)}
        out: dict[str, float] = {}
        jax = commands["jax-lsp"]

        async def cold() -> None:
            out["open (cold)"], out["start->cold"], out_diags["cold"] = await open_once(
                jax, path, workdir, when, env, keep_until=cache)

        async def ruff() -> None:
            if "ruff" in commands:
                out["ruff open"], out["start->ruff"], _ = await open_once(
                    commands["ruff"], path, workdir, when)

        out_diags: dict[str, list[Any]] = {}
        first, second = (cold, ruff) if run % 2 == 0 else (ruff, cold)
        await first()
        await second()
        out["reopen"], out["start->reopen"], out_diags["reopen"] = await open_once(
            jax, path, workdir, when, env)
        if out_diags["reopen"] != out_diags["cold"]:
            raise RuntimeError(f"{module}: the reopened session published other diagnostics")
        base = commands.get("baseline")
        if base is not None:  # the other checkout's reopen, with its own cache
            base_env = {"JAX_LSP_CACHE_DIR": str(workdir / "cache-baseline")}
            await open_once(base, path, workdir, when, base_env,
                            keep_until=workdir / "cache-baseline")
            out["baseline reopen"], out["start->baseline reopen"], _ = await open_once(
                base, path, workdir, when, base_env)
        out["diagnostics"] = len(out_diags["cold"])
        return out


#: run with the prefix set: import what a session's processes import (the command line, with
#: `argparse` and `gettext`, the server, the stdin front's early answer and the analysis
#: process) and compile each module's source into it
_COMPILE_IMPORTED = """
import py_compile, sys
import jax_lsp.cli, jax_lsp.project.cache, jax_lsp.server.runtime.early, jax_lsp.server.server
from jax_lsp.server.runtime.analysis_process import import_analysis
import_analysis()
for module in list(sys.modules.values()):
    source = getattr(module, "__file__", None)
    if isinstance(source, str) and source.endswith(".py"):
        try:
            py_compile.compile(source, doraise=True)
        except (OSError, py_compile.PyCompileError):
            pass
"""


async def main_async(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="bench-reopen-pyc-") as pycache:
        if args.bytecode:
            import jax_lsp

            packages = [str(Path(jax_lsp.__file__).parent)]
            if args.baseline:
                packages.append(str(Path(args.baseline).resolve() / "jax_lsp"))
            subprocess.run([sys.executable, "-m", "compileall", "-q", *packages],
                           env={**os.environ, "PYTHONPYCACHEPREFIX": pycache}, check=True)
            for package in packages:
                subprocess.run([sys.executable, "-c", _COMPILE_IMPORTED],
                               env={**os.environ, "PYTHONPYCACHEPREFIX": pycache,
                                    "PYTHONPATH": str(Path(package).parent)}, check=True)
        return await _measure(args, _commands(pycache if args.bytecode else None,
                                              args.baseline))


async def _measure(args: argparse.Namespace, commands: dict[str, list[str]]) -> int:
    print(f"# load {os.getloadavg()}", file=sys.stderr)
    gen_root = Path(args.gen_root).resolve() if args.gen_root else None
    for name in args.modules:
        module = Path(name).resolve()
        if gen_root is None and "single" in module.parts:
            gen_root = module.parents[1]
        results = [await one_run(module, run, args.when, commands, gen_root)
                   for run in range(args.runs)]
        keys = [k for k in ("open (cold)", "reopen", "ruff open", "baseline reopen",
                            "start->cold", "start->reopen", "start->ruff",
                            "start->baseline reopen") if k in results[0]]
        medians = {k: statistics.median(r[k] for r in results) for k in keys}
        lines = len(module.read_text(encoding="utf-8").splitlines())
        cells = ", ".join(f"{k} {v:.0f} ms" for k, v in medians.items())
        ratio = (f"; reopen / ruff {medians['reopen'] / medians['ruff open']:.2f}x, "
                 f"start->reopen / start->ruff "
                 f"{medians['start->reopen'] / medians['start->ruff']:.2f}x"
                 if "ruff open" in medians else "")
        print(f"{module.name} ({lines} lines, {results[0]['diagnostics']:.0f} diagnostics), "
              f"--when {args.when}, medians of {args.runs}: {cells}{ratio}")
        for k in keys:
            print(f"    {k}: " + " ".join(f"{r[k]:.0f}" for r in results))
    print(f"# load {os.getloadavg()}", file=sys.stderr)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("modules", nargs="+", help="modules to open")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--when", choices=("start", "running"), default="start",
                    help="didOpen right after `initialized` (start) or after a first answer")
    ap.add_argument("--no-bytecode", dest="bytecode", action="store_false",
                    help="run jax-lsp from its sources (no .pyc), as this machine sets")
    ap.add_argument("--baseline", help="another checkout of jax-lsp (e.g. `git archive` of "
                    "the commit before) whose reopen is measured too, in the same run")
    ap.add_argument("--gen-root", help="the generator's folder: its modules are copied into "
                    "each run's working folder (default: the folder above a `single/`)")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
