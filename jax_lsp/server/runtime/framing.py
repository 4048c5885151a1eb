"""The base protocol's framing (a ``Content-Length`` header, a blank line, that many bytes of
JSON), read so that no bad frame can wedge the session or exhaust memory.

pygls reads a header line, then exactly the announced number of bytes: a wrong length leaves it
reading the next messages as the body (too large) or the rest of the body as headers (too
small), a header it does not understand is skipped together with every later frame, and a
huge length is allocated. This parser resynchronises instead:

- a header block whose ``Content-Length`` is missing, not a number, negative or over
  `MAX_FRAME` is reported as a `FrameError` and skipped, never allocated;
- bytes between frames (the tail of a body whose length was too small, stray output) are
  skipped up to the next ``Content-Length:`` header;
- a body that turns out to contain the next frame's header (its length was too large: a JSON
  text can hold neither a raw CR nor ``Content-Length:`` outside a string) is cut there, so the
  session does not wait for bytes the client will never send.

The JSON inside a frame is the caller's business (see `transport`). `FrameParser` is sans-IO:
feed it bytes, it returns events.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MAX_FRAME", "MAX_HEADER", "Frame", "FrameError", "FrameParser"]

#: the largest body accepted (a larger one is skipped, never read into memory)
MAX_FRAME = 64 * 1024 * 1024
#: the longest header block: past it, what was read is not a header and is skipped
MAX_HEADER = 64 * 1024

_HEADER_END = b"\r\n\r\n"
_CONTENT_LENGTH = re.compile(rb"content-length:", re.IGNORECASE)
#: a complete Content-Length header line: what a body cannot contain if it is JSON
_NEXT_HEADER = re.compile(rb"content-length:[ \t]*[0-9]+\r\n", re.IGNORECASE)
#: the end of a body that may be a header's first bytes: "c", "content-le", "content-length: 4"
_HEADER_PREFIX = re.compile(rb"(?i)c[a-z-]{0,14}(?::[ \t]*[0-9]*\r?)?\Z")
_VALUE = re.compile(rb"content-length:[ \t]*([^\r\n]*)", re.IGNORECASE)
_NUMBER = re.compile(rb"[0-9]{1,20}")
#: bytes kept when skipping, so that a header split across reads is still found
_KEEP = len(b"content-length:") + 24


@dataclass(frozen=True)
class Frame:
    """One message body (`truncated`: cut short where the next frame's header began)."""

    body: bytes
    truncated: bool = False


@dataclass(frozen=True)
class FrameError:
    """Bytes that were skipped: a bad frame (`reply`: answered with a JSON-RPC parse error, id
    null), or bytes outside any frame (only logged: they may not have been a message)."""

    message: str
    reply: bool = True


class FrameParser:
    """Feed it the bytes as they arrive; it returns the frames and errors they complete."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()
        #: the body's start and announced length, once a header block was read
        self._body: tuple[int, int] | None = None
        #: bytes of the buffer already searched for the next header while reading a body
        self._searched = 0
        #: bytes outside any frame skipped since the last frame
        self._junk = 0

    def feed(self, data: bytes) -> list[Frame | FrameError]:
        events: list[Frame | FrameError] = []
        self._buffer += data
        while True:
            event = self._body_event() if self._body is not None else self._header_event()
            if event is None:
                return events
            if event is not _AGAIN:
                events.append(event)  # type: ignore[arg-type]

    # -- headers ----------------------------------------------------------------------------

    def _header_event(self) -> Frame | FrameError | object | None:
        buffer = self._buffer
        start = _CONTENT_LENGTH.search(buffer)
        if start is None:
            # nothing here can become a header but a `Content-Length:` split across reads
            # (other headers, such as Content-Type, are optional and ignored)
            self._drop(max(0, len(buffer) - _KEEP))
            return None
        if start.start():
            self._drop(start.start())  # between frames: not a message
        if self._junk:
            junk, self._junk = self._junk, 0
            return FrameError(f"{junk} bytes outside any frame were skipped", reply=False)
        end = buffer.find(_HEADER_END)
        if end < 0:
            if len(buffer) > MAX_HEADER:
                del buffer[: len(b"content-length:")]
                return FrameError("a header block longer than %d bytes was skipped" % MAX_HEADER)
            return None
        block = bytes(buffer[:end])
        body_start = end + len(_HEADER_END)
        # a second Content-Length inside the block: the first one's frame had no blank line
        last = list(_CONTENT_LENGTH.finditer(block))[-1]
        if last.start():
            del buffer[: last.start()]
            return FrameError("a header block without its blank line was skipped")
        value = _VALUE.match(block)
        assert value is not None
        raw = value.group(1).strip()
        if not _NUMBER.fullmatch(raw):
            del buffer[:body_start]
            return FrameError(f"the frame's Content-Length {raw[:40]!r} is not a length; skipped")
        length = int(raw)
        if length > self.max_frame:
            # its body (if the client sends one) is skipped like any bytes outside a frame,
            # up to the next header, without being kept
            del buffer[:body_start]
            return FrameError(
                f"a frame of {length} bytes is larger than the {self.max_frame} accepted; skipped"
            )
        self._body = (body_start, length)
        self._searched = body_start
        return _AGAIN

    def _drop(self, count: int) -> None:
        dropped = self._buffer[:count]
        del self._buffer[:count]
        if dropped.strip():
            self._junk += len(dropped)

    # -- body -------------------------------------------------------------------------------

    def _body_event(self) -> Frame | object | None:
        assert self._body is not None
        start, length = self._body
        buffer = self._buffer
        end = start + length
        # the next frame's header beginning inside what should be this body: the length was
        # too large (a header line may straddle the body's end, so look a little past it)
        window_end = min(len(buffer), end + _KEEP)
        found = _NEXT_HEADER.search(buffer, max(start, self._searched - _KEEP), window_end)
        if found is not None and found.start() < end:
            body = bytes(buffer[start : found.start()])
            del buffer[: found.start()]
            self._body = None
            return Frame(body, truncated=True)
        self._searched = min(len(buffer), end)
        if len(buffer) < end:
            return None
        tail = _HEADER_PREFIX.search(buffer, max(start, end - _KEEP), end)
        if tail is not None and len(buffer) < end + _KEEP:
            # the body ends like the start of a header (no JSON text does): wait for the bytes
            # that tell whether one straddles its end
            if _could_be_header(bytes(buffer[tail.start() :])):
                return None
        body = bytes(buffer[start:end])
        del buffer[:end]
        self._body = None
        return Frame(body)


def _could_be_header(data: bytes) -> bool:
    """Whether `data` is the beginning of a ``Content-Length: N\\r\\n`` line."""
    line = b"content-length:"
    lowered = data.lower()
    if len(lowered) <= len(line):
        return line.startswith(lowered)
    if not lowered.startswith(line):
        return False
    return re.fullmatch(rb"[ \t]*[0-9]*\r?", lowered[len(line) :]) is not None


#: a step that produced no event, after which the parser goes on
_AGAIN = object()
