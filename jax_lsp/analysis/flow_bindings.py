"""Which of a module-level name's bindings are in force when a function reading it runs.

A notebook export (jupytext `# %%` cells, nbconvert `# In[n]:`) binds the same global several
times: a host function redefined in a later cell, an option string switched before the next
run. A name read inside a function is looked up when the function runs, so what it holds there
is the binding made last before the module statement whose run calls the function: a binding
made and replaced again before anything runs the function is never seen. `static_names` gives
up on such a name (its bindings differ); this reads them in the module's order.

A top-level statement may run the function when it uses, outside the bodies of functions it
defines, a name that leads to it: the function's own, or any module-level name bound by a
statement using one of those (a caller, `step = jax.jit(update)`, a class whose method calls
it), to a fixed point. The last binding is always counted (an importer may call the function
once the module has run). Nothing is decided where a `global` statement rebinds the name, or
where a binding is not a top-level statement of its own (one under an `if` or `try` is an
alternative, `static_names.one_run`'s to decide).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jax_lsp.analysis.static_names import Binding, ModuleNames
from jax_lsp.analysis.syntax import child_nodes, iter_nodes

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def live_bindings(names: ModuleNames, name: str, at: ast.AST) -> list[Binding] | None:
    """The module-level bindings of `name` that may be in force when `at` (read inside a
    function of the module, or in a top-level statement) is evaluated, in the module's
    order; None where this cannot tell (`name` local there, bound once, or by `global`)."""
    scope = names.scope_of(at)
    if not hasattr(at, "lineno"):
        return None
    for sc in names.enclosing(scope):
        if sc is not names.tree and name in names.bindings(sc):
            return None  # a local (or a class's) name
    bound = names.bindings(names.tree).get(name)
    if not bound or len(bound) < 2 or any(
            b.site is None or names.parents.get(b.site) is not names.tree for b in bound):
        return None  # (a binding under an `if`, a `try`, a loop: alternatives, not a sequence)
    if any(isinstance(n, ast.Global) and name in n.names for n in names.walk_all()):
        return None
    # (`bindings` lists them in no set order)
    bound = sorted(bound, key=lambda b: (b.site.lineno, b.site.col_offset))  # type: ignore[union-attr]
    body = names.tree.body
    where = names.parents.statement_at(at.lineno)  # type: ignore[attr-defined]
    if where < 0:
        return None
    made_at = [names.parents.statement_at(b.site.lineno) for b in bound]  # type: ignore[union-attr]
    if scope is names.tree:
        return _in_force_at(bound, made_at, where, body[where])
    reach = _bound_by(body[where])  # its `def`, its class, the name a lambda is bound to
    if not reach:
        return None  # the function is not bound to a name: its runs are not traced here
    reach = _closure(names, reach)
    live = {len(bound) - 1}
    for k, st in enumerate(body):
        if not _runs_any(st, reach):
            continue
        before = [i for i, t in enumerate(made_at) if t < k]
        if before:
            live.add(before[-1])
        live.update(i for i, t in enumerate(made_at) if t == k)
    return [bound[i] for i in sorted(live)]


def _in_force_at(bound: list[Binding], made_at: list[int], k: int, st: ast.stmt
                 ) -> list[Binding] | None:
    """For a read in top-level statement `k`: the last binding made before it, and those a
    loop there makes (read again on its next turn); None where none is made before."""
    before = [b for b, t in zip(bound, made_at) if t < k]
    looped = [b for b, t in zip(bound, made_at) if t == k] if isinstance(
        st, (ast.For, ast.AsyncFor, ast.While)) else []
    return [before[-1], *looped] if before else None


def _bound_by(st: ast.stmt) -> set[str]:
    """The module-level names a top-level statement binds."""
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {st.name}
    found = set()
    for node in _evaluated(st):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
    return found


def _uses(names: ModuleNames) -> list[tuple[set[str], set[str]]]:
    """For each top-level statement: the names it binds, and the module-level names it reads
    (in the bodies it defines too; a name local to one of those is not the module's)."""
    found: list[tuple[set[str], set[str]]] | None = names.derived.get("flow_bindings.uses")
    if found is None:  # (read once per module read, kept on its names)
        found = [(_bound_by(st), _global_loads(names, st)) for st in names.tree.body]
        names.derived["flow_bindings.uses"] = found
    return found


def _global_loads(names: ModuleNames, st: ast.stmt) -> set[str]:
    loads = set()
    for n in iter_nodes(st):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and not any(
                n.id in names.bindings(sc) for sc in names.enclosing(names.scope_of(n))
                if sc is not names.tree):
            loads.add(n.id)
    return loads


def _closure(names: ModuleNames, reach: set[str]) -> set[str]:
    """`reach` and every name bound by a top-level statement that uses one of them."""
    reach = set(reach)
    used = _uses(names)
    grew = True
    while grew:
        grew = False
        for bound, loads in used:
            if bound - reach and loads & reach:
                reach |= bound
                grew = True
    return reach


def _evaluated(st: ast.stmt) -> Iterator[ast.AST]:
    """The nodes a top-level statement evaluates when it runs: not the bodies of the
    functions and lambdas it defines (a class body runs, its methods' bodies do not)."""
    todo: list[ast.AST] = [st]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend(node.decorator_list)
            todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        if isinstance(node, ast.Lambda):
            todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        todo.extend(child_nodes(node))


def _runs_any(st: ast.stmt, reach: set[str]) -> bool:
    """Whether running a top-level statement may call one of the `reach` names."""
    return any(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in reach
               for n in _evaluated(st))
