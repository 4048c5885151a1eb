"""Run several programs under real JAX in one fresh interpreter, one after the other, each as
`__main__` in its own directory, and report how each ended as the oracle's `Outcome`.

`tests/oracle.py` gives each program its own process. A fresh interpreter (and JAX in it) costs
1-3 s of CPU against 0.2-0.6 s for running a small fixed program, and the corpus has a few
hundred fixed variants, so the corpus-wide fix tests run them in batches instead. A program
may change JAX's global configuration (`jax.config.update("jax_enable_x64", True)` at its top
level, as some corpus programs about the x64 flag do): the driver puts every flag back after
each program, so none leaks into the next program of a batch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from oracle import Outcome

_DRIVER = r"""
import json, os, runpy, sys
import jax
flags = dict(jax.config.values)  # JAX's configuration as a fresh interpreter has it
results = []
for path in json.loads(sys.argv[1]):
    for name, value in dict(jax.config.values).items():
        if value != flags.get(name, value):
            jax.config.update(name, flags[name])  # (what the previous program changed)
    os.chdir(os.path.dirname(path))
    sys.argv = [path]
    sys.path[0] = os.path.dirname(path)
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException as e:  # noqa: BLE001 - we report every way a program can end
        if isinstance(e, SystemExit) and not e.code:
            results.append({"ok": True})
        else:
            results.append({"ok": False, "exception": type(e).__name__, "message": str(e)})
    else:
        results.append({"ok": True})
    sys.stdout.flush()
sys.stderr.write("\n@@BATCH@@" + json.dumps(results) + "\n")
"""


def run_programs(paths: Sequence[Path], timeout: float = 600.0) -> list[Outcome]:
    """The outcome of each program (absolute paths), run one after the other."""
    if not paths:
        return []
    env = dict(os.environ)
    env.setdefault("JAX_PLATFORMS", "cpu")
    env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=1")
    env["PYTHONHASHSEED"] = "0"
    proc = subprocess.run(
        [sys.executable, "-c", _DRIVER, json.dumps([str(p) for p in paths])],
        capture_output=True,
        check=False,
        text=True,
        timeout=timeout,
        cwd=str(paths[0].parent),
        env=env,
    )
    marker = proc.stderr.rfind("@@BATCH@@")
    if marker < 0:
        crash = Outcome(False, "Crash", f"exit {proc.returncode}: {proc.stderr[-2000:]}")
        return [crash] * len(paths)
    data = json.loads(proc.stderr[marker + len("@@BATCH@@") :].strip().splitlines()[0])
    return [Outcome(d["ok"], d.get("exception", ""), d.get("message", "")) for d in data]
