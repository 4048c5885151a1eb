"""Where a function value made inside a function of the module can go: an escape analysis.

A nested function, a lambda or a transformed function (`jax.grad(f)`) that the module makes but
the analysis never saw called is, by default, made to be called elsewhere: analysed as an entry
point, or applied to unknown arguments. That is right when it leaves the code the analysis sees
(returned to a caller outside, passed to unknown code, stored where outside code reads it); it
is wrong when every place it can flow is visible and none calls it: JAX never runs it.

`Escapes.contained` proves the second case from the module's syntax, following the value
upwards from the expression that makes it:

- into a container literal (`{"grad": jax.grad(f)}`), the result of a wrapper that only calls
  the function it is given first (`jax.jit(...)`, another transform, `functools.partial`), a
  conditional expression;
- into a local name of the function that makes it, whose every read is a call, a subscript of
  it read the same way (`tk[name](x)`), an `is` test, an argument of a builtin that only
  looks at it (`callable`, `print`), or another such local or return; a read inside a
  nested function the analysis ran that only its maker calls (at once, or as the body of a
  JAX loop or branch: `lax.scan(body, ...)`) counts as the maker's; a tuple unpacked into
  names (`out, pullback = jax.vjp(f, x)`) is read as each name is;
- into the return of a module-level function that no root runs (its callers are all in the
  module) and whose every mention is a call whose result is read the same way;
- into an attribute of `self` (a plain class: no decorator, no base) whose name nothing in the
  module reads: no `.name` load, no string naming it, no `getattr` of a computed name, no
  `vars`/`__dict__`; and whose objects stay in the module's code: all made by calls of the
  class there, held in names only read for attributes, `self` never handed on (code elsewhere
  could read the attribute of an object it gets; one it cannot get is as dead as an unread
  module-level name);
- into a module-level name (directly, or as an item stored into the container it names:
  `TABLE[k] = ...`, `TABLE.append(...)`) that nothing outside the module can read: not
  exported (a private name, or any name of a module no import can name, such as a script
  file whose name is not an identifier or an editor buffer), named by no string (`__all__`,
  `globals()["..."]`), in a module that reads its own namespace nowhere (`globals()`,
  `sys.modules`, `exec`...); and whose every read is kept in sight as a local's is, in the
  module's own statements or in a function the analysis ran (a read at any key may be the
  value: which entry a constant key takes is the interpreter's business);
- into a class attribute the body of a plain module-level class of a script binds (`PATHS =
  {"legacy": legacy_path, ...}`: no decorator, metaclass or base, its objects kept in the
  module's code), when nothing reads attributes by computed names or names it by a string,
  and every read of an attribute of that name is kept in sight in the module's statements or
  in code the analysis ran (`self.PATHS.get(self.state)`); the result of such a class's
  method returning it is kept in sight where every call of the method is (a state machine's
  `evaluator()` handed to `jax.jit`);
- or nowhere (an expression statement, or a statement Python never runs: one after a
  `return`, `raise`, `break` or `continue` of its block, `own_code.after_a_jump`).

A module-level def is an entry point (code that imports the module may call it), except in a
script file no import can name (`script_file`): there it is asked about as the module-level
name it binds.

Anything else (an argument of other code, a yield, a captured variable, a global...) escapes.
A call the interpreter could not resolve to a function (`unresolved`) may call anything it was
handed: a read that relies on such a call counts as escaping, since the analysis lost the value
there rather than proved it is not called.
"""

from __future__ import annotations

import ast
import bisect
import keyword
import re
from collections.abc import Callable
from typing import Any

from jax_lsp.analysis.jax import jaxapi
from jax_lsp.analysis.own_code import after_a_jump
from jax_lsp.analysis.python import operator_dunders, schedulers
from jax_lsp.analysis.python.operator_dunders import OPERATOR_MODULE
from jax_lsp.analysis.python.scopes import statement_start
from jax_lsp.analysis.syntax import child_nodes, iter_nodes

__all__ = ["Escapes", "importable_module", "script_file"]

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPES = (*_FUNCS, ast.ClassDef)
#: how many returns a value is followed through to the callers
_MAX_RETURNS = 3
#: the kinds of `jaxapi.HIGHER_ORDER` whose result only calls the function it is given
_WRAPPING_KINDS = frozenset(
    {"jit", "vmap", "linen_vmap", "same", "checkpoint", "partial", "same_or_decorator"}
)
#: names that read the attributes of an object by a computed name
_DYNAMIC_READS = frozenset({"vars", "__dict__", "__getattribute__", "asdict", "astuple"})
#: names through which code reads a module's namespace by computed names
_NAMESPACE_READS = frozenset(
    {
        "globals",
        "vars",
        "locals",
        "dir",
        "__dict__",
        "modules",
        "__import__",
        "import_module",
        "__main__",
        "exec",
        "eval",
        "f_globals",
        "getmodule",
    }
)
#: methods of a container that store their arguments into it (and the one returning it)
_FILLING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})
#: methods of a container that hand out one of its items (their result is the item read)
_ITEM_METHODS = frozenset({"get", "pop", "setdefault"})
#: methods of a container that hand out none of its items
_ITEMLESS_METHODS = frozenset(
    {"append", "extend", "insert", "add", "update", "keys", "clear", "remove", "discard"})
#: Python's builtins whose result is a new container of their argument's items
_COPIES = frozenset({"list", "tuple", "sorted", "reversed", "iter", "set", "frozenset"})
#: methods of a container that compare their argument with its items (never call or keep it)
_COMPARING_METHODS = frozenset({"remove", "discard", "index", "count"})
#: what a name must be bound to for `name[k] = v` and `name.append(v)` to only store `v`
#: an answer of `Escapes.contained`, with the questions it asked of the analysis and their answers
Answer = tuple[bool, tuple[tuple[int, object, object], ...]]

_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


