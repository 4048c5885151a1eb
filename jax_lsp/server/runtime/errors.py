"""Errors never stop the server: a failing handler is logged to the client and answers with an
empty result, and the server's own log records reach the client as ``window/logMessage``.

For the end-to-end tests, the environment variable ``JAX_LSP_TEST_FAULT`` may name LSP methods
(comma-separated, e.g. ``textDocument/hover``) whose handlers then raise, or ``jax-lsp/lint``
to make the analysis of every document fail, to prove that a crash is logged and the server
goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import os
import threading
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lsprotocol import types
from pygls.exceptions import JsonRpcException

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

__all__ = ["FAULT_ENV", "ClientLogHandler", "guarded", "maybe_fault", "report_server_error"]

log = logging.getLogger(__name__)

FAULT_ENV = "JAX_LSP_TEST_FAULT"

F = TypeVar("F", bound=Callable[..., Any])

#: protocol errors that are part of normal operation (cancelled, content modified, bad params)
_ROUTINE_CODES = frozenset({-32800, -32801, -32802, -32602, -32601})

_MESSAGE_TYPE = {
    logging.CRITICAL: types.MessageType.Error,
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
    logging.INFO: types.MessageType.Info,
}


class InjectedFault(RuntimeError):
    """The failure ``JAX_LSP_TEST_FAULT`` asks for."""


def maybe_fault(method: str) -> None:
    """Raise `InjectedFault` if ``JAX_LSP_TEST_FAULT`` names `method` (comma-separated list)."""
    wanted = os.environ.get(FAULT_ENV)
    if wanted and method in wanted.split(","):
        raise InjectedFault(f"fault injected into {method} ({FAULT_ENV})")


def guarded(method: str, empty: Callable[[], Any] = lambda: None) -> Callable[[F], F]:
    """Wrap a handler: an unexpected exception is logged (and so sent to the client) and the
    request gets `empty()`; protocol errors (`JsonRpcException`) go to the client as they are."""

    def decorate(fn: F) -> F:
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any) -> Any:
                try:
                    maybe_fault(method)
                    return await fn(*args)
                except (JsonRpcException, asyncio.CancelledError):
                    raise
                except Exception:  # logged; the server goes on
                    log.exception("%s failed", method)
                    return empty()

            return cast(F, async_wrapper)

        @functools.wraps(fn)
        def wrapper(*args: Any) -> Any:
            try:
                maybe_fault(method)
                return fn(*args)
            except JsonRpcException:
                raise
            except Exception:  # logged; the server goes on
                log.exception("%s failed", method)
                return empty()

        return cast(F, wrapper)

    return decorate


class ClientLogHandler(logging.Handler):
    """Sends log records to the client as ``window/logMessage``, from whatever thread they are
    logged in (the message is written by the event loop's thread)."""

    def __init__(self, server: LanguageServer, level: int = logging.WARNING) -> None:
        super().__init__(level)
        self._server = server
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._busy = threading.local()
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start forwarding (once the connection is up and the loop is known); call it on the
        loop's thread."""
        self._loop = loop
        self._loop_thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        loop = self._loop
        if loop is None or loop.is_closed() or getattr(self._busy, "active", False):
            return
        self._busy.active = True
        try:
            params = types.LogMessageParams(
                type=_MESSAGE_TYPE.get(record.levelno, types.MessageType.Log),
                message=self.format(record),
            )
            if threading.get_ident() == self._loop_thread:
                self._send(params)  # in order with what the handler sends next
            else:
                loop.call_soon_threadsafe(self._send, params)
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)
        finally:
            self._busy.active = False

    def _send(self, params: types.LogMessageParams) -> None:
        with contextlib.suppress(Exception):  # the client is gone; nothing to tell it
            self._server.window_log_message(params)


def report_server_error(server: LanguageServer, error: Exception, source: type) -> None:
    """pygls' hook for errors outside our handlers (bad messages, failed notifications)."""
    routine = isinstance(error, JsonRpcException) and error.code in _ROUTINE_CODES
    detail = ""
    if not routine and error.__traceback__ is not None:
        detail = "\n" + "".join(traceback.format_exception(error)).rstrip()
    server.window_log_message(
        types.LogMessageParams(
            type=types.MessageType.Log if routine else types.MessageType.Error,
            message=f"jax-lsp: {source.__name__}: {error}{detail}",
        )
    )
