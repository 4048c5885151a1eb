"""The stdio and TCP connections: frames read (`framing`: off stdin by the `front` thread, off the
socket by the event loop), handled on the event loop, and the process's end when the client
goes away.

pygls' own stdio loop trusts every ``Content-Length`` (see `framing` for what that costs) and,
once stdin closes, leaves the process to wind down its thread pool and the analysis child
(over 15 s while an analysis runs). Here, the end of input ends the process at once, analysis
children included, as does the death of the client process named by `initialize`'s
``processId`` (polled every `PARENT_POLL` seconds, as VS Code's language server library does).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO

from pygls.io_ import StdoutWriter

from jax_lsp.server.runtime import latency
from jax_lsp.server.runtime.framing import Frame, FrameError, FrameParser
from jax_lsp.server.runtime.front import CHUNK, StdinFront
from jax_lsp.server.runtime.protocol import PARSE_ERROR

if TYPE_CHECKING:
    from jax_lsp.server.runtime.protocol import JaxLspProtocol
    from jax_lsp.server.server import JaxLanguageServer

__all__ = [
    "PARENT_POLL",
    "deliver",
    "end_anyway",
    "process_alive",
    "serve_stdio",
    "serve_tcp",
    "watch_process",
]

log = logging.getLogger(__name__)

#: seconds between looks at whether the client process is still alive
PARENT_POLL = 1.0
#: seconds the event loop has to end the process once the client is gone (stdin ended, or
#: `exit`) before another thread ends it: the loop may be stuck writing to a client that stopped
#: reading (stdout full), and would never get to it (issue 35)
EXIT_GRACE = 2.0
#: seconds between looks at whether stdin hung up while the reader waits for the event loop
HANGUP_POLL = 0.25


def serve_stdio(
    server: JaxLanguageServer,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    front: StdinFront | None = None,
) -> None:
    """Serve the client on stdin/stdout until it goes away; then end the process. `front` is
    the reader `jax-lsp serve` started before importing the server (it may have answered
    `initialize` already); without one, stdin is read from now on."""
    out = stdout or sys.stdout.buffer
    server.protocol.set_writer(StdoutWriter(out))
    if front is None:
        front = StdinFront(stdin or sys.stdin.buffer, out, answer_initialize=False)
    asyncio.run(_serve(server, front))


async def _serve(server: JaxLanguageServer, front: StdinFront) -> None:
    loop = asyncio.get_running_loop()
    closed: asyncio.Future[None] = loop.create_future()
    protocol = server.protocol

    watched: list[bool] = []  # (a watchdog was started: once is enough)

    def hand_over(events: list[Frame | FrameError]) -> None:
        """In the reader thread: the frames go to the event loop, one chunk's worth at a time
        (so a client that writes faster than the server handles is held back by the pipe, not
        by memory)."""
        done: concurrent.futures.Future[None] = concurrent.futures.Future()
        if latency.ENABLED:
            latency.frame_read(time.monotonic())
        loop.call_soon_threadsafe(deliver, protocol, events, done)
        while True:
            try:
                done.result(HANGUP_POLL)
                return
            except concurrent.futures.TimeoutError:
                # the loop is busy, or stuck (stdout full): once the client has closed stdin
                # a stuck loop must not keep the process (what is left in stdin is still
                # read and handled while the loop gets through it)
                if not watched and front.hung_up():
                    watched.append(True)
                    end_anyway(server, lambda: 0 if server.session.shut_down else 1)

    def on_close() -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone: the process is ending
            loop.call_soon_threadsafe(_set_done, closed)
        end_anyway(server, lambda: 0 if server.session.shut_down else 1)

    kept, ended = front.attach(hand_over, on_close)
    if ended:  # (`on_close` will not be called)
        end_anyway(server, lambda: 0 if server.session.shut_down else 1)
    if front.answered is not None:
        protocol.answered_early(*front.answered)
    if front.early is not None and front.early.published is not None:
        server.session.published_early(front.early.published)
    if front.early is not None and front.early.pulled is not None:
        server.session.pulled_early(front.early.pulled)
    deliver(protocol, kept)
    del kept  # the first messages (an opened document's text) need not live as long as this
    if ended:
        _set_done(closed)
    await closed
    log.info("the client closed the connection")
    server.end(0 if server.session.shut_down else 1)


def serve_tcp(server: JaxLanguageServer, host: str, port: int) -> None:
    """Serve one client over TCP with the same framing; end the process when it disconnects."""

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        server.protocol.set_writer(writer)  # type: ignore[arg-type]
        parser = FrameParser()
        while True:
            try:
                data = await reader.read(CHUNK)
            except OSError:
                data = b""
            if not data:
                break
            deliver(server.protocol, parser.feed(data))
        log.info("the client closed the connection")
        server.end(0 if server.session.shut_down else 1)

    async def listen() -> None:
        tcp = await asyncio.start_server(connection, host, port)
        addresses = ", ".join(str(sock.getsockname()) for sock in tcp.sockets)
        log.info("Serving on %s", addresses)
        async with tcp:
            await tcp.serve_forever()

    asyncio.run(listen())


class _Progress:
    """Messages handled so far (`deliver`): the event loop is stuck while this stands still."""

    handled = 0


def end_anyway(server: JaxLanguageServer, status: Callable[[], int]) -> None:
    """End the process with `status()`, its analysis children first, should the event loop
    handle no message for `EXIT_GRACE` seconds before it ends the process itself (from a
    thread of its own: the loop may be stuck writing to a client that stopped reading). The
    messages read before stdin ended are still handled while the loop gets through them."""

    def watch() -> None:
        seen = -1
        while seen != _Progress.handled:
            seen = _Progress.handled
            time.sleep(EXIT_GRACE)
        log.warning("the event loop is stuck (the client reads no output?): exiting")
        with contextlib.suppress(Exception):
            for pid in server.session.scheduler.pool.pids:
                os.kill(pid, signal.SIGKILL)
        os._exit(status())

    threading.Thread(target=watch, name="jax-lsp-exit-watch", daemon=True).start()


def _set_done(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def deliver(
    protocol: JaxLspProtocol,
    events: list[Frame | FrameError],
    done: concurrent.futures.Future[None] | None = None,
) -> None:
    """Handle what the framing layer read (on the event loop); one event's failure is logged
    and the others still run."""
    try:
        for event in events:
            if latency.ENABLED:
                latency.frame_delivered(time.monotonic())
            _Progress.handled += 1
            try:
                if isinstance(event, FrameError):
                    log.warning("%s", event.message)
                    if event.reply:
                        protocol.send_error(None, PARSE_ERROR, f"Parse error: {event.message}")
                    continue
                if event.truncated:
                    log.warning("a frame's Content-Length ran past the next frame's header")
                protocol.handle_body(event.body)
            except Exception:  # noqa: BLE001 - one bad message must not stop the others
                log.exception("cannot handle a message")
    finally:
        if done is not None:
            done.set_result(None)


def process_alive(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie (True where that cannot be told)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True


def watch_process(
    pid: int, loop: asyncio.AbstractEventLoop, on_exit: Callable[[], None]
) -> threading.Thread | None:
    """Call `on_exit` on the event loop once process `pid` is gone (None: not watched, on
    Windows, where `os.kill(pid, 0)` would send CTRL_C_EVENT)."""
    if sys.platform == "win32" or pid <= 0:
        return None

    def watch() -> None:
        while process_alive(pid):
            time.sleep(PARENT_POLL)
        log.warning("the client process %d is gone: exiting", pid)
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(on_exit)

    thread = threading.Thread(target=watch, name="jax-lsp-parent-watch", daemon=True)
    thread.start()
    return thread
