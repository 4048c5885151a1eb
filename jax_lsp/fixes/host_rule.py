"""What the custom_jvp and custom_vjp fixes share: the call site they can take over, the named
host derivative they write beside the callback (`host_sin_vjp` beside `host_sin`, finite
differences as its body, so the exact derivative is a one-function edit), and the edit routing
the call through the helper with that derivative.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding
from jax_lsp.fixes.addition import ModuleAddition
from jax_lsp.fixes.admission import RULE_CODES
from jax_lsp.fixes.callback_call import CallbackCall, locate_callback
from jax_lsp.fixes.generated import require_helper
from jax_lsp.fixes.model import CreatedFile, TextEdit
from jax_lsp.fixes.offers import COST

if TYPE_CHECKING:
    import libcst as cst

    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

__all__ = ["CODES", "HostRule", "differentiable_site"]

#: codes whose callback a custom rule makes differentiable: a pure callback with a tangent
#: (JAX001), or one inside a custom rule that an outer transform differentiates (JAX007)
CODES = RULE_CODES


def differentiable_site(src: FixSource | LiteSource, finding: Finding) -> CallbackCall | None:
    """The pure callback call of `finding` when a custom rule can take over its arguments."""
    if finding.code not in CODES:
        return None
    site = locate_callback(src, finding)
    if site is None or site.io or not site.standard_signature or site.operand_keys is None:
        return None
    return site


def _callback_name(src: FixSource | LiteSource, call: cst.Call) -> str:
    """A name for the callback's derivative to start from: the callback's own name (through
    `functools.partial`), else `host_callback`."""
    callback = call.args[0].value
    kinds = src.kinds
    while isinstance(callback, kinds.Call) and callback.args:
        callback = callback.args[0].value  # partial(f, ...)
    if isinstance(callback, kinds.Name):
        return callback.value
    if isinstance(callback, kinds.Attribute):
        return callback.attr.value
    return "host_callback"


def _parameters(src: FixSource | LiteSource, site: CallbackCall,
                taken: set[str]) -> tuple[list[str], list[str]] | None:
    """Parameter names for the operands: (positional, keyword-only), the operands' own names
    where they are plain distinct names; None when the call does not spell its operands out."""
    if site.operand_args is None:
        return None
    keywords = [a.keyword.value for a in site.operand_args if a.keyword is not None]
    used = set(keywords) | taken
    positional = []
    for i, arg in enumerate(a for a in site.operand_args if a.keyword is None):
        name = arg.value.value if isinstance(arg.value, src.kinds.Name) else ""
        if not name or name in used or keyword.iskeyword(name):
            name = f"arg{i}"
            while name in used:
                name += "_"
        used.add(name)
        positional.append(name)
    return positional, keywords


class HostRule:
    """The derivative function one fix writes and the edits that use it."""

    def __init__(self, src: FixSource | LiteSource, site: CallbackCall, role: str, fd_role: str,
                 suffix: str, doc: str, extra: str | None = None) -> None:
        """`role` routes the call through the helper with this derivative, `fd_role` is the
        finite-difference helper its body calls; `extra` a parameter after the operands."""
        self.src = src
        self.site = site
        addition = ModuleAddition(src)
        helper = require_helper(addition, role)
        fd = require_helper(addition, fd_role)
        base = _callback_name(src, site.call)
        self.name = addition.fresh_name(f"{base}_{suffix}")
        params = _parameters(src, site, {"callback", extra or ""})
        if params is None:
            signature = "callback, *args, **kwargs"
            passed = "callback, *args, **kwargs"
        else:
            positional, keywords = params
            head = ["callback", *positional, *([extra] if extra else [])]
            signature = ", ".join(head + (["*", *keywords] if keywords else []))
            passed = ", ".join(head + [f"{k}={k}" for k in keywords])
        callee = src.text_of(src.span(site.call.args[0].value))
        if len(callee) > 40 or "\n" in callee:
            callee = "the callback"
        else:
            callee = f"`{callee}`"
        nl = src.newline
        text = (
            f"def {self.name}({signature}):{nl}"
            f'    """{doc.replace("{callback}", callee)}{nl}'
            f"    Finite differences for now ({COST}): replace them{nl}"
            f'    with the exact derivative."""{nl}'
            f"    return {fd}({passed}){nl}"
        )
        self.edits: list[TextEdit] = []
        header = addition.edit()
        if header is not None:
            self.edits.append(header)
        self.edits.append(self._beside_callback(text))
        self.edits += site.route_through(src, helper, self.name)
        self.create = tuple(CreatedFile(p, t) for p, t in addition.create.items())

    def _beside_callback(self, text: str) -> TextEdit:
        """The derivative's definition: after the callback's module-level `def`, else before
        the module-level statement that makes the call."""
        src, nl = self.src, self.src.newline
        callback = self.site.call.args[0].value
        target = (src.module_function(callback.value) if isinstance(callback, src.kinds.Name)
                  else None)
        if target is not None:
            line = src.span(target).end_line + 1
            at_end = src.offset(line, 0) >= len(src.text)
            lead = nl if at_end and src.text and not src.text.endswith("\n") else ""
            return src.insertion(line, 0, f"{lead}{nl}{nl}{text}")
        stmt = src.top_level_statement(self.site.call)
        line = src.first_line(stmt) if stmt is not None else src.span(self.site.call).line
        return src.insertion(line, 0, f"{text}{nl}{nl}")

