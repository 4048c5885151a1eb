"""Fixes in the editor: the language server's code actions on a module, as Neovim (edits
resolved lazily, files created), VS Code (the same, diagnostics pulled as the document opens)
or eglot (edits sent with the list) announces itself, beside
`jax-lsp check --fix` and `ruff check --fix` on the same file, in the same run.

Per run (a fresh server, a fresh copy of the file, no result cache) it opens the file, waits for
its diagnostics and then `--settle` seconds (the user reads them), and times:

- the first quick fix: the code-action request at the first diagnostic (`--finding`: another
  one), and (Neovim, VS Code) the resolve of its preferred action: until the edit is in hand;
- the slowest code-action request over every diagnostic (what eglot waits for, 10 s at most);
- "Fix all" (`source.fixAll.jax-lsp`: request, and resolve), its edit applied to the text and
  compared byte for byte (with the files it creates) to what `check --fix` writes.

With `--baseline DIR` (another checkout of jax-lsp), the same for it, runs alternating.
Beside each wall time, the CPU the server's process spent on it (from /proc: all its threads),
and for the first fix and "Fix all" that CPU with its analysis process's added (the server
judges fixes there): what a loaded machine stretches, not what it costs.

    python benchmarks/bench_fix_lsp.py FILE [FILE ...] [--runs 3] [--baseline DIR]
        [--client neovim|vscode|eglot] [--settle SECONDS] [--finding INDEX]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
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

import bench_lsp  # noqa: E402
from bench_lsp import CAPABILITIES, Client  # noqa: E402

#: what one request may take (the slowest, before: fix-all, minutes under load)
bench_lsp.TIMEOUT = 900.0

REPO = Path(__file__).resolve().parents[1]


CLIENT_NAMES = {"neovim": "Neovim", "vscode": "Visual Studio Code", "eglot": "Eglot"}


def capabilities(client: str) -> dict[str, Any]:
    caps = copy.deepcopy(CAPABILITIES)
    caps["workspace"]["workspaceEdit"]["resourceOperations"] = ["create", "rename", "delete"]
    if client == "eglot":
        del caps["textDocument"]["codeAction"]["resolveSupport"]
    if client == "vscode":  # pulls diagnostics
        caps["textDocument"]["diagnostic"] = {"dynamicRegistration": False}
    return caps


def cpu_seconds(pid: int) -> float:
    """The CPU (user + system) the process `pid` has spent, all its threads (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of `pid`, and theirs (Linux)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            found += [kid, *children(kid)]
    return found


def all_cpu_seconds(pid: int) -> float:
    """The CPU the process `pid` and its children (the analysis process) have spent:
    work moved from the server to its analysis process still counts."""
    return cpu_seconds(pid) + sum(c for kid in children(pid)
                                  if (c := cpu_seconds(kid)) == c)  # (nan: exited)


def _offset(lines: list[str], pos: dict[str, int]) -> int:
    """A UTF-16 position as an offset in the text of `lines` (kept line ends)."""
    line = pos["line"]
    if line >= len(lines):
        return sum(map(len, lines))
    text = lines[line]
    units = 0
    col = 0
    while col < len(text) and units < pos["character"]:
        units += 2 if ord(text[col]) > 0xFFFF else 1
        col += 1
    return sum(map(len, lines[:line])) + col


def apply_workspace_edit(edit: dict[str, Any], uri: str, text: str,
                         folder: Path) -> tuple[str, dict[str, str]]:
    """The document's text after `edit`, and the files it creates (name -> text)."""
    created: dict[str, str] = {}
    for change in edit.get("documentChanges") or []:
        if change.get("kind") == "create":
            created[change["uri"]] = ""
            continue
        target = change["textDocument"]["uri"]
        base = text if target == uri else created.get(target, "")
        lines = base.splitlines(keepends=True)
        spans = sorted(((_offset(lines, e["range"]["start"]), _offset(lines, e["range"]["end"]),
                         e["newText"]) for e in change["edits"]), key=lambda s: s[:2])
        for a, b, new in reversed(spans):
            base = base[:a] + new + base[b:]
        if target == uri:
            text = base
        else:
            created[target] = base
    for target, edits in (edit.get("changes") or {}).items():
        assert target == uri
        lines = text.splitlines(keepends=True)
        spans = sorted((_offset(lines, e["range"]["start"]), _offset(lines, e["range"]["end"]),
                        e["newText"]) for e in edits)
        for a, b, new in reversed(spans):
            text = text[:a] + new + text[b:]
    return text, {u.rsplit("/", 1)[-1]: t for u, t in created.items()}


def cli_fix(file: Path, repo: Path, command: list[str]) -> tuple[float, str, dict[str, str]]:
    """Wall time of `command` on a fresh copy of `file`, the fixed text and created files."""
    with tempfile.TemporaryDirectory() as tmp:
        copy_ = Path(tmp) / file.name
        shutil.copyfile(file, copy_)
        start = time.perf_counter()
        subprocess.run([*command, copy_.name], cwd=tmp, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False,
                       env={**os.environ, "PYTHONPATH": str(repo)})
        wall = time.perf_counter() - start
        created = {p.name: p.read_text() for p in Path(tmp).iterdir()
                   if p != copy_ and p.is_file()}
        return wall, copy_.read_text(), created


async def session(file: Path, repo: Path, client_kind: str, settle: float,
                  finding: int = 0) -> dict[str, Any]:
    """One editor session on a fresh copy of `file` (see the module's docstring)."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        copy_ = Path(tmp) / file.name
        shutil.copyfile(file, copy_)
        text = copy_.read_text()
        uri = copy_.as_uri()
        client = Client([sys.executable, "-m", "jax_lsp", "serve"])
        os.environ["PYTHONPATH"] = str(repo)
        try:
            await client.start(tmp)
        finally:
            del os.environ["PYTHONPATH"]
        await client.request("initialize", {
            "processId": os.getpid(), "rootUri": Path(tmp).as_uri(),
            "clientInfo": {"name": CLIENT_NAMES[client_kind]},
            "capabilities": capabilities(client_kind)})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": text}})
        if client_kind == "vscode":  # pulls as soon as it opens the document
            pulled = await client.request("textDocument/diagnostic",
                                          {"textDocument": {"uri": uri}})
            await asyncio.sleep(settle)  # the user reads the diagnostics
            found = pulled.get("items", [])
        else:
            await client.wait_publish(uri, 1)
            await asyncio.sleep(settle)  # the last publish of version 1; the server at rest
            found = client.last_diagnostics(uri)
        diagnostics = [d for d in found if d.get("source") == "jax-lsp"]
        assert client.process is not None
        pid = client.process.pid
        out["findings"] = len(diagnostics)

        async def actions(diag: dict[str, Any] | None, only: list[str] | None = None) -> Any:
            rng = diag["range"] if diag else {"start": {"line": 0, "character": 0},
                                              "end": {"line": 0, "character": 0}}
            context: dict[str, Any] = {"diagnostics": [diag] if diag else []}
            if only:
                context["only"] = only
            return await client.request("textDocument/codeAction", {
                "textDocument": {"uri": uri}, "range": rng, "context": context})

        async def resolved(action: dict[str, Any]) -> dict[str, Any]:
            if action.get("edit") is None:
                action = await client.request("codeAction/resolve", action)
            return action

        finding %= len(diagnostics)
        start, cpu, every = time.perf_counter(), cpu_seconds(pid), all_cpu_seconds(pid)
        listed = await actions(diagnostics[finding])
        out["first_request"] = time.perf_counter() - start
        preferred = next(a for a in listed if a.get("isPreferred"))
        await resolved(preferred)
        out["first_fix"] = time.perf_counter() - start
        out["first_fix_cpu"] = cpu_seconds(pid) - cpu
        out["first_fix_all_cpu"] = all_cpu_seconds(pid) - every
        slowest = out["first_request"]
        slowest_cpu = out["first_fix_cpu"] if client_kind == "eglot" else 0.0
        for diag in diagnostics[:finding] + diagnostics[finding + 1:]:
            t, c = time.perf_counter(), cpu_seconds(pid)
            await actions(diag)
            slowest = max(slowest, time.perf_counter() - t)
            slowest_cpu = max(slowest_cpu, cpu_seconds(pid) - c)
        out["slowest_request"] = slowest
        out["slowest_request_cpu"] = slowest_cpu
        start, cpu, every = time.perf_counter(), cpu_seconds(pid), all_cpu_seconds(pid)
        [fix_all] = await actions(None, ["source.fixAll"])
        fix_all = await resolved(fix_all)
        out["fix_all"] = time.perf_counter() - start
        out["fix_all_cpu"] = cpu_seconds(pid) - cpu
        out["fix_all_all_cpu"] = all_cpu_seconds(pid) - every
        fixed, created = apply_workspace_edit(fix_all["edit"], uri, text, Path(tmp))
        if fix_all.get("command"):  # the server writes the helper module the edit imports
            copy_.write_text(fixed)
            await client.request("workspace/executeCommand", {
                "command": fix_all["command"]["command"],
                "arguments": fix_all["command"].get("arguments", [])})
            created.update({p.name: p.read_text() for p in Path(tmp).iterdir()
                            if p != copy_ and p.is_file()})
        out["fixed"] = (fixed, created)
        await client.stop()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, metavar="DIR")
    parser.add_argument("--client", choices=tuple(CLIENT_NAMES), default="neovim")
    parser.add_argument("--settle", type=float, default=0.5, metavar="SECONDS",
                        help="wait after the diagnostics before the first code action (the "
                             "server imports the fixes in the background meanwhile)")
    parser.add_argument("--finding", type=int, default=0, metavar="INDEX",
                        help="the diagnostic the first quick fix is asked on (default the "
                             "first; -1 the last)")
    args = parser.parse_args()
    repos = {"this": REPO, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    ruff = shutil.which("ruff")
    print(f"client: {args.client}; medians of {args.runs} runs (seconds, wall; in parentheses "
          "the server's CPU; and with its analysis process's)")
    print("| file | lines | findings | jax-lsp | first quick fix | of which the request | "
          "slowest code-action request | fix all | check --fix | ruff check --fix | "
          "fix all / check --fix | same bytes as check --fix |")
    print("|---" * 12 + "|")
    for file in args.files:
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in repos}
        cli: list[float] = []
        ruff_walls: list[float] = []
        expected = None
        for _ in range(args.runs):
            wall, fixed, created = cli_fix(
                file, REPO, [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--fix"])
            cli.append(wall)
            expected = (fixed, created)
            if ruff:
                ruff_walls.append(cli_fix(file, REPO, [ruff, "check", "--no-cache",
                                                       "--isolated", "--fix"])[0])
            for name, repo in repos.items():
                runs[name].append(asyncio.run(session(file, repo, args.client, args.settle,
                                                     args.finding)))
        lines = file.read_text().count("\n")
        check = statistics.median(cli)
        rw = f"{statistics.median(ruff_walls):.2f}" if ruff_walls else "n/a"
        for name, got in runs.items():
            def med(key: str, got: list[dict[str, Any]] = got) -> float:
                return statistics.median(r[key] for r in got)
            same = all(r["fixed"] == expected for r in got)
            print(f"| {file.name} | {lines} | {got[0]['findings']} | {name} | "
                  f"{med('first_fix'):.2f} ({med('first_fix_cpu'):.2f}; "
                  f"{med('first_fix_all_cpu'):.2f}) | "
                  f"{med('first_request'):.2f} | "
                  f"{med('slowest_request'):.2f} ({med('slowest_request_cpu'):.2f}) | "
                  f"{med('fix_all'):.2f} ({med('fix_all_cpu'):.2f}; "
                  f"{med('fix_all_all_cpu'):.2f}) | {check:.2f} | {rw} | "
                  f"{med('fix_all') / check:.2f}x | {same} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
