"""Find JAX error messages anywhere in pasted text, however they were wrapped.

People paste errors inside sentences, quotes and backticks, behind `# ` comments, pytest's `E   `
prefix or a `> ` quote, inside JSON strings, behind `FilteredStackTrace:` or
`JaxStackTraceBeforeTransformation:`, hard-wrapped over lines, coloured by a terminal, or cut
off. `clean_paste` undoes the wrappings that change the characters of the message; `locate`
then looks for every wording of every entry at any place in the result, so a paste holding
several errors yields each of them.

A value is extracted only from text the message really contains: a message opened by a quote
or backtick ends at its closing one, a value that ends the message ends with its line (or the
sentence the user went on with), and a message cut short gives no values at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from jax_lsp.catalog.loader import Catalog
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.templates import _split, balanced_end, compile_template

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
#: prefixes a line of a paste may carry: pytest `E   `, `> ` quotes, `# ` comments, prompts
_LINE_PREFIX = re.compile(r"^(?:\s*(?:E(?:\s+|$)|>+ ?|#+ ?|>>> |\.\.\. |\|\s))+")
#: a comment after code on the same line: `f(x)  # TypeError: ...`
_TRAILING_COMMENT = re.compile(r"^(?P<code>[^#\"']*?\S)\s+#+ (?P<comment>\S.*)$")
#: a JSON string literal that holds escapes (a traceback dumped by a notebook or a logger)
_JSON_STRING = re.compile(r'"((?:[^"\\\n]|\\.){24,})"')
#: `SomeError: ` (possibly dotted, possibly several in a row) just before a message
_HEADER_BEFORE = re.compile(
    r"\s*(?P<name>[A-Za-z_][\w.]*(?:Error|Exception|Warning|StackTrace|Transformation|Interrupt))"
    r"\s*:\s*$"
)
#: the seam of implicitly concatenated string literals, `" \n   f"` (an f or r prefix too)
_IMPLICIT_CONCAT = re.compile(r"(?<=[^\s\"])\"[ \t]*\n[ \t]*(?:\d+[ \t]+)?[rfbu]?\"(?=[^\"])")
_QUOTES = {"`": "`", '"': '"', "'": "'", "“": "”", "‘": "’"}
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…)\s*$")
#: where a user left part of a message out: `...`, `…`, `[...]`, `(...)`
_ELISION = re.compile(r"\[\s*(?:\.\.\.|…)\s*\]|\(\s*(?:\.\.\.|…)\s*\)|\.\.\.+|…")
#: a message whose start was left out must still pin down this much text after the elision
#: when the exception class written before it agrees with the entry's (else
#: MIN_TRUNCATED_STATIC), as short templates are recognised only with their class
MIN_ELIDED_STATIC_WITH_CLASS = 16
#: where a user's sentence goes on after a message's final value: `. Now I` / `. (The`
_SENTENCE_GOES_ON = re.compile(r"\.\s+(?=[A-Z(])")
#: a message cut short must still pin down this much of the template's text
MIN_TRUNCATED_STATIC = 24
#: a template is looked for inside arbitrary text only if it pins down this much text
MIN_SEARCH_STATIC = 24
#: how far a placeholder inside a message may reach (a pytree repr can be long)
_MAX_VALUE = 4000


@dataclass(frozen=True)
class Located:
    """One catalog message found in a paste."""

    entry: Entry
    #: the template (one of the entry's wordings) that matched
    template: str
    #: the JAX releases that print that wording
    versions: str
    #: the exception class written just before the message, if any (last one of a chain)
    exception: str | None
    #: placeholder -> value, exactly as pasted; empty for a message cut short
    values: tuple[tuple[str, str], ...]
    start: int
    end: int
    #: only the start of the message was pasted (cut off, or ended with `...`)
    truncated: bool = False
    #: for a message cut short: how much of the template's text it covers
    covered: int = 0
    #: for a message cut short: the text it was read from (to compare other entries on it)
    region: str = ""

    @property
    def static_length(self) -> int:
        return compile_template(self.template).static_length


def clean_paste(text: str) -> str:
    """The paste with terminal colours, line prefixes and comment markers removed, and the
    decoded text of JSON strings appended, so that a message reads as JAX printed it."""
    text = _ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    # Python source quoting the message: `"... for "\n   "lax.while_loop"` is one string
    text = _IMPLICIT_CONCAT.sub("", text)
    lines = []
    for line in text.split("\n"):
        line = _LINE_PREFIX.sub("", line)
        m = _TRAILING_COMMENT.match(line)
        if m and not line.lstrip().startswith(("File ", "Traceback")):
            line = m.group("comment")
        lines.append(line.strip())
    cleaned = "\n".join(lines)
    decoded = []
    for m in _JSON_STRING.finditer(text):
        if "\\" in m.group(1):
            try:
                decoded.append(json.loads(f'"{m.group(1)}"'))
            except ValueError:
                continue
    if decoded:
        cleaned += "\n\n" + "\n\n".join(_ANSI.sub("", d) for d in decoded)
    return cleaned


@dataclass(frozen=True)
class _Searcher:
    """A template prepared for searching: where it may start, and its full regex."""

    template: str
    #: finds the template's first literal text
    anchor: re.Pattern[str]
    #: the template begins with a placeholder (then the match starts one word earlier)
    leading_placeholder: bool
    regex: re.Pattern[str]
    #: that placeholder runs straight into the text after it (no space between)
    glued: bool = False


def _ws(literal: str) -> str:
    return r"\s+".join(re.escape(p) for p in literal.split())


def _anchor(literal: str, min_chars: int = 16) -> str:
    """The first words of a template's first literal text, enough to find where a message
    (perhaps cut short right after them) starts."""
    words: list[str] = []
    for word in literal.split():
        words.append(word)
        if len(" ".join(words)) >= min_chars:
            break
    return r"\s+".join(re.escape(w) for w in words)


@cache
def _searcher(template: str) -> _Searcher | None:
    pieces = [(lit, name) for lit, name in _split(template) if lit or name]
    parts: list[str] = []
    seen: set[str] = set()
    anchor = ""
    leading = bool(pieces) and pieces[0][1] is not None and not pieces[0][0]
    for i, (literal, name) in enumerate(pieces):
        last = i == len(pieces) - 1
        if name is None:
            if not literal.strip():
                parts.append(r"\s*")
                continue
            lead = r"\s*" if literal[:1].isspace() else ""
            tail = r"\s*" if literal[-1:].isspace() else ""
            dot_ends = literal.split()[0] == "." and i > 0
            # `{value}.`: a sentence's end, not the dot inside `Array(0.04)`
            end_of_sentence = r"(?=\s|\Z|[`'\"*])" if dot_ends else ""
            body = _ws(literal)
            if end_of_sentence:
                body = re.escape(".") + end_of_sentence + body[len(re.escape(".")) :]
            parts.append(lead + body + tail)
            anchor = anchor or _anchor(literal)
            continue
        if name in seen:
            parts.append(f"(?P={name})")
            continue
        seen.add(name)
        if literal:  # pinned placeholder: one value only
            parts.append(f"(?P<{name}>{_ws(literal)})")
            anchor = anchor or _anchor(literal)
        elif i == 0:
            # `{transform} requires ...`: one word; `{runtime_error}Encountered ...`: the line
            glued = len(pieces) > 1 and not pieces[1][0][:1].isspace()
            parts.append(rf"(?P<{name}>[^\n]*?)" if glued else rf"(?P<{name}>[^\s`'\"(]+)")
        elif last:
            parts.append(rf"(?P<{name}>[^\n]*)")
        else:
            parts.append(rf"(?P<{name}>.{{0,{_MAX_VALUE}}}?)")
    if not anchor:
        return None
    glued = leading and len(pieces) > 1 and not pieces[1][0][:1].isspace()
    return _Searcher(
        template, re.compile(anchor), leading, re.compile("".join(parts), re.DOTALL), glued
    )


def _start_of(text: str, anchor_start: int, leading: bool, glued: bool) -> int:
    """Where a match begins: at its anchor, or at the word before it for a template that
    begins with a placeholder (`{transform} requires ...` begins at `grad`), or at the start
    of the line for one glued to its text (`{runtime_error}Encountered ...`)."""
    if not leading:
        return anchor_start
    if glued:
        line_start = text.rfind("\n", 0, anchor_start) + 1
        if _HEADER_BEFORE.search(text[line_start:anchor_start]):
            return anchor_start  # `...Error: Encountered ...`: the class is not the value
        return line_start
    j = anchor_start
    while j > 0 and text[j - 1].isspace():
        j -= 1
    k = j
    while k > 0 and not text[k - 1].isspace() and text[k - 1] not in "`'\"(":
        k -= 1
    return k


def _header_and_quote(text: str, start: int) -> tuple[str | None, str | None]:
    """The exception class written right before `start` (the innermost of a chain such as
    `JaxStackTraceBeforeTransformation: NotImplementedError: `) and the quote that opens the
    message, if one does."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    exception = None
    m = _HEADER_BEFORE.search(before)
    if m:
        exception = m.group("name")
        # the opening quote sits before the outermost header of the chain
        k = m.start()
        while True:
            m2 = _HEADER_BEFORE.search(before[:k])
            if not m2:
                break
            k = m2.start()
        before = before[:k]
    before = before.rstrip(" ")
    quote = before[-1] if before and before[-1] in _QUOTES else None
    return exception, quote


