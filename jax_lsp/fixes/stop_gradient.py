"""Fix 1, stop gradients into the callback: wrap each tangent-carrying operand of the callback
call in `lax.stop_gradient` (a pytree operand as a whole), so no tangent reaches the host.

Unsafe: the gradient along that path becomes zero where the program meant to differentiate it
(its title says which: `offers.zeroed`), so it is never preferred where the call's result is
used. The exception is a call whose result nothing uses (a logging `io_callback`, say): there
no gradient changes, so the fix is safe and preferred.
"""

from __future__ import annotations

import libcst as cst

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.admission import STOP_GRADIENT_CODES, applies
from jax_lsp.fixes.callback_call import locate_callback
from jax_lsp.fixes.model import Fix, TextEdit
from jax_lsp.fixes.offers import zeroed
from jax_lsp.fixes.source import FixSource, ModuleAddition

__all__ = ["CODES", "stop_gradient_fix"]

CODES = STOP_GRADIENT_CODES


def _stop_gradient_ref(src: FixSource, at: cst.CSTNode, addition: ModuleAddition) -> str:
    """`lax.stop_gradient` as the call site can spell it: through an existing import of
    `jax.lax` (or `jax`), else through `from jax import lax`, added once."""
    ref = src.reference("jax.lax.stop_gradient", at)
    if ref is not None:
        return ref
    if addition.is_free("lax"):
        return addition.add_import("from jax import lax", "lax") + ".stop_gradient"
    jax = addition.module_alias("jax", "jax")
    return f"{jax}.lax.stop_gradient"


def stop_gradient_fix(src: FixSource, finding: Finding) -> Fix | None:
    if not applies("stop_gradient_fix", finding):
        return None  # (the analysis knows it would not help, or what check_grads catches)
    site = locate_callback(src, finding)
    if site is None or not site.tangent_args:
        return None
    addition = ModuleAddition(src)
    ref = _stop_gradient_ref(src, site.call, addition)
    edits: list[TextEdit] = []
    for arg in site.tangent_args:
        value = src.span(arg.value)
        edits.append(src.insertion(value.line, value.col, f"{ref}("))
        edits.append(src.insertion(value.end_line, value.end_col, ")"))
    header = addition.edit()
    if header is not None:
        edits.insert(0, header)  # first: new code at a line start precedes an edit there
    what = site.describe(src, site.tangent_args)
    if site.result_unused:
        title = (f"Stop gradients into the callback at {what} (its result is unused, so no "
                 "gradient changes)")
    else:
        title = f"Stop gradients into the callback at {what} (unsafe: {zeroed(finding, what)})"
    return Fix(
        FixKind.STOP_GRADIENT,
        title,
        safe=site.result_unused,
        edits=tuple(edits),
        preferred=site.result_unused,
    )
