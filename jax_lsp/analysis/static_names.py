"""What a name or a dotted expression means where it is written, read from the module's text
alone (no evaluation): the imports, definitions and assignments that bind it in the scopes
Python would search. For checks that must stay quiet when a name cannot be pinned down:
a name bound twice to different things, or bound by something other than an import, a `def`,
a `class` or a plain assignment, resolves to nothing; unless an `if` whose test the text decides
(`ModuleNames.test_value`: literals, and top-level constants of this or another workspace module
that nothing in its project rebinds) keeps all but one binding from running (`if
settings.BACKEND == "jax": xp = jax.numpy else: xp = numpy`).

The abstract interpreter (`interp`) runs only modules where a transform can make a level; the
checks that need no level (the host functions of callbacks, a removed keyword) read the module
through this instead.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import operator
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import pytest_driver
from jax_lsp.analysis.jax import apitable
from jax_lsp.analysis.own_code import own_returns
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.analysis.workspace import MODELED_TOP_LEVEL

if TYPE_CHECKING:
    from jax_lsp.analysis.workspace import Workspace

_SCOPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: the key of a module's star imports among its bindings (no name can be it)
STAR = "*"
_BUILTINS = frozenset(dir(builtins))
#: how deep an alias of an alias is followed (`np = jnp`, `jnp = jax.numpy`)
_MAX_ALIAS_DEPTH = 8
#: how many of a project's modules are read to find whether one sets another's constant
MAX_MODULES_READ_FOR_WRITES = 400


#: one application of a function: its positional arguments and its keywords (None: `**`)
Application = tuple[list[ast.AST], list[tuple[str | None, ast.expr]]]


#: the partial applications whose arguments reach the function they bind
_PARTIALS = frozenset({"functools.partial", "jax.tree_util.Partial"})
_PARTIAL_METHOD = "functools.partialmethod"
#: the bases that make a class a structural type: an annotation naming one says nothing of
#: the class of what is passed
_PROTOCOLS = frozenset({"typing.Protocol", "typing_extensions.Protocol"})
#: the bases that make a class an enumeration: its body's plain assignments are its members,
#: instances of the class (`Mode.FAST.apply` is a method of `Mode`, `Mode.FAST.value` what
#: the body assigns)
_ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag",
                         "enum.IntFlag", "enum.ReprEnum"})
#: what a value in an enum's body is wrapped in to be no member (`nonmember`, descriptors)
_NOT_MEMBERS = frozenset({"enum.nonmember", "builtins.staticmethod", "builtins.classmethod",
                          "builtins.property", "staticmethod", "classmethod", "property"})


@dataclass(frozen=True)
class Binding:
    """What binds a name: `import` (`target` the dotted module or member), `def`/`class`
    (`node` the definition), `assign` (`node` the value assigned) or `other` (a parameter, a
    loop variable, a `with` target...: unknown)."""

    kind: str
    node: ast.AST | None = None
    target: str = ""
    #: what makes the binding (the statement, the `Name` stored to), for the branch it is in;
    #: not part of what the binding is
    site: ast.AST | None = field(default=None, compare=False)


_MISSING = object()

#: how a call or a definition applies a function (`_ApplicationIndex`), in the order a call's
#: ways are tried: as its callee, as a wrapper's result, as a partial application's first
#: argument; a decorated definition is its decorator's one argument
_BY_CALLEE, _BY_WRAPPER, _BY_PARTIAL, _DECORATED = range(4)
#: one way a node of the module may apply a function: its position in a walk of the module,
#: the way, the node (the call; the decorated definition)
_Entry = tuple[int, int, ast.AST]


@dataclass
class _ApplicationIndex:
    """A module's calls and decorated definitions by the definition (`id`) each may apply,
    for `ModuleNames.applications`: what one walk of the module finds, so that finding a
    function's applications is a look-up, not another walk."""

    by_target: dict[int, list[_Entry]] = field(default_factory=dict)
    #: the module's calls, each with its position in the walk
    calls: list[tuple[int, ast.Call]] = field(default_factory=list)
    #: each call's callee (`definition`), by the call's `id`
    callees: dict[int, ast.AST | None] = field(default_factory=dict)
    #: per set of wrappers, the calls of their results by the definition they wrap
    wrapped: dict[frozenset[str], dict[int, list[_Entry]]] = field(default_factory=dict)

    def add(self, target: ast.AST | None, seq: int, kind: int, node: ast.AST) -> None:
        if target is not None:
            self.by_target.setdefault(id(target), []).append((seq, kind, node))

    def wrapped_by_target(self, names: ModuleNames, through: frozenset[str]
                          ) -> dict[int, list[_Entry]]:
        """The calls of a wrapper of `through`'s result (`names.wrapped`) by the definition
        wrapped, where that is not the call's callee already."""
        found = self.wrapped.get(through)
        if found is None:
            found = self.wrapped[through] = {}
            for seq, call in self.calls:
                target = names.wrapped(call.func, through)
                if target is not None and target is not self.callees[id(call)]:
                    found.setdefault(id(target), []).append((seq, _BY_WRAPPER, call))
        return found


