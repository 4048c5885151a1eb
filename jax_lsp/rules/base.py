"""What every rule module is made of: the code's record (`Rule`), the decision a callback code
returns (`Decision`), what a message is written from (`MessageFacts`) and the message heads
several codes share.

A rule module (`jaxNNN_*.py`) defines `RULE`, `FIXES` (the fix kinds the analysis attaches to
its findings, suppression aside), `FIXED_BY` (the fix builders' families that take it:
`host_rule`, `linear_map`, `jacrev`, `stop_gradient`), `EXAMPLES` (where its programs are:
`tests/rules/<CODE>/fires/`, marked `# EXPECT: <CODE>`, and `clean/`, its near misses),
`head(facts)` (its message up to JAX's words) and, when it differs from the default, `says`
and `fix_kinds`. A callback code (decided where a host callback is called) also defines the
decisions that `jax_lsp.rules.CALLBACK_DECISIONS` orders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.jax.modes import FORWARD, REVERSE, TRANSPOSE

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import Span
    from jax_lsp.analysis.host import CallbackEvent, LevelView

#: the rules page ships inside the package (generated with docs/rules.md by
#: scripts/gen_docs.py), so a diagnostic's or hover's link opens a page that exists wherever
#: jax-lsp is installed, offline too; `jax-lsp rule CODE_OR_ID` prints the same text
PACKAGED_RULES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
DOCS_BASE_URL = PACKAGED_RULES_PAGE.as_uri()


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    summary: str
    #: exception classes JAX raises for this failure
    exceptions: tuple[str, ...]
    #: regular expressions, any of which matches the first line of JAX's message
    messages: tuple[str, ...]
    #: the short quote of JAX's message used in diagnostics
    jax_says: str
    #: why this mistake has a code of its own, for codes split from one family (docs/rules.md)
    why: str = ""
    #: for a failure the callback runtime reports wrapped (a first line of `INTERNAL: ...`,
    #: shared by every error raised in a host function): a regular expression the whole
    #: message must match too, naming this code's own error inside the wrapper
    wrapped: str = ""

    @property
    def url(self) -> str:
        return f"{DOCS_BASE_URL}#{self.code.lower()}"

    def matches(self, exception: str, message: str) -> bool:
        """Whether an exception raised by JAX is the one this rule predicts."""
        first = message.strip().splitlines()[0] if message.strip() else ""
        if self.wrapped and first.startswith("INTERNAL:") and not re.search(self.wrapped, message):
            return False
        return exception in self.exceptions and any(re.search(p, first) for p in self.messages)


#: the first line of the messages of pure callbacks' JVP and transpose errors
PURE_JVP = r"^Pure callbacks do not support JVP\."
PURE_TRANSPOSE = r"^Pure callbacks do not support transpose\."


class Decision:
    """A code a callback gets: reported at `level` with the operands' `spans`, and the
    options of `Interpreter.report` (deferred, gate, on_tangents, modes...)."""

    __slots__ = ("code", "level", "options", "spans")

    def __init__(self, code: str, level: LevelView, spans: tuple[Span, ...],
                 options: dict[str, Any] | None = None) -> None:
        self.code = code
        self.level = level
        self.spans = spans
        self.options = options if options is not None else {}


class MessageFacts:
    """What a finding's message is written from: the callback's (or custom_vjp function's,
    or transformed function's) name; the transform's name, mode and line; the route (" through
    `f` -> `g`", and where the call is if in another file; "" when direct); whether the
    callback is applied to tangents, whether the error is raised at transposition; JAX's words
    if the decision chose them (JAX010), and what the transform rejected."""

    __slots__ = ("deferred", "jax_says", "level_name", "mode", "on_tangents", "rejected",
                 "route", "site_line", "what")

    def __init__(self, what: str, level_name: str, mode: str, site_line: int, route: str,
                 on_tangents: bool, deferred: bool, jax_says: str | None,
                 rejected: str) -> None:
        self.what = what
        self.level_name = level_name
        self.mode = mode
        self.site_line = site_line
        self.route = route
        self.on_tangents = on_tangents
        self.deferred = deferred
        self.jax_says = jax_says
        self.rejected = rejected


def reached_head(f: MessageFacts) -> str:
    """A callback reached by a transform's tangents (the default)."""
    return f"`{f.what}` is reached by `{f.level_name}` (line {f.site_line}){f.route}"


def tangents_head(f: MessageFacts) -> str:
    """A callback applied to a transform's tangents inside a custom_jvp rule."""
    return (
        f"`{f.what}` is applied to tangents of `{f.level_name}` (line {f.site_line}) in a "
        f"custom_jvp rule{f.route}"
    )


def custom_vjp_head(f: MessageFacts) -> str:
    return (
        f"`{f.what}` is a custom_vjp function reached by `{f.level_name}` "
        f"(line {f.site_line}){f.route}"
    )


def differentiated(code: str, e: CallbackEvent) -> Decision:
    """A callback a JVP-based level differentiates (JAX001, JAX003, JAX007): reported at the
    outermost such level, with the operands its levels reach and every mode reaching it."""
    jvp_levels = e.jvp_levels
    levels = set(jvp_levels)
    spans = e.operand_spans(lambda t: bool(t & levels))
    # an io_callback inside a checkpoint that reverse mode differentiates still fails
    # once its operands' gradients are stopped (JAX004, checked under JAX 0.10.2)
    stop_helps = not (e.kind == "io" and e.checkpoint_levels())
    modes = tuple(sorted({lv.mode for lv in jvp_levels}))
    return Decision(code, jvp_levels[0], spans,
                    {"modes": modes, "stop_gradient_helps": stop_helps})


def first_transposing(e: CallbackEvent) -> LevelView | None:
    """The outermost level transposing the callback (`linear_transpose`), if any."""
    return next((lv for lv in e.levels if lv.mode == TRANSPOSE), None)


# What a transposed callback is, alike for a pure callback (JAX002) and an io_callback (JAX003)
# but for the callback's kind and the code reported:


def transposed(code: str, kind: str, e: CallbackEvent) -> Decision | None:
    """A callback of `kind` that `linear_transpose` reaches (raised once the map is
    transposed)."""
    lv = first_transposing(e) if e.kind == kind else None
    if lv is None:
        return None
    return Decision(code, lv, e.operand_spans(lambda t: lv in t), {"deferred": True})


def reverse_tangents(code: str, kind: str, e: CallbackEvent, lv: LevelView) -> Decision | None:
    """A callback of `kind` applied to tangents of a reverse level in its custom_jvp rule."""
    if e.kind == kind and lv.mode == REVERSE:
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(code, lv, spans, {"deferred": True, "on_tangents": True})
    return None


def linearized_tangents(code: str, kind: str, e: CallbackEvent, lv: LevelView
                        ) -> Decision | None:
    """A callback of `kind` applied to tangents of `linearize`: raised if its linear function
    is transposed (`linear_transpose`)."""
    if e.kind == kind and lv.mode == FORWARD and lv.defer:
        spans = e.operand_spans(lambda t: lv.tangent_mark in t)
        return Decision(code, lv, spans, {"gate": lv.on_transpose, "on_tangents": True})
    return None
