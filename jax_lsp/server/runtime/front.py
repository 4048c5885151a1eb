"""The stdin side of a stdio connection, running from the first milliseconds of `jax-lsp serve`:
it reads frames before the server's libraries are imported, answers `initialize` at once, and
keeps every frame for the server, which takes them over when it is ready (`attach`).

Importing pygls and lsprotocol (and, through the server's modules, the analysis) takes a
quarter of a second on a quiet machine and seconds on a loaded one, and editors wait for the
`initialize` answer before they send anything else. Its content depends only on what the
client sends and on what jax-lsp offers (`initialize_result`), so it needs none of that: it is
written from plain JSON here, while the server imports, and the analysis process (started just
before) imports the analysis. The server later handles the same `initialize` message (its
answer is then not sent again: see `JaxLspProtocol`), so its state is as if it had answered.

With an `early.EarlyLint`, the frames it keeps are also shown to it, and it may publish the
first opened document's diagnostics before the server attaches (`publish_early`), or answer
the requests that pull them (`answer_kept`; such a request is then not kept for the server).

This module imports nothing heavy: only `framing` and the standard library.
"""

from __future__ import annotations

import io
import json
import logging
import select
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, BinaryIO

from jax_lsp import __version__
from jax_lsp.server.runtime.framing import Frame, FrameError, FrameParser

if TYPE_CHECKING:
    from jax_lsp.server.runtime.early import EarlyLint

__all__ = ["CHUNK", "StdinFront", "choose_encoding", "initialize_result"]

log = logging.getLogger(__name__)

#: bytes read from stdin at a time
CHUNK = 1 << 16
#: bytes of frames kept before a server attaches past which reading waits for it (the pipe then
#: holds the client back, as it does once the server handles what arrives)
MAX_KEPT = 64 * 1024 * 1024
#: the position encodings jax-lsp converts ranges to (as pygls negotiates them)
ENCODINGS = ("utf-8", "utf-16", "utf-32")
#: the code action kinds offered (`code_actions` registers the same)
CODE_ACTION_KINDS = ["quickfix", "source.fixAll.jax-lsp"]
#: the commands the server runs (`helper_module.COMMAND`, registered by it)
HELPER_COMMAND = "jax-lsp.writeHelperModule"
#: the notebooks whose cells are synchronised (`notebooks.NOTEBOOK_SYNC`, as JSON)
NOTEBOOK_SYNC = {
    "notebookSelector": [{"notebook": "jupyter-notebook"}],
    "save": False,
}

Events = list[Frame | FrameError]


def choose_encoding(params: dict[str, Any]) -> str:
    """The position encoding negotiated with a client: its first choice among `ENCODINGS`,
    else UTF-16 (the default of the specification)."""
    general = json_get(params, "capabilities", "general")
    encodings = general.get("positionEncodings") if isinstance(general, dict) else None
    for encoding in encodings if isinstance(encodings, list) else ():
        if encoding in ENCODINGS:
            return str(encoding)
    return "utf-16"


def initialize_result(params: dict[str, Any]) -> dict[str, Any]:
    """The `initialize` result (as JSON) for a client that sent `params`: what pygls builds
    from the features the server registers (tests/server/test_front.py compares the two)."""
    sync: dict[str, Any] = {"openClose": True, "change": 2}  # incremental
    for key in ("willSave", "willSaveWaitUntil"):
        # not offered; said so to clients that ask (pygls: client's value and registered)
        if json_get(params, "capabilities", "textDocument", "synchronization", key) is not None:
            sync[key] = False
    sync["save"] = True
    capabilities: dict[str, Any] = {
        "positionEncoding": choose_encoding(params),
        "textDocumentSync": sync,
        "hoverProvider": True,
        "codeActionProvider": {"codeActionKinds": CODE_ACTION_KINDS, "resolveProvider": True},
        "executeCommandProvider": {"commands": [HELPER_COMMAND]},
        "workspace": {
            "workspaceFolders": {"supported": True, "changeNotifications": True},
            "fileOperations": {},
        },
        "diagnosticProvider": {
            "identifier": "jax-lsp",
            "interFileDependencies": False,
            "workspaceDiagnostics": False,
        },
    }
    if json_get(params, "capabilities", "notebookDocument") is not None:
        capabilities["notebookDocumentSync"] = NOTEBOOK_SYNC
    return {"capabilities": capabilities, "serverInfo": {"name": "jax-lsp", "version": __version__}}


def json_get(data: Any, *keys: str) -> Any:
    """`data[k1][k2]...` of a JSON message, or None where a level is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _initialize_request(body: bytes) -> tuple[int | str, dict[str, Any]] | None:
    """The (id, params) of an `initialize` request, or None if `body` is anything else."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None
    msg_id, params = message.get("id"), message.get("params")
    if not isinstance(msg_id, (str, int)) or isinstance(msg_id, bool):
        return None
    if message.get("method") != "initialize" or not isinstance(params, dict):
        return None
    if not isinstance(params.get("capabilities"), dict):
        return None  # not an InitializeParams: the server answers it (InvalidParams)
    return msg_id, params


