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
        todo.extend(ast.iter_child_nodes(node))
    return bound, declared


def _source(tree: ast.Module, fn: _Fn, name: str) -> str | None:
    bound, declared = _bound(fn)
    if name in declared or len(bound.get(name, ())) != 1:
        return None
    binder = bound[name][0]
    if isinstance(binder, ast.arg):
        return _argument_source(tree, fn, binder.arg)
    for node in ast.walk(fn):
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
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == fn.name]
    reads = sum(1 for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == fn.name
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
    if any(other in _bound(f)[0] for f in _functions_around(tree, calls)):
        return None  # (a call where the name is a function's own local)
    return other if _module_name(tree, other) else None


def _functions_around(tree: ast.Module, calls: list[ast.Call]) -> list[_Fn]:
    """The functions whose bodies hold one of `calls` (at any depth)."""
    wanted = {id(c) for c in calls}
    found: list[_Fn] = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                id(n) in wanted for n in ast.walk(fn)):
            found.append(fn)
    return found


def _module_name(tree: ast.Module, name: str) -> bool:
    """Whether `name` is bound by an assignment among the module's own statements (those
    of its `if __name__ == "__main__":` block too)."""
    return any(isinstance(t, ast.Name) and t.id == name
               for st in _module_statements(tree) if isinstance(st, (ast.Assign, ast.AnnAssign))
               for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))


def _module_statements(tree: ast.Module) -> list[ast.stmt]:
    """The statements the module runs itself, in source order: its body and the blocks of its
    `if`, `with` and `try` statements (not a function's or class's, nor a loop's)."""
    found: list[ast.stmt] = []
    todo: list[ast.stmt] = list(reversed(tree.body))
    while todo:
        st = todo.pop()
        found.append(st)
        blocks: list[list[ast.stmt]] = []
        if isinstance(st, ast.If):
            blocks = [st.body, st.orelse]
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            blocks = [st.body]
        elif isinstance(st, ast.Try):
            blocks = [st.body, *(h.body for h in st.handlers), st.orelse, st.finalbody]
        for block in reversed(blocks):
            todo.extend(reversed(block))
    return found


_MODULE_ANSWERS: weakref.WeakKeyDictionary[ast.AST, dict[str, str | None]] = (
    weakref.WeakKeyDictionary())


def module_source(tree: ast.Module, name: str) -> str | None:
    """The module-level name whose object the module-level name `name` is bound to
    (`active = REGISTRY`: a change in place through `active` changes `REGISTRY`); None.
    Certainly, from the syntax: `name` is bound once in the module, by `name = OTHER` among
    its own statements, `OTHER` is bound only before that statement, and no function
    declares either `global`. A copy (`REGISTRY.copy()`, `dict(REGISTRY)`) is no alias."""
    answers = _MODULE_ANSWERS.get(tree)
    if answers is None:
        answers = _MODULE_ANSWERS[tree] = {}
    if name not in answers:
        answers[name] = _module_source(tree, name)
    return answers[name]


def _module_source(tree: ast.Module, name: str) -> str | None:
    binders: dict[str, list[ast.AST]] = {}
    declared: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            declared.update(node.names)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            binders.setdefault(node.id, []).append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            binders.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.alias):
            binders.setdefault((node.asname or node.name).split(".")[0], []).append(node)
    if name in declared or len(binders.get(name, ())) != 1:
        return None
    binder = binders[name][0]
    for st in _module_statements(tree):
        if (isinstance(st, ast.Assign) and len(st.targets) == 1 and st.targets[0] is binder
                and isinstance(st.value, ast.Name)):
            other = st.value.id
            if other == name or other in declared or not _module_name(tree, other):
                return None
            at = (st.lineno, st.col_offset)
            # (a binding of `other` in a function is its local: `global` would be declared)
            if all((getattr(b, "lineno", 0), getattr(b, "col_offset", 0)) < at
                   for b in _module_binders(tree, other)):
                return other
            return None
    return None


def _module_binders(tree: ast.Module, name: str) -> list[ast.AST]:
    """The nodes binding `name` outside every function and class body."""
    found: list[ast.AST] = []
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                found.append(node)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            found.append(node)
        elif isinstance(node, ast.alias) and (node.asname or node.name).split(".")[0] == name:
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found
