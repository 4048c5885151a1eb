"""Run a program under real JAX in a process of its own and report how it ended.

The corpus and the catalog are labeled by what JAX really does; this module is the one place
that runs JAX for them. Each program runs in its own process (JAX state never leaks between
programs), forked from a server that has imported JAX once, and the outcome is the exception
class and message it died with, if any. The one thing a child shares with the others is that
`jax` and `jax.numpy` were imported before its first line ran (a fresh interpreter imports them
at the program's `import jax`): no labeled program changes what those imports do.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

#: the fork server: imports JAX once, then runs each program it is sent in a child forked for
#: it, so each program still has its own process (JAX's state, its configuration and backends,
#: is made in the child and dies with it) without paying the 1-2 CPU-s of starting Python and
#: importing JAX again. Requests and replies are one JSON line each on stdin and stdout.
_SERVER = r"""
import importlib, json, os, runpy, select, signal, sys, tempfile, time
import jax, jax.numpy  # every program imports these: once here, before any fork

base_path = list(sys.path)  # ['', ...]: '' is the child's working directory, as for `-c`
stderr_file = os.path.join(tempfile.mkdtemp(prefix="jax-lsp-oracle-"), "stderr")
replies = os.fdopen(os.dup(1), "w")
null = os.open(os.devnull, os.O_RDWR)


def child(path, extra, w):
    err = os.open(stderr_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(err, 2)
    os.chdir(os.path.dirname(path))
    sys.argv = [path]
    sys.path[:] = [base_path[0], *extra, *base_path[1:]]
    importlib.invalidate_caches()
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException as e:  # noqa: BLE001 - we report every way a program can end
        if isinstance(e, SystemExit) and not e.code:
            out = {"ok": True}
        else:
            out = {"ok": False, "exception": type(e).__name__, "message": str(e)}
    else:
        out = {"ok": True}
    sys.stdout.flush()
    sys.stderr.flush()
    os.write(w, (json.dumps(out) + "\n").encode())
    os._exit(0)


def run(path, extra, timeout):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            child(path, extra, w)
        finally:
            os._exit(70)
    os.close(w)
    deadline = time.monotonic() + timeout
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([r], [], [], left)[0]:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(r)
            return {"timeout": True}
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if data.endswith(b"\n"):
        return json.loads(data)
    with open(stderr_file, encoding="utf-8", errors="replace") as f:
        tail = f.read()[-2000:]
    return {"ok": False, "exception": "Crash",
            "message": f"exit {os.waitstatus_to_exitcode(status)}: {tail}"}


for line in sys.stdin:
    request = json.loads(line)
    reply = run(request["path"], request["extra_path"], request["timeout"])
    replies.write(json.dumps(reply) + "\n")
    replies.flush()
"""

EXPECT_RE = re.compile(r"#\s*EXPECT:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)")


@dataclass(frozen=True)
class Outcome:
    ok: bool
    exception: str = ""
    message: str = ""

    def __str__(self) -> str:
        return "ran without error" if self.ok else f"{self.exception}: {self.message[:300]}"


_server: subprocess.Popen[str] | None = None


def _fork_server() -> subprocess.Popen[str]:
    """This process's fork server, started on first use; it ends when this process does."""
    global _server
    if _server is None or _server.poll() is not None:
        env = dict(os.environ)
        env.setdefault("JAX_PLATFORMS", "cpu")
        env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=1")
        env["PYTHONHASHSEED"] = "0"
        _server = subprocess.Popen(
            [sys.executable, "-c", _SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        atexit.register(_stop, _server)
    return _server


def _stop(server: subprocess.Popen[str]) -> None:
    """End the fork server: it ends its loop when its requests end."""
    assert server.stdin is not None
    server.stdin.close()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def run_program(
    path: Path, timeout: float = 240.0, extra_path: list[Path] | None = None
) -> Outcome:
    """How `path` ends when run as `__main__` from its folder (`extra_path` first on the import
    path), in a process of its own; raises `subprocess.TimeoutExpired` past `timeout` s."""
    server = _fork_server()
    assert server.stdin is not None and server.stdout is not None
    request = {
        "path": os.path.abspath(path),
        "extra_path": [str(p) for p in extra_path or []],
        "timeout": timeout,
    }
    server.stdin.write(json.dumps(request) + "\n")
    server.stdin.flush()
    reply = server.stdout.readline()
    if not reply:
        return Outcome(False, "Crash", f"the fork server ended: exit {server.wait()}")
    data = json.loads(reply)
    if data.get("timeout"):
        raise subprocess.TimeoutExpired([str(path)], timeout)
    return Outcome(data["ok"], data.get("exception", ""), data.get("message", ""))


def expected_markers(source: str) -> set[tuple[int, str]]:
    """The `# EXPECT: CODE` markers of a program, as (line, code) pairs."""
    found = set()
    for lineno, line in enumerate(source.splitlines(), start=1):
        m = EXPECT_RE.search(line)
        if m:
            for code in m.group(1).split(","):
                found.add((lineno, code.strip()))
    return found


#: the labeled corpus: each code's programs, `tests/rules/<CODE>/{fires,clean}/*.py`
#: (`tests/rules/multi/fires/` for a program marked with several codes; tests/rules/README.md)
RULE_EXAMPLES = Path(__file__).resolve().parent / "rules"
#: the bundled examples, labeled as the corpus is
BUNDLED_EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def rule_examples(code: str = "*", kind: str = "*") -> list[Path]:
    """The corpus programs of `code` (a folder of tests/rules/) that fire (`kind="fires"`) or
    must not (`"clean"`), sorted; by default every program of every code."""
    return sorted(RULE_EXAMPLES.glob(f"{code}/{kind}/*.py"))


def corpus_programs() -> list[Path]:
    """Every labeled program: the rules' examples, then the bundled examples."""
    return rule_examples() + sorted(BUNDLED_EXAMPLES.glob("*.py"))


#: runs programs one after another in one fresh interpreter and reports, for each, the truth of
#: the `RAN` global it leaves (a host function sets it when it runs); `effects_barrier` first, so
#: a host JAX ran asynchronously has finished before `RAN` is read.
_HOST_RAN = r"""
import json, sys
import jax
out = {}
for name, source in json.loads(sys.stdin.read()).items():
    scope = {"__name__": "__main__"}
    exec(compile(source, name, "exec"), scope)
    jax.effects_barrier()
    out[name] = bool(scope["RAN"])
print("@@" + json.dumps(out))
"""


def hosts_ran(programs: dict[str, str], timeout: float = 300) -> dict[str, bool]:
    """Which of `programs` (name -> source) ran their callback's host under real JAX: the
    ground truth of tests whose programs differ only in whether the host runs. One process for
    all of them (they share no state but `jax`'s import), so a dozen programs cost one start."""
    done = subprocess.run(
        [sys.executable, "-c", _HOST_RAN], input=json.dumps(programs),
        capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert done.returncode == 0, done.stderr[-2000:]
    ran: dict[str, bool] = json.loads(done.stdout.rsplit("@@", 1)[1])
    return ran

