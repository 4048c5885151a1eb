"""Message templates: JAX's message text with `{placeholders}` for the parts that vary.

A template compiles to a regular expression that matches the real message from its start. Static
text matches itself, except that any run of whitespace matches any run of whitespace (a message
pasted from a terminal may be re-wrapped); a placeholder matches any text, and a placeholder
used twice must match the same text both times. `{{` and `}}` are literal braces.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")
_WS = re.compile(r"\s+")

#: the note JAX adds after a message when it filters its own frames out of a traceback
_JAX_FILTER_NOTE = re.compile(
    r"\n?-{10,}\n+For simplicity, JAX has removed its internal frames.*\Z", re.DOTALL
)


@dataclass(frozen=True)
class Template:
    """A compiled message template."""

    text: str
    regex: re.Pattern[str]
    #: placeholder names, in order of first use
    placeholders: tuple[str, ...]
    #: the static text between placeholders, in order (literal braces resolved)
    static_parts: tuple[str, ...]

    @property
    def static_length(self) -> int:
        """How much literal text the template pins down: the more, the more specific."""
        return sum(len(p) for p in self.static_parts)

    @property
    def static_text(self) -> str:
        """The static parts joined with `…`: a readable form for similarity scoring."""
        return " … ".join(p.strip() for p in self.static_parts if p.strip())

    def match(self, message: str) -> dict[str, str] | None:
        """The placeholder values if `message` matches from its start, else None."""
        m = self.regex.match(normalize_message(message))
        return None if m is None else {k: v.strip() for k, v in m.groupdict().items()}


def _static_regex(text: str) -> str:
    pieces = _WS.split(text)
    return r"\s+".join(re.escape(p) for p in pieces)


def _split(text: str) -> list[tuple[str, str | None]]:
    """The template as (literal, None) and ("", placeholder) pieces."""
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
            out.append(("", m.group(1)))
        pos = m.end()
    literal.append(text[pos:])
    out.append(("".join(literal), None))
    return out


@functools.lru_cache(maxsize=None)
def compile_template(text: str) -> Template:
    """Compile a message template (cached: templates are immutable strings)."""
    pieces = _split(text)
    regex: list[str] = []
    names: list[str] = []
    statics: list[str] = []
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
        if i == last_placeholder and not trailing_static.strip():
            # a placeholder that ends the template runs to the end of its line
            regex.append(f"(?P<{name}>[^\\n]*)")
        else:
            regex.append(f"(?P<{name}>.*?)")
    return Template(
        text=text,
        regex=re.compile("".join(regex), re.DOTALL),
        placeholders=tuple(names),
        static_parts=tuple(statics),
    )


def normalize_message(message: str) -> str:
    """A message as templates see it: LF line ends, no JAX filter note, no outer whitespace."""
    text = message.replace("\r\n", "\n").replace("\r", "\n")
    text = _JAX_FILTER_NOTE.sub("", text)
    return text.strip()


def placeholder_marker(text: str, marker: str = "\x00") -> str:
    """The template with each placeholder replaced by `marker` (literal braces resolved)."""
    return "".join(lit if name is None else marker for lit, name in _split(text))