class Parents:
    """Each node's parent, found one top-level statement at a time, when a node of that
    statement is first asked about: most of a module is never asked about."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self._parent: dict[ast.AST, ast.AST] = {st: tree for st in tree.body}
        self._starts = [self.first_line(st) for st in tree.body]
        self._walked: set[int] = set()

    @staticmethod
    def first_line(st: ast.stmt) -> int:
        """A statement's first line, its decorators' included."""
        decorators = getattr(st, "decorator_list", None)
        return min([st.lineno, *(d.lineno for d in decorators)]) if decorators else st.lineno

    def walked(self) -> list[int]:
        """The indices of the top-level statements walked so far."""
        return [i for i, st in enumerate(self.tree.body) if id(st) in self._walked]

    def statement_at(self, line: int) -> int:
        """The index of the top-level statement holding `line` (-1: before the first)."""
        return bisect.bisect_right(self._starts, line) - 1

    def walk(self, st: ast.stmt) -> Iterator[ast.AST]:
        """The nodes of top-level statement `st`, breadth first (as `ast.walk`), each
        parent noted on the way (once per statement)."""
        self._walked.add(id(st))
        todo: list[ast.AST] = [st]
        for node in todo:  # the list grows as it is read: breadth first
            yield node
            for child in child_nodes(node):
                self._parent[child] = node
                todo.append(child)

    def _fill(self, st: ast.stmt) -> None:
        if id(st) not in self._walked:
            for _ in self.walk(st):
                pass

    def get(self, node: ast.AST) -> ast.AST | None:
        found = self._parent.get(node, _MISSING)
        if found is not _MISSING or node is self.tree:
            return None if found is _MISSING else found  # type: ignore[return-value]
        line = getattr(node, "lineno", None)
        if line is not None:
            i = bisect.bisect_right(self._starts, line) - 1
            # statements sharing a line: each of those starting on that one
            while i >= 0 and node not in self._parent:
                self._fill(self.tree.body[i])
                if i == 0 or self._starts[i - 1] != self._starts[i]:
                    break
                i -= 1
        if node not in self._parent:  # a node with no position: every statement
            for st in self.tree.body:
                self._fill(st)
        return self._parent.get(node)


class Linked:
    """The workspace modules a static reading follows imports into, each parsed and read
    once per analysis (`read`: the paths of those read, what the findings depend on). Reads
    files, runs nothing."""

    def __init__(self, workspace: Workspace, read: set[str] | None = None,
                 through: frozenset[str] = frozenset()) -> None:
        """`through`: the wrappers whose result calls a function with its own arguments, for
        each module read (`ModuleNames.through`)."""
        self.workspace = workspace
        self.through = through
        self.read: set[str] = read if read is not None else set()
        #: whether a module was looked for in the workspace's files (found or not)
        self.consulted = False
        self._modules: dict[tuple[str, int, Path | None], ModuleNames | None] = {}
        #: whether a module's project rewrites its names (`ModuleNames.rewritten_in_project`)
        self.rewritten: dict[tuple[Path, frozenset[str]], bool] = {}

    def module(self, dotted: str, level: int, importer: Path | None) -> ModuleNames | None:
        """The names of workspace module `dotted` (`level` dots) imported from `importer`."""
        key = (dotted, level, importer)
        if key in self._modules:
            return self._modules[key]
        top = dotted.split(".", 1)[0]
        if not level and (top in MODELED_TOP_LEVEL or top in sys.stdlib_module_names):
            return None  # never a workspace module (`Workspace.find`): no file is looked at
        self.consulted = True
        self._modules[key] = None  # an import cycle finds nothing
        try:
            path = self.workspace.find(dotted, level, importer)
        except OSError:
            path = None
        parsed = self.workspace.parse(path) if path is not None else None
        found = None
        if parsed is not None:
            self.read.add(str(path))
            found = ModuleNames(parsed.tree, linked=self, path=path, through=self.through)
        self._modules[key] = found
        return found


#: what a dotted name is once followed through the workspace: a name outside it
#: (`jax.numpy.sin`), or an expression (a definition, an assigned value) of a module in it
Followed = tuple[str, None, None] | tuple[None, "ModuleNames", ast.AST]


class ModuleNames:
    """The name bindings of one parsed module, by scope, computed on demand."""

    def __init__(self, tree: ast.Module, parents: Parents | None = None, *,
                 linked: Linked | None = None, path: Path | None = None,
                 through: frozenset[str] = frozenset()) -> None:
        """`parents`: the tree's `Parents`, when the caller walked some of it already;
        `linked`: the workspace to follow imports into (None: the module alone), `path`
        the module's file, its relative imports' base; `through`: the wrappers (dotted
        names) whose result calls a function with its own arguments (`jax.jit(f)(x)` applies
        `f` to `x`), for what a parameter is given (`parameter_values`)."""
        self.tree = tree
        self.through = through
        self.linked = linked
        self.path = path
        self._followed: dict[str, Followed | None] = {}
        self.parents = parents if parents is not None else Parents(tree)
        self._bindings: dict[ast.AST, dict[str, list[Binding]]] = {}
        self._applications: dict[tuple[int, frozenset[str]], list[Application]] = {}
        self._test_runner: bool | None = None
        #: whether the module imports pytest, and its module-level case lists (`_pytest_cases`)
        self._pytest: tuple[bool, dict[str, ast.expr]] | None = None
        self._callers: dict[int, set[int]] | None = None
        self._argument_classes: dict[tuple[int, str], ast.ClassDef | None] = {}
        self._applying = 0
        self._members: dict[int, dict[str, ast.expr]] = {}
        #: what was read of the module beyond the statements `parents` walked, for a caller
        #: that reuses its answers while those stay the same: the lines of the module-level
        #: definitions and values names resolved to, and whether the whole tree was walked
        self.resolved_lines: set[int] = set()
        self.read_everything = False
        #: the `if` tests being decided (`test_value`), for a test that reads itself
        self._deciding: set[int] = set()
        self._rewritten: frozenset[str] | None = None
        #: what each call and decorator of the module applies (`_application_index`)
        self._index: _ApplicationIndex | None = None
        #: what other passes derive from these bindings, each under a key of its own
        #: (`callback_hosts`' module facts, `flow_bindings`' uses), kept as long as the
        #: names are: here, not in a table weakly keyed by them (a compiled `ModuleNames`
        #: cannot be weakly referenced)
        self.derived: dict[str, Any] = {}

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
                found = self.one_run(bound, scope)
                if scope is self.tree and found is not None and found.node is not None:
                    self.resolved_lines.add(found.node.lineno)  # type: ignore[attr-defined]
                return found
        return None

    def one_run(self, bound: list[Binding], scope: ast.AST) -> Binding | None:
        """The binding of a name `bound` (each of its bindings made directly in `scope`) has:
        the one they all are; else the one left once those in a branch that does not run are
        set aside, an `if` whose test is decided (`test_value`) choosing it (`if
        settings.BACKEND == "jax": xp = jax.numpy else: xp = numpy`). None where different
        bindings are left (or none: a test not decided keeps both branches)."""
        found = _one(bound)
        if found is not None or all(b.site is None for b in bound):
            return found
        left = [b for b in bound if b.site is None or not self._in_skipped_branch(b.site, scope)]
        return _one(left) if left else None

    def _in_skipped_branch(self, node: ast.AST, scope: ast.AST) -> bool:
        """Whether `node` (in `scope`) is in the branch of an `if` of that scope whose test is
        decided not to take it."""
        return self._in_branch_not_taken(node, scope, self.test_value)

    def _in_branch_not_taken(self, node: ast.AST, scope: ast.AST,
                             decide: Callable[[ast.AST], object]) -> bool:
        """Whether an `if` around `node`, inside `scope`, has a test `decide` knows the value
        of (not `_UNKNOWN`) that keeps `node`'s branch from running."""
        child, parent = node, self.parents.get(node)
        while parent is not None and child is not scope:
            if isinstance(parent, ast.If) and child is not parent.test:
                value = decide(parent.test)
                if value is not _UNKNOWN and bool(value) != (child in parent.body):
                    return True
            child, parent = parent, self.parents.get(parent)
        return False

    def test_value(self, expr: ast.AST, depth: int = 0) -> object:
        """The value of a test (an `if`'s) where the text decides it: literals and constants
        bound once at a module's top level (this module's, or another workspace module's
        imported here: `settings.BACKEND`) that nothing rebinds (`constant_value`), JAX's
        release (`jax.__version_info__`, `jax.__version__`: `jax_release`), compared
        (`==`, `<`, `in`, `is None`...), negated or joined by `and`/`or`. `_UNKNOWN` where
        anything in it is not known: a parameter, the environment, a name bound twice."""
        if depth > _MAX_ALIAS_DEPTH or id(expr) in self._deciding:
            return _UNKNOWN
        self._deciding.add(id(expr))
        try:
            return self._test_value(expr, depth)
        finally:
            self._deciding.discard(id(expr))

    def _test_value(self, expr: ast.AST, depth: int) -> object:
        if isinstance(expr, ast.Constant):
            return expr.value
        if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
            items = [self.test_value(e, depth + 1) for e in expr.elts]
            return _UNKNOWN if any(i is _UNKNOWN for i in items) else tuple(items)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            inner = self.test_value(expr.operand, depth + 1)
            return inner if inner is _UNKNOWN else not inner
        if isinstance(expr, ast.BoolOp):  # as Python computes it, short-circuits included
            value: object = _UNKNOWN
            for e in expr.values:
                value = self.test_value(e, depth + 1)
                if value is _UNKNOWN or bool(value) != isinstance(expr.op, ast.And):
                    return value
            return value
        if isinstance(expr, ast.Compare):
            left = self.test_value(expr.left, depth + 1)
            for op, right_expr in zip(expr.ops, expr.comparators):
                right = self.test_value(right_expr, depth + 1)
                holds = _compare(op, left, right)
                if holds is None:
                    return _UNKNOWN
                if not holds:
                    return False
                left = right
            return True
        if isinstance(expr, ast.Attribute) and expr.attr in VERSION_ATTRIBUTES and (
                self.dotted(expr.value) == "jax"):
            return jax_release()[expr.attr]
        if isinstance(expr, (ast.Name, ast.Attribute)):
            return self.constant_value(expr, depth)
        return _UNKNOWN

    def constant_value(self, expr: ast.Name | ast.Attribute, depth: int = 0) -> object:
        """The literal a name of the module's top level, or a name of another workspace
        module (`settings.BACKEND`, `from .settings import BACKEND`), holds where it is bound
        once there to a decidable value (`test_value`) and neither module rebinds it (a
        `global` statement, an attribute of that name assigned: `settings.BACKEND = ...`);
        `_UNKNOWN` otherwise."""
        if isinstance(expr, ast.Name):
            scope = next((sc for sc in self.enclosing(self.scope_of(expr))
                          if expr.id in self.bindings(sc)), None)
            b = self.lookup(expr.id, expr) if scope is self.tree else None
            if b is None:
                return _UNKNOWN  # a local, a parameter, a builtin, a name bound twice
            if b.kind == "assign" and b.node is not None:
                if expr.id in self._rewritten_names():
                    return _UNKNOWN
                return self.test_value(b.node, depth + 1)
            dotted = b.target if b.kind == "import" else None
        else:
            dotted = self.dotted(expr)
        if dotted is None or self.linked is None:
            return _UNKNOWN
        followed = self.follow(dotted)
        if followed is None or followed[1] is None or not isinstance(followed[2], ast.expr):
            return _UNKNOWN  # outside the workspace (`sys.platform`), or not pinned down
        module, value = followed[1], followed[2]
        statement = module.parents.get(value)
        targets = (statement.targets if isinstance(statement, ast.Assign)
                   else [statement.target] if isinstance(statement, ast.AnnAssign) else [])
        named = {t.id for t in targets if isinstance(t, ast.Name)}
        if not named or module.scope_of(value) is not module.tree or named & (
                module._rewritten_names() | self._rewritten_names()) or (
                module.rewritten_in_project(frozenset(named))):
            return _UNKNOWN
        return module.test_value(value, depth + 1)

    def rewritten_in_project(self, names: frozenset[str]) -> bool:
        """Whether a module of this module's project may set one of its top-level `names`
        from outside (`settings.BACKEND = "numpy"` in a script before it imports the module
        whose `if` reads it): any module of the package this one is in, and the scripts
        beside it (of its folder, where it is in no package), that assigns an attribute of
        that name (`_rewritten_names`). True where they cannot all be read."""
        linked, here = self.linked, self.path
        if linked is None or here is None:
            return True
        key = (here, names)
        known = linked.rewritten.get(key)
        if known is not None:
            return known
        linked.rewritten[key] = True  # (while it is being found out)
        top = linked.workspace._package_root(here.parent)
        files: list[Path] = []
        for p in (top.rglob("*.py") if top is not None else here.parent.glob("*.py")):
            files.append(p)
            if len(files) > MAX_MODULES_READ_FOR_WRITES:
                return True
        found = False
        for p in files:
            parsed = linked.workspace.parse(p)
            if parsed is None:
                found = True  # (unreadable: it may)
                break
            if not any(n in line for line in parsed.lines for n in names):
                continue
            linked.read.add(str(p))
            if names & ModuleNames(parsed.tree)._rewritten_names():
                found = True
                break
        linked.rewritten[key] = found
        return found

    def _rewritten_names(self) -> frozenset[str]:
        """The names the module may rebind beyond its top level's bindings: those of its
        `global` statements, and the attributes it assigns (`settings.BACKEND = "numpy"`,
        `setattr(settings, "BACKEND", ...)`)."""
        if self._rewritten is None:
            found: set[str] = set()
            for node in self.walk_all():
                if isinstance(node, ast.Global):
                    found.update(node.names)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store,
                                                                               ast.Del)):
                    found.add(node.attr)
                elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                      and node.func.id in ("setattr", "delattr") and len(node.args) >= 2):
                    key = node.args[1]
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        found.add(key.value)
                    else:
                        found.add("*")  # any name
            self._rewritten = frozenset(found)
        return self._rewritten

    def star_source(self, name: str, at: ast.AST) -> str | None:
        """The module a name bound nowhere in the module (nor a builtin) comes from: the one
        module it star-imports (`from jax.numpy import *` then `log1p(x)`), as Python finds
        it; None with no star import, or several (it may come from any)."""
        if name in _BUILTINS or any(name in self.bindings(scope) for scope in
                                    self.enclosing(self.scope_of(at))):
            return None
        stars = {b.target for b in self.bindings(self.tree).get(STAR, ())}
        return next(iter(stars)) if len(stars) == 1 else None

    def walk_all(self) -> Iterator[ast.AST]:
        """Every node of the module (`ast.walk`), noted as read."""
        self.read_everything = True
        return iter_nodes(self.tree)

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
                source = self.star_source(expr.id, expr)
                return None if source is None else f"{source}.{expr.id}"
            if b.kind == "import":
                return b.target
            if b.kind == "assign" and b.node is not None:
                return self.dotted(b.node, depth + 1)
        if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name)
                and expr.func.id == "getattr" and len(expr.args) == 2 and not expr.keywords
                and isinstance(expr.args[1], ast.Constant) and isinstance(expr.args[1].value, str)
                and self.lookup("getattr", expr) is None):
            # `getattr(jnp, "cumsum")`: the attribute of a literal name, as written out
            base = self.dotted(expr.args[0], depth)
            return f"{base}.{expr.args[1].value}" if base else None
        return None

    def follow(self, dotted: str, depth: int = 0) -> Followed | None:
        """A dotted name of this module's imports followed into the workspace's modules (a
        re-export, `from jax.numpy import *` in a package's `__init__`, a function defined in
        another module): the name outside the workspace it is, or the expression of the
        module that binds it. Without a workspace, or for a module outside it, the name as
        given; None where a workspace module does not pin it down."""
        if self.linked is None or depth > _MAX_ALIAS_DEPTH:
            return (dotted, None, None)
        known = self._followed.get(dotted, _MISSING)
        if known is not _MISSING:
            return known  # type: ignore[return-value]
        self._followed[dotted] = None  # a cycle of re-exports pins nothing down
        found = self._follow(dotted, depth)
        self._followed[dotted] = found
        return found

    def _follow(self, dotted: str, depth: int) -> Followed | None:
        level = len(dotted) - len(dotted.lstrip("."))
        parts = dotted[level:].split(".")
        if not parts[0]:
            return None
        linked = self.linked
        assert linked is not None
        for i in range(len(parts) - 1, 0, -1):
            module = linked.module(".".join(parts[:i]), level, self.path)
            if module is None:
                continue
            name, rest = parts[i], parts[i + 1:]
            bound = module.bindings(module.tree).get(name)
            if not bound:
                stars = [st for st in module.tree.body if isinstance(st, ast.ImportFrom)
                         and any(al.name == "*" for al in st.names)]
                if len(stars) != 1:
                    return None
                star = stars[0]
                source = "." * star.level + (star.module or "")
                return module.follow(".".join([source, name, *rest]), depth + 1)
            b = module.one_run(bound, module.tree)
            if b is None:
                return None
            if b.kind == "import":
                return module.follow(".".join([b.target, *rest]), depth + 1)
            if b.kind in ("def", "class", "assign") and b.node is not None:
                if not rest:
                    return (None, module, b.node)
                if b.kind == "class" and len(rest) == 1:
                    member = module.member(b.node, rest[0])  # type: ignore[arg-type]
                    return None if member is None else (None, module, member)
                if b.kind == "assign":  # an alias (`xp = jax.numpy`): what it names
                    alias = module.dotted(b.node)
                    if alias is not None:
                        return module.follow(".".join([alias, *rest]), depth + 1)
            return None
        return (dotted, None, None)

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
            cls = self.class_of(expr.value, depth)
            if cls is not None:
                return self.member(cls, expr.attr)
        return None

    def member(self, cls: ast.ClassDef, name: str, depth: int = 0) -> ast.AST | None:
        """The method `name` of `cls` as Python finds it: in its body, else in its bases
        that are classes of the module, in order (None where a base cannot be pinned down
        before the method is found: it may define it)."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        found = self._decorator_member(cls, name, depth) or method_of(cls, name)
        if found is not None:
            return found
        if any(isinstance(st, ast.Assign | ast.AnnAssign) and any(
                isinstance(t, ast.Name) and t.id == name
                for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))
               for st in cls.body):
            return None  # a class attribute of that name: not a method
        for base in cls.bases:
            made = self.definition(base, depth + 1)
            if not isinstance(made, ast.ClassDef):
                return None
            found = self.member(made, name, depth + 1)
            if found is not None:
                return found
        return None

    def _decorator_member(self, cls: ast.ClassDef, name: str, depth: int) -> ast.AST | None:
        """The function a class decorator of the module sets as the class's `name`
        (`cls.__call__ = __call__` in its body, then `return cls`): it replaces the body's,
        the decorator running after the class is made (the last decorator applied wins)."""
        for d in cls.decorator_list:  # (listed outermost first: applied last)
            deco = self.definition(d, depth + 1)
            if not isinstance(deco, (ast.FunctionDef, ast.AsyncFunctionDef)) or not (
                    deco.args.posonlyargs + deco.args.args):
                continue
            param = (deco.args.posonlyargs + deco.args.args)[0].arg
            for st in deco.body:
                if isinstance(st, ast.Assign) and any(
                        isinstance(t, ast.Attribute) and t.attr == name
                        and isinstance(t.value, ast.Name) and t.value.id == param
                        for t in st.targets):
                    return self.definition(st.value, depth + 1)
        return None

    def class_attribute(self, cls: ast.ClassDef, name: str) -> ast.expr | None:
        """The value a class body assigns to `name`, once (`act = staticmethod(jnp.tanh)`)."""
        values = [st.value for st in cls.body if isinstance(st, ast.Assign | ast.AnnAssign)
                  and st.value is not None and any(
                      isinstance(t, ast.Name) and t.id == name
                      for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))]
        return values[0] if len(values) == 1 else None

    def class_of(self, expr: ast.AST, depth: int = 0) -> ast.ClassDef | None:
        """The class of the module an expression is, or is an instance of, where the module
        shows it: a class's name; a method's `self`/`cls`; a name bound to a call of the
        class, or of a module function returning one; a parameter annotated with the class;
        `self.x` where the class's methods only ever set `self.x` to one of those."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, ast.ClassDef):  # (a class decorator's application hands it over)
            return expr
        if isinstance(expr, ast.Call):
            return self._made_by(expr, depth)
        if isinstance(expr, ast.Attribute):
            owner = self.class_of(expr.value, depth + 1)
            if owner is not None and expr.attr in self.enum_members(owner):
                return owner  # a member: an instance of its enumeration
            return None if owner is None else self._attribute_class(owner, expr.attr, depth)
        if isinstance(expr, ast.Subscript):  # `Mode["FAST"]`: a member looked up by name
            enum = self.definition(expr.value, depth + 1)
            if isinstance(enum, ast.ClassDef) and self.enum_members(enum):
                return enum
            return None
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is not None and b.kind == "class":
                return b.node  # type: ignore[return-value]
            if b is not None and b.kind == "assign" and isinstance(b.node, ast.Call):
                # an instance of a class of the module, made where the name is bound
                return self._made_by(b.node, depth + 1)
            if b is not None and b.kind == "other":
                annotated = self._annotated_parameter(expr, depth)
                if annotated is not None:
                    return annotated
                # the function whose parameter it is (a closure's free name: an outer one's)
                fn = next((sc for sc in self.enclosing(self.scope_of(expr))
                           if expr.id in self.bindings(sc)), self.tree)
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    params = fn.args.posonlyargs + fn.args.args
                    cls = self.parents.get(fn)
                    if (isinstance(cls, ast.ClassDef) and params
                            and params[0].arg == expr.id
                            and not any(_decorator_name(d) == "staticmethod"
                                        for d in fn.decorator_list)):
                        return cls
                    return self._argument_class(fn, expr.id, depth)
        return None

    def _argument_class(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str,
                        depth: int) -> ast.ClassDef | None:
        """The module class of what every application of `fn` in the module passes as its
        parameter `name` (a constructor's: every call of its class), when they agree."""
        if len(self.bindings(fn).get(name, ())) > 1 or self._applying:
            # rebound in the function; or asked while finding a function's applications,
            # whose every call's callee would ask for another's: one level, not a cascade
            return None
        owner = self.parents.get(fn)
        if isinstance(owner, ast.ClassDef) and fn.name == "__init__":
            this: list[ast.AST] = [ast.Constant(None)]  # `self`, not written at the call
            applied = [(this + args, kws) for args, kws in self.applications(owner)
                       if not any(isinstance(a, ast.ClassDef) for a in args)]
        elif isinstance(owner, ast.ClassDef):
            return None  # a method: called through instances the module may not show
        else:
            applied = self.applications(fn, self.through)
        default = parameter_default(fn, name)
        if not applied and default is not None:
            applied = [([], [])]  # applied nowhere in the module: its default, unless given
        key = (id(fn), name)
        known = self._argument_classes.get(key, _MISSING)
        if known is not _MISSING:
            return known  # type: ignore[return-value]
        self._argument_classes[key] = None  # (a recursive application pins nothing down)
        found: dict[int, ast.ClassDef | None] = {}
        for args, kws in applied:
            given = bind_arguments(fn, args, kws)[0].get(name, default)
            cls = None if given is None else self.class_of(given, depth + 1)
            found[id(cls)] = cls
        result = next(iter(found.values())) if len(found) == 1 else None
        self._argument_classes[key] = result
        return result

    def _made_by(self, call: ast.Call, depth: int) -> ast.ClassDef | None:
        """The class of the instance a call makes: a class of the module called, or a module
        function each of whose `return`s makes one of the same class."""
        made = self.definition(call.func, depth + 1)
        if isinstance(made, ast.ClassDef):
            return made
        if isinstance(made, (ast.FunctionDef, ast.AsyncFunctionDef)):
            returned = {id(c): c for c in (
                self.class_of(r.value, depth + 1) if r.value is not None else None
                for r in own_returns(made))}
            if len(returned) == 1:
                return next(iter(returned.values()))
        return None

    def _annotated_parameter(self, expr: ast.Name, depth: int) -> ast.ClassDef | None:
        """The module class a parameter's annotation names (`solver: Solver`)."""
        scope = self.scope_of(expr)
        for fn in self.enclosing(scope):
            if expr.id not in self.bindings(fn):
                continue
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = fn.args
                for p in (*a.posonlyargs, *a.args, *a.kwonlyargs):
                    if p.arg == expr.id and p.annotation is not None:
                        if len(self.bindings(fn)[expr.id]) > 1:
                            return None  # rebound in the function
                        made = self.definition(p.annotation, depth + 1)
                        if isinstance(made, ast.ClassDef) and any(
                                self.dotted(b) in _PROTOCOLS for b in made.bases):
                            return None  # a Protocol: what is passed decides
                        return made if isinstance(made, ast.ClassDef) else None
            return None
        return None

    def _attribute_class(self, owner: ast.ClassDef, attr: str, depth: int
                         ) -> ast.ClassDef | None:
        """The module class of `self.<attr>` in `owner`'s instances: every `self.<attr> = ...`
        in its methods makes an instance of that one class (none elsewhere may be seen)."""
        found: dict[int, ast.ClassDef | None] = {}
        for st in owner.body:
            if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = st.args.posonlyargs + st.args.args
            if not params:
                continue
            me = params[0].arg
            for node in iter_nodes(st):
                targets = (node.targets if isinstance(node, ast.Assign) else [node.target]
                           if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
                for t in targets:
                    if (isinstance(t, ast.Attribute) and t.attr == attr
                            and isinstance(t.value, ast.Name) and t.value.id == me):
                        value = getattr(node, "value", None)
                        cls = (self.class_of(value, depth + 1)
                               if isinstance(node, ast.Assign | ast.AnnAssign)
                               and value is not None else None)
                        found[id(cls)] = cls
        if len(found) == 1:
            return next(iter(found.values()))
        return None


    # ------------------------------------------------------------- enumerations

    def enum_members(self, cls: ast.ClassDef, depth: int = 0) -> dict[str, ast.expr]:
        """The members of an enumeration of the module, by name, each with the value its body
        assigns ({} for a class that is no enumeration, or one whose base cannot be pinned
        down): a plain assignment of a name that is not `_sunder_`/`__dunder__`, of a value
        that is no function nor descriptor (those are its methods)."""
        known = self._members.get(id(cls))
        if known is not None:
            return known
        members: dict[str, ast.expr] = {}
        self._members[id(cls)] = members
        if not self._is_enum(cls, depth):
            return members
        for st in cls.body:
            if not isinstance(st, ast.Assign) or len(st.targets) != 1 or not isinstance(
                    st.targets[0], ast.Name) or st.targets[0].id.startswith("_"):
                continue
            value = st.value
            if isinstance(value, ast.Lambda):
                continue
            if isinstance(value, ast.Call):
                wrapper = self.dotted(value.func)
                if wrapper in _NOT_MEMBERS:
                    continue
                if wrapper == "enum.member" and len(value.args) == 1:
                    value = value.args[0]
                elif wrapper == "enum.auto":
                    continue  # a value Python computes: a member whose value is not read here
            members[st.targets[0].id] = value
        return members

    def _is_enum(self, cls: ast.ClassDef, depth: int) -> bool:
        """Whether a class of the module is an enumeration (by its bases, not its members:
        an enumeration with no member of its own may be a base of one)."""
        return depth <= _MAX_ALIAS_DEPTH and any(
            self.dotted(b) in _ENUM_BASES
            or (isinstance(d := self.definition(b, depth + 1), ast.ClassDef)
                and self._is_enum(d, depth + 1))
            for b in cls.bases)

    def members_of(self, expr: ast.AST, depth: int = 0) -> list[tuple[ast.ClassDef, str]] | None:
        """The enum members `expr` may be, where the module shows them: `Mode.FAST`,
        `Mode["FAST"]` (by name), `Mode("fast")` (by value, as `Enum.__call__` looks it up), a
        name bound once to one of those, a parameter given one (or defaulting to one:
        `parameter_values`); None where it is not known to be a member."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, ast.Attribute):
            cls = self.definition(expr.value, depth + 1)
            if isinstance(cls, ast.ClassDef) and expr.attr in self.enum_members(cls):
                return [(cls, expr.attr)]
            return None
        if isinstance(expr, (ast.Subscript, ast.Call)):
            picked = expr.slice if isinstance(expr, ast.Subscript) else (
                expr.args[0] if len(expr.args) == 1 and not expr.keywords else None)
            owner = expr.value if isinstance(expr, ast.Subscript) else expr.func
            cls = self.definition(owner, depth + 1)
            if picked is None or not isinstance(cls, ast.ClassDef):
                return None
            members = self.enum_members(cls)
            keys = self.constants(picked, depth + 1)
            if not members or keys is None:
                return None
            if isinstance(expr, ast.Subscript):
                return [(cls, k) for k in keys if k in members]
            values = {n: v.value for n, v in members.items() if isinstance(v, ast.Constant)}
            if len(values) < len(members):
                return None  # a member whose value is not a literal may be the one
            return [(cls, n) for k in keys for n, v in values.items() if v == k]
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is not None and b.kind == "assign" and b.node is not None:
                return self.members_of(b.node, depth + 1)
            given = self.given(expr)
            if given is None:
                return None
            found: list[tuple[ast.ClassDef, str]] = []
            for value in given:
                inner = self.members_of(value, depth + 1)
                if inner is None:
                    return None
                found.extend(inner)
            return found
        return None

    def constants(self, expr: ast.AST, depth: int = 0) -> list[object] | None:
        """The literal values `expr` may hold: a literal, a name bound once to one, a parameter
        given one by each application (or by its default); None where one is not known."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, ast.Constant):
            return [expr.value]
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is not None and b.kind == "assign" and b.node is not None:
                return self.constants(b.node, depth + 1)
            given = self.given(expr)
            if given is None:
                return None
            found: list[object] = []
            for value in given:
                inner = self.constants(value, depth + 1)
                if inner is None:
                    return None
                found.extend(inner)
            return found
        return None

    # ------------------------------------------------------- metaclass registries

    def registered(self, lookup: ast.Subscript) -> list[tuple[ast.ClassDef, bool]]:
        """For `table[key]` where `table` is a dict (a module global or a class attribute)
        that a metaclass of the module fills as each class is made (`table[key] = cls`, or
        `= cls()`, in its `__new__`/`__init__`): each class stored under a key `key` may be,
        and whether an instance of it is stored (not the class). A class whose key is not
        known is left out where `key` is known; [] where `table` is no such dict."""
        table = self._dict_node(lookup.value, None)
        if table is None:
            return []
        keys = self.constants(lookup.slice)
        found = []
        for cls in self.walk_all():
            if not isinstance(cls, ast.ClassDef):
                continue
            meta = self._metaclass(cls)
            if meta is None:
                continue
            for key, instance in self._stores(meta, table, cls):
                if keys is None or (key is not _UNKNOWN and key in keys):
                    found.append((cls, instance))
        return found

    def _dict_node(self, expr: ast.AST, meta: ast.ClassDef | None,
                   this: str | None = None) -> ast.Dict | None:
        """The dict display `expr` names: a name bound once to one, or a class attribute
        assigned one (`Meta.registry`; `this.registry` for `this` the metaclass's method's
        first parameter, the metaclass `meta` or a class it makes, which reads it there)."""
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            node = b.node if b is not None and b.kind == "assign" else None
            return node if isinstance(node, ast.Dict) else None
        if isinstance(expr, ast.Attribute):
            owner = (meta if isinstance(expr.value, ast.Name) and expr.value.id == this
                     else self.definition(expr.value))
            value = (self.class_attribute(owner, expr.attr)
                     if isinstance(owner, ast.ClassDef) else None)
            return value if isinstance(value, ast.Dict) else None
        return None

    def _metaclass(self, cls: ast.ClassDef, depth: int = 0) -> ast.ClassDef | None:
        """The metaclass of the module that makes `cls`: its `metaclass=` keyword's, else
        its first base's of the module that has one."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        for k in cls.keywords:
            if k.arg == "metaclass":
                meta = self.definition(k.value)
                return meta if isinstance(meta, ast.ClassDef) else None
        for b in cls.bases:
            base = self.definition(b, depth + 1)
            if isinstance(base, ast.ClassDef):
                meta = self._metaclass(base, depth + 1)
                if meta is not None:
                    return meta
        return None

    def _stores(self, meta: ast.ClassDef, table: ast.Dict, cls: ast.ClassDef
                ) -> Iterator[tuple[object, bool]]:
        """The keys `meta`'s `__new__`/`__init__` store `cls` (or an instance of it) under
        in `table` when `cls` is made (an `if` whose test is known for `cls` decides)."""
        for method_name in ("__new__", "__init__"):
            method = method_of(meta, method_name)
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = [p.arg for p in (*method.args.posonlyargs, *method.args.args)]
            if len(params) < 4:
                continue
            env = _ClassMaking(self, cls, *params[1:4])
            if method_name == "__init__":
                env.made.add(params[0])
            for node in iter_nodes(method):  # the names bound to the class `__new__` makes
                if (isinstance(node, ast.Assign) and len(node.targets) == 1
                        and isinstance(node.targets[0], ast.Name)
                        and isinstance(node.value, ast.Call)
                        and isinstance(node.value.func, ast.Attribute)
                        and node.value.func.attr == "__new__"):
                    env.made.add(node.targets[0].id)
            for node in iter_nodes(method):
                if not isinstance(node, ast.Assign):
                    continue
                for t in node.targets:
                    if not (isinstance(t, ast.Subscript)
                            and self._dict_node(t.value, meta, params[0]) is table):
                        continue
                    value = node.value
                    instance = isinstance(value, ast.Call) and not value.args
                    stored = value.func if isinstance(value, ast.Call) and instance else value
                    if not (isinstance(stored, ast.Name) and stored.id in env.made):
                        continue
                    if self._skipped(node, method, env):
                        continue
                    yield env.value(t.slice), instance

    def _skipped(self, node: ast.AST, method: ast.AST, env: _ClassMaking) -> bool:
        """Whether an `if` around `node` in `method` has a test known for the class made that
        keeps `node` from running."""
        return self._in_branch_not_taken(node, method, env.value)

    # --------------------------------------------------------------- parameters

    def given(self, expr: ast.Name) -> list[ast.AST] | None:
        """What the parameter `expr` names holds when its function runs (`parameter_values`
        of the function around it whose parameter it is); None where it is no parameter."""
        for scope in self.enclosing(self.scope_of(expr)):
            bound = self.bindings(scope).get(expr.id)
            if not bound:
                continue
            if len(bound) > 1 or not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return None  # rebound in the function, or bound otherwise
            return self.parameter_values(scope, expr.id)
        return None

    def parameter_values(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str
                         ) -> list[ast.AST] | None:
        """What parameter `name` of `fn` holds when it runs: the argument each application
        in the module passes, its default where one passes none (the default alone where the
        module applies it nowhere: what a caller passing nothing gets). None where an
        application's arguments cannot be placed (`*args`, `**kw`), or one passes nothing
        to a parameter with no default; a method's parameters (called through instances the
        module may not show) are not known."""
        a = fn.args
        if name not in {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)} or (
                isinstance(self.parents.get(fn), ast.ClassDef)) or self._applying:
            return None
        default = parameter_default(fn, name)
        applied = self.applications(fn, self.through)
        if not applied:
            return None if default is None else [default]
        found: list[ast.AST] = []
        for args, keywords in applied:
            if any(isinstance(x, ast.Starred) for x in args) or any(
                    k is None for k, _ in keywords):
                return None
            given = bind_arguments(fn, args, keywords)[0].get(name, default)
            if given is None:
                return None
            found.append(given)
        return found

    # --------------------------------------------------------- who calls what

    def applications(self, fn: ast.AST, through: frozenset[str] = frozenset()
                     ) -> list[Application]:
        """Each place the module applies the function `fn`: a call naming it (its positional
        arguments and keywords), or a decorator that is `fn` or a call of a function
        returning `fn` (the decorated definition is then the one argument). `through`: the
        wrappers (dotted names) whose result calls `fn` with its own arguments (`run =
        jax.jit(fn, static_argnums=...)` then `run(x, hook)` applies `fn` to `x, hook`)."""
        found = self._applications.get((id(fn), through))
        if found is None:
            found = self._applications[(id(fn), through)] = []
            self._applying += 1
            try:
                self._collect_applications(fn, through, found)
            finally:
                self._applying -= 1
        return found

    def _collect_applications(self, fn: ast.AST, through: frozenset[str],
                              found: list[Application]) -> None:
        """`fn`'s applications, in the order of a walk of the module, read off the module's
        index of what each call and decorator applies (`_application_index`): one walk of
        the module for every function followed, not one per function. Of a call that may
        apply `fn` several ways (`f(f)`) the first counts: by its callee, then as a
        wrapper's result (`through`), then as a partial application."""
        index = self._application_index()
        entries = list(index.by_target.get(id(fn), ()))
        if through:
            entries += index.wrapped_by_target(self, through).get(id(fn), ())
            entries.sort(key=lambda e: (e[0], e[1]))
        last_call = -1
        for seq, kind, node in entries:
            if kind != _DECORATED:
                if seq == last_call:
                    continue  # (an earlier way of the same call applied `fn` already)
                last_call = seq
            if kind == _DECORATED:
                found.append(([node], []))
                continue
            assert isinstance(node, ast.Call)
            keywords: list[tuple[str | None, ast.expr]] = [(k.arg, k.value)
                                                           for k in node.keywords]
            if kind == _BY_CALLEE:
                found.append((self._receiver(node.func, fn) + list(node.args), keywords))
            elif kind == _BY_WRAPPER:
                wrapper: ast.AST | None = node.func
                for _ in range(_MAX_ALIAS_DEPTH + 1):  # (the names `_wrapped` followed)
                    if not isinstance(wrapper, ast.Name):
                        break
                    b = self.lookup(wrapper.id, wrapper)
                    wrapper = b.node if b is not None and b.kind == "assign" else None
                wrapped = wrapper.args[0] if isinstance(wrapper, ast.Call) else None
                found.append((self._receiver(wrapped, fn) + list(node.args), keywords))
            else:
                # a partial application binds its arguments wherever it is called (a
                # `partialmethod`'s come after the instance)
                made = self.dotted(node.func)
                if made in _PARTIALS or made == _PARTIAL_METHOD:
                    this: list[ast.AST] = ([ast.Constant(None)] if made == _PARTIAL_METHOD
                                           else self._receiver(node.args[0], fn))
                    found.append((this + list(node.args[1:]), keywords))

    def _application_index(self) -> _ApplicationIndex:
        """The module's calls and decorators by the definition each may apply, gathered in
        one walk of the module the first time a function's applications are asked for
        (`applications` asks with `_applying` set, so each callee is the one it finds)."""
        if self._index is None:
            index = _ApplicationIndex()
            returned: dict[int, list[ast.AST]] = {}
            for seq, node in enumerate(self.walk_all()):
                if isinstance(node, ast.Call):
                    index.calls.append((seq, node))
                    callee = self.definition(node.func)
                    index.add(callee, seq, _BY_CALLEE, node)
                    index.callees[id(node)] = callee
                    first = self.definition(node.args[0]) if node.args else None
                    if first is not callee:
                        index.add(first, seq, _BY_PARTIAL, node)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    for d in node.decorator_list:
                        for made in self._made(d, returned):
                            index.add(made, seq, _DECORATED, node)
            self._index = index
        return self._index

    def wrapped(self, expr: ast.expr, through: frozenset[str], depth: int = 0
                ) -> ast.AST | None:
        """The definition a call of `expr` applies as a wrapper of `through` given it first
        (`jax.jit(f)`, written there or bound once to a name); None where it is no such
        wrapper."""
        if depth > _MAX_ALIAS_DEPTH:
            return None
        if isinstance(expr, ast.Name):
            b = self.lookup(expr.id, expr)
            if b is not None and b.kind == "assign" and isinstance(b.node, ast.expr):
                return self.wrapped(b.node, through, depth + 1)
            return None
        if isinstance(expr, ast.Call) and expr.args and self.dotted(expr.func) in through:
            return self.definition(expr.args[0])
        return None

    def _made(self, expr: ast.expr, returned: dict[int, list[ast.AST]]) -> list[ast.AST]:
        """What applying the decorator `expr` applies: the definition it names, or those a
        module function it calls returns (`returned`: those, by function, found so far)."""
        made = [d] if (d := self.definition(expr)) is not None else []
        if isinstance(expr, ast.Call):
            maker = self.definition(expr.func)
            if isinstance(maker, (ast.FunctionDef, ast.AsyncFunctionDef)):
                known = returned.get(id(maker))
                if known is None:
                    known = returned[id(maker)] = [
                        r for r in (self.definition(r.value) for r in iter_nodes(maker)
                                    if isinstance(r, ast.Return) and r.value is not None)
                        if r is not None]
                for r in known:
                    if not any(r is m for m in made):
                        made.append(r)
        return made

    def test_cases(self, fn: ast.AST) -> list[Application]:
        """The arguments a test runner calls the test method `fn` with, one application per
        case of its absl `parameterized.named_parameters` / `parameters` decorators (a
        tuple's items, a named case's after its name; a dict's items as keywords, its
        `testcase_name` aside), the instance first; none when the module runs no test of
        it (no `unittest.main()`/`absltest.main()`, a method not named `test*`, a class
        that is no `TestCase`)."""
        cls = self.parents.get(fn)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                cls is self.tree or isinstance(cls, ast.ClassDef) and not self._test_case(cls)):
            return self._pytest_cases(fn, cls)
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(
                cls, ast.ClassDef) or not fn.name.startswith("test") or not (
                self._test_case(cls) and self._runs_tests()):
            return []
        found: list[Application] = []
        for d in fn.decorator_list:
            if not isinstance(d, ast.Call) or d.keywords:
                continue
            how = self.dotted(d.func)
            if how is None or how not in _PARAMETERIZED:
                continue
            named = how.endswith("named_parameters")
            for case in self._spread_cases(d.args):
                this: list[ast.AST] = [ast.Constant(None)]
                fields = self._record_items(case)
                if fields is not None:  # a NamedTuple case is a tuple of its fields
                    case = ast.Tuple(elts=fields, ctx=ast.Load())
                if isinstance(case, ast.Dict) and all(
                        isinstance(k, ast.Constant) and isinstance(k.value, str)
                        for k in case.keys):
                    found.append((this, [(k.value, v)  # type: ignore[union-attr]
                                         for k, v in zip(case.keys, case.values)
                                         if k.value != "testcase_name"]))  # type: ignore[union-attr]
                elif isinstance(case, (ast.Tuple, ast.List)) and not any(
                        isinstance(x, ast.Starred) for x in case.elts):
                    found.append((this + list(case.elts[1:] if named else case.elts), []))
                elif not named and not isinstance(case, ast.Starred):
                    found.append((this + [case], []))
        return found

    def _pytest_cases(self, fn: ast.FunctionDef | ast.AsyncFunctionDef,
                      owner: ast.AST | None) -> list[Application]:
        """The calls pytest makes of a test of a module importing pytest, one per combination
        of its literal `@pytest.mark.parametrize` cases (`pytest_driver`), each case's values
        as keywords (the instance first for a method of a `Test*` class); none for a test
        with no cases, or cases that cannot be read as written."""
        if not fn.decorator_list or not pytest_driver.is_pytest_test(
                fn, owner if isinstance(owner, ast.ClassDef) else None):
            return []
        if self._pytest is None:
            imports = pytest_driver.pytest_names(self.tree) is not None
            self._pytest = (imports, pytest_driver.case_lists(self.tree) if imports else {})
        if not self._pytest[0]:
            return []
        decorators = pytest_driver.parametrizations(fn, self.dotted, self._pytest[1])
        if not decorators or any(p.rows is None for p in decorators):
            return []
        cases: list[list[tuple[str | None, ast.expr]]] = [[]]
        for p in decorators:
            cases = [c + [(n, v) for n, v in zip(p.names, row, strict=True)
                          if n not in p.indirect]
                     for c in cases for row in p.rows or ()]
            if len(cases) > _MAX_TEST_CASES:
                return []
        this: list[ast.AST] = [ast.Constant(None)] if isinstance(owner, ast.ClassDef) else []
        return [(list(this), c) for c in cases]

    def _spread_cases(self, cases: list[ast.expr]) -> list[ast.expr]:
        """A decorator's cases with `*CASES` spread: the items of the list or tuple display
        `CASES` is bound to once (left out where it is bound otherwise)."""
        out: list[ast.expr] = []
        for case in cases:
            if not isinstance(case, ast.Starred):
                out.append(case)
                continue
            b = self.lookup(case.value.id, case) if isinstance(case.value, ast.Name) else None
            shown = b.node if b is not None and b.kind == "assign" else case.value
            if isinstance(shown, (ast.List, ast.Tuple)) and not any(
                    isinstance(x, ast.Starred) for x in shown.elts):
                out.extend(shown.elts)
        return out

    def _record_items(self, case: ast.expr) -> list[ast.expr] | None:
        """The fields, in order, of a case written as a construction of one of the module's
        `NamedTuple` classes (given by position or keyword, else the field's default); None
        where the case is no such construction, or a field is not pinned down."""
        if not isinstance(case, ast.Call) or any(isinstance(a, ast.Starred) for a in case.args):
            return None
        cls = self.definition(case.func)
        if not isinstance(cls, ast.ClassDef) or not any(
                self.dotted(b) in _NAMED_TUPLES for b in cls.bases):
            return None
        fields = [(st.target.id, st.value) for st in cls.body
                  if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)]
        given = {k.arg: k.value for k in case.keywords}
        if None in given or len(case.args) > len(fields):
            return None
        out: list[ast.expr] = []
        for i, (name, default) in enumerate(fields):
            value = case.args[i] if i < len(case.args) else given.get(name, default)
            if value is None:
                return None
            out.append(value)
        return out

    def fixture_value(self, cls: ast.ClassDef, attr: str) -> ast.expr | None:
        """What `self.attr` holds in a test the module's runner runs of `cls`: the value its
        `setUp` (run before each test) assigns it in its body, where no other method of the
        class assigns it; None otherwise."""
        if not (self._test_case(cls) and self._runs_tests()):
            return None
        found: list[ast.expr] = []
        in_set_up = False
        for fn in cls.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not (
                    fn.args.posonlyargs + fn.args.args):
                continue
            me = (fn.args.posonlyargs + fn.args.args)[0].arg
            for node in iter_nodes(fn):
                targets = (node.targets if isinstance(node, ast.Assign)
                           else [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign))
                           else [])
                for t in targets:
                    if isinstance(t, ast.Attribute) and t.attr == attr and isinstance(
                            t.value, ast.Name) and t.value.id == me:
                        if fn.name == "setUp" and isinstance(node, ast.Assign) and (
                                node in fn.body):
                            in_set_up = True
                            found.append(node.value)
                        else:
                            return None
        return found[0] if in_set_up and len(found) == 1 else None

    def _test_case(self, cls: ast.ClassDef, depth: int = 0) -> bool:
        """Whether `cls` derives from a test case class `unittest`/absl's runners collect."""
        if depth > _MAX_ALIAS_DEPTH:
            return False
        for base in cls.bases:
            if self.dotted(base) in _TEST_CASES:
                return True
            made = self.definition(base, depth + 1)
            if isinstance(made, ast.ClassDef) and self._test_case(made, depth + 1):
                return True
        return False

    def _runs_tests(self) -> bool:
        """Whether the module calls a test runner."""
        if self._test_runner is None:
            self._test_runner = any(
                isinstance(n, ast.Call) and self.dotted(n.func) in _TEST_RUNNERS
                for n in self.walk_all())
        return self._test_runner

    def _receiver(self, expr: ast.AST | None, fn: ast.AST) -> list[ast.AST]:
        """The argument Python passes first when `expr`, naming the method `fn`, is called:
        the instance of `obj.m` / `self.m` (or the class of a classmethod), none for a
        staticmethod or a plain function, nor for a method read off its class (`C.m(obj)`
        writes the instance)."""
        if not isinstance(expr, ast.Attribute) or not isinstance(
                self.parents.get(fn), ast.ClassDef) or not isinstance(
                fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return []
        kinds = {_decorator_name(d) for d in fn.decorator_list}
        if "staticmethod" in kinds:
            return []
        if "classmethod" in kinds:
            return [expr.value]
        if isinstance(self.definition(expr.value), ast.ClassDef):
            return []
        return [expr.value]

    def callers(self) -> dict[int, set[int]]:
        """For each function of the module (by id), the functions that call it by a name
        that resolves to it."""
        if self._callers is None:
            self._callers = {}
            for fn in self.walk_all():
                if not isinstance(fn, _FUNCTIONS):
                    continue
                body = [fn.body] if isinstance(fn, ast.Lambda) else fn.body
                for st in body:
                    for node in iter_nodes(st):
                        if isinstance(node, ast.Call):
                            callee = self.definition(node.func)
                            if callee is not None:
                                self._callers.setdefault(id(callee), set()).add(id(fn))
        return self._callers

    def functions_by_id(self) -> dict[int, ast.AST]:
        return {id(n): n for n in self.walk_all() if isinstance(n, _FUNCTIONS)}


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


_UNKNOWN = object()
#: the most calls of one pytest test followed (the product of its parametrize cases)
_MAX_TEST_CASES = 16
#: the bases making a class a named tuple (its annotated names are its fields, in order)
_NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
#: absl's decorators calling a test method once per case (`test_cases`)
_PARAMETERIZED = frozenset({
    "absl.testing.parameterized.named_parameters", "absl.testing.parameterized.parameters",
    "absl.testing.parameterized.parameterized.named_parameters",
    "absl.testing.parameterized.parameterized.parameters",
})
#: the test case classes, and the runners running them (`test_cases`)
_TEST_CASES = frozenset({
    "unittest.TestCase", "absl.testing.absltest.TestCase",
    "absl.testing.parameterized.TestCase",
})
_TEST_RUNNERS = frozenset({"unittest.main", "absl.testing.absltest.main"})
#: the methods of `str` a class's key is computed with (`name.lower()`)
_STR_METHODS = frozenset({"lower", "upper", "casefold", "title", "capitalize", "strip"})


class _ClassMaking:
    """What a metaclass's `__new__(mcls, name, bases, ns)` / `__init__(cls, name, bases, ns)`
    is given when the module's class `cls` is made, for the keys and tests it computes from
    them: the class's name, its bases, its own namespace (the body's assignments) and the
    class itself (`made`: the names bound to it)."""

    def __init__(self, names: ModuleNames, cls: ast.ClassDef, name: str, bases: str,
                 ns: str) -> None:
        self.names, self.cls = names, cls
        self.name, self.bases, self.ns = name, bases, ns
        self.made: set[str] = set()

    def _own(self, attr: str) -> object:
        """The literal the class body assigns to `attr` (`_MISSING` where it assigns none)."""
        if not any(isinstance(st, ast.Assign | ast.AnnAssign) and any(
                isinstance(t, ast.Name) and t.id == attr
                for t in (st.targets if isinstance(st, ast.Assign) else [st.target]))
                for st in self.cls.body):
            return _MISSING
        value = self.names.class_attribute(self.cls, attr)
        return value.value if isinstance(value, ast.Constant) else _UNKNOWN

    def _inherited(self, attr: str, cls: ast.ClassDef, depth: int = 0) -> object:
        """A class attribute's literal as the class reads it (its own, else its bases')."""
        value = self.names.class_attribute(cls, attr)
        if value is not None:
            return value.value if isinstance(value, ast.Constant) else _UNKNOWN
        for b in cls.bases:
            base = self.names.definition(b)
            if not isinstance(base, ast.ClassDef) or depth > _MAX_ALIAS_DEPTH:
                return _UNKNOWN
            found = self._inherited(attr, base, depth + 1)
            if found is not _MISSING:
                return found
        return _MISSING

    def value(self, expr: ast.AST) -> object:
        """The value of `expr` for this class (`_UNKNOWN` where it is not known)."""
        if isinstance(expr, ast.Constant):
            return expr.value
        if isinstance(expr, ast.Name):
            if expr.id == self.name:
                return self.cls.name
            if expr.id == self.bases:
                return tuple(ast.unparse(b) for b in self.cls.bases)
            return _UNKNOWN
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            inner = self.value(expr.operand)
            return inner if inner is _UNKNOWN else not inner
        if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
            op, right = expr.ops[0], expr.comparators[0]
            if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, ast.Name) and (
                    right.id == self.ns):
                key = self.value(expr.left)
                if not isinstance(key, str):
                    return _UNKNOWN
                return (self._own(key) is not _MISSING) == isinstance(op, ast.In)
            left, other = self.value(expr.left), self.value(right)
            if left is _UNKNOWN or other is _UNKNOWN or not isinstance(op, (ast.Eq, ast.NotEq)):
                return _UNKNOWN
            return (left == other) == isinstance(op, ast.Eq)
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name) and (
                expr.value.id == self.ns):
            key = self.value(expr.slice)
            own = self._own(key) if isinstance(key, str) else _UNKNOWN
            return _UNKNOWN if own is _MISSING else own
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and (
                expr.value.id in self.made):
            found = self._inherited(expr.attr, self.cls)
            return _UNKNOWN if found is _MISSING else found
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            receiver, method = expr.func.value, expr.func.attr
            if isinstance(receiver, ast.Name) and receiver.id == self.ns and method == "get" and (
                    1 <= len(expr.args) <= 2 and not expr.keywords):
                key = self.value(expr.args[0])
                own = self._own(key) if isinstance(key, str) else _UNKNOWN
                if own is _MISSING:
                    return self.value(expr.args[1]) if len(expr.args) == 2 else None
                return own
            if method in _STR_METHODS and not expr.args and not expr.keywords:
                text = self.value(receiver)
                return getattr(text, method)() if isinstance(text, str) else _UNKNOWN
        return _UNKNOWN


