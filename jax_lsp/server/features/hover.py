"""Hover: the catalog's explanation of a diagnostic, where the user points at it.

- On a finding's range (the callback call): the catalog entry's short form for its code, then
  this finding's message and the path from the differentiation site to the call.
- On a code inside a suppression comment (``# jax-lsp: ignore[JAX001]``, ``# noqa: JAX001``):
  the catalog entry's short form for that code.

Markdown when the client lists it first in ``hover.contentFormat``, plain text otherwise.
Hover never waits for the analysis: while the newest version is being analysed, the findings of
the previous report are carried over the edits made since.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from lsprotocol import types

from jax_lsp.analysis import Finding, PathStep, Span
from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.suppress import parse_comment
from jax_lsp.codes import RULES
from jax_lsp.fixes.offers import listed_title, menu_title, offered_kinds, preferred_kind
from jax_lsp.server.runtime.errors import guarded

if TYPE_CHECKING:
    from jax_lsp.catalog import Catalog, Entry
    from jax_lsp.server.server import JaxLanguageServer
    from jax_lsp.server.session.documents import Document

__all__ = ["entry_for", "register"]

_MAYBE_SUPPRESSION = re.compile(r"noqa|jax-lsp", re.IGNORECASE)


def entry_for(catalog: Catalog | None, code: str, finding: Finding | None = None) -> Entry | None:
    """The catalog entry that explains `code` (for this finding, when a code has several)."""
    if catalog is None:
        return None
    entries = catalog.for_code(code)
    if len(entries) <= 1 or finding is None:
        rule = RULES.get(code)
        named = [e for e in entries if rule is not None and e.id == rule.name]
        return named[0] if named else (entries[0] if entries else None)

    def score(entry: Entry) -> int:
        s = 0
        if ("transpose" in entry.id) == ("transpose" in finding.modes):
            s += 2
        if "io-callback" in entry.id and "io_callback" in finding.message:
            s += 1
        if "pure-callback" in entry.id and "pure_callback" in finding.message:
            s += 1
        if "jacfwd" in entry.id and "jacfwd" in finding.transform:
            s += 1
        # the entry whose message the finding quotes (a code predicting several errors)
        static = entry.message.split("{", 1)[0].strip()
        if len(static) >= 12 and f"JAX will raise '{static}" in finding.message:
            s += 8
        return s

    return max(entries, key=score)


def _contains(span: Span, line: int, col: int) -> bool:
    return (span.line, span.col) <= (line, col) < (span.end_line, span.end_col)


def _where(step: PathStep) -> str:
    if step.filename is None:
        return f"line {step.span.line}"
    return f"{step.filename.rsplit('/', 1)[-1]}:{step.span.line}"


def _code_only_markdown(code: str) -> str:
    rule = RULES.get(code)
    if rule is None:
        return f"**{code}**"
    return f"**{code}** · {rule.name}\n\n{rule.summary}.\n\n[{rule.name}]({rule.url})"


def _code_only_text(code: str) -> str:
    rule = RULES.get(code)
    if rule is None:
        return code
    return f"{code}: {rule.name}\n\n{rule.summary}.\n\n{rule.url}"


def render_code(
    catalog: Catalog | None, code: str, markdown: bool, finding: Finding | None = None
) -> str:
    entry = entry_for(catalog, code, finding)
    if entry is None:
        return _code_only_markdown(code) if markdown else _code_only_text(code)
    from jax_lsp.catalog.render import hover_markdown, hover_text  # loaded with the catalog

    return hover_markdown(entry, code) if markdown else hover_text(entry, code)


def _with_preferred_fix(head: str, finding: Finding, markdown: bool) -> str:
    """`head` whose fix advice is the quick fix offered first for this finding (so the hover
    and the code actions agree, costs included), where there is one."""
    kind = preferred_kind(finding)
    if kind is None:
        if FixKind.STOP_GRADIENT not in offered_kinds(finding):
            return head
        # the only quick fix may be the stop_gradient: say what it zeroes (issue 31)
        title = listed_title(FixKind.STOP_GRADIENT, finding)
        return (f"{head}\n\n**Quick fix (not preferred):** {title}" if markdown
                else f"{head}\n\nQuick fix (not preferred): {title}")
    label = "**Fix:** " if markdown else "Fix: "
    # the menu's short title first (what the user looks for in the list), then what it does
    title = f"{menu_title(kind, finding)}. {listed_title(kind, finding)}"
    advice = (f"**Fix (the preferred quick fix):** {title}" if markdown
              else f"Fix (the preferred quick fix): {title}")
    lines = head.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith(label)), None)
    if at is None:
        return f"{head}\n\n{advice}"
    lines[at] = advice
    return "\n".join(lines)


def render_finding(catalog: Catalog | None, finding: Finding, markdown: bool) -> str:
    head = _with_preferred_fix(render_code(catalog, finding.code, markdown, finding), finding,
                               markdown)
    steps = [f"{i}. {_where(s)}: {s.label}" for i, s in enumerate(finding.path, start=1)]
    if markdown:
        out = [head, "", "---", "", finding.message]
        if steps:
            out += ["", "**How differentiation reaches this call:**", "", *steps]
    else:
        out = [head, "", finding.message]
        if steps:
            out += ["", "How differentiation reaches this call:", *(f"  {s}" for s in steps)]
    return "\n".join(out)


def _suppression_code_at(line_text: str, line: int, col: int) -> tuple[str, int, int] | None:
    """(code, start, end) of the code under `col` in this line's suppression comment."""
    if not _MAYBE_SUPPRESSION.search(line_text):
        return None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line_text).readline):
            if tok.type != tokenize.COMMENT:
                continue
            suppression = parse_comment(tok.string, line, tok.start[1])
            if suppression is None:
                continue
            for code, start, end in suppression.mentions:
                if start <= col <= end:
                    return code, start, end
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return None


def _markup(value: str, markdown: bool) -> types.MarkupContent:
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.MarkupContent(kind=kind, value=value)


def hover_at(
    doc: Document,
    findings: Sequence[Finding],
    catalog: Catalog | None,
    position: types.Position,
    markdown: bool,
) -> types.Hover | None:
    where = doc.index.resolve(position)
    if where is None:
        return None
    line, col = where.line + 1, where.column
    mention = _suppression_code_at(doc.index.line_text(where.line), line, col)
    if mention is not None:
        code, start, end = mention
        if code not in RULES:
            return None
        return types.Hover(
            contents=_markup(render_code(catalog, code, markdown), markdown),
            range=doc.index.range(Span(line, start, line, end)),
        )
    hits = [f for f in findings if _contains(f.span, line, col)]
    if not hits:
        return None
    separator = "\n\n---\n\n" if markdown else "\n\n" + "-" * 40 + "\n\n"
    return types.Hover(
        contents=_markup(
            separator.join(render_finding(catalog, f, markdown) for f in hits), markdown
        ),
        range=doc.index.range(hits[0].span),
    )


@guarded(types.TEXT_DOCUMENT_HOVER)
async def hover(server: JaxLanguageServer, params: types.HoverParams) -> types.Hover | None:
    session = server.session
    doc = session.document(params.text_document.uri)  # a file, or a notebook cell
    if doc is None:
        return None
    await session.first_report(doc)
    catalog = await session.loaded_catalog()
    if session.document(params.text_document.uri) is not doc:
        return None  # closed meanwhile
    return hover_at(
        doc,
        session.current_findings(doc),
        catalog,
        params.position,
        session.profile.markdown_hover,
    )


def register(server: JaxLanguageServer) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(partial(hover, server))
