"""The first diagnostics, before the server is imported.

Importing lsprotocol and pygls takes most of a second of CPU (lsprotocol builds about a
thousand attrs classes), and seconds on a loaded machine; an editor opening a file at start-up
would wait that long for its first diagnostics. While the stdin `front` keeps the frames for
the server, `EarlyLint` watches them: the first text document opened after the `initialize`
the front answered is analysed at once on the prestarted analysis process (which imports the
analyser meanwhile, see `spawn`), and its diagnostics are published as the server would
publish them (`lint`, `diagnostics.publish`): same configuration (`Configuration`, from
`pyproject.toml`, `initializationOptions` and the user's choice of interpreter), same
analysis request (the server's first one gets the same answer without a second analysis),
same JSON (tests/server/test_early.py compares it with the server's `to_diagnostic`).

A file analysed before (by `jax-lsp check` or an earlier session) whose bytes and everything
its analysis read are unchanged is answered from the result cache here, in this process,
without the analyser (`cached_results.answer`); only a miss waits for the analysis process.

A client that pulls diagnostics gets them the same way, as the answer to its
`textDocument/diagnostic` requests for that document (sent before the analysis ends, they are
answered when it does; the front then does not keep them for the server). The server, which
the client may have sent its settings to meanwhile, asks such a client to pull again should
its own diagnostics differ (`Session`).

It stays out of the way whenever that cannot be told for sure: anything but `initialized` came
between `initialize` and the first `didOpen`, the configuration reported a problem, the
analysis failed, or faults are being injected. The diagnostics are not published (nor pulls
answered) once the server has attached (it publishes its own) or once the document changed,
closed, or the configuration may have (`_STILL_VALID`). The server, for its part, does not
publish the same diagnostics again (`Session`).

Imports neither lsprotocol nor the analyser (the analysis runs in the analysis process).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.server.runtime.front import choose_encoding, json_get

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import Finding, ParseError, PathStep
    from jax_lsp.analysis.options import AnalysisConfig
    from jax_lsp.server.session.positions import LineIndex

__all__ = ["EARLY_RESULT_ID", "EarlyLint", "EarlyPublished", "diagnostic_json"]

log = logging.getLogger(__name__)

#: notifications that change nothing the first diagnostics depend on (any other one, and a
#: `shutdown` request, cancels the early publication)
_STILL_VALID = frozenset({"initialized", "$/setTrace", "$/cancelRequest", "$/progress",
                          "window/workDoneProgress/cancel"})
#: where `errors.maybe_fault` reads the faults to inject (tests/server/test_early.py checks)
_FAULT_ENV = "JAX_LSP_TEST_FAULT"
#: seconds `wait` gives the client to open a document once `initialize` is answered (editors
#: open the active file right after `initialized`), and to send `initialize` at all
OPEN_WAIT = 0.25
#: LSP's DiagnosticSeverity of each analysis severity name
_SEVERITY = {"error": 1, "warning": 2, "info": 3}

#: (uri, version, diagnostics as JSON) published (or answered to a pull) for the server to know
EarlyPublished = tuple[str, int, list[dict[str, Any]]]
#: the `resultId` of the diagnostics a pull is answered with (the server's are others)
EARLY_RESULT_ID = "early"


def _location_json(step: PathStep, index: LineIndex, uri: str, path: Path | None
                   ) -> dict[str, Any]:
    from jax_lsp.server.session.reported import step_uri

    where = step_uri(step.filename, uri, path)
    if where == uri:
        rng = index.json_range(step.span)
    else:  # as `lint._range_elsewhere`
        s = step.span
        rng = {"start": {"line": max(s.line - 1, 0), "character": max(s.col, 0)},
               "end": {"line": max(s.end_line - 1, 0), "character": max(s.end_col, 0)}}
    return {"uri": where, "range": rng}


def diagnostic_json(
    finding: Finding,
    index: LineIndex,
    uri: str,
    version: int,
    related_information: bool,
    code_description: bool,
    path: Path | None = None,
) -> dict[str, Any]:
    """`lint.to_diagnostic` as the JSON the server sends, made without lsprotocol (what the
    front publishes, and what the server publishes: see `lint.Report.diagnostics_json`)."""
    from jax_lsp.codes import RULES
    from jax_lsp.server.session.reported import finding_key

    rule = RULES.get(finding.code)
    span = finding.span
    diagnostic: dict[str, Any] = {
        "range": index.json_range(span),
        "severity": _SEVERITY.get(finding.severity.value, 1),
        "code": finding.code,
    }
    if rule is not None and code_description:
        diagnostic["codeDescription"] = {"href": rule.url}
    diagnostic["source"] = "jax-lsp"
    diagnostic["message"] = finding.message
    if related_information and finding.path:
        diagnostic["relatedInformation"] = [
            {"location": _location_json(step, index, uri, path), "message": step.label}
            for step in finding.path
        ]
    diagnostic["data"] = {"uri": uri, "version": version, **finding_key(finding)}
    return diagnostic


def _nothing() -> None:
    pass


class EarlyLint:
    """Watches the frames the front keeps (`observe`, in the front's reader thread) and
    publishes the first opened document's diagnostics through `publish(message, still_valid)`,
    which writes `message` unless the server has attached or `still_valid()` says no."""

    def __init__(self, python: str | None = None, trust_project_python: bool = False) -> None:
        self._python = python
        self._trust = trust_project_python
        self._publish: Callable[[bytes, Callable[[], bool]], bool] | None = None
        self._answer_kept: Callable[[bytes, bytes, Callable[[], bool]], bool] | None = None
        #: the client pulls diagnostics: answer its pulls rather than publish
        self._pull = False
        #: (pull mode) the diagnostics once known (None: not yet; False: never), the pulls
        #: waiting for them (kept frames' bodies, with their ids) and what guards both
        self._diagnostics: list[dict[str, Any]] | None | bool = None
        self._pulls: list[tuple[bytes, Any]] = []
        self._pull_lock = threading.Lock()
        #: what was answered to pulls, for the server (see `Session`)
        self.pulled: EarlyPublished | None = None
        self._params: dict[str, Any] | None = None
        #: (uri, version) of the document being analysed
        self._document: tuple[str, int] | None = None
        self._valid = True
        #: nothing more to watch for: given up, or the analysis started
        self._done = False
        self.thread: threading.Thread | None = None
        #: what was published, for the server (see `Session`)
        self.published: EarlyPublished | None = None
        self._changed = threading.Condition()
        self._settled = False
        #: when watching started, and when `initialize` arrived (see `wait`)
        self._started_at = time.monotonic()
        self._initialize_at: float | None = None

    @staticmethod
    def prepare() -> None:
        """Import what publishing takes (a tenth of a second of CPU), e.g. while the client
        answers: not once the document has arrived."""
        import jax_lsp.codes
        import jax_lsp.server.runtime.cached_results
        import jax_lsp.server.session.configuration
        import jax_lsp.server.session.paths
        import jax_lsp.server.session.positions
        import jax_lsp.server.session.reported  # noqa: F401

    def wait(self, open_wait: float = OPEN_WAIT) -> None:
        """Return once the first diagnostics are published or will not be, or once the client
        has taken `open_wait` seconds to send `initialize`, or to open a document after it.

        `jax-lsp serve` imports the server only then: on a machine with few cores, or a loaded
        one, that import (most of a second of CPU) would otherwise take the CPU from the
        analysis process the first diagnostics wait for."""
        with self._changed:
            while not self._settled:
                since = self._initialize_at if self._initialize_at is not None else \
                    self._started_at
                left = None if self._document is not None else since + open_wait - \
                    time.monotonic()
                if left is not None and left <= 0:
                    return
                self._changed.wait(left)

    def _settle(self) -> None:
        with self._changed:
            self._settled = True
            self._changed.notify_all()

    def _give_up(self) -> None:
        self._done = True
        self._settle()

    def connect(
        self,
        publish: Callable[[bytes, Callable[[], bool]], bool],
        answer_kept: Callable[[bytes, bytes, Callable[[], bool]], bool] | None = None,
    ) -> None:
        """`publish(message, still_valid)` writes a message; `answer_kept(request, message,
        still_valid)` answers a kept request (see `front.StdinFront`)."""
        self._publish = publish
        self._answer_kept = answer_kept

    def observe(self, body: bytes, answered_initialize: bool) -> bytes | None:
        """One frame the front keeps for the server (`answered_initialize`: the front has
        answered an `initialize` request, this frame's or an earlier one's). Returns the answer
        to write when the frame is a pull answered here (then the front does not keep it)."""
        answering = self._pull and self._document is not None
        if not self._valid or (self._settled and not answering) or \
                (self._done and self._document is None):
            return None  # nothing more to decide: given up, published, or dropped
        try:
            message = json.loads(body)
        except (ValueError, RecursionError):
            message = None
        method = json_get(message, "method")
        is_request = isinstance(message, dict) and "id" in message
        if self._document is not None:  # the analysis runs: is its result still wanted?
            if method is None or method in _STILL_VALID:
                return None
            if answering and is_request and method == "textDocument/diagnostic" and \
                    json_get(message, "params", "textDocument", "uri") == self._document[0]:
                previous = json_get(message, "params", "previousResultId")
                return self._pulled(body, message["id"], previous == EARLY_RESULT_ID)
            if is_request and method != "shutdown":
                return None  # requests leave the documents and configuration as they are
            if method == "textDocument/didOpen" and \
                    json_get(message, "params", "textDocument", "uri") != self._document[0]:
                return None
            self._valid = False
            return None
        if self._done:
            return None
        if self._params is None:
            if method == "initialize" and answered_initialize:
                self._start_watching(json_get(message, "params"))
            else:
                self._give_up()  # not the start the front answers: leave it to the server
            return None
        if method in ("initialized", "$/setTrace"):
            return None
        document = json_get(message, "params", "textDocument")
        if method != "textDocument/didOpen" or not isinstance(document, dict):
            self._give_up()
            return None
        uri, version, text = document.get("uri"), document.get("version"), document.get("text")
        if not (isinstance(uri, str) and isinstance(text, str) and type(version) is int):
            self._give_up()
            return None
        self._done = True
        with self._changed:
            self._document = (uri, version)
            self._changed.notify_all()
        self.thread = threading.Thread(
            target=self._lint, args=(uri, version, text), name="jax-lsp-early", daemon=True)
        self.thread.start()
        return None

    def _start_watching(self, params: Any) -> None:
        pull = json_get(params, "capabilities", "textDocument", "diagnostic") is not None
        if (
            not isinstance(params, dict)
            or os.environ.get(_FAULT_ENV)
            or self._publish is None
            or (pull and self._answer_kept is None)
        ):
            self._give_up()  # faults injected (or nowhere to answer): the server's own
            return
        self._pull = pull
        self._params = params
        with self._changed:
            self._initialize_at = time.monotonic()
            self._changed.notify_all()

    def _still_valid(self) -> bool:
        return self._valid

    def _pulled(self, request: bytes, msg_id: Any, unchanged: bool) -> bytes | None:
        """A pull of the document's diagnostics (`unchanged`: the client has this front's):
        the answer, if they are known; else it waits for them (None: the frame is kept, for
        `_lint` to answer, or else the server)."""
        with self._pull_lock:
            diagnostics = self._diagnostics
            if diagnostics is None:
                self._pulls.append((request, msg_id))
                return None
        if diagnostics is False or not isinstance(diagnostics, list):
            return None  # the analysis failed: the server answers
        if unchanged:
            return json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": {
                "kind": "unchanged", "resultId": EARLY_RESULT_ID}}).encode()
        self._answered_pull(diagnostics)  # (a client that cannot be written to is gone)
        return self._pull_answer(msg_id, diagnostics)

    def _answered_pull(self, diagnostics: list[dict[str, Any]]) -> None:
        assert self._document is not None
        self.pulled = (*self._document, diagnostics)

    @staticmethod
    def _pull_answer(msg_id: Any, diagnostics: list[dict[str, Any]]) -> bytes:
        """The answer to a pull (what the server's `diagnostics.pull` sends)."""
        return json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": {
            "kind": "full", "resultId": EARLY_RESULT_ID, "items": diagnostics}}).encode()

    def _answer_pulls(self, diagnostics: list[dict[str, Any]] | None) -> None:
        """The diagnostics are known (None: they will not be): answer the pulls waiting."""
        with self._pull_lock:
            self._diagnostics = diagnostics if diagnostics is not None else False
            waiting, self._pulls = self._pulls, []
        if diagnostics is None or self._answer_kept is None:
            return
        for request, msg_id in waiting:
            answer = self._pull_answer(msg_id, diagnostics)
            if self._answer_kept(request, answer, self._still_valid):
                self._answered_pull(diagnostics)

    def _lint(self, uri: str, version: int, text: str) -> None:
        from jax_lsp.server.runtime import cached_results, spawn

        # the result cache may answer without the analysis process: pause it meanwhile (see
        # `spawn.hold_prestarted`), until the cache misses or the answer is out
        release = spawn.hold_prestarted() if cached_results.enabled() and \
            len(text) >= cached_results.MIN_CHARS else _nothing
        try:
            diagnostics = self._document_diagnostics(uri, version, text, release)
        except Exception:  # noqa: BLE001 - the server will lint it anyway
            log.exception("the early analysis of %s failed; the server will do it", uri)
            diagnostics = None
        try:
            if self._pull:
                self._answer_pulls(diagnostics)
                return
            if diagnostics is None or self._publish is None:
                return
            body = json.dumps({
                "jsonrpc": "2.0",
                "method": "textDocument/publishDiagnostics",
                "params": {"uri": uri, "diagnostics": diagnostics, "version": version},
            }).encode()
            if self._publish(body, self._still_valid):
                self.published = (uri, version, diagnostics)
        finally:
            release()
            self._settle()

    def _document_diagnostics(
        self, uri: str, version: int, text: str, release: Callable[[], None] = lambda: None
    ) -> list[dict[str, Any]] | None:
        """The document's diagnostics as JSON (None: leave them to the server); `release()`
        resumes the analysis process, paused while the result cache may answer."""
        from jax_lsp.server.runtime import cached_results
        from jax_lsp.server.session.configuration import Configuration
        from jax_lsp.server.session.paths import path_of, workspace_root
        from jax_lsp.server.session.positions import LineIndex
        from jax_lsp.server.session.reported import document_findings

        params = self._params
        assert params is not None
        problems: list[str] = []
        configuration = Configuration(report_problem=problems.append)
        configuration.set_user_python(self._python, trust_project=self._trust)
        folders = params.get("workspaceFolders")
        first_folder = (
            json_get(folders[0], "uri") if isinstance(folders, list) and folders else None
        )
        root = workspace_root(params.get("rootUri"), first_folder, params.get("rootPath"))
        if root:
            configuration.root = Path(root)
        configuration.set_initialization_options(params.get("initializationOptions"))
        path = path_of(uri)
        config = configuration.for_path(path)
        if problems:
            release()
            return None  # the server reports them (window/showMessage); it lints too
        workspace = configuration.workspace_spec(path, config, ())
        filename = str(path) if path is not None else uri

        class _Failed(Exception):
            pass

        def analyze(
            source: str, name: str, analysis_config: AnalysisConfig, incremental: bool
        ) -> tuple[list[Finding], ParseError | None, tuple[str, ...], bool]:
            # a file analysed before, unchanged with all it read: its persisted result, found
            # here without the analyser (the server's own request, made once it attaches,
            # gets the same from the analysis process, which then analyses for later edits)
            stored = cached_results.answer(source, name, analysis_config)
            if stored is not None:
                return stored.findings, None, stored.dependencies, True
            release()  # a miss: the analysis process analyses
            from jax_lsp.server.runtime.analysis_process import first_analysis

            answer = first_analysis(source, name, analysis_config)
            if answer is None:
                raise _Failed
            return answer

        try:
            found, _, _, _ = document_findings(
                text, filename, path, config, workspace, False, analyze)
        except _Failed:
            return None
        capabilities = params.get("capabilities")
        index = LineIndex(text, choose_encoding(params))
        related = bool(json_get(capabilities, "textDocument", "publishDiagnostics",
                            "relatedInformation"))
        described = bool(json_get(capabilities, "textDocument", "publishDiagnostics",
                              "codeDescriptionSupport"))
        return [
            diagnostic_json(f, index, uri, version, related, described, path)
            for f in found or ()  # a text that does not parse reports nothing yet
        ]
