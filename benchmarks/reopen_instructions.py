"""Benchmark: the instructions a re-opened file's answer from the result cache costs, counted by
`valgrind --tool=cachegrind` (timings on a shared, loaded machine vary far more than the
differences looked for).

For each checkout (this one, and `--baseline DIR`'s): the module is copied into a new folder,
a `jax-lsp serve` session opens it once (cold: its cache entry is written), then two processes
run under cachegrind from bytecode compiled beforehand: one imports what `jax-lsp serve`
imports before its stdin front answers `initialize` (the command line, `command`, `spawn`,
`early`, `front`); the other does that, then what the front does on the first didOpen of a
file analysed before (`EarlyLint.prepare`, the configuration, the cache's key and lookup, the
diagnostics as JSON). Printed: each count, and the answer's own (the difference), which is what
`bench_reopen.py` times from the didOpen to the publication.

    python benchmarks/reopen_instructions.py /tmp/gen/single/jaxmod_5000/jaxmod_5000.py \
        [--baseline /tmp/base]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_reopen import _COMPILE_IMPORTED, open_once

REPO = Path(__file__).resolve().parents[1]

_CHILD = r"""
import os, sys
from pathlib import Path
work, mode = Path(sys.argv[1]), sys.argv[2]
os.environ["JAX_LSP_CACHE_DIR"] = str(work / "cache")
os.chdir(work)
import jax_lsp.cli, jax_lsp.server.runtime.command, jax_lsp.server.runtime.spawn
from jax_lsp.server.runtime.early import EarlyLint
from jax_lsp.server.runtime.front import StdinFront
if mode == "answer":
    import json
    path = next(p for p in work.iterdir() if p.suffix == ".py")
    capabilities = {"general": {"positionEncodings": ["utf-16"]}, "textDocument": {
        "publishDiagnostics": {"relatedInformation": True, "codeDescriptionSupport": True}}}
    early = EarlyLint()
    early._params = {"rootUri": work.as_uri(), "capabilities": capabilities,
                     "workspaceFolders": [{"uri": work.as_uri(), "name": "bench"}]}
    early.prepare()
    diagnostics = early._document_diagnostics(path.as_uri(), 1, path.read_text("utf-8"))
    if diagnostics is None:
        sys.exit("no answer from the cache")
    json.dumps(diagnostics)
"""


def instructions(python: str, tree: Path, pycache: str, work: Path, mode: str) -> int:
    with tempfile.NamedTemporaryFile(prefix="cachegrind-") as out:
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": pycache}
        subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        f"--cachegrind-out-file={out.name}", python, "-c", _CHILD, str(work),
                        mode], env=env, check=True, capture_output=True)
        found = re.search(r"summary:\s+(\d+)", Path(out.name).read_text())
        assert found is not None
        return int(found.group(1))


def measure(tree: Path, module: Path, pycache: str) -> tuple[int, int]:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": pycache, "PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "jax_lsp")], env=env,
                   check=True)
    subprocess.run([sys.executable, "-c", _COMPILE_IMPORTED], env=env, check=True)
    with tempfile.TemporaryDirectory(prefix="reopen-instructions-") as tmp:
        work = Path(tmp)
        path = work / module.name
        shutil.copyfile(module, path)
        command = ["env", f"PYTHONPATH={tree}", f"PYTHONPYCACHEPREFIX={pycache}",
                   sys.executable, "-m", "jax_lsp", "serve"]
        asyncio.run(open_once(command, path, work, "start",
                              {"JAX_LSP_CACHE_DIR": str(work / "cache")},
                              keep_until=work / "cache"))
        python = os.path.realpath(sys.executable)  # not a shim: valgrind counts what it runs
        return (instructions(python, tree, pycache, work, "front"),
                instructions(python, tree, pycache, work, "answer"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("module", help="a module of at least 1,000 lines (smaller ones are not "
                    "cached: `cached_results.MIN_CHARS`)")
    ap.add_argument("--baseline", help="another checkout of jax-lsp, measured the same way")
    args = ap.parse_args()
    module = Path(args.module).resolve()
    trees = [("this", REPO)]
    if args.baseline:
        trees.append(("baseline", Path(args.baseline).resolve()))
    with tempfile.TemporaryDirectory(prefix="reopen-instructions-pyc-") as pycache:
        for name, tree in trees:
            front, answer = measure(tree, module, pycache)
            print(f"{name} ({tree}): front {front / 1e6:.1f} M, front and answer "
                  f"{answer / 1e6:.1f} M, the answer {(answer - front) / 1e6:.1f} M")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
