"""The first diagnostics, published by the stdin front before the server is imported (`early`):
without importing lsprotocol or the analyser in the server's process, equal to what the server
publishes, not published twice, and not published when they could differ from the server's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.protocol import default_converter

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import Finding, PathStep, Severity, Span
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.server.runtime import analysis_process, errors, spawn
from jax_lsp.server.runtime.analysis_process import AnalysisProcess, first_analysis
from jax_lsp.server.runtime.early import _FAULT_ENV, EarlyLint, diagnostic_json
from jax_lsp.server.session.capabilities import ClientProfile
from jax_lsp.server.session.lint import to_diagnostic
from jax_lsp.server.session.positions import UTF8, UTF16, UTF32, LineIndex
from tests.server.early_probe import DRIVE_FRONT
from tests.server.raw_server import PACKAGE_ROOT, RawServer

REPO = Path(__file__).resolve().parents[2]
#: non-ASCII before the finding (the columns differ per encoding), and a path step
SOURCE = "é = '𝔘'\n" + (REPO / "examples" / "logging_in_loss.py").read_text()
MAIN = """\
import jax
import jax.numpy as jnp

from helpers import squash


def loss(x):
    return jnp.sum(squash(x))


print(jax.grad(loss)(jnp.ones(3)))
"""
HELPERS = """\
import jax
import numpy as np


def squash(x):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
#: what `serve`'s process may have imported once its front published the first diagnostics
HEAVY = ("lsprotocol", "cattrs", "attrs", "pygls.lsp", "pygls.protocol", "pygls.server",
         "jax_lsp.catalog", "jax_lsp.checker", "jax_lsp.fixes", "libcst", "jedi",
         "jax_lsp.server.server", "jax_lsp.server.session.lint", "jax_lsp.server.session.state")
#: of the analysis, only its plain data (findings travel back from the analysis process)
#: `modes`: four strings the rules (read through `jax_lsp.codes`) compare levels with
ANALYSIS_DATA = {"jax_lsp.analysis", "jax_lsp.analysis.findings", "jax_lsp.analysis.jax",
                 "jax_lsp.analysis.jax.modes", "jax_lsp.analysis.options"}
PUSH_CAPABILITIES = {
    "general": {"positionEncodings": ["utf-8"]},
    "textDocument": {"publishDiagnostics": {"relatedInformation": True,
                                            "codeDescriptionSupport": True}},
}

# what `jax-lsp serve` does up to `early.wait()`, over pipes standing in for the client's
_PROBE = r"""
import json, os, sys
from jax_lsp.server.runtime import spawn
from jax_lsp.server.runtime.early import EarlyLint
from jax_lsp.server.runtime.front import StdinFront

spawn.prestart()
""" + DRIVE_FRONT + r"""
early.wait()
modules = sorted(sys.modules)
received = os.fdopen(read_out, "rb")
messages = []
while len(messages) < 2:
    length = int(received.readline().split(b":")[1])
    received.readline()
    messages.append(json.loads(received.read(length)))
print(json.dumps({"messages": messages, "modules": modules}))
"""


def _front_publishes(root: Path, uri: str, text: str, capabilities: dict[str, Any]
                     ) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    env.pop(_FAULT_ENV, None)
    out = subprocess.run(
        [sys.executable, "-c", _PROBE], input=json.dumps([root.as_uri(), uri, text, capabilities]),
        capture_output=True, text=True, env=env, timeout=60, check=True, cwd=root).stdout
    return dict(json.loads(out))


