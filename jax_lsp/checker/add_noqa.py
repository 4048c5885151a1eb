"""`jax-lsp check --add-noqa`: suppress every current finding with a `# noqa: CODE` comment on
its line, as ruff's `--add-noqa` does, so that a project can adopt the checker and fix its
findings one at a time.

A comment is added only where Python allows one: at the end of a line that ends a statement or
continues inside brackets, never inside a string that spans lines nor after a `\\`. A line that
already has a `# noqa: ...` gets the new codes added to that comment; one with another comment
gets `# noqa: ...` after it (suppressions are read anywhere in a comment).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable

from jax_lsp.analysis.findings import Finding
from jax_lsp.analysis.suppress import parse_suppressions

__all__ = ["add_noqa"]

_NOQA_CODES = re.compile(r"(#\s*noqa:[\s,]*[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*)",
                         re.IGNORECASE)


def _commentable_lines(source: str) -> dict[int, int | None]:
    """Line -> the column of its comment (None: no comment) for each line whose end may take
    a comment (a NEWLINE or NL token ends it)."""
    out: dict[int, int | None] = {}
    comments: dict[int, int] = {}
    readline = io.StringIO(source, newline=None).readline
    try:
        for tok in tokenize.generate_tokens(readline):
            if tok.type == tokenize.COMMENT:
                comments[tok.start[0]] = tok.start[1]
            elif tok.type in (tokenize.NEWLINE, tokenize.NL):
                out[tok.start[0]] = comments.get(tok.start[0])
    except (tokenize.TokenError, SyntaxError):
        return {}
    return out


def add_noqa(source: str, findings: Iterable[Finding]) -> tuple[str, int]:
    """The source with a noqa comment for each finding's first line, and how many lines
    got one."""
    wanted: dict[int, set[str]] = {}
    for f in findings:
        wanted.setdefault(f.span.line, set()).add(f.code)
    if not wanted:
        return source, 0
    commentable = _commentable_lines(source)
    existing = parse_suppressions(source)
    lines = source.splitlines(keepends=True)
    changed = 0
    for line, codes in sorted(wanted.items()):
        if line not in commentable or not 0 < line <= len(lines):
            continue
        already = existing.get(line)
        codes = {c for c in codes if already is None or not already.suppresses(c)}
        if not codes:
            continue
        text = lines[line - 1]
        body = text.rstrip("\r\n")
        ending = text[len(body) :]
        listed = ", ".join(sorted(codes))
        comment_at = commentable[line]
        comment = body[comment_at:] if comment_at is not None else ""
        if comment and _NOQA_CODES.search(comment):
            match = _NOQA_CODES.search(comment)
            assert match is not None
            end = comment_at + match.end()  # type: ignore[operator]
            body = f"{body[:end]}, {listed}{body[end:]}"
        else:
            body = f"{body.rstrip()}  # noqa: {listed}"
        lines[line - 1] = body + ending
        changed += 1
    return "".join(lines), changed
