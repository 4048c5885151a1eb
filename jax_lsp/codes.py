"""The diagnostic codes jax-lsp reports: one stable code per kind of JAX autodiff failure.

This table is the single source for a code's name, its one-line summary and the JAX error it
predicts (exception class and a regular expression over the first line of the message). The
analysis, the catalog, the CLI, the server and the corpus oracle all read it from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: the rules page ships inside the package (generated with docs/rules.md by
#: scripts/gen_docs.py), so a diagnostic's or hover's link opens a page that exists wherever
#: jax-lsp is installed, offline too; `jax-lsp rule CODE_OR_ID` prints the same text
PACKAGED_RULES_PAGE = Path(__file__).resolve().parent / "docs" / "rules.md"
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

    @property
    def url(self) -> str:
        return f"{DOCS_BASE_URL}#{self.code.lower()}"

    def matches(self, exception: str, message: str) -> bool:
        """Whether an exception raised by JAX is the one this rule predicts."""
        first = message.strip().splitlines()[0] if message.strip() else ""
        return exception in self.exceptions and any(re.search(p, first) for p in self.messages)


_J = r"^Pure callbacks do not support JVP\."
_T = r"^Pure callbacks do not support transpose\."

RULES: dict[str, Rule] = {
    r.code: r
    for r in [
        Rule(
            "JAX001",
            "pure-callback-jvp",
            "`jax.pure_callback` has an operand that carries a tangent of a JVP-based transform "
            "(grad, vjp, jvp, jacfwd, jacrev, hessian, linearize, ...)",
            ("ValueError",),
            (_J,),
            "Pure callbacks do not support JVP",
        ),
        Rule(
            "JAX002",
            "pure-callback-transpose",
            "`jax.pure_callback` is transposed: it is reached by `linear_transpose`, or a "
            "`custom_jvp` rule applies it to tangents under reverse mode",
            ("ValueError",),
            (_T,),
            "Pure callbacks do not support transpose",
        ),
        Rule(
            "JAX003",
            "io-callback-differentiated",
            "`io_callback` has an operand that carries a tangent (JVP) or is transposed",
            ("ValueError",),
            (r"^IO callbacks do not support JVP\.", r"^IO callbacks do not support transpose\."),
            "IO callbacks do not support JVP",
        ),
        Rule(
            "JAX004",
            "io-callback-in-checkpoint",
            "`io_callback` inside `jax.checkpoint`/`remat` that reverse mode differentiates",
            ("NotImplementedError",),
            (r"^Effects not supported in partial-eval of `checkpoint`/`remat`",),
            "Effects not supported in partial-eval of `checkpoint`/`remat`",
        ),
        Rule(
            "JAX005",
            "forward-mode-custom-vjp",
            "a forward-mode transform (jvp, jacfwd, hessian, linearize) reaches a `custom_vjp` "
            "function",
            ("TypeError",),
            (r"^can't apply forward-mode autodiff \(jvp\) to a custom_vjp function\.",),
            "can't apply forward-mode autodiff (jvp) to a custom_vjp function",
        ),
        Rule(
            "JAX006",
            "transpose-custom-vjp",
            "`linear_transpose` reaches a `custom_vjp` function",
            ("NotImplementedError",),
            (
                r"^Transpose rule \(for reverse-mode differentiation\) for 'custom_vjp_call' "
                r"not implemented",
            ),
            "Transpose rule (for reverse-mode differentiation) for 'custom_vjp_call' not "
            "implemented",
        ),
        Rule(
            "JAX007",
            "custom-rule-callback-second-order",
            "a callback inside a `custom_jvp` rule or a `custom_vjp` fwd/bwd is differentiated "
            "by an outer transform (second-order derivative)",
            ("ValueError",),
            (_J, r"^IO callbacks do not support JVP\."),
            "Pure callbacks do not support JVP",
        ),
        Rule(
            "JAX008",
            "tangent-callback-needs-vmap-method",
            "a `pure_callback` applied to tangents in a `custom_jvp` rule has no `vmap_method`, "
            "and `jacfwd` batches the tangents with vmap",
            ("NotImplementedError",),
            (r"^vmap is only supported for the pure_callback primitive when vmap_method is",),
            "vmap is only supported for the pure_callback primitive when vmap_method is one of ...",
        ),
        Rule(
            "JAX009",
            "reverse-mode-dynamic-loop",
            "reverse-mode differentiation through `lax.while_loop`, or through "
            "`lax.fori_loop` with traced bounds",
            ("ValueError",),
            (
                r"^Reverse-mode differentiation does not work for lax\.while_loop or "
                r"lax\.fori_loop with dynamic start/stop values\.",
            ),
            "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop "
            "with dynamic start/stop values",
        ),
        Rule(
            "JAX010",
            "integer-input-to-derivative",
            "`grad`/`jacrev`/`jacfwd` is applied to an integer or boolean literal input (jacfwd "
            "and hessian: also a complex one, unless `holomorphic=True`)",
            ("TypeError",),
            (r"^(grad|jacrev|jacfwd) requires real(- or complex)?-valued inputs",),
            "grad requires real- or complex-valued inputs",
        ),
    ]
}


def rule(code: str) -> Rule:
    return RULES[code.upper()]
