"""Match a JAX error (a bare message or a whole traceback) back to its catalog entry.

For a traceback this also finds the frame that triggered the error: the last frame outside the
`jax`/`jaxlib` packages, i.e. the user's line. When nothing matches, `closest_entries` ranks
the entries by how similar their message is, for suggestions.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from jax_lsp.catalog.loader import Catalog
from jax_lsp.catalog.locate import MIN_SEARCH_STATIC, Located, locate, truncated_cover
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.templates import compile_template, normalize_message

_TRACEBACK_HEAD = "Traceback (most recent call last):"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: pytest prints each traceback line behind `E   `
_PYTEST_PREFIX = re.compile(r"^E   ")
#: the exception JAX chains in front of an error raised while transforming an operation: its
#: traceback shows where the user wrote that operation
_ORIGIN_MARK = "JaxStackTraceBeforeTransformation"
#: the status code a JaxRuntimeError's message starts with (`INTERNAL: CpuCallback error ...`)
_XLA_STATUS = re.compile(r"^[A-Z][A-Z_]{3,}: ")
_FRAME = re.compile(r'^\s+File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>.+))?$')
#: `Name: message` or `pkg.Name: message` at the start of a line, for an exception-like name
_HEADER = re.compile(r"^(?P<name>[A-Za-z_][\w.]*)(?::[ \t]?(?P<rest>.*))?$")
_EXC_SUFFIXES = ("Error", "Exception", "Warning", "Exit", "Interrupt")
#: a frame in JAX itself (site-packages/jax/..., a jax checkout's jax/_src/..., jaxlib)
#: installed third-party packages and the standard library (`.../lib/python3.11/...`)
_LIBRARY_PATH = re.compile(
    r"([/\\](site|dist)-packages[/\\])|([/\\]lib(64)?[/\\]python\d+(\.\d+)?[/\\])"
    r"|([/\\]Lib[/\\])"
)
_JAX_PATH = re.compile(
    r"([/\\](site|dist)-packages[/\\](jax|jaxlib)[/\\])|([/\\]jax[/\\]_src[/\\])|([/\\]jaxlib[/\\])"
)


@dataclass(frozen=True)
class Frame:
    """One `File "...", line N, in f` frame of a traceback."""

    filename: str
    lineno: int
    function: str
    #: the source line Python printed under the frame, if any
    source: str = ""

    @property
    def is_jax(self) -> bool:
        return is_jax_path(self.filename)

    @property
    def is_library(self) -> bool:
        """In an installed package (site-packages) or the Python standard library."""
        return bool(_LIBRARY_PATH.search(self.filename)) or self.filename.startswith("<frozen")

    def __str__(self) -> str:
        return f"{self.filename}:{self.lineno} in {self.function}"


@dataclass(frozen=True)
class ParsedError:
    """The exception class, message and frames read from error text."""

    exception: str | None
    message: str
    frames: tuple[Frame, ...] = ()
    is_traceback: bool = False
    #: the frames JAX names as the source of the failing operation (see `parse_error_text`)
    origin_frames: tuple[Frame, ...] = ()

    @property
    def user_frame(self) -> Frame | None:
        """The user code that triggered the error: the last frame outside the JAX package.

        Frames of the standard library (`contextlib`, `functools`, `runpy`, ...) and of other
        installed packages are passed over when a frame of the user's own code exists, so a
        `contextlib` wrapper or an equinox/flax layer between the user's line and JAX does not
        hide the user's line."""
        if self.origin_frames:
            origin = ParsedError(None, "", self.origin_frames).user_frame
            if origin is not None:
                return origin
        outside_jax = [f for f in self.frames if not f.is_jax]
        for frame in reversed(outside_jax):
            if not frame.is_library:
                return frame
        for frame in reversed(outside_jax):
            if not frame.filename.startswith("<frozen"):
                return frame
        return None


@dataclass(frozen=True)
class Match:
    entry: Entry
    #: placeholder name -> the text it matched, in template order
    values: tuple[tuple[str, str], ...]
    #: whether the exception class named in the text (if any) is the entry's
    exception_agrees: bool
    #: the text was only the start of the message (cut short); placeholders are not extracted
    truncated: bool = False
    #: the wording (one of the entry's templates) that matched, and the JAX releases printing it
    template: str = ""
    versions: str = ""
    #: for a message cut short: the text it was read from
    region: str = ""


@dataclass(frozen=True)
class Suggestion:
    entry: Entry
    similarity: float


