"""What a name or a dotted expression means where it is written, read from the module's text
alone (no evaluation): the imports, definitions and assignments that bind it in the scopes
Python would search. For checks that must stay quiet when a name cannot be pinned down:
a name bound twice to different things, or bound by something other than an import, a `def`,
a `class` or a plain assignment, resolves to nothing.

The abstract interpreter (`interp`) runs only modules where a transform can make a level; the
checks that need no level (the host functions of callbacks, a removed keyword) read the module
through this instead.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

_SCOPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: how deep an alias of an alias is followed (`np = jnp`, `jnp = jax.numpy`)
_MAX_ALIAS_DEPTH = 8


#: one application of a function: its positional arguments and its keywords (None: `**`)
Application = tuple[list[ast.AST], list[tuple[str | None, ast.expr]]]


@dataclass(frozen=True)
class Binding:
    """What binds a name: `import` (`target` the dotted module or member), `def`/`class`
    (`node` the definition), `assign` (`node` the value assigned) or `other` (a parameter, a
    loop variable, a `with` target...: unknown)."""

    kind: str
    node: ast.AST | None = None
    target: str = ""


class ModuleNames:
    """The name bindings of one parsed module, by scope, computed on demand."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self._bindings: dict[ast.AST, dict[str, list[Binding]]] = {}
        self._applications: dict[int, list[Application]] = {}
        self._callers: dict[int, set[int]] | None = None

    # ------------------------------------------------------------------ scopes

    def scope_of(self, node: ast.AST) -> ast.AST:
        """The function, lambda, class or module whose scope `node` is evaluated in (a
        definition's decorators and defaults are evaluated in the enclosing one)."""
        child = node
        parent = self.parents.get(node)
        while parent is not None:
            if isinstance(parent, _SCOPES):
                inside = not (
                    isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    and (child in parent.decorator_list
                         or child in getattr(parent, "bases", ())
                         or (isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and (child is parent.args or child is parent.returns)))
                ) and not (isinstance(parent, ast.Lambda) and child is parent.args)
                if inside:
                    return parent
            child, parent = parent, self.parents.get(parent)
        return self.tree

    def enclosing(self, scope: ast.AST) -> Iterator[ast.AST]:
        """`scope` and the scopes a name read in it is looked up in after it: the functions
        around it, then the module (class bodies around it are skipped, as Python skips
        them)."""
        yield scope
        node = self.parents.get(scope)
        while node is not None:
            if isinstance(node, _FUNCTIONS):
                yield node
            node = self.parents.get(node)
        if scope is not self.tree:
            yield self.tree

    def bindings(self, scope: ast.AST) -> dict[str, list[Binding]]:
        """Every binding of a name made directly in `scope` (not in the scopes it holds)."""
        found = self._bindings.get(scope)
        if found is None:
            found = self._bindings[scope] = _collect(scope)
        return found

    # ----------------------------------------------------------------- lookups

    def lookup(self, name: str, at: ast.AST) -> Binding | None:
        """The one binding `name` has where `at` is evaluated; None if it has none in the
        module (a builtin, a star import) or several that differ."""
        for scope in self.enclosing(self.scope_of(at)):
            bound = self.bindings(scope).get(name)
            if bound:
                return _one(bound)
        return None

    def dotted(self, expr: ast.AST, depth: int = 0) -> str | None:
        """The dotted name (`jax.numpy.sin`) an expression stands for, through imports and
        aliases; None if it is not one (or cannot be pinned down)."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, ast.Attribute):
            base = self.dotted(expr.value, depth)
            return f"{base}.{expr.attr}" if base else None
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is None:
                return None
            if b.kind == "import":
                return b.target
            if b.kind == "assign" and b.node is not None:
                return self.dotted(b.node, depth + 1)
        return None

    def definition(self, expr: ast.AST, depth: int = 0) -> ast.AST | None:
        """The `def`, `class` or lambda an expression names (a name, through plain
        assignments; `self.m`/`cls.m` in a method and `C.m` for a class `C` of the module)."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            return expr  # (a decorated definition, as a decorator's argument)
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is None:
                return None
            if b.kind in ("def", "class"):
                return b.node
            if b.kind == "assign" and b.node is not None:
                return self.definition(b.node, depth + 1)
            return None
        if isinstance(expr, ast.Attribute):
            cls = self._class_of(expr.value, depth)
            if cls is not None:
                return method_of(cls, expr.attr)
        return None

    def _class_of(self, expr: ast.AST, depth: int) -> ast.ClassDef | None:
        """The class a method's `self`/`cls`, or a class's name, stands for."""
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is not None and b.kind == "class":
                return b.node  # type: ignore[return-value]
            if b is not None and b.kind == "assign" and isinstance(b.node, ast.Call):
                # an instance of a class of the module, made where the name is bound
                made = self.definition(b.node.func, depth + 1)
                return made if isinstance(made, ast.ClassDef) else None
            if b is not None and b.kind == "other":
                fn = self.scope_of(expr)
                while fn is not self.tree and not isinstance(fn, (ast.FunctionDef,
                                                                   ast.AsyncFunctionDef)):
                    fn = self.scope_of(fn)
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    params = fn.args.posonlyargs + fn.args.args
                    cls = self.parents.get(fn)
                    if (isinstance(cls, ast.ClassDef) and params
                            and params[0].arg == expr.id
                            and not any(_decorator_name(d) == "staticmethod"
                                        for d in fn.decorator_list)):
                        return cls
        return None


    # --------------------------------------------------------- who calls what

    def applications(self, fn: ast.AST) -> list[Application]:
        """Each place the module applies the function `fn`: a call naming it (its positional
        arguments and keywords), or a decorator that is `fn` or a call of a function
        returning `fn` (the decorated definition is then the one argument)."""
        found = self._applications.get(id(fn))
        if found is None:
            found = self._applications[id(fn)] = []
            for node in ast.walk(self.tree):
                if isinstance(node, ast.Call) and self.definition(node.func) is fn:
                    found.append((list(node.args), [(k.arg, k.value) for k in node.keywords]))
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    for d in node.decorator_list:
                        if self._makes(d, fn):
                            found.append(([node], []))
        return found

    def _makes(self, expr: ast.expr, fn: ast.AST) -> bool:
        """Whether `expr` is `fn`, or a call of a module function that returns `fn`."""
        if self.definition(expr) is fn:
            return True
        if isinstance(expr, ast.Call):
            maker = self.definition(expr.func)
            if isinstance(maker, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return any(isinstance(r, ast.Return) and r.value is not None
                           and self.definition(r.value) is fn
                           for r in ast.walk(maker))
        return False

    def callers(self) -> dict[int, set[int]]:
        """For each function of the module (by id), the functions that call it by a name
        that resolves to it."""
        if self._callers is None:
            self._callers = {}
            for fn in ast.walk(self.tree):
                if not isinstance(fn, _FUNCTIONS):
                    continue
                body = [fn.body] if isinstance(fn, ast.Lambda) else fn.body
                for st in body:
                    for node in ast.walk(st):
                        if isinstance(node, ast.Call):
                            callee = self.definition(node.func)
                            if callee is not None:
                                self._callers.setdefault(id(callee), set()).add(id(fn))
        return self._callers

    def functions_by_id(self) -> dict[int, ast.AST]:
        return {id(n): n for n in ast.walk(self.tree) if isinstance(n, _FUNCTIONS)}


def bind_arguments(fn: ast.AST, args: list[ast.AST], keywords: list[tuple[str | None, ast.expr]]
                   ) -> tuple[dict[str, ast.AST], list[tuple[str, ast.expr]]]:
    """The arguments of one application of `fn` by parameter name (a positional argument
    after a `*` is not placed), and the keywords its `**` parameter collects."""
    if not isinstance(fn, _FUNCTIONS):
        return {}, []
    a = fn.args
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    bound: dict[str, ast.AST] = {}
    for i, arg in enumerate(args):
        if isinstance(arg, ast.Starred) or i >= len(positional):
            break
        bound[positional[i]] = arg
    named = {p.arg for p in (*a.args, *a.kwonlyargs)}
    extra: list[tuple[str, ast.expr]] = []
    for k, v in keywords:
        if k is None:
            continue
        if k in named:
            bound[k] = v
        elif a.kwarg is not None:
            extra.append((k, v))
    return bound, extra


def method_of(cls: ast.ClassDef, name: str) -> ast.AST | None:
    """The method `name` defined in `cls`'s body (the last definition wins)."""
    found = None
    for st in cls.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
            found = st
    return found


def _decorator_name(d: ast.expr) -> str:
    return d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else ""


def _one(bound: list[Binding]) -> Binding | None:
    """The binding, if every binding of the name is the same one."""
    first = bound[0]
    return None if any(b != first for b in bound[1:]) else first


def _collect(scope: ast.AST) -> dict[str, list[Binding]]:
    out: dict[str, list[Binding]] = {}

    def bind(name: str, b: Binding) -> None:
        out.setdefault(name, []).append(b)

    if isinstance(scope, _FUNCTIONS):
        a = scope.args
        for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
            if p is not None:
                bind(p.arg, Binding("other"))
        body: list[ast.AST] = [scope.body] if isinstance(scope, ast.Lambda) else list(scope.body)
    else:
        body = list(scope.body)  # type: ignore[attr-defined]
    todo = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name, Binding("class" if isinstance(node, ast.ClassDef) else "def", node))
            todo.extend(node.decorator_list)
            if not isinstance(node, ast.ClassDef):
                todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            else:
                todo.extend(node.bases)
            continue
        if isinstance(node, ast.Lambda):
            todo.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d)
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue  # their targets are their own scope's
        if isinstance(node, ast.Import):
            for al in node.names:
                if al.asname:
                    bind(al.asname, Binding("import", target=al.name))
                else:
                    top = al.name.split(".")[0]
                    bind(top, Binding("import", target=top))
            continue
        if isinstance(node, ast.ImportFrom):
            mod = ("." * node.level) + (node.module or "")
            for al in node.names:
                if al.name == "*":
                    continue
                bind(al.asname or al.name, Binding("import", target=f"{mod}.{al.name}"))
            continue
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    bind(t.id, Binding("assign", node.value))
                else:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                            bind(n.id, Binding("other"))
            todo.append(node.value)
            continue
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.value is not None:
                bind(node.target.id, Binding("assign", node.value))
                todo.append(node.value)
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bind(node.id, Binding("other"))
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name, Binding("other"))
            continue
        if isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name, Binding("other"))
        if isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            bind(node.name, Binding("other"))
        todo.extend(ast.iter_child_nodes(node))
    return out
