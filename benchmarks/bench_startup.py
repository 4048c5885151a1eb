"""Benchmark: start-up of the command line and of the language server, beside ruff.

- `python -c pass`, `jax-lsp --version`, `jax-lsp --help` and `ruff --version`: wall time of
  each command (medians of --runs), and the ratio of `--version` to `python -c pass`;
- what the analysis process imports before it can analyse (`python -c "from
  jax_lsp.server.runtime.analysis_process import import_analysis; import_analysis()"`): `initialize`
  is to be answered sooner than that;
- for `jax-lsp serve` and `ruff server`: the time from starting the process to the answer to
  `initialize` (sent at once), and to the first diagnostics of a small file (`examples/
  logging_in_loss.py` with an unused import), opened once `initialize` is answered, as
  editors do (pushed, or with --pull pulled); and the CPU time the server process (and its
  children) had used by then. `--cache warm`: with jax-lsp's result cache filled by `jax-lsp
  check` of the file first (the default, `cold`: each start in a project folder never seen).

    python benchmarks/bench_startup.py [--runs 7] [--pull] [--cache warm] [--baseline DIR]

The machine may be loaded by others: the 1-minute load average is printed with each row.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lsp import CAPABILITIES, Client, _children

REPO = Path(__file__).resolve().parents[1]
#: a small file both servers report on (ruff: the unused import)
SMALL_NAME = "small.py"
SMALL_TEXT = "import os\n" + (REPO / "examples" / "logging_in_loss.py").read_text()


def _script(name: str) -> str:
    """The console script next to this interpreter (no version-manager shim in between)."""
    beside = Path(sysconfig.get_path("scripts")) / name
    return str(beside) if beside.exists() else (shutil.which(name) or name)


def command_ms(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def cpu_ms(pid: int) -> float:
    """CPU time (user + system) process `pid` has used so far, in ms (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1e3 / os.sysconf("SC_CLK_TCK")


async def server_start(
    command: list[str], workdir: Path, pull: bool = False
) -> tuple[float, float, float, float]:
    """Milliseconds from starting the server to the `initialize` answer, and to the first
    diagnostics of `SMALL` (`pull`: pulled with textDocument/diagnostic once opened, as Neovim
    does, else pushed); CPU milliseconds the server process, and its child processes, had
    used by then (less sensitive to the machine's load than the wall times)."""
    client = Client(command)
    t0 = time.perf_counter()
    await client.start(str(workdir))
    capabilities = CAPABILITIES
    if pull:
        capabilities = {**CAPABILITIES, "textDocument": {
            **CAPABILITIES["textDocument"], "diagnostic": {"dynamicRegistration": False}}}
    await client.request("initialize", {
        "processId": os.getpid(), "rootUri": workdir.as_uri(), "capabilities": capabilities,
        "workspaceFolders": [{"uri": workdir.as_uri(), "name": workdir.name}],
    })
    t_init = time.perf_counter()
    client.notify("initialized", {})
    uri = (workdir / SMALL_NAME).as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": SMALL_TEXT}})
    if pull:
        await client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        t_diag = time.perf_counter()
    else:
        t_diag = await client.wait_publish(uri, 1)
    assert client.process is not None
    cpu = cpu_ms(client.process.pid)
    cpu_children = sum(cpu_ms(child) for child in _children(client.process.pid))
    await client.stop()
    return (t_init - t0) * 1e3, (t_diag - t0) * 1e3, cpu, cpu_children


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--pull", action="store_true",
                    help="the client pulls diagnostics (textDocument/diagnostic), as Neovim")
    ap.add_argument("--cache", choices=("cold", "warm"), default="cold",
                    help="jax-lsp's result cache: none (a new project folder for each server "
                    "start, the default) or filled by `jax-lsp check` before the first start "
                    "(one folder for all)")
    ap.add_argument("--baseline", metavar="DIR",
                    help="also start the server of this checkout (e.g. of the commit before a "
                    "change), interleaved with the others")
    args = ap.parse_args()
    os.environ["PYTHONPATH"] = str(REPO)
    jax_lsp, ruff = _script("jax-lsp"), shutil.which("ruff")
    base = command_ms([sys.executable, "-c", "pass"], args.runs)
    print(f"python -c pass            {base:7.1f} ms   {load()}")
    analysis_import = [sys.executable, "-c", "from jax_lsp.server.runtime.analysis_process import "
                       "import_analysis; import_analysis()"]
    for label, cmd in (("jax-lsp --version", [jax_lsp, "--version"]),
                       ("jax-lsp --help", [jax_lsp, "--help"]),
                       ("analysis process imports", analysis_import),
                       ("ruff --version", [ruff, "--version"] if ruff else None)):
        if cmd is None:
            continue
        ms = command_ms(cmd, args.runs)
        print(f"{label:<25} {ms:7.1f} ms   {ms / base:5.2f}x python -c pass   {load()}")
    servers = {"jax-lsp serve": [jax_lsp, "serve"]}
    if args.baseline:
        servers["jax-lsp (baseline)"] = [
            "env", f"PYTHONPATH={Path(args.baseline).resolve()}", jax_lsp, "serve"]
    if ruff:
        servers["ruff server"] = [ruff, "server"]
    def new_workdir() -> Path:
        workdir = Path(tempfile.mkdtemp(prefix="bench_startup_"))
        (workdir / SMALL_NAME).write_text(SMALL_TEXT)
        return workdir

    workdir = new_workdir()
    if args.cache == "warm":  # the project was checked before the editor starts
        subprocess.run([jax_lsp, "check", SMALL_NAME], cwd=workdir, capture_output=True)
    runs: dict[str, list[tuple[float, ...]]] = {label: [] for label in servers}
    for _ in range(args.runs):  # interleaved, so that both see the same load
        for label, cmd in servers.items():
            runs[label].append(asyncio.run(server_start(cmd, workdir, args.pull)))
            if args.cache == "cold":  # never seen: no result cache from an earlier run
                workdir = new_workdir()
    for label, samples in runs.items():
        init, diag, cpu, children = (statistics.median(column) for column in zip(*samples))
        print(f"{label:<25} initialize {init:7.1f} ms   first diagnostics {diag:7.1f} ms   "
              f"CPU by then {cpu:6.0f} ms (children {children:4.0f} ms)   {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
