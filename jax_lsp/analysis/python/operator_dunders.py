"""Which of a class's binary-operator methods Python's own syntax and builtins may call.

Python never looks an operator's method up on the instance: `a ** b` calls
`type(a).__pow__(a, b)`, and falls back to `type(b).__rpow__(b, a)` when `type(a)` has no
`__pow__` or it returns `NotImplemented` (the reflected one goes first when `type(b)` is a
subclass of `type(a)` overriding it); `a **= b` tries `type(a).__ipow__` first, then those
two. So `3 ** gain` never runs `Gain.__pow__`, `acc = acc + batch` never runs `__iadd__`,
and `sig @ k` never runs `Signal.__rmatmul__` (all checked with Python 3.11). Besides the
syntax, a few builtins and the `operator` module apply the operators for the caller
(`pow`, `divmod`, `sum`, `math.prod`, `operator.add`, `functools.reduce(operator.add, xs)`).

This module is those facts, read from the syntax: `family` names the operator a method
name belongs to and how it is called (`"op"`, `"reflected"`, `"in_place"`), and
`may_call(node, name)` says whether evaluating `node` itself (not its children) may call a
method of that name. `appliers(name)` are the builtin names whose calls apply it for the
caller. The evaluator dispatches a `BinOp`'s methods (`expressions.operator_dunder`); where
it does not (an augmented assignment, a builtin) a caller must take the method as called.
"""

from __future__ import annotations

import ast

#: each binary operator's method stem (`__add__`, `__radd__`, `__iadd__`)
STEMS: dict[type[ast.operator], str] = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul",
    ast.Div: "truediv", ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow",
    ast.LShift: "lshift", ast.RShift: "rshift", ast.BitAnd: "and", ast.BitOr: "or",
    ast.BitXor: "xor",
}
_BY_STEM = {stem: op for op, stem in STEMS.items()}

#: builtins (and `math.prod`) that apply an operator to the values they are given
_APPLIERS: dict[str, frozenset[str]] = {
    "add": frozenset({"sum"}),
    "mul": frozenset({"prod"}),
    "pow": frozenset({"pow"}),
    "mod": frozenset({"divmod"}),
    "floordiv": frozenset({"divmod"}),
}

#: the module whose functions apply every operator (`operator.add`, `operator.ipow`...)
OPERATOR_MODULE = "operator"


def family(name: str) -> tuple[str, str] | None:
    """`(stem, how)` of a binary operator's method name: `__pow__` is `("pow", "op")`,
    `__rpow__` `("pow", "reflected")`, `__ipow__` `("pow", "in_place")`; None for any
    other name (`__divmod__` included: only `divmod()` calls it)."""
    if not (name.startswith("__") and name.endswith("__")):
        return None
    inner = name[2:-2]
    if inner in _BY_STEM:
        return inner, "op"
    if inner[:1] in ("r", "i") and inner[1:] in _BY_STEM:
        return inner[1:], "reflected" if inner[0] == "r" else "in_place"
    return None


def may_call(node: ast.AST, name: str) -> bool:
    """Whether evaluating `node` itself may call the operator method `name` on an operand:
    a `BinOp` of its operator calls `__op__` or `__rop__`; an `AugAssign` of it any of the
    three."""
    fam = family(name)
    if fam is None:
        return False
    stem, how = fam
    if isinstance(node, ast.BinOp):
        return how != "in_place" and STEMS.get(type(node.op)) == stem
    if isinstance(node, ast.AugAssign):
        return STEMS.get(type(node.op)) == stem
    return False


def appliers(name: str) -> frozenset[str]:
    """The builtin names whose calls may apply the operator of method `name` for their
    caller (`sum` for `__add__` and `__radd__`: it starts from `0`, so `0 + x` first)."""
    fam = family(name)
    if fam is None:
        return frozenset()
    stem, how = fam
    if how == "in_place":
        return frozenset()  # (no builtin applies the in-place form: `sum` calls `+`)
    return _APPLIERS.get(stem, frozenset())