def parameter_default(fn: ast.AST, name: str) -> ast.expr | None:
    """The default of parameter `name` of a function (None: it has none)."""
    if not isinstance(fn, _FUNCTIONS):
        return None
    a = fn.args
    positional = [*a.posonlyargs, *a.args]
    for p, d in zip(positional[len(positional) - len(a.defaults):], a.defaults):
        if p.arg == name:
            return d
    for p, kd in zip(a.kwonlyargs, a.kw_defaults):
        if p.arg == name:
            return kd
    return None


def method_of(cls: ast.ClassDef, name: str) -> ast.AST | None:
    """The method `name` defined in `cls`'s body (the last definition wins)."""
    found = None
    for st in cls.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
            found = st
    return found


def _decorator_name(d: ast.expr) -> str:
    return d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else ""


_ORDERINGS = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
              ast.GtE: operator.ge}


def _compare(op: ast.cmpop, left: object, right: object) -> bool | None:
    """One comparison of two literals as Python makes it; None where it is not decided here
    (an operand not known, an ordering of values of different types, `is` but against
    None)."""
    if left is _UNKNOWN or right is _UNKNOWN:
        return None
    if isinstance(op, (ast.Eq, ast.NotEq)):
        return (left == right) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.Is, ast.IsNot)):
        if left is not None and right is not None:
            return None  # (`is` between other literals is not Python's to promise)
        return (left is right) == isinstance(op, ast.Is)
    if isinstance(op, (ast.In, ast.NotIn)):
        if not isinstance(right, (tuple, str)) or (isinstance(right, str)
                                                   and not isinstance(left, str)):
            return None
        return (left in right) == isinstance(op, ast.In)
    order = _ORDERINGS.get(type(op))
    if order is None or type(left) is not type(right):
        return None
    if isinstance(left, (int, float, str)) and isinstance(right, (int, float, str)):
        return bool(order(left, right))
    if isinstance(left, tuple) and isinstance(right, tuple) and _release(left) and _release(
            right):
        return bool(order(left, right))
    return None