class StdinFront:
    """Reads frames off `stdin` in a thread from now on. Until a server attaches, frames are
    kept, and the first `initialize` request is answered on `stdout` (see `answered`)."""

    def __init__(
        self,
        stdin: BinaryIO,
        stdout: BinaryIO | None,
        answer_initialize: bool = True,
        early: EarlyLint | None = None,
    ):
        self._stdin = stdin
        self._stdout = stdout
        self._answer = answer_initialize and stdout is not None
        #: sees the kept frames, and may publish the first diagnostics (see `early`)
        self.early = early if self._answer else None
        if self.early is not None:
            self.early.connect(self.publish_early, self.answer_kept)
        self._lock = threading.Lock()
        self._kept: Events = []
        self._deliver: Callable[[Events], None] | None = None
        self._on_close: Callable[[], None] | None = None
        self._eof = False
        self._kept_bytes = 0
        self._attached = threading.Event()
        #: the `initialize` answered here: its id and the result sent
        self.answered: tuple[int | str, dict[str, Any]] | None = None
        self._thread = threading.Thread(target=self._run, name="jax-lsp-stdin", daemon=True)
        self._thread.start()

    def attach(
        self, deliver: Callable[[Events], None], on_close: Callable[[], None]
    ) -> tuple[Events, bool]:
        """From now on, call `deliver(events)` (in the reader thread; it may block until they
        are handled) for what arrives, and `on_close()` once stdin ends. Returns what arrived
        before, for the caller to handle first, and whether stdin has ended already (then
        `on_close` is not called: the caller closes once it has handled those)."""
        with self._lock:
            kept, self._kept = self._kept, []
            self._deliver, self._on_close = deliver, on_close
            self._attached.set()
            return kept, self._eof

    def hung_up(self) -> bool:
        """Whether the client closed its end of stdin (a pipe or a terminal), read or not (the
        reader may be waiting for the server to handle what it read)."""
        if not hasattr(select, "poll"):
            return False
        try:
            poller = select.poll()
            poller.register(self._stdin.fileno(), select.POLLHUP)
            return any(event & (select.POLLHUP | select.POLLERR)
                       for _, event in poller.poll(0))
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            return False

    def _run(self) -> None:
        read: Callable[[int], bytes] = getattr(self._stdin, "read1", None) or self._stdin.read
        parser = FrameParser()
        try:
            while True:
                try:
                    data = read(CHUNK)
                except (OSError, ValueError):
                    return
                if not data:
                    return
                events = parser.feed(data)
                if not events:
                    continue
                with self._lock:
                    deliver = self._deliver
                    if deliver is None:
                        self._answer_early(events)
                        if self.early is not None:
                            events = [e for e in events if not self._answered_by_early(e)]
                        self._kept.extend(events)
                        self._kept_bytes += sum(
                            len(e.body) for e in events if isinstance(e, Frame))
                if deliver is not None:
                    deliver(events)
                elif self._kept_bytes > MAX_KEPT:
                    self._attached.wait()
        finally:
            with self._lock:
                self._eof = True
                on_close = self._on_close
            if on_close is not None:
                on_close()

    def _answered_by_early(self, event: Frame | FrameError) -> bool:
        """Show a frame to the early linter; whether it answered it (then the frame is not kept
        for the server). Called under the lock."""
        assert self.early is not None
        if not isinstance(event, Frame):
            return False
        answer = self.early.observe(event.body, self.answered is not None)
        return answer is not None and self._write(answer)

    def _write(self, body: bytes) -> bool:
        if self._stdout is None:
            return False
        try:
            self._stdout.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self._stdout.flush()
        except (OSError, ValueError):
            return False
        return True

    def answer_kept(self, request: bytes, body: bytes, still_valid: Callable[[], bool]) -> bool:
        """Answer a kept request (the frame whose body is the object `request`) with the
        message `body`, and keep it no longer, unless a server has attached (it answers it),
        the frame is gone or `still_valid()` (asked under the lock) says no; whether it was
        answered."""
        with self._lock:
            if self._deliver is not None or not still_valid():
                return False
            at = next((i for i, e in enumerate(self._kept)
                       if isinstance(e, Frame) and e.body is request), None)
            if at is None or not self._write(body):
                return False
            del self._kept[at]
            self._kept_bytes -= len(request)
            return True

    def publish_early(self, body: bytes, still_valid: Callable[[], bool]) -> bool:
        """Write the message `body` unless a server has attached (it writes from then on) or
        `still_valid()` (asked under the lock the frames are kept under) says no; whether it
        was written."""
        with self._lock:
            if self._deliver is not None or self._stdout is None or not still_valid():
                return False
            return self._write(body)

    def _answer_early(self, events: Events) -> None:
        """Answer the first `initialize` request. What came before it is left to the server,
        which handles it first, as the lifecycle says (a request gets ServerNotInitialized)."""
        if not self._answer or self.answered is not None:
            return
        for event in events:
            request = _initialize_request(event.body) if isinstance(event, Frame) else None
            if request is None:
                continue
            msg_id, params = request
            result = initialize_result(params)
            body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": result}).encode()
            assert self._stdout is not None
            try:
                self._stdout.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self._stdout.flush()
            except (OSError, ValueError):
                return  # the client is gone; the server will find out
            self.answered = (msg_id, result)
            return
