"""Which names hold the very dict a name is bound to, and which keys they take out of it.

Python never copies a dict on assignment or on a call: `cleaned = options` and a parameter
given `LEGACY` are the same object as `LEGACY`, so `cleaned.pop("vectorized")` in a helper
takes the key out of `LEGACY` itself; `options.copy()`, `dict(options)`, `{**options}` and
`options | {...}` make a new dict, which the pop leaves `LEGACY` untouched by (checked with
Python 3.11). This module follows a name's dict through the module's syntax:

- a plain assignment of it to a name (`cleaned = options`), in the scope the assignment is
  in (a name a nested function reads without binding it is the enclosing scope's);
- a call of a module-level def (no decorator, one def of that name) handing it as an
  argument: that def's parameter, while the def binds it nowhere else;
- the result of such a call where the def returns a name holding it
  (`modern = modernise(LEGACY)`).

Anything else (a method's call, a container, an attribute, another module) is not followed:
`aliases` is what the module's own code can be seen to share, not every holder.
`taken_out` is the keys any of them removes (`pop`, `del d[k]`; every key for `popitem`,
`clear` or a key not written as a constant), wherever in the module it is.

The scope model (`Tree`, read in one walk per tree and kept while the tree lives) is also the
analysis's one answer to "which module-level name is bound once, and to what"
(`Tree.bound_once`), which `container_aliases.module_source` and `mapping_views` build on.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterator

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPES = (*_FUNCS, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

#: a binding: the function (or the module) and the name
Holder = tuple[ast.AST, str]

#: every key (`popitem`, `clear`, a computed key)
ALL = None


class Tree:
    """A module's parents and local bindings, read once per tree."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[ast.AST, ast.AST] = {}
        self.bound: dict[ast.AST, set[str]] = {tree: set()}
        self.declared_global: dict[ast.AST, set[str]] = {}
        self.defs: dict[str, list[ast.AST]] = {}
        #: each name's binding nodes (a store, a def or class, an import), with their scope
        self.binders: dict[str, list[tuple[ast.AST, ast.AST]]] = {}
        self._once: dict[str, ast.Assign | None] = {}
        self._statements: dict[ast.AST, None] | None = None
        stack: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
        while stack:
            node, scope = stack.pop()
            inner = node if isinstance(node, _SCOPES) and node is not tree else scope
            if inner is not scope:
                self.bound.setdefault(inner, set())
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self.bound[scope].add(node.name)
                    self.binders.setdefault(node.name, []).append((node, scope))
                    if scope is tree:
                        self.defs.setdefault(node.name, []).append(node)
                if isinstance(node, _FUNCS):
                    a = node.args
                    self.bound[inner].update(p.arg for p in (
                        *a.posonlyargs, *a.args, *a.kwonlyargs,
                        *(x for x in (a.vararg, a.kwarg) if x is not None)))
            elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.bound[scope].add(node.id)
                self.binders.setdefault(node.id, []).append((node, scope))
            elif isinstance(node, ast.alias):  # (an import binds in its scope)
                imported = (node.asname or node.name).split(".")[0]
                self.bound[scope].add(imported)
                self.binders.setdefault(imported, []).append((node, scope))
            elif isinstance(node, ast.Global):
                self.declared_global.setdefault(scope, set()).update(node.names)
            for child in child_nodes(node):
                self.parents[child] = node
                # (a def's decorators and defaults, a comprehension's first iterable, run in
                # the scope around it: counted inside, which only widens what is followed)
                stack.append((child, inner))

    def scope_of(self, node: ast.AST) -> ast.AST:
        p = self.parents.get(node)
        while p is not None and not isinstance(p, _SCOPES):
            p = self.parents.get(p)
        return self.tree if p is None else p

    def holder(self, node: ast.Name) -> Holder:
        """The binding a name refers to: the innermost scope around it binding the name."""
        scope = self.scope_of(node)
        while scope is not self.tree:
            if node.id in self.declared_global.get(scope, ()):
                return self.tree, node.id
            if node.id in self.bound.get(scope, ()) and not isinstance(scope, ast.ClassDef):
                return scope, node.id
            scope = self.scope_of(scope)
        return self.tree, node.id

    def uses(self, holder: Holder) -> Iterator[ast.Name]:
        """The names referring to `holder`."""
        scope, name = holder
        for node in iter_nodes(scope):
            if isinstance(node, ast.Name) and node.id == name and self.holder(node) == holder:
                yield node

    def module_bindings(self, name: str) -> list[ast.AST]:
        """The nodes binding the module's `name`: in the module's scope (a def, a class, an
        import, a store at any depth of its statements), or in a scope declaring it
        `global`. A function's or class's own name of that spelling is another binding."""
        return [node for node, scope in self.binders.get(name, ())
                if scope is self.tree or name in self.declared_global.get(scope, ())]

    def declared_global_anywhere(self, name: str) -> bool:
        return any(name in names for names in self.declared_global.values())

    def bound_once(self, name: str) -> ast.Assign | None:
        """The assignment among the module's own statements (`module_statements`) that is
        the one binding of the module's name `name` (`name = value`, `a = name = value`),
        where no scope declares it `global` (one that does may rebind it by means not
        followed); None. Read once per name."""
        if name not in self._once:
            found = self.module_bindings(name)
            up = self.parents.get(found[0]) if len(found) == 1 else None
            self._once[name] = up if (
                isinstance(up, ast.Assign) and found[0] in up.targets
                and up in self._module_statements() and not self.declared_global_anywhere(name)
            ) else None
        return self._once[name]

    def module_statements(self) -> list[ast.stmt]:
        """The statements the module runs itself, in source order: its body and the blocks of
        its `if`, `with` and `try` statements (not a function's or class's, nor a loop's)."""
        return list(self._module_statements())  # type: ignore[arg-type]

    def _module_statements(self) -> dict[ast.AST, None]:
        if self._statements is None:
            found: dict[ast.AST, None] = {}
            todo: list[ast.stmt] = list(reversed(self.tree.body))
            while todo:
                st = todo.pop()
                found[st] = None
                blocks: list[list[ast.stmt]] = []
                if isinstance(st, ast.If):
                    blocks = [st.body, st.orelse]
                elif isinstance(st, (ast.With, ast.AsyncWith)):
                    blocks = [st.body]
                elif isinstance(st, ast.Try):
                    blocks = [st.body, *(h.body for h in st.handlers), st.orelse, st.finalbody]
                for block in reversed(blocks):
                    todo.extend(reversed(block))
            self._statements = found
        return self._statements