class Escapes:
    """The escape analysis of one version of a module (see the module's docstring)."""

    def __init__(
        self,
        tree: ast.Module,
        resolve: Callable[[ast.expr], str | None],
        is_root: Callable[[ast.AST], bool],
        unresolved: Callable[[ast.AST], bool],
        extra_transforms: dict[str, str],
        text: str,
        top_starts: list[int] | None = None,
        scopes: dict[ast.AST, ast.AST | None] | None = None,
        parents: dict[ast.AST, ast.AST] | None = None,
        ran: Callable[[ast.AST], bool] = lambda func: False,
        importable: bool = True,
        script: bool = False,
        answers: dict[ast.AST, Answer] | None = None,
    ) -> None:
        self.tree = tree
        self._bound_names: frozenset[str] | None = None
        #: while `contained` decides: the questions it asked of the analysis, with their
        #: answers, and whether it read beyond the statement of the node asked about
        self._asked: list[tuple[int, object, object]] | None = None
        self._wide = False
        #: the questions, by their number in the answers kept (this version's analysis's)
        self._asks: tuple[Callable[[Any], Any], ...] = (resolve, is_root, unresolved, ran)
        self.extra_transforms = extra_transforms
        self.text = text
        #: whether an import statement can name the module (its public names are exported)
        self.importable = importable
        #: whether the module is a script file no import can name (`script_file`): a function
        #: it defines at module level runs only if its own code calls it
        self.script = script
        self._line_starts: list[int] = []
        #: each node's parent, filled one innermost statement at a time (with the statements
        #: around it): a question reads a few statements, not the module. Like `scopes`, the
        #: caller may keep it across versions: a node's parent is in its top-level statement,
        #: kept whole or replaced by an edit, except a top-level statement's, the module (each
        #: version's own: see `_up`)
        self._parents: dict[ast.AST, ast.AST] = parents if parents is not None else {}
        self._starts: dict[int, list[int]] = {}
        if top_starts is not None:  # the first lines (0-based) of the top-level statements
            self._starts[id(tree.body)] = [i + 1 for i in top_starts]
        self._at_line: dict[int, ast.AST | None] = {}
        self._walked: dict[int, list[ast.AST]] = {}
        self._mentions: dict[str, list[ast.AST]] = {}
        self._dynamic: bool | None = None
        self._namespace_read: bool | None = None
        self._memo: dict[ast.AST, bool] = {}
        #: the answers `contained` found reading only the statement of the node asked about,
        #: with what they asked of the analysis: the caller may keep them across versions
        #: (a node stands for the same statement text, see `incremental`); the same
        #: answers of the analysis then give the same result
        self._answers: dict[ast.AST, Answer] = answers if answers is not None else {}
        #: `_scope_of` of each node asked about: a node's scope is in its top-level statement,
        #: which an edit keeps whole or replaces (see `incremental.reparse`), so the caller may
        #: keep this across the versions of a module
        self._scopes = scopes if scopes is not None else {}
        self._classes: dict[ast.ClassDef, bool] = {}
        self._op_uses: list[tuple[ast.AST, tuple[ast.AST, ...]]] | None = None

    # The questions to the analysis, each noted with its answer while `contained` decides.
    # (Methods, not closures kept on the instance: those would hold it in a reference cycle,
    # and with it the tree, left to the cyclic collector once the analysis is done.)

    def _logged(self, i: int, x: Any) -> Any:
        """Question `i` about `x`, noted with its answer while `contained` decides."""
        answer = self._asks[i](x)
        if self._asked is not None:
            self._asked.append((i, x, answer))
        return answer

    def resolve(self, callee: ast.expr) -> str | None:
        """The canonical name of the API a callee expression names (None: not an API)."""
        return self._logged(0, callee)  # type: ignore[no-any-return]

    def is_root(self, func: ast.AST) -> bool:
        """Whether a function was analysed as an entry point (its caller is outside)."""
        return self._logged(1, func)  # type: ignore[no-any-return]

    def unresolved(self, call: ast.AST) -> bool:
        """Whether the interpreter met a call whose callee it could not resolve."""
        return self._logged(2, call)  # type: ignore[no-any-return]

    def ran(self, func: ast.AST) -> bool:
        """Whether the analysis interpreted a function of the module (its reads are seen)."""
        return self._logged(3, func)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ the tree, lazily

    def _up(self, node: ast.AST) -> ast.AST | None:
        """The parent of `node` (the module for a top-level statement)."""
        p = self._parents.get(node)
        if p is not None and isinstance(p, ast.Module) and p is not self.tree:
            p = None  # an earlier version's module
        if p is None and isinstance(node, ast.stmt):
            # a top-level statement (a function asked about is often one): no descent
            if self._pick(self.tree.body, statement_start(node)) is node:
                p = self._parents[node] = self.tree
        if p is None and node is not self.tree:
            line = getattr(node, "lineno", None)
            if line is not None:
                self._statement_at(line)
                p = self._parents.get(node)
                if p is None:  # in the header of a statement sharing its line with its body
                    top = self._pick(self.tree.body, line)
                    if top is not None:
                        self._walk(top)
                        p = self._parents.get(node)
        return p

    def _statement_at(self, line: int) -> ast.AST | None:
        """The innermost statement holding `line`; the nodes of its header (all of a simple
        statement: not the statements of a block it holds, which hold other lines) and the
        statements around it get their parents. A top-level function's body is not walked to
        answer a question about its definition."""
        if line in self._at_line:
            return self._at_line[line]
        block: list[ast.stmt] = self.tree.body
        owner: ast.AST = self.tree
        found: ast.AST | None = None
        while True:
            st = self._pick(block, line)
            if st is None:
                break
            found = st
            self._parents[st] = owner
            for child in child_nodes(st):
                self._parents[child] = st
            inner = next(
                (
                    (container, b)
                    for container, b in _blocks(st)
                    if b
                    and statement_start(b[0]) <= line <= (b[-1].end_lineno or 0)
                    and self._pick(b, line) is not None
                ),
                None,
            )
            if inner is None:
                self._walk_header(st)
                break
            container, block = inner
            if container is not st:
                for child in child_nodes(container):
                    self._parents[child] = container
            owner = container
        self._at_line[line] = found
        return found

    def _pick(self, block: list[ast.stmt], line: int) -> ast.stmt | None:
        starts = self._starts.get(id(block))
        if starts is None:
            starts = self._starts[id(block)] = [statement_start(st) for st in block]
        i = bisect.bisect_right(starts, line) - 1
        if i >= 0 and line <= (block[i].end_lineno or 0):
            return block[i]
        return None

    def _walk(self, st: ast.AST) -> list[ast.AST]:
        """The nodes of statement `st` (parents noted)."""
        nodes = self._walked.get(id(st))
        if nodes is None:
            nodes = self._walked[id(st)] = [st]
            for n in nodes:  # grows as it goes: a breadth-first walk
                for child in child_nodes(n):
                    self._parents[child] = n
                    nodes.append(child)
        return nodes

    def _walk_header(self, st: ast.AST) -> None:
        """Note the parents of the nodes of statement `st` that no statement it holds holds
        (its decorators, signature, test, handlers, patterns: all of a simple statement)."""
        if id(st) in self._walked:
            return
        parents = self._parents
        nodes = [st]
        for n in nodes:  # grows as it goes
            for child in child_nodes(n):
                parents[child] = n
                if not isinstance(child, ast.stmt):
                    nodes.append(child)

    def _mentioning(self, word: str) -> list[ast.AST]:
        """The nodes of the innermost statements whose text has `word` (as a word)."""
        self._wide = True
        found = self._mentions.get(word)
        if found is None:
            if not self._line_starts:
                self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
            lines = {
                bisect.bisect_right(self._line_starts, start)
                for start in _word_starts(self.text, word)
            }
            seen: set[int] = set()
            found = []
            for line in sorted(lines):
                st = self._statement_at(line)
                if st is not None and id(st) not in seen:
                    seen.add(id(st))
                    found.extend(self._walk(st))
            self._mentions[word] = found
        return found

    def _loads(self, name: str) -> list[ast.Name]:
        """The reads of the name `name` anywhere in the module."""
        return [
            n
            for n in self._mentioning(name)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        ]

    def _named_by_string(self, name: str) -> bool:
        return any(isinstance(n, ast.Constant) and n.value == name for n in self._mentioning(name))

    def _attribute_read(self, name: str) -> bool:
        for n in self._mentioning(name):
            if isinstance(n, ast.Attribute) and n.attr == name:
                if not isinstance(n.ctx, ast.Store) or isinstance(self._up(n), ast.AugAssign):
                    return True
        return False

    def _reads_attributes_by_computed_name(self) -> bool:
        """`getattr(o, name)` of a computed name, `vars(o)`, `o.__dict__`, `asdict(o)`..."""
        self._wide = True
        if self._dynamic is None:
            self._dynamic = False
            for word in ("getattr", "hasattr", "setattr", *_DYNAMIC_READS):
                for n in self._mentioning(word):
                    if isinstance(n, ast.Attribute) and n.attr in _DYNAMIC_READS:
                        self._dynamic = True
                    elif isinstance(n, ast.Name) and n.id in _DYNAMIC_READS:
                        self._dynamic = True
                    elif (
                        isinstance(n, ast.Call)
                        and isinstance(n.func, ast.Name)
                        and n.func.id in ("getattr", "hasattr", "setattr")
                        and not (len(n.args) >= 2 and isinstance(n.args[1], ast.Constant))
                    ):
                        self._dynamic = True
        return self._dynamic

    # ------------------------------------------------------------------ the question

    def contained(self, node: ast.AST) -> bool:
        """Whether the function value made at `node` (a nested def, a lambda, a transform's
        call) stays where the analysis sees every use of it (see the module's docstring)."""
        known = self._memo.get(node)
        if known is not None:
            return known
        kept = self._answers.get(node)
        asks = self._asks
        if kept is not None and all(asks[i](x) == answer for i, x, answer in kept[1]):
            known = kept[0]
        else:
            asked: list[tuple[int, object, object]] = []
            self._asked, self._wide = asked, False
            try:
                known = self._decide(node)
            finally:
                self._asked = None
            if not self._wide:
                self._answers[node] = (known, tuple(asked))
        if not known:  # escaping stays so: roots and unresolved calls only grow
            self._memo[node] = known
        return known

    def never_called(self, func: ast.AST, seen: set[ast.AST] | None = None) -> bool:
        """Whether the module-level def `func` of a script no import can name, which the
        analysis never ran, is never called: decorated only by wrappers that call it where
        their result is called (`@jax.jit`), its name bound by that def alone, and each read
        of it either kept in sight (as `contained` reads it) in code the analysis ran or in
        the module's statements, or inside a module-level def that is itself never called
        (`run_all` never ran `evaluate`, so `integrate` it calls never runs either). Asked
        by the caller of an analysis cut nowhere (`jax.host_runs`): what the analysis ran,
        it followed on every path that may run."""
        if not self.script or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        seen = set() if seen is None else seen
        if func in seen:
            return True  # (a recursion among them: its calls from outside decide)
        seen.add(func)
        name = func.name
        owner = self._scope_of(func)
        if isinstance(owner, ast.ClassDef):
            return not self.ran(func) and self._operator_never_called(func, owner, seen)
        if (self.ran(func) or self._scope_of(func) is not None
                or (name.startswith("__") and name.endswith("__"))
                or self._reads_module_namespace()
                or not all(self._wraps(d) or self._unrun_rule(d, func, seen)
                           for d in func.decorator_list)):
            return False
        return self._reads_in_sight(func, seen)

    def _operator_never_called(self, func: ast.FunctionDef | ast.AsyncFunctionDef,
                               cls: ast.ClassDef, seen: set[ast.AST]) -> bool:
        """Whether the binary-operator method `func` (`__pow__`, `__rmatmul__`, `__iadd__`:
        `python/operator_dunders.py`) of the script's module-level class `cls`, which the
        analysis never ran, is never called: Python calls it only for the operator's syntax,
        a builtin applying it (`sum`, `pow`), the `operator` module or a read of its name.
        Each of those must be in a def never called (`never_called`), but for a `BinOp` in
        code that ran, whose method the analysis dispatched as Python does
        (`expressions.operator_dunder`: `3 ** gain` ran `__rpow__`, never `__pow__`). The
        class and method are plain (no decorator, metaclass, base but `object`, subclass,
        other binding), no `NotImplemented` is returned anywhere (the analysis does not fall
        back on it), and nothing reads names by computed strings. Left out: library code
        doing arithmetic on an instance handed to it (a NumPy object array's `sum`)."""
        self._wide = True
        name = func.name
        if (operator_dunders.family(name) is None or self._up(cls) is not self.tree
                or func.decorator_list or cls.decorator_list or cls.keywords
                or not all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)
                or sum(1 for st in cls.body if name in _bound_names(st)) != 1
                or self._loads("NotImplemented") or self._named_by_string(name)
                or self._reads_module_namespace() or self._reads_attributes_by_computed_name()):
            return False
        for node in self._mentioning(cls.name):
            if isinstance(node, ast.ClassDef) and node is not cls and (
                    node.name == cls.name or any(
                        isinstance(n, ast.Name) and n.id == cls.name
                        for b in node.bases for n in iter_nodes(b))):
                return False  # (bound again, or subclassed: its instances call it too)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                    node.name == cls.name) or isinstance(node, ast.Name) and (
                    node.id == cls.name and not isinstance(node.ctx, ast.Load)):
                return False
        for node in self._mentioning(OPERATOR_MODULE):
            if isinstance(node, ast.ImportFrom) and node.module == OPERATOR_MODULE or (
                    isinstance(node, ast.alias) and node.name == OPERATOR_MODULE):
                return False  # (`operator.add` applies any class's method)
        for word in (name, *operator_dunders.appliers(name)):
            for node in self._mentioning(word):
                if (isinstance(node, ast.Attribute) and node.attr == word or isinstance(
                        node, ast.Name) and node.id == word) and not self._unrun_at(
                        node, seen):
                    return False
        for node, chain in self._operator_uses():
            if operator_dunders.may_call(node, name):
                functions = [c for c in chain if isinstance(c, _FUNCS)]
                if isinstance(node, ast.BinOp) and (
                        not functions or self.ran(functions[-1])):
                    continue  # (dispatched by the analysis as it ran)
                if not functions or not self.never_called(functions[0], seen):
                    return False
        return True

    def _unrun_at(self, node: ast.AST, seen: set[ast.AST]) -> bool:
        """Whether `node` is inside a def of the module never called (its outermost
        function: a module-level def or a method of a module-level class)."""
        scope = self._scope_of(node)
        outer = None
        while scope is not None:
            if isinstance(scope, _FUNCS):
                outer = scope
            scope = self._scope_of(scope)
        return outer is not None and not self.ran(outer) and self.never_called(outer, seen)

    def _operator_uses(self) -> list[tuple[ast.AST, tuple[ast.AST, ...]]]:
        """Each `BinOp` and `AugAssign` of the module, with the functions and classes it is
        inside (outermost first). Walked once."""
        if self._op_uses is None:
            found: list[tuple[ast.AST, tuple[ast.AST, ...]]] = []
            todo: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(self.tree, ())]
            while todo:
                node, chain = todo.pop()
                if isinstance(node, (ast.BinOp, ast.AugAssign)):
                    found.append((node, chain))
                inner = (*chain, node) if isinstance(node, _SCOPES) else chain
                todo.extend((child, inner) for child in child_nodes(node))
            self._op_uses = found
        return self._op_uses

    def _unrun_rule(self, decorator: ast.expr, func: ast.AST, seen: set[ast.AST]) -> bool:
        """Whether `decorator` registers `func` as the JVP rule of a script's module-level
        custom_jvp function (`@f.defjvp`) whose every call the analysis saw: JAX runs the rule
        only where `f` is differentiated, which the analysis, following each call of `f`,
        would have done (`func`, not run, never was): each read of `f` kept in sight in code
        that ran (its own `.defjvp` registrations apart) or in a def never called (the rule
        itself, calling `f` for its primal output, among them)."""
        if not (isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp"
                and isinstance(decorator.value, ast.Name)):
            return False
        owner = decorator.value.id
        defs = [n for n in self.tree.body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == owner]
        if len(defs) != 1:
            return False
        (custom,) = defs
        if [self.resolve(d) for d in custom.decorator_list] != ["jax.custom_jvp"]:
            return False
        return self._reads_in_sight(custom, seen | {func}, registrations=True)

    def _reads_in_sight(self, func: ast.FunctionDef | ast.AsyncFunctionDef,
                        seen: set[ast.AST], *, registrations: bool = False) -> bool:
        """Whether the module-level def `func`'s name is bound by that def alone and each read
        of it is kept in sight in code that ran or in the module's statements, or is inside a
        module-level def never called (`never_called`); with `registrations`, a read as the
        receiver of a decorator registering a rule (`@f.defjvp`) too."""
        name = func.name
        for node in self._mentioning(name):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name == name and node is not func:
                    return False  # bound again
                continue
            if isinstance(node, ast.Attribute) and node.attr == name or isinstance(
                    node, ast.alias) and name in (node.name, node.asname):
                return False
            if not (isinstance(node, ast.Name) and node.id == name):
                continue
            if not isinstance(node.ctx, ast.Load):
                return False  # bound again
            if registrations and self._registers_rule(node):
                continue
            scope = self._scope_of(node)
            if scope is None or (isinstance(scope, _FUNCS) and self.ran(scope)) or (
                    self._class_body(scope)):
                if not self._value_contained(node, 0, set()):
                    return False
                continue
            outer = scope
            while self._scope_of(outer) is not None:
                outer = self._scope_of(outer)  # type: ignore[assignment]
            if not self.never_called(outer, seen):
                return False
        return True

    def _registers_rule(self, node: ast.Name) -> bool:
        """`node` is the receiver of a decorator `@node.defjvp` of a module-level def."""
        up = self._up(node)
        if not (isinstance(up, ast.Attribute) and up.attr == "defjvp"):
            return False
        fn = self._up(up)
        return (isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                and up in fn.decorator_list and self._scope_of(fn) is None)

    def _decide(self, node: ast.AST) -> bool:
        scope = self._scope_of(node)
        if scope is None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self._value_contained(node, 0, set())  # made by a module statement
        if scope is None and self.script and not node.decorator_list:  # type: ignore[attr-defined]
            # a module-level def of a script: nothing outside can call it
            return self._global_contained(node.name, 0, set())  # type: ignore[attr-defined]
        if not isinstance(scope, _FUNCS):
            return False  # a module-level def (an entry point), made in a class body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return not node.decorator_list and self._local_contained(
                scope, node.name, 0, set()
            )
        return self._value_contained(node, 0, set())

    # ------------------------------------------------------------------ flows

    def _scope_of(self, node: ast.AST) -> ast.AST | None:
        """The function or class whose code `node` is part of (None: the module's)."""
        try:
            return self._scopes[node]
        except KeyError:
            p = self._scopes[node] = self._find_scope(node)
            return p

    def _find_scope(self, node: ast.AST) -> ast.AST | None:
        p = self._up(node)
        while p is not None and not isinstance(p, _SCOPES):
            p = self._up(p)
        if p is not None and isinstance(p, _FUNCS) and self._in_signature(node, p):
            return self._scope_of(p)
        return p

    def _in_signature(self, node: ast.AST, func: ast.AST) -> bool:
        """`node` is part of `func`'s defaults or decorators (run where `func` is defined)."""
        p: ast.AST | None = node
        while p is not None and self._up(p) is not func:
            p = self._up(p)
        if p is None:
            return False
        if isinstance(func, ast.Lambda):
            return p is not func.body
        return p is not func.body and p not in func.body  # type: ignore[attr-defined,operator]

    def _never_runs(self, node: ast.AST) -> bool:
        """Whether `node` is in a statement Python never runs: one after a `return`, `raise`,
        `break` or `continue` of its block, or inside one (`own_code.after_a_jump`), within
        its top-level statement (the module's own statements are not read: an answer reads
        the statement of the node asked about). A read there reads nothing."""
        child, p = node, self._up(node)
        while p is not None and p is not self.tree:
            if isinstance(child, ast.stmt):
                block = next((b for _, b in _blocks(p) if any(s is child for s in b)), None)
                if block is not None and after_a_jump(block, child):
                    return True
            child, p = p, self._up(p)
        return False

    def _value_contained(self, expr: ast.AST, depth: int, seen: set) -> bool:
        """Whether the value of `expr` (a function value, or a container of one) is only read
        where the analysis sees it."""
        p = self._up(expr)
        t = type(p)
        if t is ast.Expr:
            return True  # discarded
        if t is ast.Call:
            if expr is p.func:  # type: ignore[union-attr]
                return not self.unresolved(p)  # type: ignore[arg-type]
            if p.args and expr is p.args[0] and self._wraps(p.func):  # type: ignore[union-attr]
                return self._value_contained(p, depth, seen)  # type: ignore[arg-type]
            if expr in p.args and self._iterated_by_for(expr, p, depth, seen):  # type: ignore[union-attr,operator,arg-type]
                return True
            if p.args and expr is p.args[0] and (  # type: ignore[union-attr]
                    self._lazy_caller(p.func) or self._tree_mapper(p.func)):  # type: ignore[union-attr]
                # `map(fn, xs)` / `filter(fn, xs)` call `fn` on the items of `xs` only, which
                # the interpreter does at that call (`python/generators.py`), as it does
                # `jax.tree.map(fn, tree)`'s calls (`jax/higher_order.py`): no other caller
                return not self.unresolved(p)  # type: ignore[arg-type]
            if len(p.args) == 1 and expr is p.args[0] and (  # type: ignore[union-attr]
                    isinstance(p.func, ast.Name) and p.func.id in _COPIES  # type: ignore[union-attr]
                    and self._builtin(p.func.id)):  # type: ignore[union-attr]
                # `list(handlers)`: a new container of the same items
                return self._value_contained(p, depth, seen)  # type: ignore[arg-type]
            if expr in p.args and self._looks_only(p.func):  # type: ignore[union-attr,operator,arg-type]
                # `callable(pullback)`, `print(fn)`: looked at, never called, and the result
                # is not the value
                return True
            return (self._stored_by_method(expr, p, depth, seen)  # type: ignore[arg-type]
                    or self._compared_by_method(expr, p, depth, seen)  # type: ignore[arg-type]
                    or self._handed_to_own_code(expr, p, depth, seen)  # type: ignore[arg-type]
                    or self._scheduled(expr, p))  # type: ignore[arg-type]
        if t is ast.comprehension and expr is p.iter:  # type: ignore[union-attr]
            return self._comprehension_target_contained(p, depth, seen)  # type: ignore[arg-type]
        if t is ast.Dict:
            return expr in p.values and self._value_contained(p, depth, seen)  # type: ignore[union-attr,operator,arg-type]
        if t in (ast.List, ast.Tuple, ast.Set):
            return isinstance(getattr(p, "ctx", ast.Load()), ast.Load) and self._value_contained(
                p,  # type: ignore[arg-type]
                depth,
                seen,
            )
        if t is ast.IfExp:
            return expr is not p.test and self._value_contained(p, depth, seen)  # type: ignore[union-attr,arg-type]
        if t is ast.Subscript:
            if expr is not p.value:  # type: ignore[union-attr]
                return False
            if not isinstance(p.ctx, ast.Load):  # type: ignore[union-attr]
                return True  # an item stored into it or deleted: nothing is read out
            # read out of a container that holds the value: the item read may be it
            return self._value_contained(p, depth, seen)  # type: ignore[arg-type]
        if t is ast.For and expr is p.iter:  # type: ignore[union-attr]
            # `for fn in FNS:`: each item is bound to the loop's target, read as it is
            return self._target_contained(p.target, p, depth, seen)  # type: ignore[union-attr,arg-type]
        if t is ast.Attribute:
            if p.attr == "__name__":  # type: ignore[union-attr]
                return True  # a function's name: a string, not the function
            return self._method_of_container(p, depth, seen)  # type: ignore[arg-type]
        if t is ast.Compare:
            return all(isinstance(op, (ast.Is, ast.IsNot)) for op in p.ops)  # type: ignore[union-attr]
        if t is ast.Assign:
            return expr is p.value and all(  # type: ignore[union-attr]
                self._target_contained(target, p, depth, seen)  # type: ignore[arg-type]
                for target in p.targets  # type: ignore[union-attr]
            )
        if t is ast.AnnAssign:
            return expr is p.value and self._target_contained(p.target, p, depth, seen)  # type: ignore[union-attr,arg-type]
        if t is ast.Return:
            return self._returned(p, depth, seen)  # type: ignore[arg-type]
        return False

    def _iterated_by_for(self, expr: ast.AST, call: ast.Call, depth: int, seen: set) -> bool:
        """`for a, b in zip(A, B):` (or `for i, b in enumerate(B):`) with Python's own `zip`
        / `enumerate`: `expr`'s items are bound to its element of the loop's target tuple,
        read as that name is."""
        loop = self._up(call)
        if not (isinstance(loop, ast.For) and loop.iter is call and not call.keywords
                and isinstance(loop.target, ast.Tuple)
                and isinstance(call.func, ast.Name) and self._builtin(call.func.id)):
            return False
        elts = loop.target.elts
        if call.func.id == "zip" and len(elts) == len(call.args):
            slot = call.args.index(expr)  # type: ignore[arg-type]
        elif call.func.id == "enumerate" and len(elts) == 2 and expr is call.args[0]:
            slot = 1
        else:
            return False
        return self._target_contained(elts[slot], loop, depth, seen)

    def _builtin(self, name: str) -> bool:
        """`name` is Python's builtin of that name: the module binds it nowhere."""
        self._wide = True  # (a read of the whole module: its answer is not kept across edits)
        bound = self._bound_names
        if bound is None:
            bound = self._bound_names = _bound_names(self.tree)
        return name not in bound

    def _lazy_caller(self, callee: ast.expr) -> bool:
        """`callee` is Python's own `map` or `filter` (a name the module never binds)."""
        return (isinstance(callee, ast.Name) and callee.id in _LAZY_CALLERS
                and self._builtin(callee.id))

    def _looks_only(self, callee: ast.expr) -> bool:
        """`callee` is a Python builtin that looks at a function without calling it, nor
        returning it (`callable`, `print`, `repr`: `jaxapi.NON_CALLING_BUILTINS`), a name
        the module never binds."""
        return (isinstance(callee, ast.Name) and callee.id in _LOOKING_BUILTINS
                and self._builtin(callee.id))

    def _tree_mapper(self, callee: ast.expr) -> bool:
        """`callee` names JAX's `tree_map`, which calls its function on the tree's leaves
        at the call only."""
        name = self.resolve(callee)
        return name is not None and jaxapi.HIGHER_ORDER.get(name) == "tree_map"

    def _wraps(self, callee: ast.expr) -> bool:
        """`callee` names a JAX wrapper or transform whose result only calls its function."""
        name = self.resolve(callee)
        if name is None:
            return False
        name = self.extra_transforms.get(name, name)
        spec = jaxapi.TRANSFORMS.get(name)
        if spec is not None:
            return spec.shape == "fn"
        return jaxapi.HIGHER_ORDER.get(name) in _WRAPPING_KINDS

    def _target_contained(self, target: ast.AST, stmt: ast.AST, depth: int, seen: set) -> bool:
        scope = self._scope_of(stmt)
        if isinstance(target, ast.Name):
            return self._name_contained(scope, target.id, depth, seen)
        if isinstance(target, ast.Attribute):
            return self._dead_self_attribute(target, scope)
        if isinstance(target, (ast.Tuple, ast.List)):
            # unpacked (`out, pullback = jax.vjp(f, x)`): each item is read as its name is
            return all(not isinstance(t, ast.Starred) and self._target_contained(
                t, stmt, depth, seen) for t in target.elts)
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            # stored as an item of a container: it is read where the container is
            return self._holds_displays(target.value.id) and self._name_contained(
                scope, target.value.id, depth, seen
            )
        if isinstance(target, ast.Subscript):  # `self.handlers[topic] = fn`
            return self._container_contained(target.value, depth, seen)
        return False

    def _holds_displays(self, name: str) -> bool:
        """Every binding of a variable `name` in the module is a dict, list or set display:
        storing into it calls no code (an object of a class could run any `__setitem__`)."""
        for node in self._mentioning(name):
            if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
                up = self._up(node)
                if not (
                    isinstance(up, (ast.Assign, ast.AnnAssign))
                    and node in (up.targets if isinstance(up, ast.Assign) else [up.target])
                    and isinstance(up.value, _DISPLAYS)
                ):
                    return False
            elif isinstance(node, (ast.arg, ast.alias)) and (
                getattr(node, "arg", None) == name or getattr(node, "asname", None) == name
            ):
                return False
        return True

    def _method_of_container(self, attr: ast.Attribute, depth: int, seen: set) -> bool:
        """`container.method(...)` of a container holding the value: a method of dicts,
        lists and sets that hands out none of its items, or one whose result is the item."""
        call = self._up(attr)
        if not (isinstance(call, ast.Call) and call.func is attr) or self.unresolved(call):
            return False
        if attr.attr in _ITEM_METHODS:
            return self._value_contained(call, depth, seen)
        return attr.attr in _ITEMLESS_METHODS

    def _stored_by_method(self, expr: ast.AST, call: ast.Call, depth: int, seen: set) -> bool:
        """`expr` is an argument of `name.append(...)` (or another method storing its
        arguments into the container `name` holds): contained as that name is."""
        f = call.func
        if not (
            isinstance(f, ast.Attribute)
            and f.attr in _FILLING_METHODS
            and (expr in call.args or any(k.value is expr for k in call.keywords))
            and not self.unresolved(call)
        ):
            return False
        if f.attr == "setdefault" and not self._value_contained(call, depth, seen):
            return False  # it returns the value stored
        if not isinstance(f.value, ast.Name):
            return self._container_contained(f.value, depth, seen)
        return self._holds_displays(f.value.id) and self._name_contained(
            self._scope_of(call), f.value.id, depth, seen
        )

    def _compared_by_method(self, expr: ast.AST, call: ast.Call, depth: int, seen: set) -> bool:
        """`expr` is the argument of `handlers.remove(fn)` (`discard`, `index`, `count`) of a
        container the module's own code fills (`_container_contained`): compared with its
        items, never called, never stored."""
        f = call.func
        return (isinstance(f, ast.Attribute) and f.attr in _COMPARING_METHODS
                and call.args == [expr] and not call.keywords
                and self._container_contained(f.value, depth, seen))

    def _container_contained(self, expr: ast.expr, depth: int, seen: set) -> bool:
        """`expr` is a container only the module's own code fills, whose every read keeps
        what it holds in sight: a name bound only to displays, an attribute of `self` holding
        one (`_attribute_contained`), or an entry of such a container (`bus[topic]`,
        `self.handlers.setdefault(topic, [])`), read as it is."""
        if isinstance(expr, ast.Name):
            return self._holds_displays(expr.id) and self._name_contained(
                self._scope_of(expr), expr.id, depth, seen)
        if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load):
            return self._container_contained(expr.value, depth, seen)
        if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
                and expr.func.attr == "setdefault" and len(expr.args) == 2
                and isinstance(expr.args[1], _DISPLAYS) and not self.unresolved(expr)):
            return self._container_contained(expr.func.value, depth, seen)
        if isinstance(expr, ast.Attribute) and isinstance(expr.ctx, ast.Load):
            return self._attribute_contained(expr, depth, seen)
        return False

    def _attribute_contained(self, node: ast.Attribute, depth: int, seen: set) -> bool:
        """`self.name` in a method of a plain module-level class whose objects stay in the
        module's code (`_instances_in_sight`), every store of an attribute `name` in the
        module being `self.name = <display>` (or `dict()`, `list()`, `set()`) in a method of
        that class, and every read of one, in code the analysis ran or the module's
        statements, keeping what it holds in sight: an event bus's table of handlers, read
        only by its own `emit` and `off`."""
        name = node.attr
        scope = self._scope_of(node)
        if not isinstance(node.value, ast.Name) or not isinstance(
                scope, (ast.FunctionDef, ast.AsyncFunctionDef)) or scope.decorator_list:
            return False
        params = scope.args.posonlyargs + scope.args.args
        cls = self._up(scope)
        if not params or params[0].arg != node.value.id or not self._plain_class(cls):
            return False
        key = (cls, "." + name)
        if key in seen:
            return True  # already being checked: its other reads decide
        seen.add(key)
        if (self._reads_attributes_by_computed_name() or self._named_by_string(name)
                or (name.startswith("__") and name.endswith("__"))
                or not self._instances_in_sight(cls)):  # type: ignore[arg-type]
            return False
        for n in self._mentioning(name):
            if not (isinstance(n, ast.Attribute) and n.attr == name):
                continue
            if self._never_runs(n):
                continue
            where = self._scope_of(n)
            if isinstance(n.ctx, ast.Store):
                up = self._up(n)
                if not (isinstance(up, ast.Assign) and up.targets == [n]
                        and self._fresh_container(up.value)
                        and isinstance(n.value, ast.Name)
                        and isinstance(where, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and self._up(where) is cls):
                    return False
                continue
            if not isinstance(n.ctx, ast.Load):
                return False
            if where is not None and not (isinstance(where, _FUNCS) and self.ran(where)):
                return False  # read by code the analysis did not interpret
            if not self._value_contained(n, depth, seen):
                return False
        return True

    def _fresh_container(self, expr: ast.expr) -> bool:
        """A display, or `dict()` / `list()` / `set()` of Python's own: a new empty container."""
        if isinstance(expr, _DISPLAYS):
            return True
        return (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name)
                and expr.func.id in ("dict", "list", "set") and not expr.args
                and not expr.keywords and self._builtin(expr.func.id))

    def _plain_class(self, cls: ast.AST | None) -> bool:
        """A module-level class with no decorator, metaclass or base but `object`, bound by
        its `class` statement alone, defining no `__getattr__` / `__getattribute__` /
        `__setattr__`: its methods are the functions its attributes name."""
        if not (isinstance(cls, ast.ClassDef) and self._up(cls) is self.tree
                and not cls.decorator_list and not cls.keywords
                and all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)):
            return False
        if any(isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name in (
                "__getattr__", "__getattribute__", "__setattr__") for st in cls.body):
            return False
        return sum(1 for st in self.tree.body if cls.name in _bound_names(st)) == 1

    def _handed_to_own_code(self, expr: ast.AST, call: ast.Call, depth: int,
                            seen: set) -> bool:
        """`expr` is an argument of `obj.method(...)`, `obj` a name bound only to objects of
        a plain class of the module (`_plain_class`, `_instances_in_sight`) and `method` a
        plain def of its body that the analysis ran: the value is the parameter it binds,
        contained where every read of that parameter keeps it in sight (an event bus's
        `on(topic, handler)` storing it in a table only its `emit` reads)."""
        f = call.func
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)):
            return False
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords):
            return False
        cls = self._instance_class(f.value.id)
        if cls is None:
            return False
        methods = [st for st in cls.body if f.attr in _bound_names(st)]
        if len(methods) != 1 or not isinstance(methods[0], (ast.FunctionDef,
                                                            ast.AsyncFunctionDef)):
            return False
        method = methods[0]
        if method.decorator_list or not self.ran(method) or any(
                isinstance(n, ast.Attribute) and n.attr == f.attr
                and not isinstance(n.ctx, ast.Load) for n in self._mentioning(f.attr)):
            return False  # (an instance attribute of that name may shadow it)
        a = method.args
        positional = [*a.posonlyargs, *a.args][1:]  # (`self`)
        if expr in call.args:
            i = call.args.index(expr)  # type: ignore[arg-type]
            if i >= len(positional):
                return False  # (into `*args`)
            param = positional[i].arg
        else:
            kw = next(k.arg for k in call.keywords if k.value is expr)
            names = [p.arg for p in (*a.args[1:], *a.kwonlyargs)]
            if kw not in names:
                return False  # (into `**kw`)
            param = kw  # type: ignore[assignment]
        return self._local_contained(method, param, depth, seen)

    def _instance_class(self, name: str) -> ast.ClassDef | None:
        """The plain class of the module (`_plain_class`) every binding of `name` in the
        module makes an object of (`name = Bus()`), its objects in sight; None otherwise."""
        classes: set[str] = set()
        for n in self._mentioning(name):
            if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
                up = self._up(n)
                if not (isinstance(up, ast.Assign) and up.targets == [n]
                        and isinstance(up.value, ast.Call)
                        and isinstance(up.value.func, ast.Name)):
                    return None
                classes.add(up.value.func.id)
            elif isinstance(n, (ast.arg, ast.alias)) and name in (
                    getattr(n, "arg", None), getattr(n, "asname", None), getattr(n, "name", None)):
                return None
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
                    n.name == name):
                return None
            elif isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names:
                return None
        if len(classes) != 1:
            return None
        (cls_name,) = classes
        found = [st for st in self.tree.body
                 if isinstance(st, ast.ClassDef) and st.name == cls_name]
        if len(found) != 1 or not self._plain_class(found[0]) or not self._instances_in_sight(
                found[0]):
            return None
        return found[0]

    def _scheduled(self, expr: ast.AST, call: ast.Call) -> bool:
        """`expr` is the action of `s.enter(delay, priority, action, ...)` (or `enterabs`) of
        a `sched.scheduler` the module keeps to itself (`_own_scheduler`), its event only
        handed to `s.cancel`: only `s.run()` calls it, which the interpreter follows
        (`python/schedulers.py`)."""
        f = call.func
        if not (isinstance(f, ast.Attribute) and f.attr in ("enter", "enterabs")
                and isinstance(f.value, ast.Name)):
            return False
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords):
            return False
        if not ((len(call.args) > 2 and call.args[2] is expr) or any(
                k.arg == "action" and k.value is expr for k in call.keywords)):
            return False
        name = f.value.id
        if not self._own_scheduler(name):
            return False
        up = self._up(call)
        if isinstance(up, ast.Expr):
            return True
        if not (isinstance(up, ast.Assign) and len(up.targets) == 1
                and isinstance(up.targets[0], ast.Name)):
            return False
        event = up.targets[0].id
        for n in self._mentioning(event):
            if isinstance(n, (ast.arg, ast.alias, ast.Global, ast.Nonlocal)):
                return False
            if not (isinstance(n, ast.Name) and n.id == event):
                continue
            if not isinstance(n.ctx, ast.Load):
                if n is not up.targets[0]:
                    return False  # (bound elsewhere: not only this event)
                continue
            cancel = self._up(n)
            if not (isinstance(cancel, ast.Call) and cancel.args == [n] and not cancel.keywords
                    and isinstance(cancel.func, ast.Attribute) and cancel.func.attr == "cancel"
                    and isinstance(cancel.func.value, ast.Name)
                    and cancel.func.value.id == name):
                return False
        return True

    def _own_scheduler(self, name: str) -> bool:
        """Every binding of `name` in the module is `name = sched.scheduler(...)`, and every
        read of it, in code the analysis ran or the module's statements, calls one of the
        methods the interpreter follows (`s.enter(...)`, `s.cancel(...)`, `s.run()`)."""
        bound = False
        for n in self._mentioning(name):
            if isinstance(n, (ast.arg, ast.alias, ast.Global, ast.Nonlocal)) or (
                    isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    and n.name == name):
                if name in (getattr(n, "arg", None), getattr(n, "asname", None),
                            getattr(n, "name", None), *getattr(n, "names", ())):
                    return False
            if not (isinstance(n, ast.Name) and n.id == name):
                continue
            if not isinstance(n.ctx, ast.Load):
                up = self._up(n)
                if not (isinstance(up, ast.Assign) and up.targets == [n]
                        and isinstance(up.value, ast.Call)
                        and self.resolve(up.value.func) == schedulers.CONSTRUCTOR):
                    return False
                bound = True
                continue
            if self._never_runs(n):
                continue
            where = self._scope_of(n)
            if where is not None and not (isinstance(where, _FUNCS) and self.ran(where)):
                return False
            attr = self._up(n)
            if not (isinstance(attr, ast.Attribute) and attr.attr in schedulers.METHODS):
                return False
            called = self._up(attr)
            if not (isinstance(called, ast.Call) and called.func is attr):
                return False
        return bound

    def _comprehension_target_contained(self, gen: ast.comprehension, depth: int,
                                        seen: set) -> bool:
        """`[fn(x) for fn in handlers]`: each item is bound to the comprehension's target
        name, contained where every read of it there is."""
        if not isinstance(gen.target, ast.Name):
            return False
        comp = self._up(gen)
        if not isinstance(comp, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            return False
        name = gen.target.id
        for n in iter_nodes(comp):
            if isinstance(n, ast.Name) and n.id == name:
                if not isinstance(n.ctx, ast.Load) and n is not gen.target:
                    return False  # (bound again)
                if isinstance(n.ctx, ast.Load) and not self._value_contained(n, depth, seen):
                    return False
            elif isinstance(n, _SCOPES) and n is not comp:
                if any(isinstance(m, ast.Name) and m.id == name for m in iter_nodes(n)):
                    return False  # captured
        return True

    def _name_contained(self, scope: ast.AST | None, name: str, depth: int, seen: set) -> bool:
        """The variable `name` as code in `scope` reads it keeps what it holds in sight."""
        if isinstance(scope, _FUNCS):
            if self._is_local(scope, name):
                return self._local_contained(scope, name, depth, seen)
            return self._global_contained(name, depth, seen)
        if isinstance(scope, ast.ClassDef):
            return self._class_attribute_contained(scope, name, depth, seen)
        return scope is None and self._global_contained(name, depth, seen)

    def _class_body(self, scope: ast.AST | None) -> bool:
        """`scope` is the body of a plain module-level class of a script: it runs where the
        module's statements make the class, as they do (`PATHS = {"legacy": legacy_path}`),
        and its objects stay in the module's code (`_script_class`)."""
        return isinstance(scope, ast.ClassDef) and self._script_class(scope)

    def _script_class(self, cls: ast.ClassDef) -> bool:
        """A module-level class of a script, with no decorator, metaclass or base but
        `object`, whose objects stay in the module's code (`_instances_in_sight`): only the
        module's code can read its attributes."""
        return (self.script and self._up(cls) is self.tree and not cls.decorator_list
                and not cls.keywords
                and all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)
                and self._instances_in_sight(cls))

    def _class_attribute_contained(self, cls: ast.ClassDef, name: str, depth: int,
                                   seen: set) -> bool:
        """The class attribute `name` its body binds (a state machine's table of paths,
        `PATHS = {...}`) keeps what it holds in sight: the class is plain (`_script_class`),
        nothing reads attributes by computed names nor names `name` by a string, and every
        read of an attribute `name` in the module (of any object: `self.PATHS.get(state)`,
        `Phase.PATHS[k]`), and of the name in the class body, is kept in sight in the
        module's statements or in code the analysis ran."""
        key = (cls, name)
        if key in seen:
            return True
        seen.add(key)
        if ((name.startswith("__") and name.endswith("__")) or not self._script_class(cls)
                or self._reads_attributes_by_computed_name() or self._named_by_string(name)):
            return False
        for node in self._mentioning(name):
            if isinstance(node, ast.Attribute) and node.attr == name:
                if isinstance(self._up(node), ast.AugAssign):
                    return False
                if not isinstance(node.ctx, ast.Load):
                    continue  # (a store reads nothing)
            elif not (isinstance(node, ast.Name) and node.id == name
                      and self._scope_of(node) is cls and isinstance(node.ctx, ast.Load)):
                continue
            if self._never_runs(node):
                continue
            scope = self._scope_of(node)
            if not (scope is None or scope is cls or (
                    isinstance(scope, _FUNCS) and self.ran(scope))):
                return False  # read by code the analysis did not interpret
            if not self._value_contained(node, depth, seen):
                return False
        return True

    def _is_local(self, func: ast.AST, name: str) -> bool:
        """`name` is a variable of `func` (bound there, not declared global), not a module
        global it reads or fills."""
        for node in iter_nodes(func):
            if isinstance(node, ast.Global) and name in node.names:
                return False
        args = func.args  # type: ignore[attr-defined]
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        if any(a is not None and a.arg == name for a in params):
            return True
        body = [func.body] if isinstance(func, ast.Lambda) else func.body  # type: ignore[attr-defined]
        for stmt in body:
            for node in iter_nodes(stmt):
                if (
                    isinstance(node, ast.Name)
                    and node.id == name
                    and not isinstance(node.ctx, ast.Load)
                    and self._scope_of(node) is func
                ):
                    return True
                if (
                    isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    and node.name == name
                ) or (isinstance(node, ast.alias) and (node.asname or node.name) == name):
                    return True  # a nested def, a class, an import
        return False

    def _global_contained(self, name: str, depth: int, seen: set) -> bool:
        """Every read of the module-level variable `name` keeps what it holds in sight, and
        no code outside the module can read it (see the module's docstring)."""
        key = (None, name)
        if key in seen:
            return True  # already being checked: its other reads decide
        seen.add(key)
        if (
            (name.startswith("__") and name.endswith("__"))
            or (self.importable and not name.startswith("_"))  # exported
            # a string naming it is a read by name (`__all__`, `getattr(m, "name")` from
            # outside) unless the module is a script file: no import names it, so only its
            # own namespace read by computed names (below) could look the string up
            or (not self.script and self._named_by_string(name))
            or self._reads_module_namespace()
        ):
            return False
        for node in self._mentioning(name):
            if not (isinstance(node, ast.Name) and node.id == name):
                continue
            if isinstance(node.ctx, ast.Load):
                if self._never_runs(node):
                    continue
                scope = self._scope_of(node)
                if scope is not None and not (isinstance(scope, _FUNCS) and self.ran(scope)):
                    return False  # read by code the analysis did not interpret
                if not self._value_contained(node, depth, seen):
                    return False
            elif isinstance(self._up(node), ast.AugAssign):
                return False  # `name += ...` reads it
        return True

    def _reads_module_namespace(self) -> bool:
        """The module reads its names by computed names (`globals()`, `sys.modules`...)."""
        self._wide = True
        if self._namespace_read is None:
            self._namespace_read = False
            for word in _NAMESPACE_READS:
                for n in self._mentioning(word):
                    if (
                        (isinstance(n, ast.Name) and n.id == word)
                        or (isinstance(n, ast.Attribute) and n.attr == word)
                        or (isinstance(n, ast.alias) and word in n.name.split("."))
                    ):
                        self._namespace_read = True
        return self._namespace_read

    def _local_contained(self, func: ast.AST, name: str, depth: int, seen: set) -> bool:
        """Every read of the local `name` of `func` keeps what it holds in sight."""
        key = (func, name)
        if key in seen:
            return True  # already being checked: its other reads decide
        seen.add(key)
        body = func.body if isinstance(func, ast.Lambda) else func.body  # type: ignore[attr-defined]
        stmts = [body] if isinstance(body, ast.AST) else body
        for stmt in stmts:
            for node in iter_nodes(stmt):
                if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                    return False
                if not (isinstance(node, ast.Name) and node.id == name):
                    continue
                if self._scope_of(node) is not func and not self._ran_inside(
                        self._scope_of(node), func):
                    return False  # captured by a nested function or class
                if isinstance(node.ctx, ast.Load) and not self._never_runs(node) and (
                        not self._value_contained(node, depth, seen)):
                    return False
        return True

    def _ran_inside(self, scope: ast.AST | None, func: ast.AST) -> bool:
        """Whether `scope`, a function nested in `func` (at any depth), is one the analysis
        ran that only `func`'s own code calls: each function between them an undecorated
        def or lambda that stays in the function making it (`_stays_in_maker`). A read of
        `func`'s local there is then seen each time it runs (`body` a `lax.scan` in `func`
        runs, calling `step = STEPPERS[method]`)."""
        while scope is not func:
            if not isinstance(scope, _FUNCS) or not self.ran(scope):
                return False
            maker = self._scope_of(scope)
            if maker is None or not self._stays_in_maker(scope, maker):
                return False
            scope = maker
        return True

    def _stays_in_maker(self, fn: ast.AST, maker: ast.AST) -> bool:
        """Whether the function `fn` made in the function `maker` is only called there: an
        undecorated def whose name `maker` reads only as a call's callee or as the function
        a JAX loop, branch or map of its own applies at once (`lax.scan(body, ...)`,
        `lax.cond`: `_called_at_once`), never captured deeper; a lambda in such a place."""
        if isinstance(fn, ast.Lambda):
            return self._called_at_once(fn)
        if fn.decorator_list or not self._is_local(maker, fn.name):  # type: ignore[attr-defined]
            return False
        name = fn.name  # type: ignore[attr-defined]
        for node in iter_nodes(maker):
            if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                return False
            if isinstance(node, ast.Name) and node.id == name:
                if self._scope_of(node) is not maker:
                    return False
                if isinstance(node.ctx, ast.Store) or (
                        isinstance(node.ctx, ast.Load) and not self._called_at_once(node)):
                    return False
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
                    node is not fn and node.name == name):
                return False
        return True

    def _called_at_once(self, expr: ast.AST) -> bool:
        """`expr` (a function) is called where it is read: the callee of a call the
        interpreter resolved, or the function argument of a JAX loop, branch or map that
        calls it before returning data (`_CALLS_AT_ONCE`)."""
        call = self._up(expr)
        if not isinstance(call, ast.Call) or self.unresolved(call):
            return False
        if expr is call.func:
            return True
        return expr in call.args and jaxapi.HIGHER_ORDER.get(
            self.resolve(call.func) or "") in _CALLS_AT_ONCE

    def _returned(self, ret: ast.Return, depth: int, seen: set) -> bool:
        """The value is returned: contained when its function is a module-level function
        only the module calls, and every call's result keeps it in sight."""
        func = self._scope_of(ret)
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and self._class_body(
                self._up(func)):
            return self._method_returned(func, depth, seen)
        if (
            depth >= _MAX_RETURNS
            or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
            or self._up(func) is not self.tree
            or func.decorator_list
            or self.is_root(func)
            or self._named_by_string(func.name)  # exported by name (`__all__`), looked up
        ):
            return False
        if any(
            isinstance(n, (ast.Yield, ast.YieldFrom)) and self._scope_of(n) is func
            for n in iter_nodes(func)
        ):
            return False  # a generator: its callers get a generator, not the value
        mentions = self._loads(func.name)
        if not mentions:
            return False
        for m in mentions:
            if self._never_runs(m):
                continue
            call = self._up(m)
            if not (isinstance(call, ast.Call) and call.func is m):
                return False
            if self.unresolved(call) or not self._value_contained(call, depth + 1, seen):
                return False
        return True

    def _method_returned(self, func: ast.FunctionDef | ast.AsyncFunctionDef, depth: int,
                         seen: set) -> bool:
        """The value is returned by a method of a plain class (`_script_class`: a state
        machine's `evaluator()` picking a path from its table): contained when the method is
        undecorated, no generator, named by no string, nothing reads attributes by computed
        names, and every mention of an attribute of its name in the module is a call whose
        result keeps it in sight, in the module's statements or in code the analysis ran."""
        name = func.name
        if (depth >= _MAX_RETURNS or func.decorator_list or self.is_root(func)
                or (name.startswith("__") and name.endswith("__"))
                or self._named_by_string(name) or self._reads_attributes_by_computed_name()
                or any(isinstance(n, (ast.Yield, ast.YieldFrom)) and self._scope_of(n) is func
                       for n in iter_nodes(func))):
            return False
        called = False
        for m in self._mentioning(name):
            if isinstance(m, ast.Name) and m.id == name and not isinstance(m.ctx, ast.Load):
                return False  # (bound again somewhere)
            if not (isinstance(m, ast.Attribute) and m.attr == name):
                continue
            if self._never_runs(m):
                continue
            call = self._up(m)
            if not (isinstance(call, ast.Call) and call.func is m) or self.unresolved(call):
                return False
            scope = self._scope_of(call)
            if not (scope is None or (isinstance(scope, _FUNCS) and self.ran(scope))
                    or self._class_body(scope)):
                return False  # called by code the analysis did not interpret
            if not self._value_contained(call, depth + 1, seen):
                return False
            called = True
        return called

    def _dead_self_attribute(self, target: ast.Attribute, scope: ast.AST | None) -> bool:
        """`self.name = ...` in a method of a plain class, and nothing in the module reads an
        attribute `name`: the object's other users are outside, as those of an unread
        module-level name."""
        name = target.attr
        if (
            self._reads_attributes_by_computed_name()
            or self._attribute_read(name)
            or self._named_by_string(name)
            or (name.startswith("__") and name.endswith("__"))
            or not isinstance(target.value, ast.Name)
            or not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
            or scope.decorator_list
        ):
            return False
        params = scope.args.posonlyargs + scope.args.args
        if not params or params[0].arg != target.value.id:
            return False
        cls = self._up(scope)
        return (
            isinstance(cls, ast.ClassDef)
            and not cls.decorator_list
            and not cls.keywords
            and all(isinstance(b, ast.Name) and b.id == "object" for b in cls.bases)
            and self._instances_in_sight(cls)
        )

    def _instances_in_sight(self, cls: ast.ClassDef) -> bool:
        """No object of `cls` reaches code that could read its attributes by name: the
        module makes them all (`C(...)`; the class is mentioned nowhere else: no subclass,
        no factory), holds them only in names it reads attributes of, and its methods use
        their first parameter only to read attributes (never hand `self` on)."""
        self._wide = True
        known = self._classes.get(cls)
        if known is None:
            known = self._classes[cls] = (
                self._up(cls) is self.tree
                and all(self._only_attributes_read(call) for call in self._instantiations(cls.name))
                and bool(self._loads(cls.name))
                and all(self._self_only_attributes(m) for m in cls.body if isinstance(m, _FUNCS))
            )
        return known

    def _instantiations(self, name: str) -> list[ast.AST]:
        """The calls of the class `name`; a mention that is not one stands for a call the
        analysis does not see (the module itself, as a marker that it escapes)."""
        calls: list[ast.AST] = []
        for m in self._loads(name):
            call = self._up(m)
            calls.append(call if isinstance(call, ast.Call) and call.func is m else self.tree)
        return calls

    def _only_attributes_read(self, made: ast.AST) -> bool:
        """The object `made` evaluates to is discarded, or only has attributes read."""
        p = self._up(made)
        if isinstance(p, ast.Expr) or (
            isinstance(p, ast.Attribute) and p.value is made and p.attr != "__class__"
        ):
            return True
        if not (isinstance(p, ast.Assign) and p.value is made):
            return False
        for target in p.targets:
            if not isinstance(target, ast.Name):
                return False
            for load in self._loads(target.id):
                up = self._up(load)
                if not (isinstance(up, ast.Attribute) and up.value is load):
                    return False
        return True

    def _self_only_attributes(self, method: ast.AST) -> bool:
        """A method (no decorator but `property`) reads only attributes of its first
        parameter."""
        if isinstance(method, ast.Lambda):
            return False
        if any(
            not (isinstance(d, ast.Name) and d.id == "property")
            for d in method.decorator_list  # type: ignore[attr-defined]
        ):
            return False
        params = method.args.posonlyargs + method.args.args  # type: ignore[attr-defined]
        if not params:
            return True
        me = params[0].arg
        for node in iter_nodes(method):
            if isinstance(node, ast.Name) and node.id == me and isinstance(node.ctx, ast.Load):
                up = self._up(node)
                if not (
                    isinstance(up, ast.Attribute) and up.value is node and up.attr != "__class__"
                ):
                    return False
        return True


