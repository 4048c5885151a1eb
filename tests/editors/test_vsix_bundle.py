"""The server a platform .vsix carries starts with no network and nothing installed.

`editors/vscode/scripts/bundle-server.sh linux-x64` unpacks jax-lsp and every dependency
(libcst's and PyYAML's compiled modules for each CPython 3.10-3.13) into `bundled/libs`; the
extension runs `python -I server/serve.py serve`. Here each CPython found on this machine
runs it with no site-packages at all (`-S`) and, where `unshare -n` works, in a network
namespace with no interface but loopback: it must print its version, answer `initialize`,
report the JAX001 of the example and offer its fixes. Building the bundle downloads wheels from
the package index (once per session); the test is skipped where that cannot be done.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

REPO = Path(__file__).resolve().parents[2]
VSCODE = REPO / "editors" / "vscode"
EXAMPLE = REPO / "examples" / "train_with_host_activation.py"
#: the CPython versions run here (the bundle also carries 3.10's modules, but jax-lsp itself does
#: not run on 3.10 today: `analysis/reach.py` names `ast.TryStar`, new in 3.11)
VERSIONS = ("3.11", "3.12", "3.13")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the extension's layout: `server/serve.py` and `bundled/libs` for linux-x64."""
    if sys.platform != "linux" or platform.machine() != "x86_64":
        pytest.skip("the bundle is built and run for linux-x64 here")
    root = tmp_path_factory.mktemp("vsix")
    (root / "server").mkdir()
    shutil.copy(VSCODE / "server" / "serve.py", root / "server" / "serve.py")
    built = subprocess.run(
        ["bash", str(VSCODE / "scripts" / "bundle-server.sh"), "linux-x64"],
        env={**os.environ, "JAX_LSP_BUNDLE_DIR": str(root / "bundled"), "PYTHON": sys.executable},
        capture_output=True, text=True, timeout=900, check=False)
    if built.returncode != 0:
        pytest.skip(f"could not build the bundle (package index?): {built.stderr[-500:]}")
    return root


def _interpreters() -> list[str]:
    """This interpreter and any other CPython 3.10-3.13 on the machine (pyenv's, PATH's)."""
    found = [sys.executable]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for version in VERSIONS:
        candidates = sorted(pyenv.glob(f"{version}.*/bin/python{version}"))
        on_path = shutil.which(f"python{version}")
        for exe in [*candidates, *([on_path] if on_path else [])]:
            out = subprocess.run([exe, "-c", "import sys; print(sys.version_info[:2])"],
                                 capture_output=True, text=True, check=False)
            wanted = str(tuple(map(int, version.split("."))))
            if out.returncode == 0 and out.stdout.strip() == wanted:
                found.append(exe)
                break
    return found


def _offline(command: list[str]) -> list[str]:
    """`command` in a network namespace of its own where this user may make one."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True,
                                  check=False).returncode == 0:
        return [unshare, "-n", *command]
    return command


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _messages(stream: IO[bytes]) -> Iterator[dict]:
    while True:
        length = None
        while (line := stream.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        if length is None:
            return
        yield json.loads(stream.read(length))


def test_the_bundled_server_starts_offline_without_site_packages(bundle: Path,
                                                                 tmp_path: Path) -> None:
    serve = str(bundle / "server" / "serve.py")
    project = tmp_path / "project"
    project.mkdir()
    program = project / EXAMPLE.name
    program.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path),
           "JAX_LSP_NO_CACHE": "1"}
    checked = []
    for python in _interpreters():
        version = subprocess.run(_offline([python, "-I", "-S", serve, "--version"]), env=env,
                                 capture_output=True, text=True, timeout=120, check=False)
        assert version.returncode == 0 and version.stdout.startswith("jax-lsp "), (
            python, version.stderr[-2000:])
        server = subprocess.Popen(_offline([python, "-I", "-S", serve, "serve"]), env=env,
                                  cwd=project, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        assert server.stdin is not None and server.stdout is not None
        uri = program.as_uri()
        for message in (
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"processId": None, "rootUri": project.as_uri(), "capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1,
                "text": program.read_text(encoding="utf-8")}}},
        ):
            server.stdin.write(_frame(message))
        server.stdin.flush()
        codes: list[str] = []
        actions = None
        try:
            for message in _messages(server.stdout):
                if message.get("method") == "textDocument/publishDiagnostics" and \
                        message["params"]["diagnostics"]:
                    diagnostics = message["params"]["diagnostics"]
                    codes = [d["code"] for d in diagnostics]
                    server.stdin.write(_frame({
                        "jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
                        "params": {"textDocument": {"uri": uri},
                                   "range": diagnostics[0]["range"],
                                   "context": {"diagnostics": diagnostics}}}))
                    server.stdin.flush()
                elif message.get("id") == 2:
                    actions = message["result"]
                    break
                elif "id" in message and "method" in message:  # a request: answer null
                    server.stdin.write(_frame({"jsonrpc": "2.0", "id": message["id"],
                                               "result": None}))
                    server.stdin.flush()
        finally:
            server.kill()
            server.wait(timeout=30)
        assert codes == ["JAX001"], python
        assert actions and actions[0]["title"].startswith("Add a custom_"), (python, actions)
        checked.append(python)
    assert len(checked) >= 1
    print("offline starts:", checked)
