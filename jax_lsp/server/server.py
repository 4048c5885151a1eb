"""The jax-lsp language server: a pygls server whose features come from one module per concern.

`create_server()` wires them: text and notebook synchronisation (`sync`, over the `documents`
and `notebooks` stores and the `positions` conversion), diagnostics (`diagnostics`, fed by
`scheduler`, which runs `lint` on the `worker` threads and the `analysis_process`), hover
(`hover`), code actions (`code_actions`), configuration (`configuration`) and errors
(`errors`); `session` holds the state and `capabilities` what the client supports. This
module handles the lifecycle itself: initialize (negotiated position encoding, client profile,
initializationOptions, the client process to watch), shutdown and exit; `transport` the stdio
connection and `protocol` the lifecycle's rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from jax_lsp import __version__
from jax_lsp.server.features import code_actions, diagnostics, helper_module, hover, sync
from jax_lsp.server.features.fix_prefetch import FixPrefetch
from jax_lsp.server.runtime.errors import ClientLogHandler, report_server_error
from jax_lsp.server.runtime.front import StdinFront
from jax_lsp.server.runtime.protocol import JaxLspProtocol, quick_converter
from jax_lsp.server.runtime.transport import end_anyway, serve_stdio, serve_tcp, watch_process
from jax_lsp.server.session import configuration
from jax_lsp.server.session.notebooks import NOTEBOOK_SYNC
from jax_lsp.server.session.paths import workspace_root
from jax_lsp.server.session.state import Session

__all__ = ["JaxLanguageServer", "create_server"]

log = logging.getLogger(__name__)


class JaxLanguageServer(LanguageServer):
    #: made from `protocol_cls` below (pygls types the attribute as its own base class)
    protocol: JaxLspProtocol

    def __init__(self, log_level: int = logging.WARNING) -> None:
        super().__init__(
            "jax-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            # advertised to clients that declare notebook support (pygls checks)
            notebook_document_sync=NOTEBOOK_SYNC,
            protocol_cls=JaxLspProtocol,
            converter_factory=quick_converter,
        )
        self.session = Session(self)
        #: judges a listed quick fix before the user picks it
        self.fix_prefetch = FixPrefetch(self.session)
        self.client_log = ClientLogHandler(self, log_level)

    def report_server_error(self, error: Exception, source: Any) -> None:
        report_server_error(self, error, source)

    def start_io(
        self,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        front: StdinFront | None = None,
    ) -> None:
        """Serve over stdio with jax-lsp's framing (see `transport`; `front`: the reader
        started before the server, see `front`); ends the process."""
        serve_stdio(self, stdin, stdout, front)

    def start_tcp(self, host: str, port: int) -> None:
        """Serve over TCP with jax-lsp's framing (see `transport`); ends the process."""
        serve_tcp(self, host, port)

    def end(self, status: int) -> None:
        """End the process now: the analysis children first, then this one with `status`.

        pygls would turn `exit` into a SystemExit that its own loop swallows (the process then
        ends with 0 even without `shutdown`, and only once stdin closes), and waits for its
        threads on the way out. Should stdout be full (a client that stopped reading), the
        flush would block: another thread ends the process soon anyway (`end_anyway`)."""
        end_anyway(self, lambda: status)
        self.session.scheduler.stop()
        logging.shutdown()
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        os._exit(status)


def _root(params: types.InitializeParams) -> str | None:
    folders = params.workspace_folders
    return workspace_root(params.root_uri, folders[0].uri if folders else None, params.root_path)


def _register_lifecycle(server: JaxLanguageServer) -> None:
    session = server.session

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        server.client_log.attach(asyncio.get_running_loop())
        encoding = str(server.workspace.position_encoding or types.PositionEncodingKind.Utf16)
        session.initialize(params.capabilities, encoding)
        root = _root(params)
        if root:
            session.configuration.root = Path(root)
        session.configuration.set_initialization_options(params.initialization_options)
        session.preload()
        if params.process_id is not None:
            # the client may die without closing our stdin (a crashed editor's child)
            watch_process(params.process_id, asyncio.get_running_loop(), lambda: server.end(1))
        log.info("initialized for %s (%s)", params.client_info, session.profile)

    @server.feature(types.SHUTDOWN)
    def shutdown(params: None) -> None:
        session.shut_down = True
        session.scheduler.stop()
        server.fix_prefetch.stop()

    @server.feature(types.EXIT)
    def exit_(params: None) -> None:
        # with the status the specification asks for
        server.end(0 if session.shut_down else 1)


def create_server(log_level: int = logging.WARNING) -> JaxLanguageServer:
    """A server with every feature registered, ready to `start_io()` (or tcp/ws)."""
    server = JaxLanguageServer(log_level)
    logging.getLogger("jax_lsp").addHandler(server.client_log)
    _register_lifecycle(server)
    sync.register(server)
    diagnostics.register(server)
    hover.register(server)
    code_actions.register(server)
    helper_module.register(server)
    configuration.register(server)
    return server
