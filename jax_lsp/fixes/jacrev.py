"""Fix for a forward-mode transform that reaches a `custom_vjp` function (JAX005): switch the
transform at the differentiation site to reverse mode, which custom_vjp supports.

`jacfwd(f, ...)` becomes `jacrev(f, ...)`, `hessian(f, ...)` becomes `jacrev(jacrev(f, ...),
...)` and `check_grads(...)` checks `modes=["rev"]` only. Unsafe: the value is the same
Jacobian, but everything else the transform differentiates must now support reverse mode
(`while_loop` does not), and `jvp`/`linearize` sites have no mechanical reverse form.
"""

from __future__ import annotations

import libcst as cst

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.admission import JACREV_CODES, applies
from jax_lsp.fixes.model import Fix, TextEdit
from jax_lsp.fixes.source import FixSource, ModuleAddition

__all__ = ["CODES", "jacrev_fix"]

CODES = JACREV_CODES


def _jacrev_ref(src: FixSource, at: cst.CSTNode, addition: ModuleAddition) -> str:
    ref = src.reference("jax.jacrev", at)
    if ref is not None:
        return ref
    if addition.is_free("jacrev"):
        return addition.add_import("from jax import jacrev", "jacrev")
    return f"{addition.module_alias('jax', 'jax')}.jacrev"


def _arg_text(src: FixSource, arg: cst.Arg) -> str:
    value = src.text_of(src.span(arg.value))
    if arg.keyword is not None:
        return f"{arg.keyword.value}={value}"
    return f"{arg.star}{value}"


def _unbatchable_callbacks(src: FixSource) -> bool:
    """Whether the module has a `pure_callback` without `vmap_method`: jacrev vmaps the
    pullback, and such a callback raises under vmap if the custom_vjp function reaches it."""
    for node in src.nodes(cst.Call):
        assert isinstance(node, cst.Call)
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
        if name == "pure_callback" or any(
            q.endswith("pure_callback") for q in src.qualified_names(func)
        ):
            keywords = {a.keyword.value for a in node.args if a.keyword is not None}
            if not keywords & {"vmap_method", "vectorized"}:
                return True
    return False


_VMAP_WARNING = "; pure_callbacks it reaches need a vmap_method, as jacrev vmaps the pullback"


def jacrev_fix(src: FixSource, finding: Finding) -> Fix | None:
    if not applies("jacrev_fix", finding):
        return None
    call = src.call_at(finding.path[0].span)
    if call is None:
        return None
    names = src.qualified_names(call.func)
    addition = ModuleAddition(src)
    edits: list[TextEdit] = []
    func = src.span(call.func)
    if "jax.jacfwd" in names:
        if isinstance(call.func, cst.Attribute):
            edits.append(TextEdit(src.span(call.func.attr), "jacrev"))
        else:
            edits.append(TextEdit(func, _jacrev_ref(src, call, addition)))
        title = "Use jacrev instead of jacfwd: reverse mode supports custom_vjp (unsafe: "
        title += "everything it differentiates must then support reverse mode"
        title += (_VMAP_WARNING if _unbatchable_callbacks(src) else "") + ")"
    elif "jax.hessian" in names:
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        jacrev = _jacrev_ref(src, call, addition)
        rest = "".join(", " + _arg_text(src, a) for a in call.args[1:])
        end = src.span(call)
        edits.append(TextEdit(func, f"{jacrev}({jacrev}"))
        edits.append(src.insertion(end.end_line, end.end_col, f"{rest})"))
        title = "Compute the Hessian as jacrev(jacrev(...)): reverse over reverse supports "
        title += "custom_vjp (unsafe: everything it differentiates must support reverse mode"
        title += (_VMAP_WARNING if _unbatchable_callbacks(src) else "") + ")"
    elif any(n.endswith("check_grads") for n in names):
        modes = [a for a in call.args if a.keyword is not None and a.keyword.value == "modes"]
        if modes:
            edits.append(TextEdit(src.span(modes[0].value), '["rev"]'))
        elif call.args:
            last = src.span(call.args[-1].value)
            edits.append(src.insertion(last.end_line, last.end_col, ', modes=["rev"]'))
        else:
            return None
        title = 'Check reverse mode only (modes=["rev"]): forward mode cannot differentiate a '
        title += "custom_vjp function (unsafe: forward mode goes unchecked)"
    else:
        return None
    header = addition.edit()
    if header is not None:
        edits.insert(0, header)  # first: new code at a line start precedes an edit there
    return Fix(FixKind.JACREV_INSTEAD, title, safe=False, edits=tuple(edits), preferred=True)