def _release(value: object) -> bool:
    """Whether `value` is a release as a tuple of ints (`jax.__version_info__ >= (0, 4, 0)`),
    ordered as Python orders tuples."""
    return isinstance(value, tuple) and all(type(v) is int for v in value)


#: the attributes of `jax` that give its version
VERSION_ATTRIBUTES = frozenset({"__version__", "__version_info__"})


@lru_cache(maxsize=1)
def jax_release() -> dict[str, object]:
    """`jax.__version__` and `__version_info__` as the JAX the API table was measured on (the
    release the checks describe) gives them: what a version gate is evaluated against."""
    version = apitable.table()["jax_version"]
    return {"__version__": version,
            "__version_info__": tuple(int(p) for p in version.split("."))}


def _one(bound: list[Binding]) -> Binding | None:
    """The binding, if every binding of the name is the same one."""
    first = bound[0]
    return None if any(b != first for b in bound[1:]) else first


def module_bindings_shape(statements: list[ast.stmt]) -> dict[str, list[tuple[str, str]]]:
    """What top-level `statements` bind at module level, each binding's kind and import
    target (not the nodes: two versions of a module bind the same way when these agree)."""
    found = _collect(ast.Module(body=statements, type_ignores=[]))
    return {name: [(b.kind, b.target) for b in bound] for name, bound in found.items()}


