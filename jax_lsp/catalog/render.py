"""Render catalog entries and diagnostic codes: Markdown, plain text, JSON-ready dicts, and the
short hover form (message, meaning, top fix, link) used by the language server.

The CLI (`jax-lsp rule`, `jax-lsp explain`), the docs generator and the server all render
through this module, so an entry reads the same everywhere.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from jax_lsp.catalog.loader import Catalog
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.source_site import Site, raise_site
from jax_lsp.codes import DOCS_BASE_URL, RULES, Rule

if TYPE_CHECKING:  # (the matching is not imported to render a hover)
    from jax_lsp.catalog.matching import Explanation, Match

_VERIFIED_TEXT = {
    "run": "by running the example under JAX {versions}",
    "source-only": "source only: found in the JAX {versions} source, not triggered by a runnable "
    "example",
}


def verified_text(entry: Entry) -> str:
    versions = ", ".join(entry.jax_versions)
    if entry.message_from == "none":  # a code that warns of what raises nothing (a hang)
        return (f"JAX prints nothing: labelled by the rule; the fixed example runs under JAX "
                f"{versions}")
    return _VERIFIED_TEXT[entry.verified].format(versions=versions)


def _predicts(rule: Rule) -> str:
    """What a code predicts: JAX's exceptions and words, or that JAX raises nothing."""
    if not rule.exceptions:
        return f"no error: {rule.jax_says}"
    return f"{', '.join(rule.exceptions)}: {rule.jax_says}"


def _raised_in_label(entry: Entry) -> str:
    return "Runs in" if entry.message_from == "none" else "Raised in"


def first_sentence(text: str) -> str:
    """The first sentence of a paragraph (for the hover's one-line meaning)."""
    flat = " ".join(text.split())
    for i, ch in enumerate(flat):
        if ch == "." and (i + 1 == len(flat) or flat[i + 1] == " ") and i > 20:
            return flat[: i + 1]
    return flat


def _inline(text: str) -> str:
    """Text for a Markdown inline code span: one line, no backticks that would end it."""
    return " ".join(text.split()).replace("`", "'")


def _fence(code: str, lang: str = "") -> str:
    fence = "```"
    while fence in code:
        fence += "`"
    return f"{fence}{lang}\n{code.rstrip()}\n{fence}"


# --- Markdown -------------------------------------------------------------------------------


def _entry_link(entry_id: str, local: bool) -> str:
    return f"#{entry_id}" if local else f"{DOCS_BASE_URL}#{entry_id}"


def _code_link(code: str, local: bool) -> str:
    return f"#{code.lower()}" if local else RULES[code].url