def test_the_front_publishes_as_the_server_does_without_importing_either(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jax-lsp]\nseverity = { JAX001 = "info" }\n')
    (tmp_path / "helpers.py").write_text(HELPERS)
    path, text = tmp_path / "main.py", "é = '𝔘'\n" + MAIN
    ran = _front_publishes(tmp_path, path.as_uri(), text, PUSH_CAPABILITIES)
    assert [m for m in ran["modules"] if m.startswith(HEAVY)] == []
    assert {m for m in ran["modules"] if m.startswith("jax_lsp.analysis")} <= ANALYSIS_DATA
    answer, published = ran["messages"]
    assert answer["id"] == 1 and "capabilities" in answer["result"]
    assert published["method"] == "textDocument/publishDiagnostics"
    assert (published["params"]["uri"], published["params"]["version"]) == (path.as_uri(), 1)
    early = published["params"]["diagnostics"]
    # the configuration applied (pyproject's severity), a path step in the helper module
    assert [(d["code"], d["severity"]) for d in early] == [("JAX001", 3)]
    assert early[0]["relatedInformation"][-1]["location"]["uri"] == \
        (tmp_path / "helpers.py").as_uri()

    # the server's own (pulled once the server answers requests: the front answers the
    # pulls that come before), same capabilities
    raw = RawServer(tmp_path)
    try:
        raw.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {
            **PUSH_CAPABILITIES, "textDocument": {
                **PUSH_CAPABILITIES["textDocument"], "diagnostic": {}}}})
        raw.notify("initialized", {})
        raw.open(path.as_uri(), text)
        raw.call("textDocument/hover", {"textDocument": {"uri": path.as_uri()},
                                        "position": {"line": 0, "character": 0}})
        assert raw.diagnostics(path.as_uri()) == early
    finally:
        raw.kill()


def test_the_first_diagnostics_are_published_once(tmp_path: Path) -> None:
    """The server does not publish again what the front published; an edit is published."""
    raw = RawServer(tmp_path)
    try:
        raw.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(),
                                "capabilities": PUSH_CAPABILITIES})
        raw.notify("initialized", {})
        uri = (tmp_path / "m.py").as_uri()
        raw.open(uri, SOURCE)
        # a hover waits for the server's first report (the front's came first)
        hover = raw.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                "position": {"line": 18, "character": 8}})
        assert "JAX003" in json.dumps(hover["result"])
        raw.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": SOURCE + "\nx = 1\n"}]})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not any(
                n["params"]["version"] == 2 for n in _published(raw, uri)):
            raw.quiet(0.1)
        raw.quiet(0.3)
        versions = [n["params"]["version"] for n in _published(raw, uri)]
        assert versions == [1, 2]
        first, second = (n["params"]["diagnostics"] for n in _published(raw, uri))
        assert [d["code"] for d in first] == [d["code"] for d in second] == ["JAX003"]
    finally:
        raw.kill()


def _published(raw: RawServer, uri: str) -> list[dict[str, Any]]:
    return [n for n in raw.notifications if n.get("method") == "textDocument/publishDiagnostics"
            and n["params"]["uri"] == uri]


def _early(frames: list[dict[str, Any]]) -> EarlyLint:
    """An EarlyLint shown `frames` (the front answered the initialize among them); publishing
    is recorded, not written."""
    early = EarlyLint()
    early.connect(lambda body, still_valid: False)
    for message in frames:
        early.observe(json.dumps(message).encode(), answered_initialize=True)
    return early


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None, "capabilities": {}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}


def _open(uri: str, version: int = 1) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "python", "version": version, "text": "x = 1\n"}}}