#: builtins that call their first argument on the items of the others, and nothing else
_LAZY_CALLERS = frozenset({"map", "filter"})
#: Python's builtins that look at a function, never calling nor returning it (`vars` hands
#: out an object's attributes, which may hold it)
_LOOKING_BUILTINS = frozenset(
    n.removeprefix("builtins.") for n in jaxapi.NON_CALLING_BUILTINS) - {"vars"}
#: the kinds of `jaxapi.HIGHER_ORDER` that call the functions they are given before they
#: return, giving data (never a function that calls them later)
_CALLS_AT_ONCE = frozenset({"scan", "fori_loop", "while_loop", "cond", "switch", "map"})


def _bound_names(tree: ast.AST) -> frozenset[str]:
    """Every name a module binds anywhere (a def, a class, an assignment, an import, a
    parameter): a builtin's name among them may not be the builtin."""
    out: set[str] = set()
    for n in iter_nodes(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.alias):
            out.add((n.asname or n.name).partition(".")[0])
        elif isinstance(n, ast.arg):
            out.add(n.arg)
    return frozenset(out)


def importable_module(path: str | None) -> bool:
    """Whether an import statement can name the module at `path`: a `.py` file whose name is
    an identifier (what `import name` and the workspace's resolution look for). A file named
    `9029_fit.py` or `fit-v2.py`, a notebook, an unsaved buffer runs only as a script: no
    other code reaches its names."""
    if not path:
        return False
    name = path.replace("\\", "/").rpartition("/")[2]
    stem, dot, suffix = name.rpartition(".")
    return bool(dot) and suffix == "py" and stem.isidentifier() and not keyword.iskeyword(stem)


