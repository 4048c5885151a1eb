"""The connection itself: what initialize negotiates, bad requests, a crash in a handler or in
the analysis (logged, and the server goes on), plain-text clients, shutdown and exit."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
from pathlib import Path

import pytest
from lsp_harness import (
    PROFILES,
    SERVER_COMMAND,
    TIMEOUT,
    Session,
    example,
    find,
    initialize,
    make_client,
    server_config,
    start_session,
)
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcMethodNotFound

pytestmark = pytest.mark.asyncio(loop_scope="package")

LOGGING = example("logging_in_loss.py")


async def test_initialize_negotiates_encoding_and_features(session: Session) -> None:
    result: types.InitializeResult = session.client.init_result  # type: ignore[attr-defined]
    caps = result.capabilities
    # pygls takes the client's first encoding: utf-8 (Neovim), utf-32 (Emacs), else utf-16
    assert caps.position_encoding == session.profile.encoding
    assert result.server_info is not None and result.server_info.name == "jax-lsp"
    sync = caps.text_document_sync
    assert isinstance(sync, types.TextDocumentSyncOptions)
    assert sync.open_close and sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.hover_provider
    actions = caps.code_action_provider
    assert isinstance(actions, types.CodeActionOptions)
    assert actions.resolve_provider
    assert set(actions.code_action_kinds or []) == {"quickfix", "source.fixAll.jax-lsp"}
    assert isinstance(caps.diagnostic_provider, types.DiagnosticOptions)
    assert caps.diagnostic_provider.identifier == "jax-lsp"


async def send_raw(session: Session, message: dict[str, object]) -> object:
    """Send a hand-written request (the typed client cannot build malformed ones)."""
    waiter: concurrent.futures.Future[object] = concurrent.futures.Future()
    session.client.protocol._request_futures[str(message["id"])] = waiter
    body = json.dumps(message).encode("utf-8")
    session.client.protocol.writer.write(  # type: ignore[union-attr]
        b"Content-Length: %d\r\n\r\n" % len(body) + body
    )
    return await asyncio.wait_for(asyncio.wrap_future(waiter), TIMEOUT)


async def test_malformed_and_unknown_requests_get_errors(session: Session) -> None:
    with pytest.raises(JsonRpcInvalidParams):
        await send_raw(
            session,
            {
                "jsonrpc": "2.0",
                "id": "malformed-1",
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": 5}, "position": {"line": -1}},
            },
        )
    with pytest.raises(JsonRpcMethodNotFound):
        await session.request(session.client.protocol.send_request_async("jax-lsp/nope", {}))
    # the server is still fine
    uri = session.uri("still.py")
    session.open(uri, LOGGING)
    assert len(await session.diagnostics(uri, 1)) == 1


async def test_a_crash_in_a_handler_is_logged_and_the_server_goes_on(tmp_path: Path) -> None:
    env = {"JAX_LSP_TEST_FAULT": "textDocument/hover,textDocument/didChange"}
    async with start_session(PROFILES["neovim"], tmp_path, env=env) as own:
        uri = own.uri("crash.py")
        own.open(uri, LOGGING)
        [diag] = await own.diagnostics(uri, 1)
        hover = await own.request(
            own.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri), position=diag.range.start
                )
            )
        )
        assert hover is None
        own.change(uri, 2, "x = 1\n")  # the notification handler fails too
        errors = [m for m in own.client.log_messages if m.type == types.MessageType.Error]
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while len(errors) < 2 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
            errors = [m for m in own.client.log_messages if m.type == types.MessageType.Error]
        assert any("textDocument/hover failed" in m.message for m in errors), errors
        assert any("fault injected into textDocument/didChange" in m.message for m in errors)
        assert any("Traceback" in m.message for m in errors)
        # other requests still work
        other = own.uri("other.py")
        own.open(other, LOGGING)
        assert len(await own.diagnostics(other, 1)) == 1


async def test_a_crash_in_the_analysis_is_logged_and_reports_nothing(tmp_path: Path) -> None:
    async with start_session(
        PROFILES["vscode"], tmp_path, env={"JAX_LSP_TEST_FAULT": "jax-lsp/lint"}
    ) as own:
        uri = own.uri("lint.py")
        own.open(uri, LOGGING)
        assert await own.diagnostics(uri, 1) == []
        assert any(
            "linting" in m.message and "failed" in m.message for m in own.client.log_messages
        )
        # hover and code actions still answer
        hover = await own.request(
            own.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri),
                    position=types.Position(line=0, character=0),
                )
            )
        )
        assert hover is None


async def test_plain_text_hover_for_a_client_without_markdown(tmp_path: Path) -> None:
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText])
        )
    )
    async with start_session(PROFILES["vscode"], tmp_path, capabilities=capabilities) as own:
        uri = own.uri("plain.py")
        own.open(uri, LOGGING)
        [diag] = await own.diagnostics(uri, 1)
        assert diag.related_information is None  # not declared by this client
        hover = await own.request(
            own.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri),
                    position=find(LOGGING, "_record, jax", "utf-16").start,
                )
            )
        )
        assert hover is not None
        assert isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.kind == types.MarkupKind.PlainText
        assert "**" not in hover.contents.value and "JAX003" in hover.contents.value


async def test_exit_without_shutdown_is_an_error_exit(tmp_path: Path) -> None:
    client = await server_config().start()
    try:
        await initialize(client, PROFILES["emacs"], tmp_path)
        client.exit(None)
        assert await asyncio.wait_for(client._server.wait(), TIMEOUT) == 1
    finally:
        if client._server.returncode is None:
            client._server.kill()
        await asyncio.wait_for(client.stop(), TIMEOUT)


async def test_shutdown_then_exit(tmp_path: Path) -> None:
    async with start_session(PROFILES["neovim"], tmp_path) as own:
        uri = own.uri("bye.py")
        own.open(uri, LOGGING)
        await own.diagnostics(uri, 1)
        assert await own.request(own.client.shutdown_async(None)) is None
        own.client.exit(None)
        assert await asyncio.wait_for(own.client._server.wait(), TIMEOUT) == 0
        own.client.capabilities = None  # already shut down: nothing left for the fixture


async def test_tcp_transport_binds_to_localhost(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        *SERVER_COMMAND,
        "--tcp",
        "--port",
        "0",
        "--log-level",
        "info",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stderr is not None
        port = None
        while port is None:
            line = (await asyncio.wait_for(process.stderr.readline(), TIMEOUT)).decode()
            assert line, "the server exited before listening"
            if m := re.search(r"Serving on \('127\.0\.0\.1', (\d+)\)", line):
                port = int(m.group(1))
        client = make_client()
        await client.start_tcp("127.0.0.1", port)
        client.capabilities = PROFILES["vscode"].capabilities
        await initialize(client, PROFILES["vscode"], tmp_path)
        await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
        client.exit(None)
        assert await asyncio.wait_for(process.wait(), TIMEOUT) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_serve_is_a_cli_command() -> None:
    from jax_lsp.cli import build_parser

    args = build_parser().parse_args(["serve", "--ws", "--port", "9000"])
    assert args.ws and args.port == 9000 and args.host == "127.0.0.1"
    assert callable(args.run)