def test_the_front_leaves_what_could_differ_to_the_server(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.delenv(_FAULT_ENV, raising=False)
    settings = {"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
                "params": {"settings": {"jax-lsp": {"ignore": ["JAX001"]}}}}
    # (a client that pulls diagnostics gets them from the front too: tests/server/
    # test_early_pull.py)
    for frames in ([INITIALIZE, INITIALIZED, settings, _open("file:///a.py")],
                   [INITIALIZED, INITIALIZE, _open("file:///a.py")]):
        early = _early(frames)
        assert early.thread is None
        early.wait(open_wait=30)  # settled: returns at once
    monkeypatch.setenv(_FAULT_ENV, "jax-lsp/lint")
    assert _early([INITIALIZE, INITIALIZED, _open("file:///a.py")]).thread is None
    assert errors.FAULT_ENV == _FAULT_ENV


def test_the_first_diagnostics_are_dropped_once_they_may_be_stale(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_FAULT_ENV, raising=False)
    released = threading.Event()

    def analysis_in_progress(*args: Any) -> None:
        released.wait(30)  # the analysis runs while the client sends more
        return None

    monkeypatch.setattr(analysis_process, "first_analysis", analysis_in_progress)
    change = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": "file:///a.py", "version": 2}, "contentChanges": []}}
    hover = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {}}
    early = _early([INITIALIZE, INITIALIZED, _open("file:///a.py"), hover,
                    _open("file:///b.py")])
    assert early.thread is not None and early._still_valid()
    for message in (change, {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
                    {"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                     "params": {"changes": []}}):
        early = _early([INITIALIZE, INITIALIZED, _open("file:///a.py"), message])
        assert not early._still_valid()
    released.set()


def test_waiting_for_a_client_that_opens_nothing_is_bounded() -> None:
    early = _early([INITIALIZE, INITIALIZED])
    started = time.monotonic()
    early.wait(open_wait=0.05)
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("encoding", [UTF8, UTF16, UTF32])
@pytest.mark.parametrize("related,described", [(True, True), (False, False), (True, False)])
def test_the_diagnostic_json_is_the_servers(encoding: str, related: bool, described: bool
                                            ) -> None:
    text = "π = '𝔘'; y = 1\n" + (REPO / "examples" / "logging_in_loss.py").read_text()
    findings = list(analyze_source(text, "/w/m.py").findings)
    assert findings
    step = PathStep(Span(1, 3, 1, 9), "elsewhere")
    findings += [
        Finding("JAX001", "in another file", Span(1, 0, 1, 5), Severity.WARNING,
                path=(PathStep(Span(2, 1, 2, 4), "there", filename="/w/other.py"),
                      PathStep(Span(1, 2, 1, 7), "here", filename="/w/m.py"), step)),
        Finding("JAX999", "no such rule", Span(99, 0, 120, 3), Severity.INFO),
        Finding("JAX002", "past the line", Span(1, 40, 1, 90), Severity.ERROR),
    ]
    profile = ClientProfile(encoding=encoding, related_information=related,
                            code_description=described)
    index = LineIndex(text, encoding)
    converter = default_converter()
    path = Path("/w/m.py")
    for finding in findings:
        server = to_diagnostic(finding, index, "file:///w/m.py", 4, profile, path)
        ours = diagnostic_json(finding, index, "file:///w/m.py", 4, related, described, path)
        assert ours == json.loads(json.dumps(converter.unstructure(server)))
    assert (UTF8, UTF16, UTF32) == tuple(k.value for k in (
        types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16,
        types.PositionEncodingKind.Utf32))


def test_the_servers_first_request_gets_the_fronts_answer() -> None:
    """The analysis the front asked for is not done again when the server asks the same."""
    source = "import jax\n\ndef f(x):\n    return jax.pure_callback(print, x, x)\n\n" \
             "g = jax.grad(f)(1.0)\n"
    spawn.prestart()
    answer = first_analysis(source, "m.py", AnalysisConfig())
    assert answer is not None and [f.code for f in answer[0]] == ["JAX001"]
    process = AnalysisProcess()
    try:
        process.start()
        assert process.pid is not None
        os.kill(process.pid, signal.SIGSTOP)  # a request reaching it now would fail
        try:
            assert process.analyze(source, "m.py", AnalysisConfig()) == answer
        finally:
            os.kill(process.pid, signal.SIGCONT)
        # the next one, and another request, are the child's to answer
        findings, _, _, _ = process.analyze(source + "h = 1\n", "m.py", AnalysisConfig())
        assert [f.code for f in findings] == ["JAX001"]
    finally:
        process.stop()