@dataclass(frozen=True)
class Explanation:
    parsed: ParsedError
    match: Match | None
    #: the other entries that also match (less specific), or the closest ones when none does
    suggestions: tuple[Suggestion, ...]
    #: the other errors found elsewhere in the same paste, in the order they appear
    more: tuple[Match, ...] = ()


def is_jax_path(filename: str) -> bool:
    return bool(_JAX_PATH.search(filename))


def _short_name(name: str | None) -> str:
    return (name or "").rsplit(".", 1)[-1]


def _looks_like_exception(name: str) -> bool:
    short = _short_name(name)
    return short.endswith(_EXC_SUFFIXES) or short in {"KeyboardInterrupt", "StopIteration"}


def _split_header(text: str) -> tuple[str | None, str]:
    """`ValueError: msg` -> ("ValueError", "msg"); text without a class name is all message."""
    first, _, rest = text.partition("\n")
    m = _HEADER.match(first.strip())
    if m and _looks_like_exception(m.group("name")):
        body = m.group("rest") or ""
        return m.group("name"), (body + ("\n" + rest if rest else "")).strip()
    return None, text.strip()


def _read_frames(section: list[str]) -> tuple[list[Frame], int]:
    """The frames at the top of a traceback section, and the index of its first line after
    them (the exception line)."""
    frames: list[Frame] = []
    i = 0
    while i < len(section):
        line = section[i]
        m = _FRAME.match(line)
        if m:
            source = ""
            if (
                i + 1 < len(section)
                and section[i + 1].startswith("    ")
                and not _FRAME.match(section[i + 1])
            ):
                source = section[i + 1].strip()
            frames.append(
                Frame(
                    m.group("file"), int(m.group("line")), (m.group("func") or "").strip(), source
                )
            )
            i += 1
            continue
        if line.startswith((" ", "\t")) or not line.strip():
            i += 1  # source lines, caret markers, "[Previous line repeated ...]"
            continue
        break  # the first unindented line after the frames: the exception itself
    return frames, i


def parse_error_text(text: str) -> ParsedError:
    """Read error text: a full traceback (possibly chained, possibly with log lines around it)
    or just the message, with or without the `ExceptionClass: ` prefix.

    In a chained traceback, the part that ends in `JaxStackTraceBeforeTransformation` is where
    JAX says the failing operation was written (the line inside a custom rule, say); its
    frames are kept as `origin_frames`, and the user's frame is read from them first."""
    text = _ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    lines = [_PYTEST_PREFIX.sub("", line) for line in text.split("\n")]
    starts = [i for i, line in enumerate(lines) if line.rstrip() == _TRACEBACK_HEAD]
    if not starts:
        exception, message = _split_header(text.strip())
        return ParsedError(exception, normalize_message(message))

    origin: list[Frame] = []
    for start in starts[:-1]:
        section = lines[start + 1 :]
        frames, i = _read_frames(section)
        if i < len(section) and _ORIGIN_MARK in section[i] and frames:
            origin = frames
    section = lines[starts[-1] + 1 :]
    frames, i = _read_frames(section)
    if i < len(section) and _ORIGIN_MARK in section[i] and frames:
        origin = frames
    exception, message = _split_header("\n".join(section[i:]))
    return ParsedError(exception, normalize_message(message), tuple(frames), True, tuple(origin))


def match_message(message: str, catalog: Catalog, exception: str | None = None) -> list[Match]:
    """Every entry whose template matches `message`, best first.

    Best is: the exception class agrees (when one is given), then the most specific template
    (the most static text), then the fewest placeholders, then the id for a stable order. When
    no template matches the whole message, a message cut short (a first line, a quote ending in
    `...`) matches the templates it is the start of, ranked by how much of them it covers.
    """
    message = normalize_message(message)

    def agrees(entry: Entry) -> bool:
        return exception is None or _short_name(exception) == _short_name(entry.exception)

    found: list[Match] = []
    for entry in catalog:
        for template, versions in entry.wordings:
            if compile_template(template).static_length < MIN_SEARCH_STATIC and (
                exception is None or not agrees(entry)
            ):
                continue  # `{x} has no attribute {y}`: only with the entry's exception class
            values = compile_template(template).match(message)
            if values is not None:
                found.append(
                    Match(entry, tuple(values.items()), agrees(entry), False, template, versions)
                )
                break
    if found:
        found.sort(
            key=lambda m: (
                not m.exception_agrees,
                -compile_template(m.template).static_length,
                len(m.values),
                m.entry.id,
            )
        )
        return found
    partial: list[tuple[int, Match]] = []
    for entry in catalog:
        for template, versions in entry.wordings:
            covered = compile_template(template).match_truncated(message)
            if covered:
                partial.append((covered, Match(entry, (), agrees(entry), True, template, versions)))
                break
    partial.sort(key=lambda p: (not p[1].exception_agrees, -p[0], p[1].entry.id))
    return [m for _, m in partial]