def _overload_signature(node: ast.AST) -> bool:
    """Whether `node` is a `@typing.overload` signature: the function of that name defined
    after it replaces it before anything can call it, so it binds nothing that runs."""
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        (isinstance(d, ast.Name) and d.id == "overload")
        or (isinstance(d, ast.Attribute) and d.attr == "overload") for d in node.decorator_list)


#: the nodes `_collect` looks into for what they bind (any other: only their children)
_MAY_BIND = frozenset({
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
    ast.DictComp, ast.GeneratorExp, ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign,
    ast.Global, ast.Nonlocal, ast.ExceptHandler, ast.MatchAs, ast.MatchStar,
})
#: the nodes with no child that can bind a name (a walk of a scope skips them: a third of a
#: module's nodes are a `Name`'s context)
_BINDS_NOTHING = frozenset({ast.Constant, ast.Load, ast.Store, ast.Del, ast.Pass, ast.Break,
                            ast.Continue, ast.alias})


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
        kind = type(node)
        if kind is ast.Name:  # (its one child, its context, binds nothing)
            if type(node.ctx) is not ast.Load:  # type: ignore[attr-defined]
                bind(node.id, Binding("other", site=node))  # type: ignore[attr-defined]
            continue
        if kind in _BINDS_NOTHING:
            continue
        if kind not in _MAY_BIND:
            todo.extend(child_nodes(node))
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not _overload_signature(node):  # (the implementation after it is the binding)
                bind(node.name, Binding("class" if isinstance(node, ast.ClassDef) else "def",
                                        node, site=node))
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
                    bind(al.asname, Binding("import", target=al.name, site=node))
                else:
                    top = al.name.split(".")[0]
                    bind(top, Binding("import", target=top, site=node))
            continue
        if isinstance(node, ast.ImportFrom):
            mod = ("." * node.level) + (node.module or "")
            for al in node.names:
                if al.name == "*":  # kept under a key no name can be (`star_source`)
                    bind(STAR, Binding("import", target=mod, site=node))
                    continue
                # `from . import m` is module `.m` (one dot), `from .p import m` is `.p.m`
                target = f"{mod}.{al.name}" if node.module else f"{mod}{al.name}"
                bind(al.asname or al.name, Binding("import", target=target, site=node))
            continue
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    bind(t.id, Binding("assign", node.value, site=node))
                else:
                    for n in iter_nodes(t):
                        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                            bind(n.id, Binding("other", site=node))
            todo.append(node.value)
            continue
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.value is not None:
                bind(node.target.id, Binding("assign", node.value, site=node))
                todo.append(node.value)
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name, Binding("other", site=node))
            continue
        if isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name, Binding("other", site=node))
        if isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            bind(node.name, Binding("other", site=node))
        todo.extend(child_nodes(node))
    return out