_TREES: weakref.WeakKeyDictionary[ast.Module, Tree] = weakref.WeakKeyDictionary()
_ANSWERS: weakref.WeakKeyDictionary[ast.Module, dict[Holder, frozenset[str] | None]] = (
    weakref.WeakKeyDictionary())


def tree_of(tree: ast.Module) -> Tree:
    found = _TREES.get(tree)
    if found is None:
        found = _TREES[tree] = Tree(tree)
    return found


def aliases(tree: ast.Module, holder: Holder) -> set[Holder]:
    """`holder` and every binding the module's code shares its dict with (see the module's
    docstring)."""
    t = tree_of(tree)
    out = {holder}
    todo = [holder]
    handed: dict[ast.AST, list[ast.Call]] = {}  # (a def: its calls handing it the dict)
    returned: set[ast.AST] = set()  # (the defs returning a name holding it)

    def add(found: Holder) -> None:
        if found not in out:
            out.add(found)
            todo.append(found)

    while todo:
        for use in t.uses(todo.pop()):
            up = t.parents.get(use)
            if isinstance(up, ast.Return) and isinstance(t.scope_of(up), _FUNCS):
                fn = t.scope_of(up)
                returned.add(fn)
                for call in handed.get(fn, ()):
                    for target in _assigned(t, call):
                        add(target)
            if not isinstance(use.ctx, ast.Load):
                continue
            if isinstance(up, ast.Assign) and up.value is use:
                for name in up.targets:
                    if isinstance(name, ast.Name):
                        add(t.holder(name))
            elif isinstance(up, ast.Call) and use is not up.func:
                callee = module_def(t, up.func)
                param = None if callee is None else _parameter(callee, up, use)
                if callee is None or param is None or _rebound(t, callee, param):
                    continue
                add((callee, param))
                handed.setdefault(callee, []).append(up)
                if callee in returned:  # (`modern = modernise(LEGACY)`, returning it)
                    for target in _assigned(t, up):
                        add(target)
    return out


def _assigned(t: Tree, call: ast.Call) -> list[Holder]:
    """The names a call's result is assigned to (`modern = modernise(LEGACY)`)."""
    up = t.parents.get(call)
    if not (isinstance(up, ast.Assign) and up.value is call):
        return []
    return [t.holder(target) for target in up.targets if isinstance(target, ast.Name)]


