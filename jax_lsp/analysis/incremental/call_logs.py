"""The interpreter's logs of the findings emitted and the functions entered, in order, of
which each interpretation of a call owns a span (`calls.PythonCalls.call_closure`).

Why: a memoised call's span is copied to the log where the call is answered from the memo, so
that the span of each call around it holds it too (what a root reaches through memoised
calls, see `roots`). Copied whole, a function calling the previous one twice doubles the log
at each level: a 26-deep chain of such helpers (a hundred lines) made 2^26 entries, and the
recording analysis (the language server's, `incremental`) never finished while the one-shot
analysis took milliseconds. A span is read as a set, so an entry already in the span of the
innermost call running is not logged again: each span holds each entry once, and the logs
grow with the calls interpreted and answered, as the one-shot analysis's work does.

The log of functions entered goes one step further: a memoised call answered logs a reference
to its span (the `(start, end)` pair), a shared interpretation reused its `entered` set (see
`interp_state.SharedCall`), not their entries. Copied, each answered call cost what it
reached, and in a module whose functions call earlier ones (the shared generator's) what a
call reaches grows with the module: at 20,000 lines a reused call copied up to 400 entries,
and the copies grew 18 times from 5,000 lines to 20,000. The references are followed once the
roots ran (`reached`, for the roots' records and the interpretations carried to the next
version), each once per root.

What copying spans costs is bounded too (`CallLog.cap`, a multiple of the interpreter's work
budget): past it the recording analysis stops (`RecordsTooLarge`) and its caller answers with
the one-shot analysis (see `incremental.IncrementalAnalyzer`), which records nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

#: entries a recording analysis may examine while copying spans, per statement of its work
#: budget (`Interpreter.budget`): on the corpus and the benchmarks' modules it examines fewer
#: than one per statement it runs
WORK_PER_STATEMENT = 8


class RecordsTooLarge(Exception):  # noqa: N818 - a signal, not an error
    """A recording analysis copied more log entries than its cap (see `CallLog.cap`)."""


class CallLog:
    """One log: `entries` in order, each one's last position, and where the span of the
    innermost call running starts (`start`, saved and restored around each call). `cap`:
    how many entries `extend_once` may examine in all (None: no cap)."""

    __slots__ = ("cap", "entries", "last_at", "offered", "start")

    def __init__(self, cap: int | None = None) -> None:
        self.entries: list = []
        self.last_at: dict[Hashable, int] = {}
        self.start = 0
        self.cap = cap
        #: entries offered, logged or not: what grows wherever the whole copies grew (for
        #: a caller asking whether anything was emitted meanwhile, as before)
        self.offered = 0

    def __len__(self) -> int:
        return len(self.entries)

    def span(self, a: int, b: int) -> list:
        return self.entries[a:b]

    def append(self, item: Hashable) -> None:
        self.last_at[item] = len(self.entries)
        self.entries.append(item)
        self.offered += 1

    def extend_once(self, items: Iterable[Hashable]) -> None:
        """Log each of `items` not already logged in the innermost running call's span."""
        log, last_at, start = self.entries, self.last_at, self.start
        if not isinstance(items, (list, tuple, set, frozenset)):
            items = list(items)
        self.offered += len(items)
        if self.cap is not None:
            self.cap -= len(items)
            if self.cap < 0:
                raise RecordsTooLarge(
                    "the recording analysis's bookkeeping exceeded its budget"
                )
        for item in items:
            if last_at.get(item, -1) < start:
                last_at[item] = len(log)
                log.append(item)


def reached(items: Iterable[Any], entries: list) -> set:
    """The functions `items` of the log of functions entered (`entries`) stand for: a
    function's node itself, a span `(start, end)` of `entries` and a shared interpretation's
    `entered` set what they hold, references within them followed, each reference once."""
    out: set = set()
    seen: set = set()
    todo: list[Any] = list(items)
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is tuple:
            if item not in seen:
                seen.add(item)
                todo.extend(entries[item[0]:item[1]])
        elif kind is frozenset:
            if item not in seen:
                seen.add(item)
                todo.extend(item)
        else:
            out.add(item)
    return out