def script_file(path: str | None) -> bool:
    """Whether `path` is a Python file on disk that no import can name (`9029_fit.py`,
    `fit-v2.py`): it runs only as a script, so a function it defines runs only if its own
    code calls it. Not a buffer without a file nor a notebook: code still being written,
    whose functions are there to be called by cells or code to come."""
    if not path or importable_module(path):
        return False
    name = path.replace("\\", "/").rpartition("/")[2]
    stem, dot, suffix = name.rpartition(".")
    return bool(dot) and bool(stem) and suffix == "py"


def _blocks(st: ast.AST) -> list[tuple[ast.AST, list[ast.stmt]]]:
    """The blocks of statements a compound statement holds, with the node holding each (the
    statement, an `except` handler, a `case`)."""
    out: list[tuple[ast.AST, list[ast.stmt]]] = []
    for name in ("body", "orelse", "finalbody"):
        b = getattr(st, name, None)
        if isinstance(b, list) and b and isinstance(b[0], ast.stmt):
            out.append((st, b))
    for h in getattr(st, "handlers", ()):
        out.append((h, h.body))
    for c in getattr(st, "cases", ()):
        out.append((c, c.body))
    return out


def _word_starts(text: str, word: str) -> list[int]:
    """Where `word` occurs in `text` as a whole word (as `\\b` would find it).

    The pattern starts with the word itself, not with `\\b`, so that `re` searches for its
    literal prefix: about 25x faster on a 20,000-line module, and the escape analysis asks
    for every module-level name that may hold a function. A match that follows a word
    character is no word; as `word` is all word characters, no other match starts inside it."""
    if not word or not all(c.isalnum() or c == "_" for c in word):  # `sys.modules`
        return [m.start() for m in re.finditer(rf"\b{re.escape(word)}\b", text)]
    starts = []
    for m in re.finditer(rf"{re.escape(word)}\b", text):
        i = m.start()
        before = text[i - 1] if i else ""
        if not (before.isalnum() or before == "_"):
            starts.append(i)
    return starts

