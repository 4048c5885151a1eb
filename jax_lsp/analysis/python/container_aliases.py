"""The module-level name a function's local is another name for: a container changed in
place through it changes the module's.

The evaluator's containers are values, not objects: `cfg.update(overrides)` rebinds `cfg`
and leaves the dict it was bound to as it was. Where the local certainly is the module's
object, the change is the module's too (measured on a host reading `DEFAULTS["normalise"]`:
`cfg = DEFAULTS; cfg.update(...)` hands it the new entry, `cfg = dict(DEFAULTS)` does not;
`install(HANDLERS)` appending to its parameter grows `HANDLERS`, `install(list(HANDLERS))`
does not; `strict_mode(opts)` storing `options["ordered"] = True` changes the `opts` of the
module's `if __name__ == "__main__":` block). Certainly, from the syntax: the local is bound
once in its function, by `local = NAME` with `NAME` a name of the module's scope that only
assignments bind; or it is a parameter the function never rebinds, of a module-level function
called only by its name, where every call in the module passes the same such module name
there. Anything else (a copy, a name bound twice, a function handed on, a default) is not an
alias.

This is the must-alias side of `dict_aliases`, and reads the module through its scope model
(which name a use refers to, the defs a call names, the parameter an argument goes to): the
text pass asks `dict_aliases` which names may share a dict, the evaluator asks this module
which module name a local certainly is.
"""

from __future__ import annotations

import ast
import weakref

from jax_lsp.analysis.python import dict_aliases
from jax_lsp.analysis.syntax import iter_nodes

_Fn = ast.FunctionDef | ast.AsyncFunctionDef

_ANSWERS: weakref.WeakKeyDictionary[ast.AST, dict[str, str | None]] = (
    weakref.WeakKeyDictionary())


def source(tree: ast.Module, fn: ast.AST, name: str) -> str | None:
    """The module-level name `name` (a local of `fn`) is bound to the object of; None."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    answers = _ANSWERS.get(fn)
    if answers is None:
        answers = _ANSWERS[fn] = {}
    if name not in answers:
        answers[name] = _source(tree, fn, name)
    return answers[name]


def _source(tree: ast.Module, fn: _Fn, name: str) -> str | None:
    t = dict_aliases.tree_of(tree)
    if name in t.declared_global.get(fn, ()) or name not in t.bound.get(fn, ()):
        return None
    stores = [u for u in t.uses((fn, name)) if not isinstance(u.ctx, ast.Load)]
    a = fn.args
    if name in {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)
                if p is not None}:
        return None if stores else _argument_source(t, fn, name)
    if len(stores) != 1 or any(  # (a nested def or class, an import binding it too)
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.alias))
            and getattr(n, "name", None) == name for n in iter_nodes(fn) if n is not fn):
        return None
    up = t.parents.get(stores[0])
    if (isinstance(up, ast.Assign) and len(up.targets) == 1 and up.targets[0] is stores[0]
            and isinstance(up.value, ast.Name)):
        return _module_name(t, up.value)
    return None


def _argument_source(t: dict_aliases.Tree, fn: _Fn, param: str) -> str | None:
    """The module-level name every call of `fn` (a module-level def called only by name)
    passes for its positional parameter `param`."""
    called = ast.Name(id=fn.name, ctx=ast.Load())
    if fn not in t.tree.body or dict_aliases.module_def(t, called) is not fn:
        return None
    positional = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
    if param not in positional:
        return None
    at = positional.index(param)
    reads = [n for n in t.uses((t.tree, fn.name)) if isinstance(n.ctx, ast.Load)]
    calls = [t.parents.get(n) for n in reads]
    if not calls or not all(isinstance(c, ast.Call) and c.func is n
                            for c, n in zip(calls, reads)):
        return None  # (handed on somewhere: called where the analysis cannot tell with what)
    passed: set[str] = set()
    for call in calls:
        assert isinstance(call, ast.Call)
        if any(isinstance(x, ast.Starred) for x in call.args) or any(
                k.arg is None or k.arg == param for k in call.keywords):
            return None
        arg = call.args[at] if at < len(call.args) else None
        held = _module_name(t, arg) if isinstance(arg, ast.Name) else None
        if held is None:
            return None
        passed.add(held)
    return passed.pop() if len(passed) == 1 else None


def _module_name(t: dict_aliases.Tree, use: ast.Name) -> str | None:
    """The name `use` reads, where it is a name of the module's scope (at any depth of its
    statements: an `if __name__ == "__main__":` block's too) that only assignments bind."""
    if t.holder(use) != (t.tree, use.id):
        return None
    stores = [n for n in t.uses((t.tree, use.id)) if not isinstance(n.ctx, ast.Load)]
    if not stores or any(not isinstance(t.parents.get(n), (ast.Assign, ast.AnnAssign))
                         for n in stores):
        return None
    return None if t.defs.get(use.id) else use.id


def _assigned_at_module(t: dict_aliases.Tree, name: str) -> bool:
    """Whether `name` is bound by an assignment among the module's own statements (those
    of its `if __name__ == "__main__":` block too)."""
    return any(isinstance(target, ast.Name) and target.id == name
               for st in t.module_statements() if isinstance(st, (ast.Assign, ast.AnnAssign))
               for target in (st.targets if isinstance(st, ast.Assign) else [st.target]))


def module_source(tree: ast.Module, name: str) -> str | None:
    """The module-level name whose object the module-level name `name` is bound to
    (`active = REGISTRY`: a change in place through `active` changes `REGISTRY`); None.
    Certainly, from the syntax: `name` is bound once in the module, by `name = OTHER` among
    its own statements (`dict_aliases.Tree.bound_once`), `OTHER` is bound only before that
    statement, and no function declares `OTHER` `global`. A copy (`REGISTRY.copy()`,
    `dict(REGISTRY)`) is no alias. (A function's own local of either spelling is another
    name: the scope model says which a use is.)"""
    t = dict_aliases.tree_of(tree)
    st = t.bound_once(name)
    if st is None or len(st.targets) != 1 or not isinstance(st.value, ast.Name):
        return None
    other = st.value.id
    if other == name or t.declared_global_anywhere(other) or not _assigned_at_module(t, other):
        return None
    at = (st.lineno, st.col_offset)
    if all((getattr(b, "lineno", 0), getattr(b, "col_offset", 0)) < at
           for b in t.module_bindings(other)):
        return other
    return None
