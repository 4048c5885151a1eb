"""While the stdin front answers the first document from the result cache, the prestarted
analysis process is paused (`spawn.hold_prestarted`: it would take half of the session's CPU,
importing the analyser), and it runs again once the answer is out, or as soon as the cache
misses (it then analyses the document), and never stays paused.

Each test runs what `jax-lsp serve` does up to `early.wait()` in a new process (as
test_early_cache.py does), with a stand-in prestarted process whose state (/proc) is read while
the cache answers, while the analysis would run, and at the end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from jax_lsp.server.runtime import spawn
from tests.server.early_probe import DRIVE_FRONT
from tests.server.raw_server import PACKAGE_ROOT
from tests.server.test_early_cache import _FAULT_ENV, CAPABILITIES, MAIN, _check, project

__all__ = ["project"]  # the fixture, shared with test_early_cache.py

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGSTOP") or not Path("/proc/self/stat").exists(),
    reason="pausing a process needs SIGSTOP; its state is read from /proc")

# test_early_cache.py's probe, with a stand-in prestarted process; prints what the front
# published and the stand-in's state (/proc: T is stopped) at each moment
_PROBE = r"""
import json, os, subprocess, sys, time
from jax_lsp.server.runtime import analysis_process, cached_results, spawn
from jax_lsp.server.runtime.early import EarlyLint
from jax_lsp.server.runtime.front import StdinFront

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
spawn._prestarted.append((child, None))

def state(stopped):
    # a signal takes effect a moment after it is sent: wait (2 s at most) for the state
    # expected, else report the one found
    deadline = time.monotonic() + 2
    while True:
        with open(f"/proc/{child.pid}/stat") as stat:
            found = stat.read().rsplit(")", 1)[1].split()[0]
        if (found == "T") == stopped or time.monotonic() > deadline:
            return found
        time.sleep(0.01)

seen = {}
real_answer = cached_results.answer

def answer(*args):
    seen["answering"] = state(True)
    return real_answer(*args)

def first_analysis(*args):
    seen["analysing"] = state(False)
    return None  # (the front then leaves the document to the server)

cached_results.answer = answer
analysis_process.first_analysis = first_analysis

""" + DRIVE_FRONT + r"""
early.wait(open_wait=30)
if early.thread is not None:
    early.thread.join(60)
seen["after"] = state(False)
child.kill()
print(json.dumps({"published": early.published, "seen": seen}))
"""


def _front(root: Path, text: str | None = None) -> dict[str, Any]:
    path = root / "main.py"
    text = path.read_text() if text is None else text
    env = {k: v for k, v in os.environ.items() if k != _FAULT_ENV}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        input=json.dumps([root.as_uri(), path.as_uri(), text, CAPABILITIES]),
        capture_output=True, text=True, env=env, timeout=120, check=True, cwd=root).stdout
    return dict(json.loads(out))


def test_the_analysis_process_is_paused_while_the_cache_answers(project: Path) -> None:
    _check(project)
    ran = _front(project)
    assert [d["code"] for d in ran["published"][2]] == ["JAX001"]
    assert ran["seen"]["answering"] == "T"
    assert "analysing" not in ran["seen"]
    assert ran["seen"]["after"] != "T"


def test_a_miss_resumes_the_analysis_process_before_it_is_asked(project: Path) -> None:
    _check(project)
    (project / "main.py").write_text(MAIN.replace("jnp.sum(squash(x))", "jnp.sum(x)"))
    ran = _front(project)
    assert ran["published"] is None
    assert ran["seen"]["answering"] == "T"
    assert ran["seen"]["analysing"] != "T"
    assert ran["seen"]["after"] != "T"


def test_a_small_document_does_not_pause_it(project: Path) -> None:
    (project / "main.py").write_text("import jax\n")
    ran = _front(project)
    assert ran["seen"]["analysing"] != "T"
    assert "answering" not in ran["seen"] or ran["seen"]["answering"] != "T"


def test_hold_and_release(monkeypatch: pytest.MonkeyPatch) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        monkeypatch.setattr(spawn, "_prestarted", [(child, None)])

        def stopped(expected: bool) -> bool:
            deadline = time.monotonic() + 2  # a signal takes effect a moment after it is sent
            while True:
                found = Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                if (found == "T") == expected or time.monotonic() > deadline:
                    return found == "T"
                time.sleep(0.01)

        release = spawn.hold_prestarted()
        assert stopped(True)
        release()
        assert not stopped(False)
        release()  # idempotent
        assert not stopped(False)
    finally:
        child.kill()
        child.wait()
