"""Suppression comments: drop the findings a line asks to ignore.

Recognised forms, anywhere in a comment (case-insensitive for the keywords, codes are upper-cased):

- ``# jax-lsp: ignore[JAX001, JAX004]`` suppresses the listed codes on that line;
- ``# jax-lsp: ignore`` suppresses every code on that line;
- ``# noqa: JAX001, JAX004`` (codes separated by commas and/or spaces, as flake8 and ruff accept)
  suppresses the listed codes; codes of other tools (``E501``) are allowed and simply ignored;
- ``# noqa`` (bare, or ``# noqa:`` with no codes) suppresses every code on that line.

Several directives in one comment (``# noqa: E501  # jax-lsp: ignore[JAX001]``) are merged: a
bare directive wins, otherwise the codes are unioned. ``# jax-lsp: ignore[]`` lists no code and
suppresses nothing. Only real comments count: the source is read with :mod:`tokenize`, so a string
containing ``"# noqa"`` suppresses nothing. A finding is suppressed by a comment on its first line.
Codes match exactly (no prefixes).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from jax_lsp.analysis.findings import Finding

__all__ = ["Suppression", "filter_suppressed", "parse_suppressions"]

#: cheap pre-check: without one of these words no line can carry a suppression
_MAYBE = re.compile(r"noqa|jax-lsp", re.IGNORECASE)
_CODE = r"[A-Za-z]+[0-9]+"
_NOQA = re.compile(
    rf"#\s*noqa(?::[\s,]*(?P<codes>{_CODE}(?:[\s,]+{_CODE})*))?(?![A-Za-z0-9_-])",
    re.IGNORECASE,
)
_JAX_LSP = re.compile(
    r"#\s*jax-lsp\s*:\s*ignore(?![A-Za-z0-9_-])(?:\s*\[(?P<codes>[^\]]*)\])?", re.IGNORECASE
)


@dataclass(frozen=True)
class Suppression:
    """What the comment on one line suppresses."""

    line: int
    #: the suppressed codes; None means every code
    codes: frozenset[str] | None
    #: each code written in the comment: (code, start column, end column), 0-based characters,
    #: e.g. for hover on a code inside the comment
    mentions: tuple[tuple[str, int, int], ...] = field(default=(), compare=False)

    def suppresses(self, code: str) -> bool:
        return self.codes is None or code.upper() in self.codes

    def merged(self, other: Suppression) -> Suppression:
        codes = None if self.codes is None or other.codes is None else self.codes | other.codes
        return Suppression(self.line, codes, self.mentions + other.mentions)


def _codes(
    text: str | None, offset: int
) -> tuple[frozenset[str] | None, tuple[tuple[str, int, int], ...]]:
    if text is None:
        return None, ()
    mentions = tuple(
        (m.group().upper(), offset + m.start(), offset + m.end())
        for m in re.finditer(r"[^\s,]+", text)
    )
    return frozenset(c for c, _, _ in mentions), mentions


def parse_comment(comment: str, line: int, col: int = 0) -> Suppression | None:
    """The suppression one comment token (``# ...``, starting at column `col`) expresses."""
    found: Suppression | None = None
    for pattern in (_NOQA, _JAX_LSP):
        for m in pattern.finditer(comment):
            codes, mentions = _codes(m.group("codes"), col + m.start("codes"))
            s = Suppression(line, codes, mentions)
            found = s if found is None else found.merged(s)
    return found


def _comments(source: str) -> Iterable[tuple[int, int, str]]:
    """(line, column, text) of each comment token; stops quietly where tokenizing stops."""
    readline = io.StringIO(source, newline=None).readline
    try:
        for tok in tokenize.generate_tokens(readline):
            if tok.type == tokenize.COMMENT:
                yield tok.start[0], tok.start[1], tok.string
    except (tokenize.TokenError, SyntaxError):
        return


def parse_suppressions(source: str) -> Mapping[int, Suppression]:
    """Line number (1-based) -> the suppression its comment expresses."""
    if not _MAYBE.search(source):
        return {}
    out: dict[int, Suppression] = {}
    for line, col, text in _comments(source):
        if not _MAYBE.search(text):
            continue
        s = parse_comment(text, line, col)
        if s is not None:
            out[line] = out[line].merged(s) if line in out else s
    return out


def _tokenizer_lines(source: str) -> list[str]:
    """The lines as `tokenize` numbers them (at "\\n", "\\r\\n" and a lone "\\r"; not at the
    other breaks `str.splitlines` knows, such as a form feed)."""
    if "\r" in source and source.count("\r") != source.count("\r\n"):
        return re.split(r"\r\n?|\n", source)
    return source.split("\n")


def filter_suppressed(
    source: str, findings: Iterable[Finding], lines: Sequence[str] | None = None
) -> list[Finding]:
    """The findings no suppression comment on their first line asks to ignore. `lines`: the
    source's lines as the tokenizer counts them, if the caller has them (splitting a large
    module's text took milliseconds of every keystroke)."""
    findings = list(findings)
    if not findings:
        return findings
    # only a finding's own line can suppress it: look there before tokenizing the module
    if lines is None:
        lines = _tokenizer_lines(source)
    if not any(
        0 < f.span.line <= len(lines) and _MAYBE.search(lines[f.span.line - 1]) for f in findings
    ):
        return findings
    table = parse_suppressions(source)
    if not table:
        return findings
    return [
        f for f in findings if (s := table.get(f.span.line)) is None or not s.suppresses(f.code)
    ]
