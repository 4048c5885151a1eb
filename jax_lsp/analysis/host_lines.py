"""JAX011's findings of one line joined: the JAX calls a host function runs on one line by
one route (`jnp.max(jnp.abs(r))`, `jax.block_until_ready(eig(x))`) are one cause, reported
once, naming each call. Done on the analysis's last list (after every finding was ruled in
or out on its own: `host_runs.drop_unreached`, `script_reach`), so the CLI, the server and
the JSON output all see the joined finding.

The joined finding spans its calls (the first's start to the last's end); where NumPy has
each call's function, its `operand_spans` are the calls the NumPy fix rewrites
(`fixes/host_code.numpy_in_host_fix`), so a moved or cell-mapped finding moves them with it
(where one has none, the fix would leave the finding: it is not offered). A line whose
calls have different causes (two hosts, two routes) keeps one finding per cause: the cause each
finding carries (`Finding.host_call`, the facts its message was written from), never its
message read back."""

from __future__ import annotations

from dataclasses import replace

from jax_lsp.analysis.findings import Finding, FixKind, Span
from jax_lsp.rules import jax011_jax_in_host_function as jax011


def one_per_line(findings: list[Finding]) -> list[Finding]:
    """`findings` with each line's JAX011 findings of one cause joined (in place of the
    first of them); the others as they are."""
    groups: dict[tuple[str | None, int, str], list[Finding]] = {}
    for f in findings:
        if f.code == jax011.RULE.code and f.host_call is not None:
            groups.setdefault((_file_of(f), f.span.line, f.host_call.cause), []).append(f)
    if all(len(g) < 2 for g in groups.values()):
        return findings
    joined: dict[int, Finding | None] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        for f in group:
            joined[id(f)] = None
        joined[id(group[0])] = _joined(group)
    out = []
    for f in findings:
        if id(f) not in joined:
            out.append(f)
        elif (one := joined[id(f)]) is not None:
            out.append(one)
    return out


def _file_of(f: Finding) -> str | None:
    """The file a finding's callback is in (None: the analysed one): a cause's key with the
    message, whose callback line alone does not say which module."""
    return f.path[0].filename if f.path else None


def _joined(group: list[Finding]) -> Finding:
    calls = sorted(group, key=lambda f: (f.span.col, -f.span.end_line, -f.span.end_col))
    message = jax011.joined([f.host_call for f in calls if f.host_call is not None])
    first = calls[0]
    end = max((f.span.end_line, f.span.end_col) for f in calls)
    span = Span(first.span.line, first.span.col, *end)
    # the NumPy fix where it rewrites every call: one leaving a JAX call on the line leaves
    # the finding (`fixes.apply.fix_worked` counts it unfixed)
    whole = all(FixKind.NUMPY_IN_HOST in f.fixes for f in calls)
    rewritten = tuple(f.span for f in calls) if whole else ()
    fixes = tuple(dict.fromkeys(k for f in calls for k in f.fixes
                                if whole or k is not FixKind.NUMPY_IN_HOST))
    sites = tuple(sorted({s for f in calls for s in f.sites},
                         key=lambda s: (s.line, s.col, s.end_line, s.end_col)))
    # (no longer one call: `host_call` None, so that it is joined with nothing more)
    return replace(first, message=message, span=span, fixes=fixes, operand_spans=rewritten,
                   sites=sites, host_call=None)
