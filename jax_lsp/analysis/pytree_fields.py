"""Which attributes of a `register_pytree_node_class` class are aux data, read from its
`tree_flatten`: JAX gives aux data back as it was (static: never a tangent, never an input
`grad` checks for integers); only the children are leaves."""

from __future__ import annotations

import ast
from collections.abc import Callable

from jax_lsp.analysis.syntax import iter_nodes


def aux_only_attributes(cls: ast.ClassDef) -> set[str]:
    """The `self.<name>` attributes `tree_flatten` puts in its aux data and not in its children
    (`return [self.x], self.strict`: {"strict"}). Empty when the method is missing or returns
    something other than a pair."""
    flatten = next(
        (
            s
            for s in cls.body
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "tree_flatten"
        ),
        None,
    )
    return flatten_aux_attributes(flatten) if flatten is not None else set()


def flatten_aux_attributes(flatten: ast.AST) -> set[str]:
    """The attributes of its argument a flatten function (a method, a def or a lambda given
    to `register_pytree_node`) puts in its aux data and not in its children."""
    args = getattr(flatten, "args", None)
    if args is None or not args.args:
        return set()
    self_name = args.args[0].arg
    bound: dict[str, list[ast.expr]] = {}
    returns: list[ast.expr] = []
    if isinstance(flatten, ast.Lambda):
        returns.append(flatten.body)
    for node in iter_nodes(flatten):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    bound.setdefault(t.id, []).append(node.value)
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node.value)
    children: set[str] = set()
    aux: set[str] = set()
    for r in returns:
        if not (isinstance(r, ast.Tuple) and len(r.elts) == 2):
            return set()
        children |= _attributes(r.elts[0], self_name, bound)
        aux |= _attributes(r.elts[1], self_name, bound)
    return aux - children


def _attributes(
    expr: ast.expr, self_name: str, bound: dict[str, list[ast.expr]], seen: frozenset = frozenset()
) -> set[str]:
    """The attributes of `self_name` that `expr` reads, through the method's local names."""
    found: set[str] = set()
    for node in iter_nodes(expr):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == self_name
        ):
            found.add(node.attr)
        elif isinstance(node, ast.Name) and node.id in bound and node.id not in seen:
            for value in bound[node.id]:
                found |= _attributes(value, self_name, bound, seen | {node.id})
    return found


#: the modules of JAX whose functions return arrays (`jnp.asarray`, `jax.random.normal`)
_ARRAY_MODULES = ("jax.numpy.", "jax.random.", "jax.lax.")


def array_attributes(cls: ast.ClassDef, resolve: Callable[[ast.expr], str | None]) -> set[str]:
    """The `self.<name>` attributes a method of `cls` sets to an array JAX makes
    (`self.n = jnp.asarray(n)`, `self.w = 0.1 * jax.random.normal(k, s)`): leaves of a pytree
    class that every jit traces (equinox's filter_jit too: it keeps only Python scalars
    static). `resolve` names the API a callee expression stands for."""
    found: set[str] = set()
    for method in cls.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = method.args.posonlyargs + method.args.args
        if not params:
            continue
        me = params[0].arg
        for node in iter_nodes(method):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == me
                        and makes_array(node.value, resolve)
                    ):
                        found.add(t.attr)
    return found


def makes_array(e: ast.AST | None, resolve: Callable[[ast.expr], str | None]) -> bool:
    """Whether expression `e` is an array JAX makes (`jnp.asarray(n)`, `0.1 * jnp.ones(3)`,
    `jnp.arange(4)[1]`)."""
    if isinstance(e, ast.Call):
        name = resolve(e.func)
        return name is not None and name.startswith(_ARRAY_MODULES)
    if isinstance(e, ast.BinOp):
        return makes_array(e.left, resolve) or makes_array(e.right, resolve)
    if isinstance(e, ast.UnaryOp):
        return makes_array(e.operand, resolve)
    if isinstance(e, ast.Subscript):  # an element or slice of an array is an array
        return makes_array(e.value, resolve)
    return False