def entry_markdown(entry: Entry, level: int = 2, anchor: bool = False, local: bool = False) -> str:
    """The full Markdown form of an entry.

    `anchor` adds an HTML anchor named by its id; `local` links related entries within the
    same page (the docs page) instead of to the published docs.
    """
    h = "#" * level
    out: list[str] = []
    if anchor:
        out.append(f'<a id="{entry.id}"></a>\n')
    out.append(f"{h} `{entry.id}`: {entry.title}\n")
    codes = ", ".join(f"[{c}]({_code_link(c, local)})" for c in entry.codes) or "none"
    out.append(f"- **Diagnostic codes:** {codes}")
    out.append(f"- **Exception:** `{entry.exception}`")
    out.append(f"- **{_raised_in_label(entry)}:** "
               + ", ".join(f"`{loc}`" for loc in entry.raised_in))
    site = raise_site(entry)
    if site is not None:
        out.append(f"- **Raise site in JAX {site.version}:** [`{site.where}`]({site.url})")
    out.append(f"- **Verified:** {verified_text(entry)}")
    out.append("")
    out.append("**Message** (`{…}` marks the parts that vary):\n")
    out.append(_fence(entry.display_message, "text"))
    if entry.message_versions:
        out.append(f"\nPrinted by JAX {entry.message_versions}.")
    if entry.variants:
        out.append("\n**Older wordings** (the JAX releases that print them):\n")
        for v in entry.variants:
            where = f" (raised in `{v.raised_in}`)" if v.raised_in else ""
            out.append(f"- JAX {v.versions}{where}: `{_inline(v.display_message)}`")
    out.append(f"\n{h}# What it means\n")
    out.append(entry.meaning)
    if site is not None:
        out.append(f"\n{h}# Where JAX raises it\n")
        out.append(f"[`{site.where}`]({site.url}) (JAX {site.version}):\n")
        out.append(_fence(_excerpt(site), "python"))
    out.append(f"\n{h}# When it happens\n")
    out.extend(f"- {t}" for t in entry.triggers)
    if entry.situations:
        out.append(f"\n{h}# Common situations (from real reports)\n")
        out.extend(f"- {t}" for t in entry.situations)
    out.append(f"\n{h}# How to fix it\n")
    for i, sol in enumerate(entry.solutions, start=1):
        out.append(f"{i}. **{sol.title}**\n")
        if sol.detail:
            out.append(textwrap.indent(sol.detail, "   ") + "\n")
    out.append(f"{h}# Example\n")
    if entry.before is not None:
        if entry.runnable:
            out.append(f"This raises `{entry.exception}`:\n")
        else:
            out.append(f"Not run ({entry.skip_reason}):\n")
        out.append(_fence(entry.before, "python"))
        out.append("")
    else:
        out.append("No runnable example: this message was found in the JAX source only.\n")
    if entry.after is not None:
        out.append("Fixed, this runs:\n")
        out.append(_fence(entry.after, "python"))
        out.append("")
    if entry.related:
        out.append("**Related:**\n")
        for r in entry.related:
            why = entry.why_related(r)
            out.append(f"- [`{r}`]({_entry_link(r, local)})" + (f": {why}" if why else ""))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _excerpt(site: Site) -> str:
    width = len(str(site.excerpt[-1][0]))
    return "\n".join(
        f"{n:>{width}} {'>' if n == site.line else ' '} {text}" for n, text in site.excerpt
    )


def code_markdown(
    rule: Rule, catalog: Catalog, level: int = 2, anchor: bool = False, local: bool = False
) -> str:
    """A diagnostic code: what it flags, the JAX error it predicts, its catalog entries."""
    h = "#" * level
    out: list[str] = []
    if anchor:
        out.append(f'<a id="{rule.code.lower()}"></a>\n')
    out.append(f"{h} {rule.code}: {rule.name}\n")
    out.append(f"{rule.summary}.\n")
    out.append(f"- **Predicts:** {_predicts(rule)}")
    if rule.why:
        out.append(f"- **Why a code of its own:** {rule.why}")
    entries = catalog.for_code(rule.code)
    links = ", ".join(f"[`{e.id}`]({_entry_link(e.id, local)})" for e in entries) or "none"
    out.append(f"- **Catalog entries:** {links}")
    for e in entries:
        out.append("")
        out.append(f"**[`{e.id}`]({_entry_link(e.id, local)})**: {first_sentence(e.meaning)}")
        top = e.top_solution
        if top is not None:
            out.append(f"Best fix: {top.title}.")
    return "\n".join(out).rstrip() + "\n"


def hover_markdown(entry: Entry, code: str | None = None) -> str:
    """The short form for an editor hover: message, meaning, top fix, link."""
    head = f"**{code}** · " if code else ""
    first_line = entry.display_message.splitlines()[0]
    out = [f"{head}`{entry.exception}`: {first_line}"]
    if entry.message_versions:
        older = f"; {len(entry.variants)} older wording(s) in the docs" if entry.variants else ""
        out.append(f"*(JAX {entry.message_versions} wording{older})*")
    out += ["", first_sentence(entry.meaning)]
    top = entry.top_solution
    if top is not None:
        out += ["", f"**Fix:** {top.title}"]
    site = raise_site(entry)
    if site is not None:
        out += ["", f"Raised at [`{site.where}`]({site.url}) (JAX {site.version})"]
    out += ["", f"[{entry.id}]({entry.docs_url})"]
    return "\n".join(out)