def _similarity(message: str, entry: Entry) -> float:
    """How much `message` looks like the entry's message, in [0, 1]: half character similarity
    (to the whole template or to its start, whichever is closer), half the share of the
    message's words that the template contains."""
    template = compile_template(entry.message)
    a = message[:400].lower()
    b = template.static_text[:400].lower()
    ratio = max(
        difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(),
        difflib.SequenceMatcher(None, a, b[: max(len(a), 40)], autojunk=False).ratio(),
    )
    wa = set(re.findall(r"[a-z_]{2,}", a))
    wb = set(re.findall(r"[a-z_]{2,}", b))
    contained = len(wa & wb) / len(wa) if wa else 0.0
    return round(0.5 * ratio + 0.5 * contained, 3)


def closest_entries(message: str, catalog: Catalog, limit: int = 3) -> list[Suggestion]:
    """The entries whose messages look most like `message`, most similar first."""
    message = normalize_message(message)
    scored = [Suggestion(e, _similarity(message, e)) for e in catalog]
    scored.sort(key=lambda s: (-s.similarity, s.entry.id))
    return scored[:limit]


def _from_located(found: Located) -> Match:
    agrees = found.exception is None or _short_name(found.exception) == _short_name(
        found.entry.exception
    )
    return Match(
        found.entry,
        found.values,
        agrees,
        found.truncated,
        found.template,
        found.versions,
        found.region,
    )


def _best_cut_short(region: str, catalog: Catalog) -> list[tuple[Entry, str, str]]:
    """For a message cut short or elided: the entries (with the wording) whose text it covers
    most. Several means the pasted part is shared by them and no entry can be named."""
    best = 0
    top: list[tuple[Entry, str, str]] = []
    for entry in catalog:
        scored = [(truncated_cover(t, region, 1), t, v) for t, v in entry.wordings]
        cover, template, versions = max(scored, key=lambda x: x[0])
        if cover and cover > best:
            best, top = cover, [(entry, template, versions)]
        elif cover and cover == best:
            top.append((entry, template, versions))
    return top


def explain(text: str, catalog: Catalog) -> Explanation:
    """Find the errors in a paste and their entries; with none, suggest the closest entries.

    The error a traceback ends with, read as a whole message, comes first; otherwise the first
    message found anywhere in the text (see `jax_lsp.catalog.locate`). Every other error found
    in the paste is listed in `more`."""
    parsed = parse_error_text(text)
    # the whole text is read as one message only when it looks like one (a traceback, or text
    # that starts with an exception class); prose is left to `locate`
    is_message = (
        parsed.is_traceback
        or parsed.exception is not None
        or bool(_XLA_STATUS.match(parsed.message))
    )
    matches = (
        match_message(parsed.message, catalog, parsed.exception)
        if parsed.message and is_message
        else []
    )
    located = [_from_located(f) for f in locate(text, catalog)]
    whole = [m for m in located if not m.truncated]
    if matches and not matches[0].truncated:
        primary = matches[0]
        others = tuple(Suggestion(m.entry, 1.0) for m in matches[1:])
    elif whole:
        primary = whole[0]
        others = ()
    elif matches:
        primary = matches[0]
        others = tuple(Suggestion(m.entry, 1.0) for m in matches[1:])
    elif located:
        primary = located[0]
        others = ()
    else:
        return Explanation(parsed, None, tuple(closest_entries(parsed.message, catalog)))
    if primary.truncated:
        top = _best_cut_short(primary.region or parsed.message, catalog)
        if primary.exception_agrees:  # the class written before it narrows the choice
            top = [t for t in top if t[0].exception == primary.entry.exception] or top
        if len(top) > 1:  # the pasted part is shared: suggest them all, name none
            return Explanation(parsed, None, tuple(Suggestion(e, 1.0) for e, _, _ in top))
        if top and top[0][0].id != primary.entry.id:  # the distinctive part decides
            entry, template, versions = top[0]
            primary = Match(
                entry, (), primary.exception_agrees, True, template, versions, primary.region
            )
    more = tuple(m for m in located if m.entry.id != primary.entry.id)
    return Explanation(parsed, primary, others, more)
