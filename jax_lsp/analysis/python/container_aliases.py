"""The module-level name a function's local is another name for: a container changed in
place through it changes the module's.

The evaluator's containers are values, not objects: `cfg.update(overrides)` rebinds `cfg`
and leaves the dict it was bound to as it was. Where the local certainly is the module's
object, the change is the module's too (measured on a host reading `DEFAULTS["normalise"]`:
`cfg = DEFAULTS; cfg.update(...)` hands it the new entry, `cfg = dict(DEFAULTS)` does not;
`install(HANDLERS)` appending to its parameter grows `HANDLERS`, `install(list(HANDLERS))`
does not). Certainly, from the syntax: the local is bound once in its function, by
`local = NAME` with `NAME` a name the function does not bind; or it is a parameter the
function never rebinds, of a module-level function called only by its name, where every
call in the module passes the same module-level name there. Anything else (a copy, a name
bound twice, a function handed on, a default) is not an alias.
"""

from __future__ import annotations

import ast
import weakref

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

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


def _bound(fn: _Fn) -> tuple[dict[str, list[ast.AST]], set[str]]:
    """Each name `fn`'s own body binds, with what binds it; and its declared names."""
    bound: dict[str, list[ast.AST]] = {}
    declared: set[str] = set()
    a = fn.args
    for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
        if p is not None:
            bound.setdefault(p.arg, []).append(p)
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.setdefault(node.name, []).append(node)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.setdefault(node.id, []).append(node)
        elif isinstance(node, ast.alias):
            bound.setdefault((node.asname or node.name).split(".")[0], []).append(node)
        todo.extend(child_nodes(node))
    return bound, declared


def _source(tree: ast.Module, fn: _Fn, name: str) -> str | None:
    bound, declared = _bound(fn)
    if name in declared or len(bound.get(name, ())) != 1:
        return None
    binder = bound[name][0]
    if isinstance(binder, ast.arg):
        return _argument_source(tree, fn, binder.arg)
    for node in iter_nodes(fn):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and node.targets[0] is binder and isinstance(node.value, ast.Name)):
            other = node.value.id
            return other if other not in bound and other not in declared and _module_name(
                tree, other) else None
    return None


def _argument_source(tree: ast.Module, fn: _Fn, param: str) -> str | None:
    """The module-level name every call of `fn` (a module-level def called only by name)
    passes for its positional parameter `param`."""
    if fn not in tree.body or fn.decorator_list:
        return None
    positional = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
    if param not in positional:
        return None
    at = positional.index(param)
    calls = [n for n in iter_nodes(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == fn.name]
    reads = sum(1 for n in iter_nodes(tree) if isinstance(n, ast.Name) and n.id == fn.name
                and isinstance(n.ctx, ast.Load))
    if not calls or reads != len(calls):
        return None  # (handed on somewhere: called where the analysis cannot tell with what)
    passed: set[str] = set()
    for call in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None or k.arg == param for k in call.keywords):
            return None
        arg = call.args[at] if at < len(call.args) else None
        if not isinstance(arg, ast.Name):
            return None
        passed.add(arg.id)
    if len(passed) != 1:
        return None
    other = passed.pop()
    return other if _module_name(tree, other) else None


def _module_name(tree: ast.Module, name: str) -> bool:
    """Whether `name` is bound by an assignment among the module's own statements."""
    return any(isinstance(t, ast.Name) and t.id == name
               for st in tree.body if isinstance(st, (ast.Assign, ast.AnnAssign))
               for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))
