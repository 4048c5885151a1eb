"""Fix for callbacks JAX must transpose or batch as linear maps (JAX002, JAX008): replace the
callback call with a generated helper that asks the host for the matrix of the map (by calling
the callback on basis vectors) and applies it to the operands in JAX, where it can be
transposed (reverse mode, `linear_transpose`) and batched (`jacfwd`).

Two situations: a `custom_jvp` rule that applies a callback to tangents (jax issue 30401), where
linearity in the tangents is the rule's own contract, so the fix is safe; and a callback that
`linear_transpose` reaches, which may also be applied to ordinary values elsewhere, so the fix is
exact only if the callback really is linear: unsafe. Offered only when every operand of the
call is linear (carries the tangent or the transposed value); a callback that also takes primal
operands needs its matrix recomputed at them, which this fix does not attempt.
"""

from __future__ import annotations

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.admission import LINEAR_MAP_CODES, applies
from jax_lsp.fixes.callback_call import locate_callback
from jax_lsp.fixes.generated import LINEAR_MAP, require_helper
from jax_lsp.fixes.model import CreatedFile, Fix, TextEdit
from jax_lsp.fixes.offers import COST
from jax_lsp.fixes.source import FixSource, ModuleAddition

__all__ = ["CODES", "linear_map_fix"]

CODES = LINEAR_MAP_CODES


def linear_map_fix(src: FixSource, finding: Finding) -> Fix | None:
    if not applies("linear_map_fix", finding):
        return None
    site = locate_callback(src, finding)
    if (
        site is None
        or site.io
        or not site.operand_args
        or set(site.operand_args) != set(site.tangent_args)
    ):
        return None
    addition = ModuleAddition(src)
    helper = require_helper(addition, LINEAR_MAP)
    edits = [TextEdit(src.span(site.call.func), helper)]
    header = addition.edit()
    if header is not None:
        edits.insert(0, header)  # first: new code at a line start precedes an edit there
    create = tuple(CreatedFile(p, t) for p, t in addition.create.items())
    names = site.describe(src, site.tangent_args)
    # the analysis lists CUSTOM_VJP for JAX002: a rule that lets reverse mode transpose the call
    kind = FixKind.CUSTOM_JVP if finding.code == "JAX008" else FixKind.CUSTOM_VJP
    if set(finding.modes) == {"transpose"}:
        title = (f"Apply the callback as a host-computed matrix in JAX so that it can be "
                 f"transposed (unsafe: exact only if it is linear in {names}; {COST})")
        return Fix(kind, title, safe=False, edits=tuple(edits), preferred=True, create=create)
    title = (f"Contract a host-computed Jacobian with the tangents {names} in JAX (the "
             f"callback then runs on basis vectors, never on tangents: {COST})")
    return Fix(kind, title, safe=True, edits=tuple(edits), preferred=True, create=create)
