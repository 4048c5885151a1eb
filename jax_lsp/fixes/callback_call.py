"""The host callback call a finding points at, located in the LibCST tree: its arguments, which
of them carry tangents, and how the fixes may rewrite it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.fixes.model import TextEdit

if TYPE_CHECKING:
    import libcst as cst

    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

__all__ = ["CallbackCall", "locate_callback"]

#: keywords of `jax.pure_callback` / `io_callback` that configure the call instead of being
#: passed to the callback
CONFIG_KEYWORDS = frozenset(
    {"callback", "result_shape_dtypes", "sharding", "vmap_method", "vectorized", "ordered"}
)


@dataclass(frozen=True)
class CallbackCall:
    """A `jax.pure_callback(callback, result_shape_dtypes, *operands)`-shaped call."""

    call: cst.Call
    span: Span
    #: the arguments whose value carries a tangent, in source order
    tangent_args: tuple[cst.Arg, ...]
    #: for each tangent argument, its operand position (0 = first operand after the callback
    #: and the result shapes) or its keyword; None when one is not addressable that way
    operand_keys: tuple[int | str, ...] | None
    #: every argument passed on to the callback, when the call spells them all out (no
    #: `*args`/`**kwargs`) after a positional callback and result shapes; else None
    operand_args: tuple[cst.Arg, ...] | None
    #: the callback and the result shapes are the first two positional arguments, so a helper
    #: with `pure_callback`'s signature can take the arguments as they are written
    standard_signature: bool
    #: the call is an expression statement: nothing uses its result
    result_unused: bool
    io: bool

    def open_paren(self, src: FixSource | LiteSource) -> Span:
        """The span of the call's opening parenthesis."""
        func_end = src.span(self.call.func)
        start = src.offset(func_end.end_line, func_end.end_col)
        at = src.text.index("(", start)
        line, col = src.position(at)
        return Span(line, col, line, col + 1)

    def describe(self, src: FixSource | LiteSource, args: tuple[cst.Arg, ...]) -> str:
        """The arguments as a title shows them: short ones quoted, long ones elided."""
        names = []
        for arg in args:
            text = src.text_of(src.span(arg.value))
            names.append(f"`{text}`" if len(text) <= 30 and "\n" not in text else "an operand")
        return ", ".join(names)

    def route_through(self, src: FixSource | LiteSource, helper: str,
                      first: str = "") -> list[TextEdit]:
        """Edits turning `callee(args...)` into `helper(first, callee, args...)`: an insertion
        before the callee and a comma for the opening parenthesis, nothing else."""
        func = src.span(self.call.func)
        paren = self.open_paren(src)
        after = src.text[src.offset(paren.end_line, paren.end_col) :][:1]
        comma = "," if after in (" ", "\t", "\r", "\n") else ", "
        lead = f"{helper}({first}, " if first else f"{helper}("
        return [src.insertion(func.line, func.col, lead), TextEdit(paren, comma)]


def _arg_for(src: FixSource | LiteSource, call: cst.Call, operand: Span) -> cst.Arg | None:
    for arg in call.args:
        value = src.span(arg.value)
        if src.contains(value, operand) or src.contains(operand, value):
            return arg
    return None


def locate_callback(src: FixSource | LiteSource, finding: Finding) -> CallbackCall | None:
    """The callback call of `finding`, or None when the source has no call there."""
    call = src.call_at(finding.span)
    if call is None:
        return None
    tangent: list[cst.Arg] = []
    for operand in finding.operand_spans:
        arg = _arg_for(src, call, operand)
        if arg is None:
            return None
        if arg not in tangent:
            tangent.append(arg)
    tangent.sort(key=lambda a: call.args.index(a))

    args = list(call.args)
    standard = len(args) >= 2 and all(a.keyword is None and a.star == "" for a in args[:2])
    keys: list[int | str] = []
    addressable = True
    for arg in tangent:
        i = args.index(arg)
        if arg.keyword is not None and arg.keyword.value not in CONFIG_KEYWORDS:
            keys.append(arg.keyword.value)
        elif (
            standard
            and arg.keyword is None
            and arg.star == ""
            and i >= 2
            and all(a.star == "" and a.keyword is None for a in args[:i])
        ):
            keys.append(i - 2)
        else:
            addressable = False
            break

    operands: tuple[cst.Arg, ...] | None = None
    if standard and all(a.star == "" for a in args):
        operands = tuple(
            a for a in args[2:] if a.keyword is None or a.keyword.value not in CONFIG_KEYWORDS
        )

    if finding.code in ("JAX001", "JAX002", "JAX008"):
        io = False
    else:
        io = finding.code in ("JAX003", "JAX004") or finding.message.startswith("`io_callback`")
        io = io or any(q.endswith("io_callback") for q in src.qualified_names(call.func))
    return CallbackCall(
        call=call,
        span=src.span(call),
        tangent_args=tuple(tangent),
        operand_keys=tuple(keys) if addressable else None,
        operand_args=operands,
        standard_signature=standard,
        result_unused=src.is_statement(call),
        io=io,
    )