# --- plain text -----------------------------------------------------------------------------


def _wrap(text: str, indent: str = "  ", width: int = 96) -> str:
    paragraphs = text.split("\n\n")
    return "\n\n".join(
        textwrap.fill(
            " ".join(p.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
            break_long_words=False,
        )
        for p in paragraphs
    )


def entry_text(entry: Entry) -> str:
    """The full plain-text form of an entry (for terminals)."""
    out: list[str] = []
    title = f"{entry.id}: {entry.title}"
    out += [title, "=" * len(title), ""]
    out.append(f"Codes:      {', '.join(entry.codes) or 'none'}")
    out.append(f"Exception:  {entry.exception}")
    where = ", ".join(str(loc) for loc in entry.raised_in)
    out.append(f"{_raised_in_label(entry) + ':':<12}{where}")
    site = raise_site(entry)
    if site is not None:
        out.append(f"Raise site: {site.where} (JAX {site.version})")
        out.append(f"            {site.url}")
    out.append(f"Verified:   {verified_text(entry)}")
    out.append(f"Docs:       {entry.docs_url}")
    out += ["", "Message:", textwrap.indent(entry.display_message, "  ")]
    if entry.message_versions:
        out.append(f"  (printed by JAX {entry.message_versions})")
    for v in entry.variants:
        where = f", raised in {v.raised_in}" if v.raised_in else ""
        out.append(f"Older wording (JAX {v.versions}{where}):")
        out.append(textwrap.indent(v.display_message, "  "))
    out.append("")
    out += ["What it means:", _wrap(entry.meaning), ""]
    if site is not None:
        out += ["Where JAX raises it:", textwrap.indent(_excerpt(site), "  "), ""]
    out.append("When it happens:")
    out += [
        textwrap.fill(t, 96, initial_indent="  - ", subsequent_indent="    ")
        for t in entry.triggers
    ]
    if entry.situations:
        out += ["", "Common situations (from real reports):"]
        out += [
            textwrap.fill(t, 96, initial_indent="  - ", subsequent_indent="    ")
            for t in entry.situations
        ]
    out += ["", "How to fix it:"]
    for i, sol in enumerate(entry.solutions, start=1):
        out.append(
            textwrap.fill(sol.title, 96, initial_indent=f"  {i}. ", subsequent_indent="     ")
        )
        if sol.detail:
            out.append(_wrap(sol.detail, "     "))
    if entry.before is not None:
        label = "Example (raises)" if entry.runnable else f"Example (not run: {entry.skip_reason})"
        out += ["", f"{label}:", textwrap.indent(entry.before.rstrip(), "    ")]
    else:
        out += ["", "Example: none (the message was found in the JAX source only)"]
    if entry.after is not None:
        out += ["", "Fixed:", textwrap.indent(entry.after.rstrip(), "    ")]
    if entry.related:
        out += ["", "Related:"]
        for r in entry.related:
            why = entry.why_related(r)
            line = f"{r}: {why}" if why else r
            out.append(textwrap.fill(line, 96, initial_indent="  - ", subsequent_indent="    "))
    return "\n".join(out).rstrip() + "\n"


def code_text(rule: Rule, catalog: Catalog) -> str:
    out = [f"{rule.code}: {rule.name}", "=" * len(f"{rule.code}: {rule.name}"), ""]
    out.append(textwrap.fill(rule.summary + ".", 96))
    out.append(f"Predicts:   {_predicts(rule)}")
    if rule.why:
        out.append(textwrap.fill(f"Why:        {rule.why}", 96, subsequent_indent=" " * 12))
    out.append(f"Entries:    {', '.join(e.id for e in catalog.for_code(rule.code)) or 'none'}")
    out.append(f"Docs:       {rule.url}")
    return "\n".join(out) + "\n"


def hover_text(entry: Entry, code: str | None = None) -> str:
    """The hover form as plain text (for clients that do not render Markdown)."""
    head = f"{code}: " if code else ""
    out = [
        f"{head}{entry.exception}: {entry.display_message.splitlines()[0]}",
        "",
        first_sentence(entry.meaning),
    ]
    top = entry.top_solution
    if top is not None:
        out += ["", f"Fix: {top.title}"]
    site = raise_site(entry)
    if site is not None:
        out += ["", f"Raised at {site.where} (JAX {site.version}): {site.url}"]
    out += ["", entry.docs_url]
    return "\n".join(out)


# --- JSON -----------------------------------------------------------------------------------


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "title": entry.title,
        "codes": list(entry.codes),
        "exception": entry.exception,
        "message": entry.message,
        "display_message": entry.display_message,
        "raised_in": [str(loc) for loc in entry.raised_in],
        "verified": entry.verified,
        "jax_versions": list(entry.jax_versions),
        "message_versions": entry.message_versions,
        "variants": [
            {"message": v.message, "versions": v.versions, "raised_in": v.raised_in}
            for v in entry.variants
        ],
        "meaning": entry.meaning,
        "triggers": list(entry.triggers),
        "solutions": [{"title": s.title, "detail": s.detail} for s in entry.solutions],
        "before": entry.before,
        "after": entry.after,
        "skip_reason": entry.skip_reason,
        "related": list(entry.related),
        "related_why": dict(entry.related_why),
        "situations": list(entry.situations),
        "message_from": entry.message_from,
        "raise_site": _site_json(raise_site(entry)),
        "url": entry.docs_url,
    }


