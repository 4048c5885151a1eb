"""A function's own code, read from its syntax alone: the nodes that are its, not those of the
functions and classes it makes (which run when those are called or made), and the statements
of a block that never run because one before them leaves it (`return`, `raise`, `break`,
`continue`).

Why a module of its own: the static passes (`static_names`, `argparse_namespaces`,
`jax/host_runs`) and Python's evaluation (`python/generators.py`) read a function's own code
alike, and `python/` may not import `static_names` (which reaches the JAX model); this module
imports nothing of the analysis.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

__all__ = ["JUMPS", "after_a_jump", "own_nodes", "own_returns"]

#: the statements after which no statement of their block runs
JUMPS = (ast.Return, ast.Raise, ast.Break, ast.Continue)

#: the nodes whose code is not their parent's own: it runs when they are called or made
_MADE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def own_nodes(fn: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's (or the module's) own code, not of the functions and
    classes it makes (their definitions themselves are given, not their insides)."""
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, _MADE):
            todo.extend(ast.iter_child_nodes(node))


def own_returns(fn: ast.AST) -> Iterator[ast.Return]:
    """The `return` statements of a function itself (not of the functions it defines)."""
    return (node for node in own_nodes(fn) if isinstance(node, ast.Return))


def after_a_jump(block: list[ast.stmt], st: ast.stmt) -> bool:
    """Whether the statement `st` of `block` follows one that leaves the block (a `return`,
    `raise`, `break` or `continue` of the block itself): Python never runs it."""
    for s in block:
        if s is st:
            return False
        if isinstance(s, JUMPS):
            return True
    return False
