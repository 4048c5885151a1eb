"""Message templates: JAX's message text with `{placeholders}` for the parts that vary.

A template compiles to a regular expression that matches the real message from its start. Static
text matches itself, except that any run of whitespace matches any run of whitespace (a message
pasted from a terminal may be re-wrapped); a placeholder matches any text, and a placeholder
used twice must match the same text both times. `{{` and `}}` are literal braces.

A pinned placeholder `{name=value}` is a part that varies in JAX's source (an f-string field)
but that this entry is about one value of, such as `{primitive=custom_vjp_call}`: it matches
only `value`, and counts as a variable part when the template is compared with the source.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?:=([^{}]*))?\}")
_WS = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"(\.\.\.|…)\s*\Z")
_PINNED = re.compile(r"(?<!\{)\{[A-Za-z_][A-Za-z0-9_]*=([^{}]*)\}")

#: the note JAX adds after a message when it filters its own frames out of a traceback
_JAX_FILTER_NOTE = re.compile(
    r"\n?-{10,}\n+For simplicity, JAX has removed its internal frames.*\Z", re.DOTALL
)


@dataclass(frozen=True)
class Template:
    """A compiled message template."""

    text: str
    #: the regular expression's source; compiled on first use (`regex`), since loading the
    #: catalog for a hover or a code's explanation needs none of them
    pattern: str
    #: placeholder names, in order of first use
    placeholders: tuple[str, ...]
    #: the static text between placeholders, in order (literal braces resolved)
    static_parts: tuple[str, ...]
    #: pinned placeholders: name -> the one value this template accepts
    pinned: tuple[tuple[str, str], ...] = ()

    @functools.cached_property
    def regex(self) -> re.Pattern[str]:
        """The compiled pattern (compiling all of them was most of the catalog's load time)."""
        return re.compile(self.pattern, re.DOTALL)

    @property
    def static_length(self) -> int:
        """How much literal text the template pins down: the more, the more specific."""
        return sum(len(p) for p in self.static_parts) + sum(len(v) for _, v in self.pinned)

    @property
    def static_text(self) -> str:
        """The static parts joined with `…`: a readable form for similarity scoring."""
        return " … ".join(p.strip() for p in self.static_parts if p.strip())

    def match(self, message: str) -> dict[str, str] | None:
        """The placeholder values if `message` matches from its start, else None.

        A value that ends the message and opens more brackets than it closes continues on the
        next lines (a repr printed over several lines); if its brackets never close it is
        left out rather than given cut."""
        text = normalize_message(message)
        m = self.regex.match(text)
        if m is None:
            return None
        values = {k: v.strip() for k, v in m.groupdict().items()}
        last = self.placeholders[-1] if self.placeholders else None
        if last is not None and m.end(last) == m.end() and m.start(last) >= 0:
            end = balanced_end(text, m.start(last), m.end(last))
            if end is None:
                del values[last]
            else:
                values[last] = text[m.start(last) : end].strip()
        return values

    def match_truncated(self, message: str, min_static: int = 24) -> int:
        """For a message cut short (its first line only, or ending in `...`): how many characters
        of the template's static text it matches, if it is a prefix of some message this template
        matches and pins down at least `min_static` of them; else 0.

        Here a placeholder does not run across a line break, so a first line cut short cannot
        borrow text from the lines the template expects next."""
        text = _norm_ws(_ELLIPSIS.sub("", normalize_message(message))).rstrip()
        pattern = ""
        matched = 0
        best = 0
        for literal, name in _split(self.text):
            if name is not None and not literal:
                # the message may end inside this placeholder
                if re.fullmatch(pattern + r"[^\n]*", text):
                    best = max(best, matched)
                pattern += r"[^\n]*?"
                continue
            literal = _norm_ws(literal)
            if not literal:
                continue
            # the message may end inside this literal (or pinned value): text[j:] starts it
            head = re.compile(pattern, re.DOTALL)
            for j in range(max(0, len(text) - len(literal)), len(text) + 1):
                if (
                    (j == len(text) or text[j] == literal[0])
                    and literal.startswith(text[j:])
                    and head.fullmatch(text, 0, j)
                ):
                    best = max(best, matched + len(text) - j)
                    break
            pattern += re.escape(literal)
            matched += len(literal)
        return best if best >= min_static else 0


def _norm_ws(text: str) -> str:
    """Whitespace runs as one space, or one newline when they contain a line break."""
    return _WS.sub(lambda m: "\n" if "\n" in m.group(0) else " ", text)


def _static_regex(text: str) -> str:
    pieces = [re.escape(p) for p in _WS.split(text)]
    if pieces and pieces[0] == r"\.":
        # `{value}.` ends a sentence: the dot of `Array(0.04)` inside the value does not
        pieces[0] += r"(?=\s|\Z|[`'\"*])"
    return r"\s+".join(pieces)


_OPEN, _CLOSE = "([{", ")]}"


def balanced_end(text: str, start: int, end: int, limit: int = 4000) -> int | None:
    """Where a value that starts at `start` and was cut at `end` (its line's end) really ends:
    `end` if its brackets balance, else the end of the line where they do (a repr printed
    over several lines); None when they never do within `limit` characters."""
    depth = 0
    for ch in text[start:end]:
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
    if depth <= 0:
        return end
    i = end
    stop = min(len(text), end + limit)
    while i < stop:
        ch = text[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth == 0:
                nl = text.find("\n", i)
                return len(text) if nl < 0 else nl
        i += 1
    return None


def _split(text: str) -> list[tuple[str, str | None]]:
    """The template as (literal, None) and (pinned value or "", placeholder) pieces."""
    out: list[tuple[str, str | None]] = []
    literal: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        literal.append(text[pos : m.start()])
        token = m.group(0)
        if token == "{{":
            literal.append("{")
        elif token == "}}":
            literal.append("}")
        else:
            out.append(("".join(literal), None))
            literal = []
            out.append((m.group(2) or "", m.group(1)))
        pos = m.end()
    literal.append(text[pos:])
    out.append(("".join(literal), None))
    return out


@functools.cache
def compile_template(text: str) -> Template:
    """Compile a message template (cached: templates are immutable strings)."""
    pieces = _split(text)
    regex: list[str] = []
    names: list[str] = []
    statics: list[str] = []
    pinned: list[tuple[str, str]] = []
    last_placeholder = max((i for i, (_, n) in enumerate(pieces) if n), default=-1)
    trailing_static = "".join(lit for lit, _ in pieces[last_placeholder + 1 :])
    for i, (literal, name) in enumerate(pieces):
        if name is None:
            if literal:
                statics.append(literal)
                regex.append(_static_regex(literal))
            continue
        if name in names:
            regex.append(f"(?P={name})")
            continue
        names.append(name)
        if literal:  # pinned: `{name=value}` matches only `value`
            pinned.append((name, literal))
            regex.append(f"(?P<{name}>{_static_regex(literal)})")
        elif i == last_placeholder and not trailing_static.strip():
            # a placeholder that ends the template runs to the end of its line
            regex.append(f"(?P<{name}>[^\\n]*)")
        elif i == 1 and not pieces[0][0] and pieces[2][0][:1].isspace():
            # a placeholder that starts the template, then a space, is one word
            # (`{transform} requires ...` is `grad requires ...`, not a whole sentence)
            regex.append(f"(?P<{name}>[^\\s`'\"(]+)")
        else:
            regex.append(f"(?P<{name}>.*?)")
    return Template(
        text=text,
        pattern="".join(regex),
        placeholders=tuple(names),
        static_parts=tuple(statics),
        pinned=tuple(pinned),
    )


def normalize_message(message: str) -> str:
    """A message as templates see it: LF line ends, no JAX filter note, no outer whitespace."""
    text = message.replace("\r\n", "\n").replace("\r", "\n")
    text = _JAX_FILTER_NOTE.sub("", text)
    return text.strip()


def display_text(text: str) -> str:
    """The template as shown to people: pinned placeholders show their value, the others stay
    `{name}`, literal braces stay doubled."""
    return _PINNED.sub(lambda m: m.group(1), text)


def placeholder_marker(text: str, marker: str = "\x00") -> str:
    """The template with each placeholder (pinned or not) replaced by `marker`."""
    return "".join(lit if name is None else marker for lit, name in _split(text))