def _site_json(site: Site | None) -> dict[str, Any] | None:
    if site is None:
        return None
    return {
        "file": site.location.file,
        "function": site.location.function,
        "line": site.line,
        "excerpt": [text for _, text in site.excerpt],
        "jax_version": site.version,
        "url": site.url,
    }


def code_json(rule: Rule, catalog: Catalog) -> dict[str, Any]:
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "exceptions": list(rule.exceptions),
        "messages": list(rule.messages),
        "jax_says": rule.jax_says,
        "url": rule.url,
        "entries": [e.id for e in catalog.for_code(rule.code)],
    }


# --- explain --------------------------------------------------------------------------------


def explanation_json(exp: Explanation) -> dict[str, Any]:
    frame = exp.parsed.user_frame
    return {
        "matched": exp.match is not None,
        "truncated": bool(exp.match and exp.match.truncated),
        "exception": exp.parsed.exception,
        "message": exp.parsed.message,
        "entry": entry_json(exp.match.entry) if exp.match else None,
        "values": dict(exp.match.values) if exp.match else {},
        "wording": _wording_json(exp.match) if exp.match else None,
        "more": [
            {
                "entry": m.entry.id,
                "values": dict(m.values),
                "truncated": m.truncated,
                "wording": _wording_json(m),
            }
            for m in exp.more
        ],
        "user_frame": None
        if frame is None
        else {
            "file": frame.filename,
            "line": frame.lineno,
            "function": frame.function,
            "source": frame.source,
        },
        "suggestions": [
            {"id": s.entry.id, "title": s.entry.title, "similarity": s.similarity}
            for s in exp.suggestions
        ],
    }


def _wording_json(m: Match) -> dict[str, Any]:
    return {
        "template": m.template or m.entry.message,
        "versions": m.versions,
        "current": (m.template or m.entry.message) == m.entry.message,
    }


def wording_note(m: Match) -> str:
    """Which JAX releases print the wording that matched (and that it is an older one)."""
    if not m.versions:
        return ""
    if m.template and m.template != m.entry.message:
        return (
            f"older wording, printed by JAX {m.versions} "
            f"(JAX {m.entry.message_versions} prints the current one)"
        )
    return f"wording of JAX {m.versions}"


def _values_lines(m: Match) -> list[str]:
    return [f"  {k} = {v}" for k, v in m.values]