def module_def(t: Tree, func: ast.expr) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module-level def a called name is, where the module defines that name once, with
    no decorator, and binds it no other way."""
    if not isinstance(func, ast.Name) or t.holder(func)[0] is not t.tree:
        return None
    defs = t.defs.get(func.id, [])
    if len(defs) != 1 or not isinstance(defs[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    fn = defs[0]
    if fn.decorator_list or any(
            isinstance(n, ast.Name) and n.id == func.id and not isinstance(n.ctx, ast.Load)
            for n in iter_nodes(t.tree)):
        return None
    return fn


def _parameter(fn: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call,
               arg: ast.AST) -> str | None:
    """The parameter of `fn` that `call` hands `arg` to (None: a `*`/`**` one, or not known)."""
    a = fn.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    for i, given in enumerate(call.args):
        if isinstance(given, ast.Starred):
            return None
        if given is arg:
            return positional[i] if i < len(positional) else None
    for kw in call.keywords:
        if kw.value is arg:
            names = {p.arg for p in (*a.args, *a.kwonlyargs)}
            return kw.arg if kw.arg in names else None
    return None


def _rebound(t: Tree, fn: ast.AST, name: str) -> bool:
    """Whether `fn` binds its parameter `name` again (it then may hold another dict); not by
    `name |= {...}`, a dict's in-place union (`dict.__ior__` returns the dict itself)."""
    return any(not isinstance(n.ctx, ast.Load) and not _in_place_union(t, n)
               for n in t.uses((fn, name)))


def _in_place_union(t: Tree, name: ast.Name) -> bool:
    up = t.parents.get(name)
    return isinstance(up, ast.AugAssign) and up.target is name and isinstance(up.op, ast.BitOr)


def handed_to(tree: ast.Module, call: ast.Call, arg: ast.AST
              ) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, str] | None:
    """The module def and its parameter that `call` hands `arg` to, where that parameter
    then holds the very object (a def followed as `aliases` follows one); else None."""
    t = tree_of(tree)
    fn = module_def(t, call.func)
    param = None if fn is None else _parameter(fn, call, arg)
    if fn is None or param is None or _rebound(t, fn, param):
        return None
    return fn, param


def calls_before(tree: ast.Module, node: ast.AST) -> Iterator[ast.Call]:
    """The calls made, in the scope `node` is in, by the statements that run before the one
    holding `node` whenever it runs: those before it in its block and in each block around
    it, up to its function (or the module); not those under a branch, loop, `try` or nested
    definition."""
    t = tree_of(tree)
    child = node
    up = t.parents.get(child)
    while up is not None:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(up, field, None)
            if isinstance(block, list) and child in block:
                for st in block[:block.index(child)]:
                    yield from _plain_calls(st)
        if isinstance(up, _SCOPES):
            return
        child, up = up, t.parents.get(up)


_BRANCHING = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match, ast.With,
              ast.AsyncWith, ast.IfExp, ast.BoolOp, *_SCOPES)


def _plain_calls(st: ast.AST) -> Iterator[ast.Call]:
    stack = [st]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Call):
            yield n
        if not isinstance(n, _BRANCHING):
            stack.extend(child_nodes(n))


def taken_out(tree: ast.Module, holder: Holder) -> frozenset[str] | None:
    """The keys the module's code removes from the dict of `holder` through any of its
    `aliases` (`pop(k)`, `del d[k]`), or None (`ALL`) where it may remove any
    (`popitem`, `clear`, a key not written as a string constant). Read once per binding."""
    answers = _ANSWERS.get(tree)
    if answers is None:
        answers = _ANSWERS[tree] = {}
    if holder not in answers:
        answers[holder] = _taken_out(tree, holder)
    return answers[holder]


def _taken_out(tree: ast.Module, holder: Holder) -> frozenset[str] | None:
    t = tree_of(tree)
    keys: set[str] = set()
    for alias in aliases(tree, holder):
        for use in t.uses(alias):
            up = t.parents.get(use)
            if isinstance(up, ast.Attribute) and up.value is use and up.attr in (
                    "pop", "popitem", "clear"):
                call = t.parents.get(up)
                if not (isinstance(call, ast.Call) and call.func is up):
                    return ALL  # (the method handed on: it may be called with any key)
                key = call.args[0] if call.args and up.attr == "pop" else None
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return ALL
                keys.add(key.value)
            elif isinstance(up, ast.Subscript) and up.value is use and isinstance(
                    up.ctx, ast.Del):
                key = up.slice
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return ALL
                keys.add(key.value)
    return frozenset(keys)


def holder(tree: ast.Module, name: ast.Name) -> Holder:
    """The binding the name `name` (a node of `tree`) refers to."""
    return tree_of(tree).holder(name)
