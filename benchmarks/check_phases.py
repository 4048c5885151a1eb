"""What a cold `jax-lsp check --jobs 1` of some files is made of, phase by phase.

Runs `check_files` in this process as `jax-lsp check --no-cache --jobs 1` would (files found
by `discover_files` from a neutral folder, module loads shared between files), with the
analysis's phases wrapped: each wrapped call's CPU time (`time.process_time`) is charged to
its phase *exclusively* (a phase nested in another, such as an imported module's parse
inside its load, is taken out of the outer one's figure), so the rows add up to the total.

    python -P benchmarks/check_phases.py [--packages jax,flax,optax,equinox] [PATH ...]
        [--base OTHER_CHECKOUT]   # the same, with that checkout's jax_lsp, in a subprocess

Phases: `parse` (the file's own parse), `reach` (`reach.may_find`), `interpreter` (building
it), `module body` (the file's statements, minus the imported modules' loads in them),
`entry points` (the roots the driver runs after the body, minus loads in them), `loads`
(imported modules' statements interpreted, built as templates or not), `workspace parse`
(imported modules read and parsed), `static pass` (`callback_hosts.check_module`: JAX011 and
JAX012), `script reach`, `release` (freeing the interpreter), `collector` (the cyclic
garbage collector's runs, wherever they start), and `rest` (reading, hashing,
decoding, provenance, suppressions, reporting: the total minus all of these). Timings are
noisy on a loaded machine: compare two checkouts in the same run (`--base`), repeated.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ORDER = ("parse", "reach", "interpreter", "module body", "loads", "entry points",
         "workspace parse", "static pass", "script reach", "release", "collector", "rest")


class Phases:
    """Exclusive CPU time per phase: a stack of the phases running, time charged to the top."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self._stack: list[str] = []
        self._since = time.process_time()

    def _charge(self) -> None:
        now = time.process_time()
        if self._stack:
            self.spent[self._stack[-1]] += now - self._since
        self._since = now

    def enter(self, phase: str) -> None:
        self._charge()
        self._stack.append(phase)
        self.calls[phase] += 1

    def leave(self) -> None:
        self._charge()
        self._stack.pop()

    def switch(self, phase: str) -> None:
        """The running phase goes on as `phase` (the driver's body gives way to its roots)."""
        self._charge()
        self._stack[-1] = phase

    def wrap(self, owner: Any, name: str, phase: str | Callable[..., str | None]) -> None:
        inner = getattr(owner, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            label = phase(*args) if callable(phase) else phase
            if label is None:
                return inner(*args, **kwargs)
            self.enter(label)
            try:
                return inner(*args, **kwargs)
            finally:
                self.leave()

        setattr(owner, name, wrapped)


def measure(paths: list[str]) -> dict[str, Any]:
    """Check `paths` in this process with the phases wrapped; the phases' seconds."""
    from jax_lsp.analysis import callback_hosts, engine, reach, script_reach
    from jax_lsp.analysis.interp import Interpreter
    from jax_lsp.analysis.python import expressions
    from jax_lsp.analysis.workspace import Workspace
    from jax_lsp.checker import runner
    from jax_lsp.project.discovery import ConfigResolver, discover_files

    ph = Phases()
    ph.wrap(engine, "parse", "parse")
    ph.wrap(reach, "may_find", "reach")
    ph.wrap(engine, "interpreter", "interpreter")
    ph.wrap(callback_hosts, "check_module", "static pass")
    ph.wrap(script_reach, "drop_unreached", "script reach")
    ph.wrap(Interpreter, "release", "release")
    ph.wrap(Workspace, "parse", "workspace parse")
    # a load already made (a dict hit) is not a phase: only loads that run statements
    ph.wrap(expressions.PythonExpressions, "load_module",
            lambda ev, path: None if path in ev.modules else "loads")
    ph.wrap(Interpreter, "_run", "module body")
    first_roots = Interpreter._may_differentiate

    def may_differentiate(self: Interpreter, *args: Any) -> Any:
        if "module body" in ph._stack[-1:]:
            ph.switch("entry points")
        return first_roots(self, *args)

    Interpreter._may_differentiate = may_differentiate  # type: ignore[method-assign]

    def collecting(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            ph.enter("collector")
        else:
            ph.leave()

    gc.callbacks.append(collecting)
    cwd = Path(tempfile.mkdtemp(prefix="check_phases_"))
    os.chdir(cwd)
    files = discover_files(paths, ConfigResolver())
    lines = sum(len(p.read_bytes().splitlines()) for p, _ in files)
    t0 = time.process_time()
    ph.enter("rest")
    outcome = runner.check_files(files, jobs=1, cwd=cwd)
    ph.leave()
    total = time.process_time() - t0
    return {"files": len(files), "lines": lines, "total": total,
            "findings": outcome.finding_count, "spent": dict(ph.spent), "calls": dict(ph.calls)}


def _package_paths(names: str) -> list[str]:
    site = Path(sysconfig.get_paths()["purelib"])
    return [str(site / n) for n in names.split(",") if n]


def _show(label: str, m: dict[str, Any]) -> None:
    print(f"{label}: {m['files']} files, {m['lines']:,} lines, {m['findings']} findings, "
          f"{m['total']:.2f} CPU-s ({m['lines'] / m['total'] / 1e3:.1f}k lines per CPU-s)")
    for phase in ORDER:
        s = m["spent"].get(phase, 0.0)
        print(f"  {phase:<16} {s:7.2f} s {100 * s / m['total']:5.1f}%"
              f"  ({m['calls'].get(phase, 0)} calls)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--packages", default="jax,flax,optax,equinox",
                    help="installed packages to check besides PATHs ('' for none)")
    ap.add_argument("--base", type=Path, help="another checkout, measured after this one")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    paths = [os.path.abspath(p) for p in args.paths] + _package_paths(args.packages)
    if args.json:
        print(json.dumps(measure(paths)))
        return 0
    runs = [("this checkout", Path(__file__).resolve().parents[1])]
    if args.base is not None:
        runs.append(("base", args.base.resolve()))
    for label, checkout in runs:
        out = subprocess.run(
            [sys.executable, "-P", __file__, "--json", "--packages", "", *paths],
            env={**os.environ, "PYTHONPATH": str(checkout)}, capture_output=True, text=True,
            check=True, cwd=tempfile.gettempdir())
        _show(f"{label} ({checkout})", json.loads(out.stdout.splitlines()[-1]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