def _prose_before(text: str, start: int) -> bool:
    """Whether the message starts inside a sentence of the user's (text before it on its line,
    other than exception classes and quotes): then the user's sentence may go on after it."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    while True:
        m = _HEADER_BEFORE.search(before)
        if not m:
            break
        before = before[: m.start()]
    return bool(before.strip(" \t`'\"“‘:-"))


def _region_end(text: str, start: int, quote: str | None) -> int:
    """Where the text a message may occupy ends: its closing quote, else the end of the
    paste (a message may be wrapped over lines)."""
    if quote is not None:
        close = text.find(_QUOTES[quote], start)
        if close >= 0:
            return close
    return len(text)


def _paragraph_end(text: str, start: int, end: int) -> int:
    m = re.compile(r"\n[ \t]*\n").search(text, start, end)
    return m.start() if m else end


def _trim_values(values: dict[str, str], last: str | None, whole_line: bool) -> dict[str, str]:
    out = {k: v.strip() for k, v in values.items()}
    if last is not None and last in out and not whole_line:
        # a final value runs to the end of its line: stop where the user's own sentence goes on
        m = _SENTENCE_GOES_ON.search(out[last])
        if m:
            out[last] = out[last][: m.start() + 1]
    return out


def _truncated_match(template: str, text: str) -> int:
    """How much of the template's text `text` (from the message's start to where the paste
    stops) covers, if it is the start of a message this template matches and pins down
    enough of it; else 0."""
    body = " ".join(_ELLIPSIS.sub("", text).split())  # a hard-wrapped line is one line
    if not body:
        return 0
    return compile_template(template).match_truncated(body, MIN_TRUNCATED_STATIC)


def _norm(text: str) -> str:
    return " ".join(text.split())


def tail_cover(template: str, tail: str) -> int:
    """How much of the template's static text ends `tail`, the text after an elision: its
    static parts found in order from the last one back (the message's distinctive end)."""
    text = _norm(tail)
    j = len(text)
    cover = 0
    for part in reversed([p for p in map(_norm, compile_template(template).static_parts) if p]):
        i = text.rfind(part, 0, j)
        if i < 0:
            break
        cover += len(part)
        j = i
    return cover


def truncated_cover(template: str, text: str, min_static: int = MIN_TRUNCATED_STATIC) -> int:
    """How much of the template's text a message cut short covers: the start of the message
    (`text` up to where it stops), and, when the user elided its middle (`...`), the static
    text the part after the elision ends with; 0 when that pins down less than `min_static`."""
    best = _truncated_match(template, text)
    for m in _ELISION.finditer(text):
        head, tail = text[: m.start()], text[m.end() :]
        if not _norm(tail):
            continue
        body = _norm(head)
        start = compile_template(template).match_truncated(body, 1) if body else 0
        if body and not start:
            continue  # the text before the elision is not this message's start
        best = max(best, start + tail_cover(template, tail))
    return best if best >= min_static else 0


def _locate_template(entry: Entry, template: str, versions: str, text: str) -> Iterable[Located]:
    if compile_template(template).static_length < MIN_SEARCH_STATIC:
        return  # `expected {a}, got {b}`: too little text to recognise inside prose
    s = _searcher(template)
    if s is None:
        return
    names = compile_template(template).placeholders
    last = names[-1] if names and template.rstrip().endswith("}") else None
    for a in s.anchor.finditer(text):
        start = _start_of(text, a.start(), s.leading_placeholder, s.glued)
        exception, quote = _header_and_quote(text, start)
        end = _region_end(text, start, quote)
        m = s.regex.match(text, start, end)
        if m is not None:
            inline = _prose_before(text, start)
            values = _trim_values(m.groupdict(), last, quote is not None or not inline)
            if last is not None and last in values and m.end(last) == m.end():
                stop = balanced_end(text[:end], m.start(last), m.end(last))
                if stop is None:
                    del values[last]  # cut inside a bracket: better absent than wrong
                elif stop != m.end(last):
                    values[last] = text[m.start(last) : stop].strip()
            yield Located(
                entry, template, versions, exception, tuple(values.items()), start, m.end()
            )
            continue
        stop = _paragraph_end(text, start, end)
        covered = truncated_cover(template, text[start:stop])
        if covered:
            yield Located(
                entry,
                template,
                versions,
                exception,
                (),
                start,
                stop,
                truncated=True,
                covered=covered,
                region=text[start:stop],
            )


def _locate_headless(catalog: Catalog, text: str) -> Iterable[Located]:
    """Messages whose start the user replaced by an elision (`TypeError: [...] <class 'Zero'>
    is not a valid JAX type`): recognised by the static text after it alone."""
    for m in _ELISION.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        before = text[line_start : m.start()]
        header = _HEADER_BEFORE.search(before)
        rest = before[: header.start()] if header else before
        if rest.strip(" \t`'\"“‘:-"):
            continue  # the elision is inside other text, not where a message starts
        exception = header.group("name") if header else None
        stop = _paragraph_end(text, m.end(), len(text))
        tail = text[m.end() : stop]
        for entry in catalog:
            agrees = exception is not None and exception.rsplit(".", 1)[-1] == entry.exception
            need = MIN_ELIDED_STATIC_WITH_CLASS if agrees else MIN_TRUNCATED_STATIC
            for template, versions in entry.wordings:
                covered = tail_cover(template, tail)
                if covered >= need:
                    yield Located(
                        entry,
                        template,
                        versions,
                        exception,
                        (),
                        m.start(),
                        stop,
                        truncated=True,
                        covered=covered,
                        region=text[m.start() : stop],
                    )
                    break


def _better(a: Located, b: Located) -> bool:
    """Whether `a` explains its text better than `b`: a whole message beats one cut short; a
    message whose class agrees beats one whose does not; then the more specific template."""

    def key(x: Located) -> tuple[bool, bool, int, int]:
        agrees = x.exception is None or x.exception.rsplit(".", 1)[-1] == x.entry.exception
        specific = x.covered if x.truncated else x.static_length
        return (not x.truncated, agrees, specific, -len(x.values))

    return key(a) > key(b)


def locate(text: str, catalog: Catalog) -> list[Located]:
    """Every catalog message in `text` (a paste, any wrapping), in the order they appear.

    Where several wordings or entries match the same place, the best one is kept (see
    `_better`); the same entry found again (a chained traceback repeats its message) is
    reported once, at its first place."""
    cleaned = clean_paste(text)
    found: list[Located] = []
    for entry in catalog:
        for template, versions in entry.wordings:
            found.extend(_locate_template(entry, template, versions, cleaned))
    found.extend(_locate_headless(catalog, cleaned))
    kept: list[Located] = []
    for f in sorted(found, key=lambda x: x.start):
        overlapping = [k for k in kept if f.start < k.end and k.start < f.end]
        if all(_better(f, k) for k in overlapping):
            kept = [k for k in kept if k not in overlapping] + [f]
    best: dict[str, Located] = {}
    first: dict[str, int] = {}
    for k in sorted(kept, key=lambda x: x.start):
        first.setdefault(k.entry.id, k.start)
        if k.entry.id not in best or _better(k, best[k.entry.id]):
            best[k.entry.id] = k
    return sorted(best.values(), key=lambda x: first[x.entry.id])