def _more_lines(exp: Explanation, markdown: bool) -> list[str]:
    if not exp.more:
        return []
    out = ["", f"This text holds {len(exp.more)} more error(s):"]
    for m in exp.more:
        cut = ", cut short" if m.truncated else ""
        link = f"[`{m.entry.id}`]({m.entry.docs_url})" if markdown else m.entry.id
        out.append(f"- {link}: {m.entry.title} ({wording_note(m)}{cut})")
    out.append("Run `jax-lsp rule ID` for the full entry.")
    return out


def _explanation_head(exp: Explanation, markdown: bool) -> list[str]:
    out: list[str] = []
    frame = exp.parsed.user_frame
    if frame is not None:
        where = f"{frame.filename}:{frame.lineno}" + (
            f" in {frame.function}" if frame.function else ""
        )
        out.append(f"Triggered at {'`' + where + '`' if markdown else where}")
        if frame.source:
            out.append(f"    {frame.source}" if not markdown else _fence(frame.source, "python"))
        out.append("")
    return out


def explanation_text(exp: Explanation) -> str:
    if exp.match is None:
        first = exp.parsed.message.splitlines()[0] if exp.parsed.message else ""
        out = [f"No catalog entry matches this error: {first[:200]}", ""]
        out += _explanation_head(exp, markdown=False)
        out.append("Closest entries:")
        out += [
            f"  {s.entry.id:<40} {s.entry.title} (similarity {s.similarity:.2f})"
            for s in exp.suggestions
        ]
        out.append("")
        out.append("Run `jax-lsp rule --all` to list every entry.")
        return "\n".join(out) + "\n"
    how = " (from the start of the message only)" if exp.match.truncated else ""
    out = [f"Matched catalog entry: {exp.match.entry.id}{how}"]
    note = wording_note(exp.match)
    if note:
        out.append(f"Matched the {note}.")
    if exp.match.values:
        out += ["Values in your message:", *_values_lines(exp.match)]
    out.append("")
    out += _explanation_head(exp, markdown=False)
    out.append(entry_text(exp.match.entry).rstrip())
    if exp.suggestions:
        out += ["", "Also matches: " + ", ".join(s.entry.id for s in exp.suggestions)]
    out += _more_lines(exp, markdown=False)
    return "\n".join(out) + "\n"


def explanation_markdown(exp: Explanation) -> str:
    if exp.match is None:
        first = exp.parsed.message.splitlines()[0] if exp.parsed.message else ""
        out = [f"**No catalog entry matches this error:** `{first[:200]}`", ""]
        out += _explanation_head(exp, markdown=True)
        out.append("Closest entries:\n")
        out += [f"- [`{s.entry.id}`]({s.entry.docs_url}): {s.entry.title}" for s in exp.suggestions]
        return "\n".join(out) + "\n"
    how = " (from the start of the message only)" if exp.match.truncated else ""
    out = [f"**Matched catalog entry:** `{exp.match.entry.id}`{how}"]
    note = wording_note(exp.match)
    if note:
        out += ["", f"Matched the {note}."]
    if exp.match.values:
        out += ["", "Values in your message:", ""]
        out += [f"- `{k}` = `{_inline(v)}`" for k, v in exp.match.values]
    out.append("")
    out += _explanation_head(exp, markdown=True)
    out.append(entry_markdown(exp.match.entry).rstrip())
    if exp.suggestions:
        out += ["", "Also matches: " + ", ".join(f"`{s.entry.id}`" for s in exp.suggestions)]
    out += _more_lines(exp, markdown=True)
    return "\n".join(out) + "\n"


def code_hover_markdown(code: str, catalog: Catalog) -> str:
    """The hover for a diagnostic code: its JAX error, then the short form of its first entry."""
    rule = RULES[code.upper()]
    entries = catalog.for_code(rule.code)
    if not entries:
        return f"**{rule.code}** ({rule.name}): {rule.summary}\n\n[{rule.code}]({rule.url})"
    return hover_markdown(entries[0], code=rule.code)
