"""An abstract interpreter over a module's AST that tracks tangents.

It runs the module body, then every function as an entry point with unknown arguments. When it
meets a differentiation transform applied to a function, it creates a `Level` and calls the
function with arguments that carry it; calls go through user functions (memoised per abstract
arguments), JAX's higher-order functions (as described in `jaxapi`), and custom derivative rules
with their mode semantics. A host callback whose operands carry a level's tangent becomes a
finding, with the path from the transform to the callback.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import dataclasses
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jax_lsp.analysis import apitable, jaxapi, nnx_filters, sharing
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.jaxapi import FORWARD, REVERSE, TRANSPOSE
from jax_lsp.analysis.limits import Limit
from jax_lsp.analysis.pytree_fields import aux_only_attributes, flatten_aux_attributes
from jax_lsp.analysis.scopes import comprehension_info, compute_scope
from jax_lsp.analysis.values import (
    EMPTY,
    MAYBE_NONE,
    NOCONST,
    UNKNOWN,
    Api,
    ArrayMethod,
    BatchedBy,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    FuncInfo,
    Instance,
    LazyName,
    Level,
    LinenApply,
    LoopTangent,
    ModuleInfo,
    Partial,
    Pullback,
    RuleSetter,
    SuperOf,
    TangentOf,
    Transformed,
    UserModule,
    Value,
    Wrapper,
    add_mark,
    add_mark_to_arrays,
    derived,
    inherit_marks,
    is_python_number,
    join,
    kill,
    strip_marks,
)
from jax_lsp.analysis.workspace import Workspace
from jax_lsp.codes import RULES

_BUILTINS = frozenset(dir(builtins))
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: the deepest chain of calls into user functions followed (a deeper call's result is unknown);
#: JAX itself has no such limit. `Interpreter.run` makes room for it in Python's recursion limit
_MAX_DEPTH = 1000
#: Python frames an analysis may stack: about 6 per call level, and expression nesting
_RECURSION_LIMIT = 20_000
_MAX_LOOP = 3
_MAX_MODULES = 64
_MAX_ITEMS = 64
_MAX_CONTEXTS = 24
_MAX_CONTEXTS_FREE = 6
_MAX_DEPTH_ITEMS = 4

#: the root of findings that come from interpreting the module's own statements
MODULE_ROOT = "<module>"


@dataclass
class RootEffects:
    """What interpreting one entry point did besides finding: the functions it entered (they
    are then not entry points of their own) and the transformed functions it called (by the
    node that created them: they have not escaped)."""

    entered: set[ast.AST] = field(default_factory=set)
    called: set[ast.AST] = field(default_factory=set)


@dataclass(frozen=True)
class _SharedCall:
    """One interpretation shared by calls whose levels differ (see `sharing`): its result,
    its levels (in rank order), the findings it emitted and the functions it entered."""

    result: Value
    levels: tuple[Level, ...]
    emitted: tuple[tuple[str, Span], ...]
    entered: frozenset[ast.AST]


@dataclass
class _MayDifferentiate:
    """`Interpreter._may_differentiate`'s state between calls."""

    idents: dict[FuncInfo, frozenset[str]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)
    interesting: set[FuncInfo] = field(default_factory=set)
    #: the functions not (yet) interesting
    rest: list[FuncInfo] = field(default_factory=list)


def statement_start(stmt: ast.stmt) -> int:
    """The first line of a statement, its decorators included."""
    decorators = getattr(stmt, "decorator_list", None)
    if decorators:
        return min(stmt.lineno, *(d.lineno for d in decorators))
    return stmt.lineno


@dataclass(frozen=True, slots=True)
class Ctx:
    """What surrounds the code being interpreted (part of the memo key)."""

    #: levels whose custom rule we are inside: other levels reaching a callback here are
    #: second-order uses of the rule
    rule_levels: frozenset = EMPTY
    #: levels whose tangents do not reach callbacks here (custom_root / linear solvers)
    mask: frozenset = EMPTY
    #: reverse levels that differentiate an enclosing jax.checkpoint
    checkpoint_levels: frozenset = EMPTY
    #: the callback runs under vmap (a Level whose tangents are batched, or jax.vmap)
    vmapped: bool = False
    #: inside a flax linen module's apply: the tangents of its variables, which every
    #: submodule it builds reads its parameters from
    module_tan: frozenset = EMPTY
    #: inside jit: every JAX operation is staged, so its result is a tracer even when its
    #: operands are constants (`jnp.int32(1)` is then no static loop bound)
    jitted: bool = False
    #: inside a function JAX stages out (jit, vmap, checkpoint, lax control flow, transpose):
    #: a value derived from a tracer is not concrete here (eager grad/jvp tracers are)
    staged: bool = False
    #: inside `jax.make_jaxpr` / `jax.eval_shape`: traced, never lowered nor run
    trace_only: bool = False


class Scope:
    __slots__ = ("func", "module", "parent", "vars")

    def __init__(self, func: FuncInfo | None, parent: Scope | None, module: Scope | None) -> None:
        self.vars: dict[str, Value] = {}
        self.func = func
        self.parent = parent
        self.module = module if module is not None else self


class BudgetExhausted(Exception):
    """The interpreter did as much work as it may for one module."""


@dataclass
class Args:
    pos: list[Value]
    kw: dict[str, Value]
    #: the AST node of each positional argument / keyword, for operand ranges
    pos_nodes: list[ast.AST | None]
    kw_nodes: dict[str, ast.AST]
    #: unknown extra positional / keyword arguments (`*xs` / `**kw` of unknown shape)
    star: Value | None = None
    dstar: Value | None = None

    @classmethod
    def of(cls, *pos: Value, **kw: Value) -> Args:
        return cls(list(pos), dict(kw), [None] * len(pos), {})

    def all_values(self) -> list[Value]:
        vals = self.pos + list(self.kw.values())
        if self.star is not None:
            vals.append(self.star)
        if self.dstar is not None:
            vals.append(self.dstar)
        return vals

    def get(self, index: int, name: str | None = None) -> Value | None:
        if name is not None and name in self.kw:
            return self.kw[name]
        if index < len(self.pos):
            return self.pos[index]
        return None


class Interpreter:
    def __init__(
        self,
        tree: ast.Module,
        lines: list[str],
        extra_callbacks: frozenset[str] = EMPTY,
        extra_transforms: dict[str, str] | None = None,
        path: str | None = None,
        workspace: Workspace | None = None,
        skip: frozenset[ast.stmt] | set[ast.stmt] = frozenset(),
        known_roots: dict[ast.AST, RootEffects] | None = None,
        ident_cache: dict[str, frozenset[str]] | None = None,
    ) -> None:
        self.tree = tree
        self.main = ModuleInfo(path, lines, is_main=True)
        self.module = self.main
        self.workspace = workspace
        #: modules imported from the workspace, by path (None while loading: import cycles)
        self.modules: dict[Path, ModuleInfo | None] = {}
        self.extra_callbacks = extra_callbacks
        self.extra_transforms = extra_transforms or {}
        self.findings: dict[tuple[str, Span], Finding] = {}
        self.stack: list[PathStep] = []
        self.ctx = Ctx()
        self.memo: dict[tuple, Value] = {}
        self.in_progress: set[tuple] = set()
        self.func_infos: dict[ast.AST, FuncInfo] = {}
        self.entered: set[FuncInfo] = set()
        self.closures_seen: dict[FuncInfo, Closure] = {}
        self.method_self: dict[FuncInfo, Value] = {}
        #: the class each method is defined in (for `super()`)
        self.method_class: dict[FuncInfo, ClassObj] = {}
        self.module_scope = Scope(None, None, None)
        #: statements interpreted so far, and the most we interpret (a safety net: the
        #: analysis must answer even on pathological code)
        self.steps = 0
        self.budget = max(200_000, 40 * len(lines))
        self.incomplete = False
        #: interpretations per function, their joined results, and how many differentiation
        #: levels enclose the code being interpreted
        self.interpretations: dict[FuncInfo, int] = {}
        self.summaries: dict[FuncInfo, Value] = {}
        #: the computation each level was created in: the module's statements (MODULE_ROOT),
        #: one entry point, or one application of an escaped transformed function
        self._level_group: dict[Level, object] = {}
        self._group: object = MODULE_ROOT
        self.level_depth = 0
        self.main.scope = self.module_scope
        self.depth = 0
        self.levels: list[Level] = []
        #: one LoopTangent per (loop call, level): a loop body re-run in a fixpoint reuses it
        self.loop_tangents: dict[tuple[ast.AST, Level], LoopTangent] = {}
        self.transformed_created: dict[Transformed, ast.AST] = {}
        self.transformed_called: set[Transformed] = set()
        #: the calls of builtins that never call their arguments a transformed function was
        #: passed to (it does not escape through them)
        self.transformed_inspected: dict[Transformed, set[ast.AST]] = {}
        #: the identifiers in each function's text, by that text (shared between the analyses
        #: of successive versions of a module)
        self.identifiers: dict[str, frozenset[str]] = (
            ident_cache if ident_cache is not None else {}
        )
        self.main_identifiers: dict[str, int] | None = None
        # -- roots, for incremental re-analysis (see `incremental`) --
        #: the computation being interpreted: MODULE_ROOT (the module's own statements) or the
        #: node of the function analysed as an entry point
        self.root: object = MODULE_ROOT
        #: the roots each finding came from (also through memoised calls), and what each entry
        #: point did that changes what else is analysed
        self.finding_roots: dict[tuple[str, Span], set[object]] = {}
        self.effects: dict[object, RootEffects] = {}
        #: entry points known from an earlier analysis of this module, to be skipped (their
        #: findings and effects are known) when in one of the `skip` top-level statements;
        #: and those actually skipped
        self.skip = skip
        self.known_roots = known_roots or {}
        self.skipped: set[ast.AST] = set()
        self._called_nodes: set[ast.AST] = set()
        self._effects = RootEffects()
        self._emitted: list[tuple[str, Span]] = []
        self._memo_emits: dict[tuple, tuple[int, int]] = {}
        #: interpretations shared between calls that differ only in their levels (see
        #: `sharing`), and the functions of this module entered, in order
        self.shared_memo: dict[tuple, _SharedCall] = {}
        #: stores into globals and object attributes (state a shared result does not carry)
        self._outer_writes = 0
        self._entered_log: list[ast.AST] = []
        self._created_root: dict[Transformed, object] = {}
        self._top_starts: list[int] | None = None
        self._md = _MayDifferentiate()
        #: where paths ended (`limits`), recorded only when this is a list: see `note_limit`
        self.limits: list[Limit] | None = None
        #: how often each name is subscripted in the analysed module (`_dead_at_module_level`)
        self._subscripted: dict[str, int] | None = None

    # ---------------------------------------------------------------------- driver

    def run(self) -> list[Finding]:
        limit = sys.getrecursionlimit()
        if limit < _RECURSION_LIMIT:
            sys.setrecursionlimit(_RECURSION_LIMIT)
        try:
            self._run()
        except BudgetExhausted:
            self.incomplete = True
        except RecursionError:
            self.incomplete = True
            if self.limits is not None:
                self.limits.append(
                    Limit(1, 0, "Python's recursion limit was reached: the analysis stopped early")
                )
        finally:
            if limit < _RECURSION_LIMIT:
                sys.setrecursionlimit(limit)
        return list(self.findings.values())

    def release(self) -> None:
        """Drop what the analysis built. Its scopes and closures refer to each other, so
        without this only the cyclic collector frees them, with the whole tree they hold, and
        walks every object allocated since it was paused to find them."""
        for module in (self.main, *(m for m in self.modules.values() if m is not None)):
            if module.scope is not None:
                module.scope.vars.clear()
        self.__dict__.clear()

    def _run(self) -> None:
        self.exec_block(self.tree.body, self.module_scope)
        # every function is also an entry point: its parameters are unknown and tangent-free
        while True:
            interesting = self._may_differentiate()
            todo = [
                c
                for f, c in self.closures_seen.items()
                if f not in self.entered and f in interesting
            ]
            for closure in todo:
                self.entered.add(closure.func)
                root = closure.func.node
                known = self.known_roots.get(root)
                if known is not None and self.top_statement(root) in self.skip:
                    # what it did last time, it would do again: it reaches no changed code
                    self.skipped.add(root)
                    self.effects[root] = known
                    self.entered.update(self.info(n) for n in known.entered)
                    self._called_nodes |= known.called
                    continue
                self._begin_root(root)
                args = self._entry_args(closure)
                self.call_closure(closure, args, None, label=None)
            if not self._apply_escaped_transforms() and not todo:
                break

    def top_statement(self, node: ast.AST) -> object:
        """The top-level statement of the analysed module that holds `node` (MODULE_ROOT if
        none does)."""
        body = self.tree.body
        if self._top_starts is None:
            self._top_starts = [statement_start(s) for s in body]
        i = bisect.bisect_right(self._top_starts, node.lineno) - 1  # type: ignore[attr-defined]
        if i >= 0 and node.lineno <= body[i].end_lineno:  # type: ignore[attr-defined,operator]
            return body[i]
        return MODULE_ROOT

    def _begin_root(self, root: object) -> None:
        self.root = root
        self._group = object()
        self._effects = self.effects.setdefault(root, RootEffects())

    def _may_differentiate(self) -> set[FuncInfo]:
        """The functions whose text may, directly or through other functions of this module,
        apply a differentiation transform. Only they need interpreting as entry points: a
        finding always starts at a transform. A cheap textual over-approximation, grown from
        one call to the next (functions seen since, names bound to transforms since)."""
        names = set(jaxapi.TRANSFORM_SHORT_NAMES)
        names.update(q.rpartition(".")[2] for q in self.extra_transforms)
        for name, v in self.module_scope.vars.items():
            if any(
                (
                    isinstance(f, Api)
                    and self.extra_transforms.get(f.name, f.name) in jaxapi.TRANSFORMS
                )
                or isinstance(f, Transformed)
                for f in v.fns
            ) or _transformed_items(v):
                names.add(name)
        md = self._md
        new_funcs = [
            f for f in self.closures_seen if f.module is self.main and f not in md.idents
        ]
        for f in new_funcs:
            md.idents[f] = self._identifiers_of(f.node)
        interesting = md.interesting
        # the functions not yet interesting were checked against the names known then: check
        # them against the names added since, and the new functions against all
        frontier = names - md.names
        todo = [(f, frontier) for f in md.rest] + [(f, names) for f in new_funcs]
        md.names = names
        rest: list[FuncInfo] = []
        while True:
            added: set[str] = set()
            for f, against in todo:
                if md.idents[f].isdisjoint(against):
                    rest.append(f)
                else:
                    interesting.add(f)
                    if f.name not in names:
                        added.add(f.name)
            if not added:
                break
            names |= added
            todo = [(f, added) for f in rest]
            rest = []
        md.rest = rest
        interesting.update(f for f in rest if self._calls_local_transform(f))
        return interesting

    def _calls_local_transform(self, f: FuncInfo) -> bool:
        """`f` names a variable of an enclosing function bound to a transform or a transformed
        function (`dfn = grad(g)` then `lambda: dfn(3)` passed to an unknown callee): the module
        level names `_may_differentiate` knows do not cover it."""
        closure = self.closures_seen.get(f)
        scope = closure.scope if closure is not None else None
        idents = self._md.idents.get(f)
        while idents and scope is not None and scope is not scope.module:
            for name in idents & scope.vars.keys():
                if any(
                    isinstance(fn, Transformed)
                    or (
                        isinstance(fn, Api)
                        and self.extra_transforms.get(fn.name, fn.name) in jaxapi.TRANSFORMS
                    )
                    for fn in scope.vars[name].fns
                ):
                    return True
            scope = scope.parent
        return False

    def _identifiers_of(self, node: ast.AST) -> frozenset[str]:
        lines = self.main.lines
        text = "\n".join(lines[node.lineno - 1 : node.end_lineno])  # type: ignore[attr-defined]
        ids = self.identifiers.get(text)
        if ids is None:
            ids = self.identifiers[text] = frozenset(_IDENT.findall(text))
        return ids

    def _apply_escaped_transforms(self) -> bool:
        """A transformed function this module never calls, but that leaves its view (returned
        by a factory, passed to an unknown function, exported), is made to be called elsewhere:
        apply it to unknown arguments, as its caller will. One only bound to a module-level name
        that nothing else mentions is dead code: JAX never runs it, so neither do we. False when
        there was none."""
        # which module-level names hold each transformed function: one pass over the module's
        # names, not one per transformed function (a module of thousands of both was quadratic)
        names_of: dict[Transformed, list[str]] = {}
        held_by: dict[Transformed, list[str]] = {}
        for name, value in self.module_scope.vars.items():
            for fn in _transformed_in(value.fns):
                names_of.setdefault(fn, []).append(name)
            for fn in _transformed_items(value):
                held_by.setdefault(fn, []).append(name)
        escaped = [
            (tf, node)
            for tf, node in self.transformed_created.items()
            if tf not in self.transformed_called
            and node not in self._called_nodes
            and not self._dead_at_module_level(tf, names_of.get(tf, []), held_by.get(tf, []))
        ]
        self.transformed_called.update(tf for tf, _ in self.transformed_created.items())
        for tf, node in escaped:
            self._begin_root(self._created_root.get(tf, MODULE_ROOT))
            n = 0
            for f in tf.fun.fns:
                if isinstance(f, Closure):
                    a = f.func.node.args
                    n = max(n, len(a.posonlyargs) + len(a.args) - len(f.defaults))
                    if self.method_self.get(f.func) is not None:
                        n -= 1
            if tf.argnums:
                n = max(n, max(tf.argnums) + 1)
            self.call_transformed(tf, Args([UNKNOWN] * n, {}, [None] * n, {}), node)
        return bool(escaped)

    def _dead_at_module_level(self, tf: Transformed, names: list[str], held: list[str]) -> bool:
        """Whether the module-level `names` of a transformed function and the module-level
        containers that `held` it are all it has, each name mentioned once (its binding) and
        each container only subscripted (`registry[key]`: every such read is interpreted, as
        the names of such containers make their readers interesting): nothing calls it."""
        if not names and not held:
            return False
        if self.main_identifiers is None:
            counts: dict[str, int] = {}
            for ident in _IDENT.findall("\n".join(self.main.lines)):
                counts[ident] = counts.get(ident, 0) + 1
            self.main_identifiers = counts
        if held and self._subscripted is None:
            self._subscripted = {}
            for n in ast.walk(self.tree):
                if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
                    self._subscripted[n.value.id] = self._subscripted.get(n.value.id, 0) + 1
        # its uses as an argument of a builtin that never calls it (`callable(g)`, `print(g)`)
        inspected = len(self.transformed_inspected.get(tf, ()))
        return all(
            self.main_identifiers.get(name, 0) <= 1 + inspected for name in names
        ) and all(
            self.main_identifiers.get(name, 0) <= 1 + (self._subscripted or {}).get(name, 0)
            for name in held
        )

    def _entry_args(self, closure: Closure) -> Args:
        """Arguments for a function analysed on its own: unknown values for the parameters
        without defaults; parameters with defaults take them, as most calls do."""
        a = closure.func.node.args
        n = len(a.posonlyargs) + len(a.args) - len(closure.defaults)
        self_value = self.method_self.get(closure.func)
        pos = [UNKNOWN] * n
        if self_value is not None and n:
            pos[0] = self_value
        given = dict(closure.kw_defaults)
        kw = {k.arg: UNKNOWN for k in a.kwonlyargs if k.arg not in given}
        return Args(pos, kw, [None] * n, {})

    # ---------------------------------------------------------------------- limits

    def note_limit(self, node: ast.AST, why: str) -> None:
        """Record that a path ends at `node` (only called when `limits` is a list)."""
        assert self.limits is not None
        line = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0)
        path = None if self.module.is_main else self.module.path
        self.limits.append(Limit(line, self._char_col(line, col), why, path))

    def note_limit_call(self, node: ast.AST, args: Args, why: str) -> None:
        """`note_limit` for a call that differentiated values go into (else nothing is lost)."""
        if any(
            isinstance(m, Level) for v in args.all_values() for m in v.tan - self.ctx.mask
        ):
            self.note_limit(node, why)

    # ---------------------------------------------------------------------- positions

    def span(self, node: ast.AST) -> Span:
        line = node.lineno  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or line
        end_col = getattr(node, "end_col_offset", None)
        col = self._char_col(line, node.col_offset)  # type: ignore[attr-defined]
        end = self._char_col(end_line, end_col) if end_col is not None else col
        return Span(line, col, end_line, end)

    def step(self, node: ast.AST, label: str) -> PathStep:
        """A path step at `node` of the module being interpreted."""
        m = self.module
        return PathStep(self.span(node), label, None if m.is_main else m.path)

    def _char_col(self, line: int, byte_col: int) -> int:
        lines = self.module.lines
        if 0 < line <= len(lines):
            text = lines[line - 1]
            if not text.isascii():
                return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="replace"))
        return byte_col

    # ---------------------------------------------------------------------- scopes

    def info(self, node: Any) -> FuncInfo:
        fi = self.func_infos.get(node)
        if fi is None:
            name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
            fi = self.func_infos[node] = FuncInfo(node, name, self.module)
        return fi

    def ensure_scope(self, fi: FuncInfo) -> None:
        node = fi.node
        m = fi.module or self.main
        walrus = m.has_walrus and any(
            ":=" in line for line in m.lines[node.lineno - 1 : node.end_lineno]
        )
        compute_scope(fi, walrus)

    def lookup(self, name: str, scope: Scope) -> Value:
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in s.func.locals:
                return s.vars.get(name, UNKNOWN)
            s = s.parent
        mod = scope.module
        if name in mod.vars:
            return mod.vars[name]
        if name in _BUILTINS:
            return Value(fns=(Api("builtins." + name),))
        return UNKNOWN

    def store(self, name: str, value: Value, scope: Scope) -> None:
        f = scope.func
        if f is not None:
            if name in f.globals_:
                scope.module.vars[name] = value
                self._outer_writes += 1
                return
            if name in f.nonlocals:
                s = scope.parent
                while s is not None and s.func is not None:
                    if name in s.func.locals:
                        s.vars[name] = value
                        return
                    s = s.parent
        scope.vars[name] = value

    # ---------------------------------------------------------------------- statements

    def exec_block(self, body: list[ast.stmt], scope: Scope) -> bool:
        """Interpret statements in order; False when the block always leaves early."""
        for stmt in body:
            if not self.exec_stmt(stmt, scope):
                return False
        return True

    def exec_stmt(self, stmt: ast.stmt, scope: Scope) -> bool:
        self.steps += 1
        if self.steps > self.budget:
            if self.limits is not None:
                self.note_limit(
                    stmt,
                    f"the analysis used its work budget ({self.budget} statements) here: "
                    "the rest of the module is not analysed",
                )
            raise BudgetExhausted
        t = type(stmt)
        if t is ast.Expr:
            self.eval(stmt.value, scope)  # type: ignore[attr-defined]
        elif t is ast.Assign:
            v = self.eval(stmt.value, scope)  # type: ignore[attr-defined]
            for target in stmt.targets:  # type: ignore[attr-defined]
                self.assign(target, v, scope)
            if isinstance(stmt.value, ast.Call):  # type: ignore[attr-defined]
                self._note_variable_kind(stmt, scope)  # type: ignore[arg-type]
        elif t is ast.AnnAssign:
            if stmt.value is not None:  # type: ignore[attr-defined]
                self.assign(stmt.target, self.eval(stmt.value, scope), scope)  # type: ignore[attr-defined]
        elif t is ast.AugAssign:
            v = self.eval(stmt.value, scope)  # type: ignore[attr-defined]
            target = stmt.target  # type: ignore[attr-defined]
            old = self.eval(target, scope) if isinstance(target, ast.Name) else UNKNOWN
            self.assign(target, derived([old, v]), scope)
        elif t is ast.Return:
            value = stmt.value  # type: ignore[attr-defined]
            v = self.eval(value, scope) if value is not None else Value(const=None)
            rv = scope.vars.get("<return>")
            scope.vars["<return>"] = v if rv is None else join([rv, v])
            return False
        elif t is ast.If:
            return self.exec_if(stmt, scope)  # type: ignore[arg-type]
        elif t in (ast.For, ast.AsyncFor):
            self.exec_for(stmt, scope)  # type: ignore[arg-type]
        elif t is ast.While:
            test = self.eval_test(stmt.test, scope)  # type: ignore[attr-defined]
            if test is None:
                return False  # TracerBoolConversionError
            if test.const is NOCONST or test.const:
                self.loop(lambda: self.exec_block(stmt.body, scope), scope)  # type: ignore[attr-defined]
            self.exec_block(stmt.orelse, scope)  # type: ignore[attr-defined]
        elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
            self.exec_def(stmt, scope)  # type: ignore[arg-type]
        elif t is ast.ClassDef:
            self.exec_class(stmt, scope)  # type: ignore[arg-type]
        elif t in (ast.With, ast.AsyncWith):
            for item in stmt.items:  # type: ignore[attr-defined]
                v = self.eval(item.context_expr, scope)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, v, scope)
            return self.exec_block(stmt.body, scope)  # type: ignore[attr-defined]
        elif t is ast.Try or t.__name__ == "TryStar":
            before = dict(scope.vars)
            self.exec_block(stmt.body, scope)  # type: ignore[attr-defined]
            states = [dict(scope.vars)]
            for h in stmt.handlers:  # type: ignore[attr-defined]
                scope.vars = self._merge(before, scope.vars)
                if h.name:
                    self.store(h.name, UNKNOWN, scope)
                self.exec_block(h.body, scope)
                states.append(dict(scope.vars))
            scope.vars = self._merge_all(states)
            self.exec_block(stmt.orelse, scope)  # type: ignore[attr-defined]
            self.exec_block(stmt.finalbody, scope)  # type: ignore[attr-defined]
        elif t is ast.Import:
            for a in stmt.names:  # type: ignore[attr-defined]
                if a.asname:
                    user = self.find_user_module(a.name, 0)
                    v = Value(fns=(user,)) if user else Value(fns=(Api(jaxapi.canonical(a.name)),))
                    self.store(a.asname, v, scope)
                else:
                    top = a.name.split(".")[0]
                    user = self.find_user_module(top, 0)
                    self.store(top, Value(fns=(user,)) if user else Value(fns=(Api(top),)), scope)
        elif t is ast.ImportFrom:
            mod = stmt.module or ""  # type: ignore[attr-defined]
            level = stmt.level or 0  # type: ignore[attr-defined]
            user = self.find_user_module(mod, level)
            if level:
                mod = "." * level + mod
            for a in stmt.names:  # type: ignore[attr-defined]
                if a.name == "*":
                    info = self.load_module(user.path) if user is not None else None
                    if info is not None:
                        for k, v in info.scope.vars.items():
                            if not k.startswith("_"):
                                self.store(k, v, scope)
                    continue
                if user is not None:
                    v = Value(fns=(LazyName(user.path, a.name),))
                else:
                    v = Value(fns=(Api(jaxapi.canonical(f"{mod}.{a.name}" if mod else a.name)),))
                self.store(a.asname or a.name, v, scope)
        elif t in (ast.Raise, ast.Assert):
            for child in ast.iter_child_nodes(stmt):
                if isinstance(child, ast.expr):
                    self.eval(child, scope)
            return t is ast.Assert
        elif t is ast.Match:
            self.eval(stmt.subject, scope)  # type: ignore[attr-defined]
            before = dict(scope.vars)
            states = []
            for case in stmt.cases:  # type: ignore[attr-defined]
                scope.vars = dict(before)
                self.exec_block(case.body, scope)
                states.append(scope.vars)
            scope.vars = self._merge_all(states + [before])
        elif t in (ast.Break, ast.Continue):
            return False
        return True

    def exec_if(self, stmt: ast.If, scope: Scope) -> bool:
        test = self.eval_test(stmt.test, scope)
        if test is None:
            return False  # TracerBoolConversionError: neither branch runs
        if test.const is not NOCONST and not isinstance(test.const, (list, dict)):
            # a Python `if` on a static value: only the taken branch is ever traced
            return self.exec_block(stmt.body if test.const else stmt.orelse, scope)
        before = dict(scope.vars)
        live_a = self.exec_block(stmt.body, scope)
        after_a = scope.vars
        scope.vars = dict(before)
        live_b = self.exec_block(stmt.orelse, scope)
        after_b = scope.vars
        if live_a and live_b:
            scope.vars = self._merge(after_a, after_b)
        elif live_a:
            scope.vars = self._keep_return(after_a, after_b)
        elif live_b:
            scope.vars = self._keep_return(after_b, after_a)
        else:
            scope.vars = self._merge(after_a, after_b)
            return False
        return True

    def eval_test(self, node: ast.expr, scope: Scope) -> Value | None:
        """The test of an `if` or `while`; None when Python's `bool()` of it raises: in code
        JAX stages (jit, vmap, a loop body), a value carrying a level's tangent is an abstract
        tracer, and JAX raises TracerBoolConversionError before either branch runs."""
        if not self.ctx.staged or not self.levels:
            return self.eval(node, scope)
        if isinstance(node, ast.Compare) and not all(
            isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops
        ):
            vals = [self.eval(node.left, scope)] + [self.eval(c, scope) for c in node.comparators]
            if any(self._is_array_tracer(v) for v in vals):
                return None
            return Value(traced=any(v.traced for v in vals))
        v = self.eval(node, scope)
        return None if self._is_array_tracer(v) else v

    def _is_array_tracer(self, v: Value) -> bool:
        """`v` is a traced array carrying a (non-masked) level's tangent: a JVP tracer. A
        Python constant never is, nor a field read from a differentiated module (not marked
        traced: equinox differentiates its arrays only, not a float field)."""
        return (
            v.traced
            and v.items is None
            and not v.fns
            and v.const is NOCONST
            and any(isinstance(m, Level) for m in v.tan - self.ctx.mask)
        )

    @staticmethod
    def _keep_return(live: dict[str, Value], dead: dict[str, Value]) -> dict[str, Value]:
        if "<return>" in dead:
            live = dict(live)
            rv = live.get("<return>")
            live["<return>"] = dead["<return>"] if rv is None else join([rv, dead["<return>"]])
        return live

    @staticmethod
    def _merge(a: dict[str, Value], b: dict[str, Value]) -> dict[str, Value]:
        out = dict(a)
        for k, v in b.items():
            old = out.get(k)
            out[k] = v if old is None else (old if old == v else join([old, v]))
        return out

    def _merge_all(self, states: list[dict[str, Value]]) -> dict[str, Value]:
        out = states[0]
        for s in states[1:]:
            out = self._merge(out, s)
        return out

    def loop(self, body: Callable[[], Any], scope: Scope) -> None:
        for _ in range(_MAX_LOOP):
            before = dict(scope.vars)
            body()
            scope.vars = self._merge(before, scope.vars)
            if scope.vars == before:
                break

    def exec_for(self, stmt: ast.For, scope: Scope) -> None:
        it = self.eval(stmt.iter, scope)
        elem = self.element_of(it)

        def body() -> None:
            self.assign(stmt.target, elem, scope)
            self.exec_block(stmt.body, scope)

        self.loop(body, scope)
        self.exec_block(stmt.orelse, scope)

    def element_of(self, it: Value) -> Value:
        if it.items is not None and it.keys is None:
            return join(list(it.items)) if it.items else UNKNOWN
        if it.keys is not None:
            return Value(traced=it.traced)
        if it.intish:
            return Value(traced=it.traced, intish=True)  # `range(n)`'s elements are ints
        if not it.fns:
            return derived([it])
        # a summarised list of functions or modules (a comprehension's): its elements are them
        fns = tuple(f for f in it.fns if not isinstance(f, Api))
        return Value(tan=it.tan, fns=fns, traced=it.traced)

    def exec_def(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        closure = self.make_closure(stmt, scope)
        v = Value(fns=(closure,))
        for dec in reversed(stmt.decorator_list):
            v = self.decorate(self.eval(dec, scope), v, dec)
        self.store(stmt.name, v, scope)

    def decorate(self, dv: Value, v: Value, dec: ast.AST) -> Value:
        out = self.call_value(dv, Args([v], {}, [None], {}), dec)
        if not out.fns and all(isinstance(f, (Api, Partial)) for f in dv.fns):
            # a decorator we know nothing about (`nn.compact`, `jaxtyped`, ...): assume it
            # returns a function that behaves like the one it decorates
            return v
        return out

    def make_closure(self, node: Any, scope: Scope) -> Closure:
        fi = self.info(node)
        a = node.args
        defaults = tuple(self.eval(d, scope) for d in a.defaults) if a.defaults else ()
        kw_defaults = (
            tuple((k.arg, self.eval(d, scope)) for k, d in zip(a.kwonlyargs, a.kw_defaults) if d)
            if a.kwonlyargs
            else ()
        )
        closure = Closure(fi, scope, defaults, kw_defaults)
        self.closures_seen.setdefault(fi, closure)
        return closure

    def exec_class(self, stmt: ast.ClassDef, scope: Scope) -> None:
        bases = [self.resolve_lazy(self.eval(b, scope)) for b in stmt.bases]
        cls = ClassObj(stmt.name, stmt, bases=bases)
        cls.linen = any(
            (isinstance(f, Api) and f.name in jaxapi.LINEN_MODULE_BASES)
            or (isinstance(f, ClassObj) and f.linen)
            for b in bases
            for f in b.fns
        )
        self_value = Value(fns=(Instance(cls),))
        body_scope = Scope(None, scope, scope.module)
        # class bodies bind into their own namespace but resolve names in the enclosing scope
        body_scope.func = FuncInfo(
            stmt, stmt.name, self.module, frozenset(), frozenset(), frozenset()
        )  # type: ignore[arg-type]
        for s in stmt.body:
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                closure = self.make_closure(s, scope)
                is_static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in s.decorator_list
                )
                if not is_static:
                    self.method_self[closure.func] = self_value
                self.method_class[closure.func] = cls
                v = Value(fns=(closure,))
                for dec in reversed(s.decorator_list):
                    if isinstance(dec, ast.Name) and dec.id in (
                        "staticmethod",
                        "classmethod",
                        "property",
                    ):
                        v = Value(fns=v.fns + (Decorator(dec.id),))
                        continue
                    v = self.decorate(self.eval(dec, scope), v, dec)
                cls.attrs[s.name] = v
            elif isinstance(s, (ast.Assign, ast.AnnAssign)):
                value = getattr(s, "value", None)
                if isinstance(value, ast.Name) and value.id in cls.attrs:
                    v = cls.attrs[value.id]  # `__rmul__ = __mul__`: a name of the class body
                else:
                    v = self.eval(value, scope) if value is not None else UNKNOWN
                if (
                    isinstance(s, ast.AnnAssign)
                    and isinstance(s.target, ast.Name)
                    and self._is_static_field(value, scope)
                ):
                    cls.static_fields.add(s.target.id)
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                for tg in targets:
                    if isinstance(tg, ast.Name):
                        cls.attrs[tg.id] = v
            elif isinstance(s, ast.ClassDef):
                self.exec_class(s, body_scope)
                cls.attrs[s.name] = body_scope.vars.get(s.name, UNKNOWN)
            else:
                self.exec_stmt(s, body_scope)
        v = Value(fns=(cls,))
        for dec in reversed(stmt.decorator_list):
            dv = self.eval(dec, scope)
            if any(
                isinstance(f, (Closure, Api))
                or (  # `@partial(register_dataclass, meta_fields=[...])`
                    isinstance(f, Partial)
                    and isinstance(f.fn, Api)
                    and f.fn.name in jaxapi.PYTREE_REGISTRATIONS
                )
                for f in dv.fns
            ):
                # dataclasses, flax.struct and friends return the class itself
                if all(isinstance(f, Api) for f in dv.fns):
                    if any(f.name in jaxapi.PYTREE_CLASS_DECORATORS for f in dv.fns):
                        cls.pytree = True
                    if any(f.name == "jax.tree_util.register_dataclass" for f in dv.fns):
                        # the decorator form: every field not marked static is data
                        cls.data_fields.update(
                            s.target.id
                            for s in stmt.body
                            if isinstance(s, ast.AnnAssign)
                            and isinstance(s.target, ast.Name)
                            and s.target.id not in cls.static_fields
                        )
                    if any(f.name == jaxapi.PYTREE_NODE_CLASS for f in dv.fns):
                        cls.static_fields |= aux_only_attributes(stmt)
                    continue
                v = self.call_value(dv, Args([v], {}, [None], {}), dec)
        self.store(stmt.name, v, scope)

    def _note_variable_kind(self, stmt: ast.Assign, scope: Scope) -> None:
        """`self.s = nnx.BatchStat(...)`: the attribute holds a Variable of that type (nnx.grad's
        filter selects it or not); `self.a = jnp.ones(3)` in an nnx module: a plain array,
        which nnx.grad never differentiates."""
        fv = self.eval(stmt.value.func, scope)  # type: ignore[attr-defined]
        kind: Any = None
        for f in fv.fns:
            key = f.name if isinstance(f, Api) else f if isinstance(f, ClassObj) else None
            chain = nnx_filters.type_chain(key, self._base_keys) if key is not None else None
            if chain is not None:
                kind = chain
                break
            if isinstance(f, Api) and f.name.startswith(("jax.numpy.", "numpy.")):
                kind = nnx_filters.PLAIN
        for target in stmt.targets:
            if isinstance(target, ast.Attribute):
                for inst in self.eval(target.value, scope).fns:
                    if isinstance(inst, Instance):
                        if kind is None or (
                            kind == nnx_filters.PLAIN and not self._is_nnx_graph(inst.cls)
                        ):
                            inst.var_kinds.pop(target.attr, None)
                        else:
                            inst.var_kinds[target.attr] = kind

    @staticmethod
    def _base_keys(cls: ClassObj) -> list:
        """The bases of a class, as nnx type keys (flax names, or classes of the module)."""
        return [
            f.name if isinstance(f, Api) else f
            for b in cls.bases
            for f in b.fns
            if isinstance(f, (Api, ClassObj))
        ]

    def _is_nnx_graph(self, cls: ClassObj) -> bool:
        """Whether instances of `cls` are flax nnx graph nodes (an nnx.Module...)."""
        todo, seen = [cls], set()
        while todo:
            c = todo.pop()
            if id(c) in seen:
                continue
            seen.add(id(c))
            for k in self._base_keys(c):
                if isinstance(k, str):
                    if k in jaxapi.NNX_GRAPH_BASES:
                        return True
                else:
                    todo.append(k)
        return False

    def _differentiated_marks(
        self, inst: Instance, name: str, value: Value, marks: frozenset
    ) -> frozenset:
        """The marks of `inst` its attribute `name` inherits: nnx.grad's filter decides on a
        Variable, and an nnx module's plain values (arrays, numbers) are not differentiated."""
        if not any(isinstance(m, Level) and m.wrt is not None for m in marks):
            return marks
        kind = inst.var_kinds.get(name)
        if kind is None and is_python_number(value) and self._is_nnx_graph(inst.cls):
            kind = nnx_filters.PLAIN
        if kind is None:
            return marks  # not known to be a Variable or a plain value: as any attribute
        return frozenset(
            m
            for m in marks
            if not (isinstance(m, Level) and m.wrt is not None)
            or (kind != nnx_filters.PLAIN and nnx_filters.selects(m.wrt, kind, name) is True)
        )

    def nnx_filter(self, v: Value) -> nnx_filters.Filter:
        """The nnx filter a value stands for (a Variable type, `nnx.All(...)`, a tuple...)."""
        c = v.const
        if isinstance(c, nnx_filters.Filter):
            return c
        if c is Ellipsis or c is True:
            return nnx_filters.EVERYTHING
        if c is None or c is False:
            return nnx_filters.NOTHING
        parts = [
            nnx_filters.Filter("type", key=f.name if isinstance(f, Api) else f)
            for f in v.fns
            if (isinstance(f, Api) and f.name in jaxapi.NNX_VARIABLE_BASES)
            or isinstance(f, ClassObj)
        ]
        if v.items is not None and v.keys is None and not v.fns:
            parts = [self.nnx_filter(i) for i in v.items]
        if not parts:
            return nnx_filters.UNKNOWN_FILTER
        return parts[0] if len(parts) == 1 else nnx_filters.Filter("any", tuple(parts))

    def _is_static_field(self, value: ast.expr | None, scope: Scope) -> bool:
        """`eqx.field(static=True)`, `flax.struct.field(pytree_node=False)`: a field that is
        part of the pytree's structure, never a leaf (never differentiated)."""
        if not isinstance(value, ast.Call):
            return False
        fv = self.eval(value.func, scope)
        if not any(isinstance(f, Api) and f.name in jaxapi.FIELD_FUNCTIONS for f in fv.fns):
            return False
        for k in value.keywords:
            if isinstance(k.value, ast.Constant):
                if k.arg == "static" and k.value.value is True:
                    return True
                if k.arg == "pytree_node" and k.value.value is False:
                    return True
            if k.arg == "metadata" and _says_static(k.value):
                # `dataclasses.field(metadata=dict(static=True))`: what
                # `register_dataclass(cls)` reads to tell meta fields from data fields
                return True
        return False

    # ---------------------------------------------------------------------- assignment

    def assign(self, target: ast.expr, v: Value, scope: Scope) -> None:
        t = type(target)
        if t is ast.Name:
            self.store(target.id, v, scope)  # type: ignore[attr-defined]
        elif t in (ast.Tuple, ast.List):
            elts = target.elts  # type: ignore[attr-defined]
            star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
            if (
                v.items is not None
                and v.keys is None
                and (
                    len(v.items) == len(elts)
                    or (star is not None and len(v.items) >= len(elts) - 1)
                )
            ):
                if star is None:
                    for e, iv in zip(elts, v.items):
                        self.assign(e, iv, scope)
                else:
                    n_after = len(elts) - star - 1
                    for e, iv in zip(elts[:star], v.items[:star]):
                        self.assign(e, iv, scope)
                    rest = v.items[star : len(v.items) - n_after]
                    self.assign(
                        elts[star].value,
                        Value(
                            tan=join(list(rest)).tan if rest else EMPTY,  # type: ignore[attr-defined]
                            items=tuple(rest),
                        ),
                        scope,
                    )
                    for e, iv in zip(elts[star + 1 :], v.items[len(v.items) - n_after :]):
                        self.assign(e, iv, scope)
            else:
                part = (
                    self.element_of(v)
                    if v.keys is None and v.items is not None
                    else (Value(tan=v.tan, fns=v.fns, traced=v.traced))
                )
                for e in elts:
                    self.assign(e.value if isinstance(e, ast.Starred) else e, part, scope)
        elif t is ast.Starred:
            self.assign(target.value, v, scope)  # type: ignore[attr-defined]
        elif t is ast.Attribute:
            obj = self.eval(target.value, scope)  # type: ignore[attr-defined]
            for inst in obj.fns:
                if isinstance(inst, Instance):
                    old = inst.attrs.get(target.attr)  # type: ignore[attr-defined]
                    inst.attrs[target.attr] = v if old is None else join([old, v])  # type: ignore[attr-defined]
                    self._outer_writes += 1
        elif t is ast.Subscript:
            self.eval(target.slice, scope)  # type: ignore[attr-defined]
            base = target.value  # type: ignore[attr-defined]
            if isinstance(base, ast.Name) and v.tan:
                old = self.lookup(base.id, scope)
                self.store(base.id, Value(tan=old.tan | v.tan, traced=True), scope)

    # ---------------------------------------------------------------------- expressions

    def eval(self, node: ast.expr, scope: Scope) -> Value:
        t = type(node)
        if t is ast.Name:
            return self.lookup(node.id, scope)  # type: ignore[attr-defined]
        if t is ast.Constant:
            return Value(const=node.value, intish=type(node.value) in (int, bool))  # type: ignore[attr-defined]
        if t is ast.Call:
            return self.eval_call(node, scope)  # type: ignore[arg-type]
        if t is ast.Attribute:
            return self.attribute(self.eval(node.value, scope), node.attr)  # type: ignore[attr-defined]
        if t is ast.BinOp:
            a = self.eval(node.left, scope)  # type: ignore[attr-defined]
            b = self.eval(node.right, scope)  # type: ignore[attr-defined]
            dunder = self.operator_dunder(a, b, node.op, node)  # type: ignore[attr-defined]
            if dunder is not None:
                return dunder
            return self.binop(a, b, node.op)  # type: ignore[attr-defined]
        if t is ast.UnaryOp:
            v = self.eval(node.operand, scope)  # type: ignore[attr-defined]
            if isinstance(node.op, ast.Not):  # type: ignore[attr-defined]
                c = v.const
                return Value(const=(not c) if c is not NOCONST else NOCONST, traced=v.traced)
            if v.const is not NOCONST and isinstance(v.const, (int, float)):
                try:
                    return Value(
                        const=-v.const if isinstance(node.op, ast.USub) else v.const,  # type: ignore[attr-defined]
                        intish=v.intish,
                    )
                except TypeError:
                    pass
            return derived([v])
        if t is ast.Compare:
            vals = [self.eval(node.left, scope)] + [self.eval(c, scope) for c in node.comparators]  # type: ignore[attr-defined]
            if len(vals) == 2 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):  # type: ignore[attr-defined]
                same = _is_none(vals[0], vals[1])
                if same is not None:
                    return Value(const=same == isinstance(node.ops[0], ast.Is))  # type: ignore[attr-defined]
            # a bool (a Python one or a boolean array): never a tangent, and grad rejects it
            return Value(traced=any(v.traced for v in vals), intish=True)
        if t is ast.BoolOp:
            vals = [self.eval(v, scope) for v in node.values]  # type: ignore[attr-defined]
            consts = [v.const for v in vals]
            if all(c is not NOCONST for c in consts):
                try:
                    r = all(consts) if isinstance(node.op, ast.And) else any(consts)  # type: ignore[attr-defined]
                    return Value(const=r)
                except Exception:
                    pass
            return join(vals)
        if t is ast.IfExp:
            test = self.eval_test(node.test, scope)  # type: ignore[attr-defined]
            if test is None:
                return Value()  # TracerBoolConversionError
            if test.const is not NOCONST and not isinstance(test.const, (list, dict)):
                return self.eval(node.body if test.const else node.orelse, scope)  # type: ignore[attr-defined]
            return join([self.eval(node.body, scope), self.eval(node.orelse, scope)])  # type: ignore[attr-defined]
        if t in (ast.Tuple, ast.List):
            items: list[Value] = []
            for e in node.elts:  # type: ignore[attr-defined]
                if isinstance(e, ast.Starred):
                    sv = self.eval(e.value, scope)
                    if sv.items is not None and sv.keys is None:
                        items.extend(sv.items)
                    else:
                        return self._seq([*items, sv], unknown_len=True)
                else:
                    items.append(self.eval(e, scope))
            return self._seq(items)
        if t is ast.Dict:
            keys: list[Any] = []
            vals = []
            ok = True
            for k, v in zip(node.keys, node.values):  # type: ignore[attr-defined]
                vv = self.eval(v, scope)
                if k is None:
                    ok = False
                    vals.append(vv)
                    continue
                kv = self.eval(k, scope)
                if kv.const is NOCONST:
                    ok = False
                keys.append(kv.const)
                vals.append(vv)
            tan = frozenset().union(*(v.tan for v in vals)) if vals else EMPTY
            traced = any(v.traced for v in vals)
            if ok:
                return Value(tan=tan, items=tuple(vals), keys=tuple(keys), traced=traced)
            return Value(tan=tan, traced=traced)
        if t is ast.Set:
            return derived([self.eval(e, scope) for e in node.elts])  # type: ignore[attr-defined]
        if t is ast.Subscript:
            base = self.eval(node.value, scope)  # type: ignore[attr-defined]
            index = self.eval(node.slice, scope)  # type: ignore[attr-defined]
            getitem = self._instance_method(base, "__getitem__")
            if getitem is not None:
                return self.call_value(getitem, Args([index], {}, [node.slice], {}), node)  # type: ignore[attr-defined]
            return self.subscript(base, index)
        if t is ast.Lambda:
            return Value(fns=(self.make_closure(node, scope),))
        if t in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            return self.eval_comprehension(node, scope)
        if t is ast.NamedExpr:
            v = self.eval(node.value, scope)  # type: ignore[attr-defined]
            self.store(node.target.id, v, scope)  # type: ignore[attr-defined]
            return v
        if t is ast.Starred:
            return self.eval(node.value, scope)  # type: ignore[attr-defined]
        if t is ast.Slice:
            for part in (node.lower, node.upper, node.step):  # type: ignore[attr-defined]
                if part is not None:
                    self.eval(part, scope)
            return UNKNOWN
        if t in (ast.JoinedStr, ast.FormattedValue):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, scope)
            return UNKNOWN
        if t in (ast.Await, ast.Yield, ast.YieldFrom):
            inner = getattr(node, "value", None)
            return self.eval(inner, scope) if inner is not None else UNKNOWN
        return UNKNOWN

    @staticmethod
    def _seq(items: list[Value], unknown_len: bool = False) -> Value:
        tan = frozenset().union(*(v.tan for v in items)) if items else EMPTY
        traced = any(v.traced for v in items)
        # an unknown length, or a deep or long structure (kept small: values are memo keys),
        # is summarised
        if (
            unknown_len
            or len(items) > _MAX_ITEMS
            or any(v.depth >= _MAX_DEPTH_ITEMS for v in items)
        ):
            fns = tuple(f for v in items for f in v.fns)
            return Value(tan=tan, fns=fns, traced=traced)
        consts = [v.const for v in items]
        const = tuple(consts) if all(c is not NOCONST for c in consts) else NOCONST
        return Value(
            tan=tan,
            items=tuple(items),
            const=const,
            traced=traced,
            intish=bool(items) and all(v.intish for v in items),
        )

    def _instance_method(self, v: Value, name: str) -> Value | None:
        """`v.name` bound, when `v` is an instance of an analysed class that defines it."""
        for f in v.fns:
            if isinstance(f, Instance):
                found = f.cls.lookup(name)
                if found is not None:
                    return self._bind(found, Value(tan=v.tan, fns=(f,), traced=v.traced))
        return None

    def operator_dunder(self, a: Value, b: Value, op: ast.operator, node: ast.AST) -> Value | None:
        """`a + b` on instances of analysed classes: Python calls `a.__add__(b)`, or
        `b.__radd__(a)`."""
        name = _DUNDERS.get(type(op))
        if name is None:
            return None
        left = self._instance_method(a, f"__{name}__")
        if left is not None:
            return self.call_value(left, Args([b], {}, [None], {}), node)
        right = self._instance_method(b, f"__r{name}__")
        if right is not None:
            return self.call_value(right, Args([a], {}, [None], {}), node)
        return None

    def binop(self, a: Value, b: Value, op: ast.operator) -> Value:
        if a.const is not NOCONST and b.const is not NOCONST:
            try:
                r = _BINOPS[type(op)](a.const, b.const)
                if isinstance(r, (int, float, str, bool, tuple)) and not (
                    isinstance(r, (str, tuple)) and len(r) > 1000
                ):
                    return Value(const=r, intish=isinstance(r, int))
            except Exception:
                pass
        if (
            isinstance(op, ast.Add)
            and a.items is not None
            and b.items is not None
            and a.keys is None
            and b.keys is None
        ):
            return self._seq(list(a.items) + list(b.items))
        if a.intish and b.intish and not isinstance(op, ast.Div):
            # integers (arrays or Python ints) stay integers, except under true division
            return Value(traced=a.traced or b.traced, intish=True)
        return derived([a, b])

    def subscript(self, base: Value, index: Value) -> Value:
        if base.items is not None:
            c = index.const
            if base.keys is not None:
                if c is not NOCONST:
                    for k, v in zip(base.keys, base.items):
                        if k == c:
                            return v
            elif (
                isinstance(c, int)
                and not isinstance(c, bool)
                and -len(base.items) <= c < len(base.items)
            ):
                return base.items[c]
            elif c is NOCONST and base.items and len(set(base.items)) == 1:
                return base.items[0]
            if base.items and any(v.fns for v in base.items) and c is NOCONST:
                return join(list(base.items))
        if any(isinstance(f, Api) for f in base.fns):
            # typing subscripts (`Callable[..]`), `x.at[i]` helpers on modules: opaque
            return Value(tan=base.tan, traced=base.traced)
        # an element or slice of an integer array is an integer array
        return Value(
            tan=base.tan | (index.tan if index.tan else EMPTY),
            traced=base.traced,
            intish=base.intish and base.items is None,
        )

    def eval_comprehension(self, node: Any, scope: Scope) -> Value:
        fi = self.func_infos.get(node)
        if fi is None:
            fi = self.func_infos[node] = comprehension_info(node)
        inner = Scope(fi, scope, scope.module)
        for gen in node.generators:
            it = self.eval(gen.iter, inner)
            self.assign(gen.target, self.element_of(it), inner)
            for cond in gen.ifs:
                self.eval(cond, inner)
        if isinstance(node, ast.DictComp):
            k = self.eval(node.key, inner)
            v = self.eval(node.value, inner)
            return Value(tan=k.tan | v.tan, traced=v.traced)
        v = self.eval(node.elt, inner)
        return Value(tan=v.tan, fns=v.fns, traced=v.traced)

    # ---------------------------------------------------------------------- imports

    def find_user_module(self, dotted: str, level: int) -> UserModule | None:
        """The workspace module `dotted` (relative by `level`) imported from the module being
        interpreted; None for modelled libraries and modules not found. Nothing is read yet."""
        if self.workspace is None:
            return None
        importer = Path(self.module.path) if self.module.path else None
        try:
            path = self.workspace.find(dotted, level, importer)
        except OSError:
            return None
        return UserModule(path) if path is not None else None

    def load_module(self, path: Path) -> ModuleInfo | None:
        """Interpret a workspace module's body, once per analysis. None when it cannot be read,
        while it is loading (an import cycle sees an unknown module), or past the module cap."""
        if path in self.modules:
            return self.modules[path]
        if len(self.modules) >= _MAX_MODULES or self.workspace is None:
            if self.limits is not None and self.workspace is not None:
                self.limits.append(
                    Limit(1, 0, f"more than {_MAX_MODULES} imported modules: {path} is not read")
                )
            return None
        parsed = self.workspace.parse(path)
        self.modules[path] = None
        if parsed is None:
            return None
        info = ModuleInfo(str(path), parsed.lines, is_main=False)
        info.scope = Scope(None, None, None)
        saved = (self.module, self.stack, self.ctx, self.depth)
        self.module, self.stack, self.ctx = info, [], Ctx()
        try:
            self.exec_block(parsed.tree.body, info.scope)
        finally:
            self.module, self.stack, self.ctx, self.depth = saved
        self.modules[path] = info
        return info

    def module_attribute(self, user: UserModule, name: str) -> Value:
        info = self.load_module(user.path)
        if info is None:
            return UNKNOWN
        v = info.scope.vars.get(name)
        if v is not None:
            return v
        if info.path and info.path.endswith("__init__.py"):
            saved = self.module
            self.module = info
            try:
                sub = self.find_user_module(name, 1)
            finally:
                self.module = saved
            if sub is not None:
                return Value(fns=(sub,))
        return UNKNOWN

    def resolve_lazy(self, v: Value) -> Value:
        if not any(type(f) is LazyName for f in v.fns):
            return v
        parts = [
            Value(
                tan=v.tan, fns=tuple(f for f in v.fns if type(f) is not LazyName), traced=v.traced
            )
        ]
        for f in v.fns:
            if type(f) is LazyName:
                parts.append(self.module_attribute(UserModule(f.path), f.name))
        return join(parts)

    @property
    def dependencies(self) -> list[str]:
        """The workspace files this analysis read, besides the analysed one."""
        return sorted(str(p) for p, m in self.modules.items() if m is not None)

    # ---------------------------------------------------------------------- attributes

    def attribute(self, obj: Value, name: str) -> Value:
        fns: list[Any] = []
        parts: list[Value] = []
        for f in obj.fns:
            if isinstance(f, Api):
                q = jaxapi.canonical(f"{f.name}.{name}")
                fns.append(Api(q))
            elif isinstance(f, CustomFn):
                if name in ("defjvp", "defjvps", "defvjp"):
                    fns.append(RuleSetter(f, name))
                elif name == "fun":
                    parts.append(f.primal)
            elif isinstance(f, ClassObj):
                found = f.lookup(name)
                if found is not None:
                    parts.append(self._unwrap_static(found, Value(fns=(f,))))
            elif isinstance(f, UserModule):
                parts.append(self.module_attribute(f, name))
            elif isinstance(f, LazyName):
                parts.append(self.attribute(self.resolve_lazy(Value(fns=(f,))), name))
            elif isinstance(f, SuperOf):
                for b in f.cls.bases:
                    for c in b.fns:
                        if isinstance(c, ClassObj):
                            found = c.lookup(name)
                            if found is not None:
                                parts.append(self._bind(found, f.self_value))
            elif isinstance(f, Wrapper) and f.kind == "jit" and name in jaxapi.STAGING_METHODS:
                # `jax.jit(f).lower(x)` traces and lowers `f` as a call does; `.trace(x)` only
                # traces it (like make_jaxpr)
                lowered = jaxapi.STAGING_METHODS[name] == "lowered"
                fns.append(f if lowered else Wrapper("trace_only", Value(fns=(f,))))
            elif isinstance(f, Closure) and name in ("__wrapped__", "__call__"):
                parts.append(Value(fns=(f,)))
            elif isinstance(f, Instance):
                me = Value(tan=obj.tan, fns=(f,), traced=obj.traced)
                if name in f.attrs:
                    a = f.attrs[name]
                    if obj.tan and not f.cls.is_static_field(name):
                        a = inherit_marks(a, self._differentiated_marks(f, name, a, obj.tan))
                    if (
                        obj.traced
                        and not a.traced
                        and name in f.cls.data_fields
                        and a.const is NOCONST
                        and not a.fns
                    ):
                        # a data leaf of a traced pytree: a tracer too (a Python constant
                        # there may be static: equinox's filter_jit)
                        a = Value(a.tan, a.fns, a.items, a.keys, a.const, True, a.intish)
                    parts.append(a)
                else:
                    found = f.cls.lookup(name)
                    if found is not None:
                        parts.append(self._bind(found, me))
                    elif f.cls.linen and name in ("apply", "init", "init_with_output"):
                        fns.append(LinenApply(me, name != "apply"))
                    else:
                        parts.append(Value(tan=obj.tan, traced=obj.traced))
        if not fns and not parts:
            if name in jaxapi.KILLER_ATTRIBUTES:
                # static metadata (`x.shape[0]` is a Python int even under a trace)
                return Value()
            return Value(tan=obj.tan, fns=(ArrayMethod(name, obj),), traced=obj.traced)
        if fns:
            parts.append(Value(fns=tuple(fns)))
        return join(parts)

    def _unwrap_static(self, v: Value, cls_value: Value) -> Value:
        if not any(isinstance(f, Decorator) for f in v.fns):
            return v
        fns = [f for f in v.fns if not isinstance(f, Decorator)]
        if any(isinstance(f, Decorator) and f.kind == "classmethod" for f in v.fns):
            return Value(fns=tuple(Partial(f, (cls_value,)) for f in fns))
        return Value(fns=tuple(fns), tan=v.tan)

    def _bind(self, v: Value, self_value: Value) -> Value:
        decos = {f.kind for f in v.fns if isinstance(f, Decorator)}
        fns = [f for f in v.fns if not isinstance(f, Decorator)]
        if "staticmethod" in decos:
            return Value(fns=tuple(fns))
        if "property" in decos:
            return join([self.call_value(Value(fns=(f,)), Args.of(self_value), None) for f in fns])
        if "classmethod" in decos:
            classes = tuple(i.cls for i in self_value.fns if isinstance(i, Instance))
            return Value(fns=tuple(Partial(f, (Value(fns=classes),)) for f in fns))
        if not fns:
            # a class-level constant read through an instance stays that constant
            return Value(
                tan=v.tan | self_value.tan, const=v.const, traced=v.traced or self_value.traced
            )
        return Value(fns=tuple(Partial(f, (self_value,)) for f in fns))

    # ---------------------------------------------------------------------- calls

    def eval_call(self, node: ast.Call, scope: Scope) -> Value:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "super" and not node.args:
            sup = self._super(scope)
            if sup is not None:
                return sup
        fv = self.eval(func, scope)
        pos: list[Value] = []
        pos_nodes: list[ast.AST | None] = []
        star: Value | None = None
        for a in node.args:
            if isinstance(a, ast.Starred):
                sv = self.eval(a.value, scope)
                if sv.items is not None and sv.keys is None and star is None:
                    pos.extend(sv.items)
                    pos_nodes.extend([a] * len(sv.items))
                else:
                    star = sv if star is None else join([star, sv])
            else:
                pos.append(self.eval(a, scope))
                pos_nodes.append(a)
        kw: dict[str, Value] = {}
        kw_nodes: dict[str, ast.AST] = {}
        dstar: Value | None = None
        for k in node.keywords:
            v = self.eval(k.value, scope)
            if k.arg is None:
                if (
                    v.keys is not None
                    and v.items is not None
                    and all(isinstance(key, str) for key in v.keys)
                ):
                    for key, iv in zip(v.keys, v.items):
                        kw[key] = iv
                        kw_nodes[key] = k.value
                else:
                    dstar = v if dstar is None else join([dstar, v])
            else:
                kw[k.arg] = v
                kw_nodes[k.arg] = k.value
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("append", "extend", "insert")
            and isinstance(func.value, ast.Name)
            and pos
        ):
            self._mutate_list(func.value.id, func.attr, pos[-1], scope)
        return self.call_value(fv, Args(pos, kw, pos_nodes, kw_nodes, star, dstar), node)

    def _zip(self, name: str, seqs: list[Value]) -> Value:
        """`zip(a, b)`, `enumerate(a)`: tuples of their elements, one per index when all the
        lengths are known, else one tuple standing for every element."""
        if name == "builtins.enumerate":
            seqs = [Value(intish=True), seqs[0]]
            known = False
        else:
            known = all(v.items is not None and v.keys is None for v in seqs)
        if known:
            n = min(len(v.items) for v in seqs)  # type: ignore[arg-type]
            return self._seq([self._seq([v.items[i] for v in seqs]) for i in range(n)])  # type: ignore[index]
        elems = [self.element_of(v) for v in seqs]
        return Value(items=(self._seq(elems),), tan=frozenset().union(*(e.tan for e in elems)))

    def _mutate_list(self, name: str, how: str, v: Value, scope: Scope) -> None:
        """`xs.append(v)` (extend, insert) on a list bound to `name`: `xs` now holds `v` too (a
        list of functions built in a loop is called later)."""
        old = self.lookup(name, scope)
        if old.items is None or old.keys is not None:
            if not old.fns and not v.fns:
                return
            added = self.element_of(v) if how == "extend" else v
            self.store(name, join([old, Value(tan=added.tan, fns=added.fns)]), scope)
            return
        new = list(old.items)
        if how == "extend":
            if v.items is None or v.keys is not None:
                self.store(name, self._seq([*new, v], unknown_len=True), scope)
                return
            new.extend(v.items)
        else:
            new.append(v)
        self.store(name, self._seq(new), scope)

    def _super(self, scope: Scope) -> Value | None:
        """`super()` in a method: its class and its first parameter."""
        fi = scope.func
        cls = self.method_class.get(fi) if fi is not None else None
        if cls is None or fi is None:
            return None
        a = fi.node.args
        params = a.posonlyargs + a.args
        if not params:
            return None
        return Value(fns=(SuperOf(cls, scope.vars.get(params[0].arg, UNKNOWN)),))

    def call_value(self, fv: Value, args: Args, node: ast.AST | None) -> Value:
        results = [
            self.apply(f, args, node)
            if type(f) is not Instance
            else self.call_instance(f, fv, args, node)
            for f in fv.fns
        ]
        if not results:
            if self.limits is not None and node is not None:
                callee = ast.unparse(node.func) if isinstance(node, ast.Call) else "a value"
                self.note_limit_call(
                    node,
                    args,
                    f"calls `{callee[:60]}`, which the analysis cannot resolve to a function",
                )
            return derived([fv, *args.all_values()])
        return results[0] if len(results) == 1 else join(results)

    def apply(self, f: Any, args: Args, node: ast.AST | None) -> Value:
        t = type(f)
        if t is Closure:
            return self.call_closure(f, args, node, label=f.func.name)
        if t is Api:
            return self.call_api(f.name, args, node)
        if t is Partial:
            merged = Args(
                list(f.args) + args.pos,
                {**dict(f.kw), **args.kw},
                [*([None] * len(f.args)), *args.pos_nodes],
                args.kw_nodes,
                args.star,
                args.dstar,
            )
            return self.apply(f.fn, merged, node)
        if t is Transformed:
            return self.call_transformed(f, args, node)
        if t is Wrapper:
            return self.call_wrapper(f, args, node)
        if t is CustomFn:
            return self.call_custom(f, args, node)
        if t is RuleSetter:
            return self.set_rule(f, args)
        if t is ClassObj:
            return self.instantiate(f, args, node)
        if t is ArrayMethod:
            return self.call_array_method(f, args)
        if t is LinenApply:
            return self.call_linen(f, args, node)
        if t is Pullback:
            for emit in f.level.pending:
                emit()
            f.level.pending.clear()
            if any(
                isinstance(m, Level) and m.mode == TRANSPOSE
                for v in args.all_values()
                for m in v.tan
            ):
                # the linear function transposed: what transposing its tangents raises
                for emit in f.level.on_transpose:
                    emit()
                f.level.on_transpose.clear()
            return derived(args.all_values())
        if t is Decorator:
            return args.pos[0] if args.pos else UNKNOWN
        if t is LazyName:
            return self.call_value(self.resolve_lazy(Value(fns=(f,))), args, node)
        if t is Instance:
            return self.call_instance(f, Value(fns=(f,)), args, node)
        return derived(args.all_values())

    # ------------------------------------------------------------- user functions

    def call_instance(self, inst: Instance, fv: Value, args: Args, node: ast.AST | None) -> Value:
        call = inst.cls.lookup("__call__")
        if call is None:
            return derived([fv, *args.all_values()])
        me = Value(tan=fv.tan, fns=(inst,), traced=fv.traced)
        if inst.cls.remat:
            # a module class wrapped by a lifted remat: its call runs under jax.checkpoint
            reverse = frozenset(
                m
                for v in [me, *args.all_values()]
                for m in v.tan | self.ctx.module_tan
                if isinstance(m, Level) and m.mode == REVERSE
            )
            with self.context(
                self._with_ctx(checkpoint_levels=self.ctx.checkpoint_levels | reverse)
            ):
                return self.call_value(self._bind(call, me), args, node)
        return self.call_value(self._bind(call, me), args, node)

    def call_closure(
        self, closure: Closure, args: Args, node: ast.AST | None, label: str | None
    ) -> Value:
        fi = closure.func
        if fi.locals is None:
            self.ensure_scope(fi)
        key: tuple = (
            closure,
            tuple(args.pos),
            tuple(sorted(args.kw.items())),
            args.star,
            args.dstar,
            self.ctx,
        )
        if fi.module is not None and not fi.module.is_main:
            # findings inside imported modules are reported at the analysed file's call site:
            # one interpretation per such site
            tip = (
                node
                if self.module.is_main
                else next((st.span for st in reversed(self.stack) if st.filename is None), None)
            )
            key = (*key, tip)
        try:
            cached = self.memo.get(key)
        except TypeError:  # an unhashable constant slipped in
            key = None  # type: ignore[assignment]
            cached = None
        if cached is not None:
            span = self._memo_emits.get(key)
            if span is not None:  # its findings come from this root too
                for k in self._emitted[span[0] : span[1]]:
                    self.finding_roots[k].add(self.root)
            return cached
        shared = self._shared_key(closure, args) if key is not None else None
        if shared is not None:
            reused = self._reuse_shared(shared[0], shared[1])
            if reused is not None:
                self.memo[key] = reused
                return reused
        if (key is not None and key in self.in_progress) or self.depth > _MAX_DEPTH:
            if self.limits is not None and node is not None:
                why = "a recursive call" if self.depth <= _MAX_DEPTH else "a call too deep"
                self.note_limit_call(
                    node, args, f"{why} of `{fi.name}`: its body is not followed again"
                )
            return derived(args.all_values())
        # Context sensitivity has a price: past a few interpretations of one function (many
        # under a differentiation level, fewer outside one, where no finding can arise) its
        # calls get the summary of what it returned so far.
        count = self.interpretations.get(fi, 0)
        if count >= (_MAX_CONTEXTS if self.level_depth else _MAX_CONTEXTS_FREE):
            if self.limits is not None and node is not None:
                self.note_limit_call(
                    node,
                    args,
                    f"`{fi.name}` was already analysed in {count} contexts: this call gets a "
                    "summary of its results, its body is not followed with these arguments",
                )
            summary = self._without_foreign_marks(self.summaries.get(fi, UNKNOWN))
            return join([summary, derived(args.all_values())])
        self.interpretations[fi] = count + 1
        if key is not None:
            self.in_progress.add(key)
        self.entered.add(fi)
        if fi.module is self.main:
            self._effects.entered.add(fi.node)
            self._entered_log.append(fi.node)
        emitted_before = len(self._emitted)
        entered_before = len(self._entered_log)
        state_before = self._shared_state(shared[1]) if shared is not None else None
        scope = Scope(fi, closure.scope, closure.scope.module)
        self.bind_params(closure, args, scope)
        pushed = node is not None and label is not None
        if pushed:
            self.stack.append(self.step(node, f"calls `{label}`"))  # type: ignore[arg-type]
        self.depth += 1
        caller_module = self.module
        if fi.module is not None:
            self.module = fi.module
        try:
            if isinstance(fi.node, ast.Lambda):
                result = self.eval(fi.node.body, scope)
            else:
                self.exec_block(fi.node.body, scope)
                result = scope.vars.get("<return>", Value(const=None))
        finally:
            self.module = caller_module
            self.depth -= 1
            if pushed:
                self.stack.pop()
            if key is not None:
                self.in_progress.discard(key)
        if key is not None:
            self.memo[key] = result
            if len(self._emitted) > emitted_before:
                self._memo_emits[key] = (emitted_before, len(self._emitted))
        if shared is not None and self._shared_state(shared[1]) == state_before:
            self.shared_memo[shared[0]] = _SharedCall(
                result,
                shared[1],
                tuple(dict.fromkeys(self._emitted[emitted_before:])),
                frozenset(self._entered_log[entered_before:]),
            )
        old = self.summaries.get(fi)
        self.summaries[fi] = (
            result if old is None else join([self._without_foreign_marks(old), result])
        )
        return result

    def _shared_key(self, closure: Closure, args: Args) -> tuple[tuple, tuple[Level, ...]] | None:
        """The key of a call of a top-level function of the analysed module in which the
        levels are named by rank (see `sharing`), and those levels; None if it has none."""
        if closure.func.module is not self.main or not sharing.plain_closure(closure):
            return None
        ctx = self.ctx
        kw = sorted(args.kw.items())
        named = sharing.canonical_call(
            [*args.pos, *(v for _, v in kw), args.star, args.dstar],
            (ctx.rule_levels, ctx.mask, ctx.checkpoint_levels, ctx.module_tan),
            lambda lv: self._level_group.get(lv) is MODULE_ROOT,
        )
        if named is None:
            return None
        key = (
            closure,
            len(args.pos),
            tuple(k for k, _ in kw),
            named[0],
            (ctx.vmapped, ctx.jitted, ctx.staged, ctx.trace_only),
        )
        return key, named[1]

    def _shared_state(self, levels: tuple[Level, ...]) -> tuple[int, ...]:
        """What an interpretation may change that a shared result cannot carry over to other
        levels: levels made, loop tangents, transformed functions made or called, the findings
        waiting on its levels, globals and attributes stored. Unchanged by an interpretation:
        its result can be shared."""
        return (
            self._outer_writes,
            len(self._level_group),
            len(self.loop_tangents),
            len(self.transformed_created),
            len(self._called_nodes),
            sum(len(lv.pending) for lv in levels),
        )

    def _reuse_shared(self, key: tuple, levels: tuple[Level, ...]) -> Value | None:
        """The result of an equal call under other levels, with this call's levels in place of
        those; the findings it emitted and the functions it entered count for this root too."""
        try:
            entry = self.shared_memo.get(key)
        except TypeError:  # an unhashable constant
            return None
        if entry is None:
            return None
        mapping = dict(zip(entry.levels, levels))
        result = sharing.rename(
            entry.result, mapping, lambda lv: self._level_group.get(lv) is MODULE_ROOT
        )
        if result is None:
            return None
        for k in entry.emitted:
            self.finding_roots[k].add(self.root)
        self._emitted.extend(entry.emitted)
        self._effects.entered |= entry.entered
        self._entered_log.extend(entry.entered)
        return result

    def _without_foreign_marks(self, v: Value) -> Value:
        """`v` without the marks of levels another computation created (another entry point,
        another escaped transformed function): a summary joins the results of all the
        interpretations of a function, and those tangents cannot reach a call here (the levels
        of the module's own statements can, through its globals). Kept, every summary would
        carry every level of the module: quadratic time and memory, and findings blaming a
        transform that never reaches them."""
        group = self._group
        level_group = self._level_group

        def foreign(m: object) -> bool:
            lv = m if type(m) is Level else getattr(m, "level", None)
            return lv is not None and level_group.get(lv, group) not in (group, MODULE_ROOT)

        def strip(x: Value) -> Value:
            tan = x.tan
            if tan and any(foreign(m) for m in tan):
                tan = frozenset(m for m in tan if not foreign(m))
            items = tuple(strip(i) for i in x.items) if x.items is not None else None
            if tan is x.tan and (items is None or all(a is b for a, b in zip(items, x.items))):  # type: ignore[arg-type]
                return x
            return Value(tan, x.fns, items, x.keys, x.const, x.traced, x.intish)

        return strip(v)

    def bind_params(self, closure: Closure, args: Args, scope: Scope) -> None:
        a = closure.func.node.args
        positional = a.posonlyargs + a.args
        defaults = closure.defaults
        first_default = len(positional) - len(defaults)
        used_kw: set[str] = set()
        for i, p in enumerate(positional):
            if i < len(args.pos):
                v = args.pos[i]
            elif p.arg in args.kw and i >= len(a.posonlyargs):
                v = args.kw[p.arg]
                used_kw.add(p.arg)
            elif args.star is not None:
                v = args.star
            elif args.dstar is not None:
                v = args.dstar
            elif i >= first_default:
                v = defaults[i - first_default]
            else:
                v = UNKNOWN
            scope.vars[p.arg] = v
        if a.vararg:
            extra = args.pos[len(positional) :]
            if args.star is not None:
                scope.vars[a.vararg.arg] = derived([*extra, args.star])
            else:
                scope.vars[a.vararg.arg] = self._seq(list(extra))
        kwd = dict(closure.kw_defaults)
        for k in a.kwonlyargs:
            if k.arg in args.kw:
                scope.vars[k.arg] = args.kw[k.arg]
                used_kw.add(k.arg)
            elif args.dstar is not None:
                scope.vars[k.arg] = args.dstar
            else:
                scope.vars[k.arg] = kwd.get(k.arg, UNKNOWN)
        if a.kwarg:
            rest = {k: v for k, v in args.kw.items() if k not in used_kw}
            vals = list(rest.values()) + ([args.dstar] if args.dstar is not None else [])
            if args.dstar is None:
                scope.vars[a.kwarg.arg] = Value(
                    tan=frozenset().union(*(v.tan for v in vals)) if vals else EMPTY,
                    items=tuple(rest.values()),
                    keys=tuple(rest.keys()),
                    traced=any(v.traced for v in vals),
                )
            else:
                scope.vars[a.kwarg.arg] = derived(vals)

    def instantiate(self, cls: ClassObj, args: Args, node: ast.AST | None) -> Value:
        inst = Instance(cls)
        vals = args.all_values()
        # a linen submodule built in a module's apply reads its parameters from its variables
        tan = self.ctx.module_tan if cls.linen else EMPTY
        obj = Value(tan=tan, fns=(inst,), traced=any(v.traced for v in vals))
        init = cls.lookup("__init__")
        if init is not None:
            self.call_value(self._bind(init, obj), args, node)
        else:
            # dataclass-like: fields become attributes in declaration order
            fields = [
                s.target.id
                for s in cls.node.body
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
            ]
            for name, v in zip(fields, args.pos):
                inst.attrs[name] = v
            for name, v in args.kw.items():
                inst.attrs[name] = v
        post = cls.lookup("__post_init__")
        if post is not None:
            self.call_value(self._bind(post, obj), Args.of(), node)
        return obj

    def call_linen(self, f: LinenApply, args: Args, node: ast.AST | None) -> Value:
        variables = args.pos[0] if args.pos else UNKNOWN
        inst = f.instance
        me = inst.with_tan(inst.tan | variables.tan) if not f.init else inst
        method_v = args.kw.get("method")
        rest = Args(
            args.pos[1:],
            {k: v for k, v in args.kw.items() if k not in ("method", "rngs", "mutable")},
            args.pos_nodes[1:],
            args.kw_nodes,
            args.star,
            args.dstar,
        )
        if method_v is not None and method_v.fns:
            return self.call_value(
                Value(fns=tuple(Partial(m, (me,)) for m in method_v.fns if not isinstance(m, Api))),
                rest,
                node,
            )
        classes = [i.cls for i in inst.fns if isinstance(i, Instance)]
        call = classes[0].lookup("__call__") if classes else None
        if call is None:
            return derived([me, *rest.all_values()])
        with self.context(self._with_ctx(module_tan=me.tan if not f.init else EMPTY)):
            out = self.call_value(self._bind(call, me), rest, node)
        return out.with_tan(out.tan | me.tan) if not f.init else kill(out)

    # ------------------------------------------------------------- API calls

    def call_api(self, name: str, args: Args, node: ast.AST | None) -> Value:
        name = self.extra_transforms.get(name, name)
        if name in jaxapi.CALLBACKS:
            return self.call_callback(name, jaxapi.CALLBACKS[name], args, node)
        if name in self.extra_callbacks:
            return self.call_callback(name, jaxapi.CallbackSpec("pure", 0, frozenset()), args, node)
        spec = jaxapi.TRANSFORMS.get(name)
        if spec is not None:
            return self.make_transform(name, spec, args, node)
        kind = jaxapi.HIGHER_ORDER.get(name)
        if kind is not None:
            return self.call_higher_order(kind, name, args, node)
        if name in jaxapi.TRACE_ONLY:
            return self.call_trace_only(jaxapi.TRACE_ONLY[name], args, node)
        if name in jaxapi.PYTREE_REGISTRATIONS and args.pos:
            return self.register_pytree(name, args)
        if name in jaxapi.NNX_VARIABLE_BASES and args.pos:
            return args.pos[0]  # an nnx Variable stands for its array (dtype included)
        if name in nnx_filters.CONSTRUCTORS:
            parts = [self.nnx_filter(v) for v in args.pos]
            key = args.pos[0].const if args.pos else None
            return Value(const=nnx_filters.build(nnx_filters.CONSTRUCTORS[name], parts, key))
        if name == "flax.nnx.DiffState" and len(args.pos) == 2:
            state = nnx_filters.DiffState(args.pos[0].const, self.nnx_filter(args.pos[1]))
            return Value(const=state)
        vals = args.all_values()
        # `traced`: derived from a tracer (a concrete array is static to fori_loop's bounds)
        jax_array = any(v.traced for v in vals) or (self.ctx.jitted and name.startswith("jax."))
        if name in jaxapi.NON_CALLING_BUILTINS and node is not None:
            for v in vals:
                for f in v.fns:
                    if isinstance(f, Transformed):
                        self.transformed_inspected.setdefault(f, set()).add(node)
        if name.startswith("builtins.") and jaxapi.is_killer(name):
            if name == "builtins.range" and vals and all(type(v.const) is int for v in vals):
                # a constant range (`argnums=tuple(range(4))`): its items are known
                r = range(*(v.const for v in vals[:3]))
                if len(r) <= _MAX_ITEMS:
                    return Value(const=r, intish=True)
            if name in ("builtins.int", "builtins.bool") and vals and vals[0].const is not NOCONST:
                try:
                    return Value(const=int(vals[0].const), intish=True)
                except (TypeError, ValueError):
                    pass
            if name in jaxapi.PYTHON_INT_RESULTS:
                return Value(intish=True)  # Python ints: no tangent, and grad rejects them
            return UNKNOWN
        if name in jaxapi.INT_CONSTRUCTORS:
            return Value(traced=jax_array, intish=True)
        if name in ("jax.numpy.array", "jax.numpy.asarray") and args.pos:
            # a given dtype decides, not the element literals (`dtype=jnp.float32`)
            return self.array_with_dtype(args.pos[0], args.get(1, "dtype"))
        facts = apitable.facts(name)
        if facts is not None:
            return self.call_measured(facts, args, node)
        if name in jaxapi.PYTHON_STATIC:
            return Value()  # Python values: static even on a tracer (`jnp.shape(x)`)
        if jaxapi.is_killer(name):
            return Value(traced=jax_array)
        if self.ctx.module_tan and name.startswith("flax.linen."):
            if name.rpartition(".")[2][:1].isupper():
                # a linen submodule (nn.Dense(...)) built in a module's apply: its
                # parameters are that apply's variables
                return Value(tan=derived(vals).tan | self.ctx.module_tan, traced=True)
        if name in ("builtins.zip", "builtins.enumerate") and args.pos:
            return self._zip(name, args.pos)
        if name in ("builtins.tuple", "builtins.list") and args.pos:
            v = args.pos[0]
            if isinstance(v.const, range):
                return self._seq([Value(const=i, intish=True) for i in v.const])
            return v if v.items is not None else derived([v])
        if name == "builtins.dict":
            if not args.pos and args.kw:
                return Value(
                    tan=frozenset().union(*(v.tan for v in args.kw.values())),
                    items=tuple(args.kw.values()),
                    keys=tuple(args.kw.keys()),
                    traced=any(v.traced for v in args.kw.values()),
                )
        if name in ("builtins.getattr",) and len(args.pos) >= 2:
            attr = args.pos[1].const
            if isinstance(attr, str):
                return self.attribute(args.pos[0], attr)
            if self.limits is not None and node is not None:
                self.note_limit(node, "getattr with a name not known statically: unknown value")
        if name == "builtins.super":
            return UNKNOWN
        if name in ("numpy.array", "numpy.asarray") and args.pos:
            return self.array_with_dtype(args.pos[0], args.get(1, "dtype"))
        if self.limits is not None and node is not None and not name.startswith("builtins."):
            if any(f for v in vals for f in v.fns if not isinstance(f, Api)):
                self.note_limit(
                    node,
                    f"`{name}` is not modelled (no JAX API facts, not workspace code): the "
                    "functions passed to it are not followed",
                )
            else:
                self.note_limit_call(
                    node,
                    args,
                    f"`{name}` is not modelled (no JAX API facts, not workspace code): "
                    "differentiated values are assumed to pass through it",
                )
        return derived(vals)

    def register_pytree(self, name: str, args: Args) -> Value:
        """`register_pytree_node(cls, flatten, unflatten)`, `register_dataclass(cls,
        data_fields, meta_fields)`: the class becomes a pytree; its aux data and meta fields
        are static."""
        classes = [f for f in args.pos[0].fns if isinstance(f, ClassObj)]
        static: set[str] = set()
        if name == "jax.tree_util.register_pytree_node":
            flatten = args.get(1, "flatten_func")
            for f in flatten.fns if flatten is not None else ():
                if isinstance(f, Closure):
                    static |= flatten_aux_attributes(f.func.node)
        else:
            # register_dataclass: the data fields are leaves (tracers under jit)
            data = args.get(1, "data_fields")
            if data is not None and data.items is not None:
                for c in classes:
                    c.data_fields.update(i.const for i in data.items if isinstance(i.const, str))
            meta = args.get(2, "meta_fields")
            if meta is not None:
                names = meta.const if isinstance(meta.const, tuple) else tuple(
                    i.const for i in meta.items or ()
                )
                static = {n for n in names if isinstance(n, str)}
        for c in classes:
            c.pytree = True
            c.static_fields |= static
        return args.pos[0]

    def call_measured(self, facts: apitable.ApiFacts, args: Args, node: ast.AST | None) -> Value:
        """A JAX function the API table describes: its result carries the tangents of the
        arguments whose tangents reach it in JAX, and is an integer when JAX's is."""
        if facts.callables and facts.calling:
            return self.call_measured_higher_order(facts, args, node)
        vals = args.all_values()
        traced = any(v.traced for v in vals) or self.ctx.jitted
        # an explicit integer dtype (`dtype=jnp.int32`, `astype(x, "int32")`) makes it an integer
        dtypes = []
        for p in jaxapi.DTYPE_PARAMS:
            i = facts.position(p)
            dtype = args.get(i if i is not None else 1 << 30, p)
            if dtype is not None and self.is_int_dtype(dtype):
                return Value(traced=traced, intish=True)
            if dtype is not None and dtype.const is not None:
                dtypes.append(dtype)
        # the array arguments decide (options such as `indexing="ij"` or `None` say nothing),
        # unless another dtype is given (`arange(4, dtype="float32")`)
        arrays = [v for v in vals if v.const is not None and not isinstance(v.const, str)]
        all_int = bool(arrays) and all(v.intish for v in arrays) and not dtypes
        intish = (facts.out == "int" and (facts.int_from_float or all_int)) or (
            facts.int_preserving and all_int
        )
        if facts.tangent_free or intish:
            # integer results carry float0 tangents: none
            return Value(traced=traced, intish=intish)
        if facts.items is not None:
            # a tuple of results (top_k's values and indices): each carries what reaches it
            items = tuple(
                Value(traced=traced, intish=True)
                if integer
                else Value(tan=self._reaching_tan(facts, args, sources), traced=traced)
                for integer, sources in facts.items
            )
            return Value(
                tan=frozenset().union(*(i.tan for i in items)), items=items, traced=traced
            )
        return Value(tan=self._reaching_tan(facts, args), traced=traced)

    @staticmethod
    def _reaching_tan(
        facts: apitable.ApiFacts, args: Args, sources: frozenset[int] | None = None
    ) -> frozenset:
        """The tangents of the arguments that reach a measured function's result (or, with
        `sources`, one item of it: a measured position reaches it only if it is a source)."""

        def reaches(i: int) -> bool:
            if sources is not None and i < len(facts.reach) and facts.reach[i] is not None:
                return i in sources
            return facts.reaches(i)

        reaching = [v for i, v in enumerate(args.pos) if reaches(i)]
        for k, v in args.kw.items():
            i = facts.position(k)
            if i is None or reaches(i):
                reaching.append(v)
        reaching += [v for v in (args.star, args.dstar) if v is not None]
        return derived(reaching).tan

    def call_measured_higher_order(
        self, facts: apitable.ApiFacts, args: Args, node: ast.AST | None
    ) -> Value:
        """A JAX function that takes functions (vectorize, odeint, minimize, cg, ...): it calls
        them with values derived from its array arguments, at once or through the function it
        returns; the custom rules and loops inside raise what probing JAX showed they raise."""
        fn_positions = {facts.position(c) for c in facts.callables}
        funs: list[Value] = []
        data: list[Value] = []
        #: the functions no outer derivative differentiates (cg's preconditioner)
        plain: list[Value] = []
        for i, v in enumerate(args.pos):
            if i in fn_positions and facts.params and facts.params[i] in facts.undifferentiated:
                plain.append(v)
            else:
                (funs if i in fn_positions else data).append(v)
        for k, v in args.kw.items():
            if k in facts.undifferentiated:
                plain.append(v)
            else:
                (funs if k in facts.callables else data).append(v)
        data += [v for v in (args.star, args.dstar) if v is not None]
        if facts.calling == "wrapper":
            if len(funs) != 1 or not funs[0].fns:
                return derived(args.all_values())
            # a wrapper that maps its function over slices (vectorize) batches like vmap
            kind = "vmap" if facts.maps else "jit"
            return Value(fns=(Wrapper(kind, funs[0], name=facts.name),))
        operand = Value(tan=derived(data).tan, traced=True)
        short = facts.name.rpartition(".")[2]
        if node is not None and facts.forward == "custom_vjp_forward":
            forward = sorted(
                (
                    m
                    for m in operand.tan - self.ctx.mask
                    if isinstance(m, Level) and m.mode == FORWARD
                ),
                key=lambda lv: lv.order,
            )
            if forward:
                # JAX rejects the forward-mode use of its custom_vjp before calling anything
                lv = forward[0]
                self.report("JAX005", node, lv, short, (), deferred=lv.name.endswith("linearize"))
                return Value(tan=operand.tan, traced=True)
        callee_args = Args([operand] * facts.callee_arity, {}, [None] * facts.callee_arity, {})
        # a list of functions (piecewise's funclist) is its functions
        funs = [i for f in funs for i in (f.items if f.items is not None else (f,))]
        emitted = len(self._emitted)
        outs = [self.call_value(f, callee_args, node) for f in funs if f.fns]
        if plain:
            with self.context(self._with_ctx(mask=self.ctx.mask | self._active_marks())):
                for f in plain:
                    if f.fns:
                        self.call_value(f, callee_args, node)
        result = Value(tan=operand.tan | join(outs).tan if outs else operand.tan, traced=True)
        if facts.transposes and node is not None:
            self.transpose_when_traced(funs + plain, facts.callee_arity, node, short)
        if facts.differentiates and node is not None:
            self.transpose_when_traced(funs, facts.callee_arity, node, short, REVERSE)
        if (
            node is not None
            and facts.reverse == "while_loop_reverse"
            and len(self._emitted) == emitted
        ):
            # (an error while differentiating the loop's body is raised first)
            result = self._check_reverse_loop(result, node, short)
        return result

    def array_with_dtype(self, first: Value, dtype: Value | None) -> Value:
        """`array(first, dtype)`: a given dtype decides whether it is an integer array (JAX010),
        not the element literals (`np.array([0, 0], dtype=np.float32)` is a float array;
        `dtype=object` is not a JAX type at all, another error); no dtype or `None`: inferred."""
        if dtype is None or dtype.const is None:
            intish = first.intish
        else:
            intish = self.is_int_dtype(dtype)
        if intish:
            return Value(traced=first.traced, intish=True)
        return derived([first])

    def is_int_dtype(self, v: Value) -> bool:
        if isinstance(v.const, str):
            return v.const in jaxapi.INTEGER_DTYPE_STRINGS
        return bool(v.fns) and all(
            isinstance(f, Api) and f.name in jaxapi.INTEGER_DTYPES for f in v.fns
        )

    def call_array_method(self, m: ArrayMethod, args: Args) -> Value:
        recv = m.receiver
        if m.name == "astype":
            dtype = args.get(0, "dtype")
            if dtype is not None and self.is_int_dtype(dtype):
                return Value(traced=recv.traced, intish=True)
            return derived([recv])
        if jaxapi.is_killer_method(m.name):
            return Value(traced=recv.traced)
        if m.name in ("get", "pop", "setdefault") and recv.keys is not None:
            return self.subscript(recv, args.pos[0] if args.pos else UNKNOWN)
        if m.name in ("items", "values") and recv.keys is not None:
            if m.name == "values":
                return self._seq(list(recv.items or ()))
            return self._seq(
                [self._seq([Value(const=k), v]) for k, v in zip(recv.keys, recv.items or ())]
            )
        facts = apitable.facts(f"jax.Array.{m.name}") if recv.items is None else None
        if facts is not None and not facts.callables:
            # an array method as JAX measured it (`x.reshape` keeps an integer dtype)
            return self.call_measured(
                facts,
                Args([recv, *args.pos], args.kw, [None, *args.pos_nodes], args.kw_nodes),
                None,
            )
        return derived([recv, *args.all_values()])

    # ------------------------------------------------------------- callbacks

    def call_callback(
        self, name: str, spec: jaxapi.CallbackSpec, args: Args, node: ast.AST | None
    ) -> Value:
        if spec.kind == "debug":
            return UNKNOWN
        operands: list[tuple[Value, ast.AST | None]] = []
        for i, v in enumerate(args.pos):
            if i >= spec.operand_start:
                operands.append((v, args.pos_nodes[i]))
        for k, v in args.kw.items():
            if k not in spec.config_keywords and k not in ("result_shape_dtypes", "callback"):
                operands.append((v, args.kw_nodes.get(k)))
        if args.star is not None:
            operands.append((args.star, None))
        if args.dstar is not None:
            operands.append((args.dstar, None))
        if node is not None:
            has_vmap = "vmap_method" in args.kw or (
                args.kw.get("vectorized", Value()).const is True
            )
            self.check_callback(name, spec.kind, operands, node, has_vmap)
        return derived([v for v, _ in operands])

    def check_callback(
        self,
        name: str,
        kind: str,
        operands: list[tuple[Value, ast.AST | None]],
        node: ast.AST,
        has_vmap_method: bool,
    ) -> None:
        ctx = self.ctx
        marks = frozenset().union(*(v.tan for v, _ in operands)) - ctx.mask if operands else EMPTY
        levels = [m for m in marks if isinstance(m, Level)]
        tangents = [m.level for m in marks if isinstance(m, TangentOf)]
        short = "jax.pure_callback" if kind == "pure" else "io_callback"

        def operand_spans(pred: Callable[[frozenset], bool]) -> tuple[Span, ...]:
            return tuple(self.span(n) for v, n in operands if n is not None and pred(v.tan))

        # JVP-time errors: a level differentiates the callback (forward or reverse)
        jvp_levels = sorted((lv for lv in levels if lv.mode != TRANSPOSE), key=lambda lv: lv.order)
        batches = sorted(
            (m.level for m in marks if isinstance(m, BatchedBy)), key=lambda lv: lv.order
        )
        if (
            kind == "pure"
            and batches
            and not has_vmap_method
            and (not jvp_levels or batches[-1].order > jvp_levels[-1].order)
        ):
            # the innermost transform sees the callback first: here a vmap, which has no rule
            # for a pure_callback without vmap_method
            inner = batches[-1]
            spans = operand_spans(lambda t: any(isinstance(m, BatchedBy) for m in t))
            self.report("JAX008", node, inner, short, spans)
            return
        if jvp_levels:
            outer = jvp_levels[0]
            second_order = bool(ctx.rule_levels) and outer not in ctx.rule_levels
            if kind == "pure":
                code = "JAX007" if second_order else "JAX001"
            else:
                code = "JAX007" if second_order else "JAX003"
            spans = operand_spans(lambda t: bool(t & set(jvp_levels)))
            self.report(
                code, node, outer, short, spans, modes=tuple(sorted({lv.mode for lv in jvp_levels}))
            )
            return
        if kind == "io" and ctx.checkpoint_levels:
            outer = min(ctx.checkpoint_levels, key=lambda lv: lv.order)
            self.report("JAX004", node, outer, short, ())
            return
        # transpose-time errors
        for lv in sorted(levels, key=lambda lv: lv.order):
            if lv.mode == TRANSPOSE:
                code = "JAX002" if kind == "pure" else "JAX003"
                spans = operand_spans(lambda t, lv=lv: lv in t)  # type: ignore[misc]
                self.report(code, node, lv, short, spans, deferred=True)
                return
        for lv in sorted(tangents, key=lambda lv: lv.order):
            spans = operand_spans(lambda t, lv=lv: lv.tangent_mark in t)  # type: ignore[misc]
            if lv.mode == REVERSE:
                code = "JAX002" if kind == "pure" else "JAX003"
                self.report(code, node, lv, short, spans, deferred=True, on_tangents=True)
                return
            if lv.batched and kind == "pure" and not has_vmap_method:
                self.report("JAX008", node, lv, short, spans, on_tangents=True)
                return
            if lv.mode == FORWARD and lv.defer:
                # linearize: raised if its linear function is transposed (`linear_transpose`)
                code = "JAX002" if kind == "pure" else "JAX003"
                self.report(code, node, lv, short, spans, gate=lv.on_transpose, on_tangents=True)
                return

    def report(
        self,
        code: str,
        node: ast.AST,
        level: Level,
        what: str,
        operand_spans: tuple[Span, ...],
        *,
        deferred: bool = False,
        gate: list | None = None,
        on_tangents: bool = False,
        modes: tuple[str, ...] = (),
        jax_says: str | None = None,
    ) -> None:
        span = self.span(node)
        path: tuple[PathStep, ...] = (level.site, *self.stack[level.stack_len :])
        if not self.module.is_main:
            # the offending call is in an imported module: report it at the last step of the
            # path that is in the analysed file, and point from there into the other file
            path = (*path, PathStep(span, f"`{what}` is called here", self.module.path))
            in_main = [i for i, st in enumerate(self.stack) if st.filename is None]
            if not in_main:
                return  # not reached from the analysed file: that file's own finding
            span = self.stack[in_main[-1]].span
            if level.site.filename is not None:
                path = (*self.stack[: level.stack_len], *path)
        rule = RULES[code]
        through = [
            s.label.removeprefix("calls ").strip("`")
            for s in path[1:]
            if s.label.startswith("calls ")
        ]
        route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
        if not self.module.is_main and self.module.path:
            route += f" (in {Path(self.module.path).name}:{self.span(node).line})"
        site_line = level.site.span.line
        if code in ("JAX005", "JAX006"):
            head = (
                f"`{what}` is a custom_vjp function reached by `{level.name}` "
                f"(line {site_line}){route}"
            )
        elif code == "JAX009":
            head = f"`{what}` is reverse-differentiated by `{level.name}` (line {site_line}){route}"
        elif code == "JAX010":
            head = f"`{level.name}` (line {site_line}) is applied to an integer input"
        elif code == "JAX008" and level.mode == "batch":
            head = (
                f"`{what}` has no `vmap_method` and its operands are batched by `{level.name}` "
                f"(line {site_line}){route}"
            )
        elif on_tangents:
            head = (
                f"`{what}` is applied to tangents of `{level.name}` (line {site_line}) in a "
                f"custom_jvp rule{route}"
            )
        elif code == "JAX007":
            head = (
                f"`{what}` in a custom derivative rule is differentiated again by "
                f"`{level.name}` (line {site_line}){route}"
            )
        elif code == "JAX004":
            head = (
                f"`{what}` runs inside `jax.checkpoint` differentiated by `{level.name}` "
                f"(line {site_line}){route}"
            )
        else:
            head = f"`{what}` is reached by `{level.name}` (line {site_line}){route}"
        says = jax_says or rule.jax_says
        if code == "JAX003" and deferred:  # raised when the map is transposed, not at JVP
            says = "IO callbacks do not support transpose"
        message = f"{head}; JAX will raise '{says}'"
        finding = Finding(
            code=code,
            message=message,
            span=span,
            severity=Severity.ERROR,
            path=tuple(path),
            # an io_callback JAX transposes stays in the transposed jaxpr whatever stops its
            # operands' gradients (checked under JAX 0.10.2): no stop_gradient fix for it
            fixes=(() if code == "JAX003" and deferred else _FIXES.get(code, ()))
            + (FixKind.SUPPRESS,),
            transform=level.name,
            operand_spans=operand_spans,
            modes=modes or (level.mode,),
        )

        def emit() -> None:
            key = (code, span)
            self.findings.setdefault(key, finding)
            self.finding_roots.setdefault(key, set()).add(self.root)
            self._emitted.append(key)

        if gate is not None:
            gate.append(emit)  # emitted only if a condition is met later (see LoopTangent)
        elif deferred and level.defer:
            level.pending.append(emit)
        else:
            emit()

    # ------------------------------------------------------------- transforms

    def make_transform(
        self, name: str, spec: jaxapi.TransformSpec, args: Args, node: ast.AST | None
    ) -> Value:
        if spec.shape == "fn":
            if not args.pos and "fun" not in args.kw and "f" not in args.kw and args.star is None:
                # `@eqx.filter_value_and_grad(has_aux=True)`: a decorator that builds the
                # transform when applied to the function
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            fun = args.get(0, "fun") or args.get(0, "f") or UNKNOWN
            argnums: tuple[int, ...] | None = spec.argnums
            wrt = None
            if name in jaxapi.PARAM_ONLY_TRANSFORMS:
                an = args.kw.get("argnums")
                read = nnx_filters.argnums_and_filter(
                    [0] if an is None else [i.const for i in an.items] if an.items is not None
                    else [an.const]
                )
                if read is None:
                    return derived([fun])  # argnums we cannot read: stay silent
                argnums, wrt = read
            elif spec.has_argnums:
                an = args.get(1, "argnums")
                if an is not None and an.const is not NOCONST:
                    c = an.const
                    if isinstance(c, int):
                        argnums = (c,)
                    elif isinstance(c, tuple) and all(isinstance(x, int) for x in c):
                        argnums = c
                elif an is not None:
                    return derived([fun])  # argnums we cannot read: stay silent
            allow_int = bool(args.kw.get("allow_int", Value(const=False)).const is True)
            site = self.span(node) if node is not None else Span(1, 0, 1, 0)
            tf = Transformed(spec, name, fun, argnums, allow_int, site, wrt)
            if node is not None and self.module.is_main:
                # only this file's transforms: an imported module's are its own findings
                self.transformed_created.setdefault(tf, node)
                self._created_root.setdefault(tf, self.root)
            return Value(fns=(tf,))
        if node is None:
            return UNKNOWN
        fun = args.pos[0] if args.pos else args.kw.get("fun", UNKNOWN)
        if spec.shape == "jvp":
            primals = args.get(1, "primals") or UNKNOWN
            prim = list(primals.items) if primals.items is not None else [primals]
            level = self.new_level(spec, name, node, defer=False)
            tangents = args.get(2, "tangents")
            if tangents is not None:
                level.tangent_in = frozenset(
                    m for m in tangents.tan - self.ctx.mask if isinstance(m, (Level, BatchedBy))
                )
            out = self.run_level(
                level,
                fun,
                Args([add_mark(p, frozenset({level})) for p in prim], {}, [None] * len(prim), {}),
                node,
            )
            # the tangent output is linear in the given tangents: it carries their marks
            t_out = (out.tan - {level}) | (level.tangent_in if level in out.tan else EMPTY)
            tangent = Value(tan=t_out, traced=True)
            return Value(tan=out.tan - {level} | t_out, items=(out, tangent), traced=True)
        if spec.shape in ("vjp", "linearize", "transpose"):
            prim = args.pos[1:]
            level = self.new_level(spec, name, node, defer=True)
            out = self.run_level(
                level,
                fun,
                Args([add_mark(p, frozenset({level})) for p in prim], {}, [None] * len(prim), {}),
                node,
            )
            base = Value(tan=out.tan - {level}, traced=True)
            pull = Value(fns=(Pullback(level),))
            if spec.shape == "transpose":
                return pull
            has_aux = args.kw.get("has_aux", Value(const=False)).const is True
            return Value(
                items=(base, pull, base) if has_aux else (base, pull), tan=base.tan, traced=True
            )
        if spec.shape == "check":
            return self.check_grads(name, fun, args, node)
        return UNKNOWN

    def check_grads(self, name: str, fun: Value, args: Args, node: ast.AST) -> Value:
        prim_v = args.get(1, "args") or UNKNOWN
        prim = list(prim_v.items) if prim_v.items is not None else [prim_v]
        modes_v = args.kw.get("modes")
        modes: tuple[str, ...] = ("fwd", "rev")
        if modes_v is not None and isinstance(modes_v.const, tuple):
            modes = tuple(str(m) for m in modes_v.const)
        order_v = args.get(2, "order")
        order = order_v.const if order_v is not None and isinstance(order_v.const, int) else 1
        for mode in modes:
            spec = jaxapi.TRANSFORMS["jax.jvp" if mode == "fwd" else "jax.vjp"]

            def nest(depth: int, vals: list[Value], spec: jaxapi.TransformSpec = spec) -> Value:
                level = self.new_level(spec, name, node, defer=False)
                marked = [add_mark(p, frozenset({level})) for p in vals]
                if depth <= 1:
                    return self.run_level(
                        level, fun, Args(marked, {}, [None] * len(marked), {}), node
                    )
                return nest(depth - 1, marked)

            nest(max(1, min(order, 3)), prim)
        return UNKNOWN

    def new_level(
        self, spec: jaxapi.TransformSpec, name: str, node: ast.AST, *, defer: bool
    ) -> Level:
        return self.level(spec.mode, name, self.span(node), batched=spec.batched, defer=defer)

    def level(
        self, mode: str, name: str, site: Span, *, batched: bool, defer: bool = False
    ) -> Level:
        where = None if self.module.is_main else self.module.path
        lv = Level(
            mode,
            name,
            PathStep(
                site,
                f"`{name}` batches here" if mode == "batch" else f"`{name}` differentiates here",
                where,
            ),
            len(self.stack),
            defer=defer,
            batched=batched,
        )
        self._level_group[lv] = self._group
        self.levels.append(lv)
        return lv

    def run_level(self, level: Level, fun: Value, args: Args, node: ast.AST) -> Value:
        saved = self.ctx
        if level.batched:
            self.ctx = self._with_ctx(vmapped=True)
        self.level_depth += 1
        try:
            out = self.call_value(fun, args, node)
        finally:
            self.ctx = saved
            self.level_depth -= 1
        self._transposed_loops(level, out)
        if not level.defer:
            for emit in level.pending:
                emit()
            level.pending.clear()
        return out

    def call_transformed(self, f: Transformed, args: Args, node: ast.AST | None) -> Value:
        self.transformed_called.add(f)
        created = self.transformed_created.get(f)
        if created is not None:
            self._effects.called.add(created)
        spec = f.spec
        argnums = f.argnums
        n = len(args.pos)
        diff = tuple(range(n)) if argnums is None else tuple(a % n if n else a for a in argnums)
        if any(i >= n for i in diff):
            if args.star is None:
                return derived(args.all_values())
        # JAX010: integer inputs are rejected before tracing
        if spec.int_check and not f.allow_int and node is not None:
            for i in diff:
                if i < n and self._has_int_leaf(args.pos[i], wrt=f.wrt):
                    self._report_int(f, node)
                    return UNKNOWN
        if spec.outer is not None:
            outer = Transformed(
                spec.outer,
                f.name,
                Value(
                    fns=(
                        Transformed(
                            jaxapi.TransformSpec(
                                "fn",
                                spec.mode,
                                argnums,
                                spec.has_argnums,
                                spec.batched,
                                arrays_only=spec.arrays_only,
                            ),
                            f.name,
                            f.fun,
                            argnums,
                            f.allow_int,
                            f.site,
                        ),
                    )
                ),
                argnums,
                f.allow_int,
                f.site,
            )
            return self.call_transformed(outer, args, node)
        level = self.level(spec.mode, f.name, f.site, batched=spec.batched)
        level.arrays_only = spec.arrays_only
        level.wrt = f.wrt
        marks = frozenset({level})
        mark = add_mark_to_arrays if spec.arrays_only else add_mark
        # integer inputs (allow_int) get float0 tangents: symbolic zeros, never a real tangent
        new_pos = [
            mark(v, marks) if i in diff and not v.intish else v for i, v in enumerate(args.pos)
        ]
        own = jaxapi.OWN_KEYWORDS.get(f.name, EMPTY)
        kw = {k: v for k, v in args.kw.items() if k not in own} if own else args.kw
        new_args = Args(new_pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
        if spec.mode == TRANSPOSE and not self.ctx.staged:
            with self.staging():  # linear_transpose traces its function to a jaxpr
                out = self.run_level(level, f.fun, new_args, node) if node is not None else UNKNOWN
        else:
            out = self.run_level(level, f.fun, new_args, node) if node is not None else UNKNOWN
        return Value(tan=(out.tan | derived(args.all_values()).tan) - marks, traced=True)

    def _has_int_leaf(self, v: Value, depth: int = 0, wrt: Any = None) -> bool:
        """Whether the pytree `v` has an integer leaf: a tuple's item, a field (not a
        static one) of an instance of a class registered as a pytree (flax.struct, ...), or
        a Variable of an nnx module that nnx.grad's filter `wrt` selects."""
        if v.intish:
            return True
        if depth > _MAX_DEPTH_ITEMS:
            return False
        if v.items is not None:
            return any(self._has_int_leaf(i, depth + 1, wrt) for i in v.items)
        for f in v.fns:
            if wrt is not None and isinstance(f, Instance) and self._is_nnx_graph(f.cls):
                for k, a in f.attrs.items():
                    kind = f.var_kinds.get(k)
                    if isinstance(kind, tuple) and nnx_filters.selects(wrt, kind, k) is True:
                        if a.intish:
                            return True
                    elif kind is None and any(isinstance(g, Instance) for g in a.fns):
                        if self._has_int_leaf(a, depth + 1, wrt):
                            return True
            elif isinstance(f, Instance) and f.cls.is_pytree():
                if any(
                    self._has_int_leaf(a, depth + 1)
                    for k, a in f.attrs.items()
                    if not f.cls.is_static_field(k)
                ):
                    return True
        return False

    def _report_int(self, f: Transformed, node: ast.AST) -> None:
        level = self.level(f.spec.mode, f.name, f.site, batched=False)
        says = jaxapi.int_input_error(f.spec.int_check)
        self.report("JAX010", node, level, f.name, (), jax_says=says)

    # ------------------------------------------------------------- higher order

    def call_higher_order(self, kind: str, name: str, args: Args, node: ast.AST | None) -> Value:
        pos = args.pos
        if kind in ("jit", "vmap", "same", "checkpoint", "same_or_decorator"):
            fun = args.get(0, "fun") or args.get(0, "f")
            if fun is None:
                # used as `@partial(jax.jit, ...)` or `jax.jit(static_argnums=...)` factory
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            if not fun.fns:
                return derived([fun])
            static: frozenset[int] = EMPTY
            sa = args.kw.get("static_argnums")
            if sa is not None:
                c = sa.const
                static = frozenset(
                    (c,) if isinstance(c, int) else c if isinstance(c, tuple) else ()
                )
            names_v = args.kw.get("static_argnames")
            static_names: frozenset[str] = EMPTY
            if names_v is not None:
                c = names_v.const
                static_names = frozenset(
                    (c,) if isinstance(c, str) else c if isinstance(c, tuple) else ()
                )
            if kind in ("same", "same_or_decorator"):
                return fun
            if any(isinstance(f, ClassObj) for f in fun.fns):
                # flax lifted transforms on Module classes: a remat'd class checkpoints calls
                if kind != "checkpoint":
                    return fun
                return Value(
                    fns=tuple(
                        ClassObj(f.name, f.node, {}, [Value(fns=(f,))], f.linen, remat=True)
                        if isinstance(f, ClassObj)
                        else f
                        for f in fun.fns
                    )
                )
            batched = self._in_axes(args) if kind == "vmap" else None
            return Value(fns=(Wrapper(kind, fun, static, static_names, batched, name),))
        if kind == "partial":
            if not pos:
                return UNKNOWN
            fun = pos[0]
            return (
                Value(
                    fns=tuple(Partial(f, tuple(pos[1:]), tuple(args.kw.items())) for f in fun.fns)
                )
                if fun.fns
                else derived([fun])
            )
        if kind == "wraps":
            return Value(fns=(Decorator("wraps"),))
        if kind == "update_wrapper":
            return pos[0] if pos else UNKNOWN
        if node is None:
            return UNKNOWN
        if kind in ("scan", "while_loop", "cond", "switch", "map") and not self.ctx.staged:
            with self.staging():
                return self.call_higher_order(kind, name, args, node)
        if kind == "scan":
            return self.scan(args, node)
        if kind == "fori_loop":
            return self.fori_loop(args, node)
        if kind == "while_loop":
            return self.while_loop(args, node)
        if kind == "cond":
            if len(pos) >= 3:
                ops = Args(pos[3:], {}, args.pos_nodes[3:], {}, args.star)
                outs = [self.call_value(pos[1], ops, node), self.call_value(pos[2], ops, node)]
                return join(outs)
            return derived(args.all_values())
        if kind == "switch":
            if len(pos) >= 2:
                ops = Args(pos[2:], {}, args.pos_nodes[2:], {}, args.star)
                branches = list(pos[1].items) if pos[1].items is not None else [pos[1]]
                return join([self.call_value(b, ops, node) for b in branches])
            return derived(args.all_values())
        if kind == "map":
            f = args.get(0, "f") or UNKNOWN
            xs = args.get(1, "xs") or UNKNOWN
            batch_size = args.kw.get("batch_size")
            if batch_size is not None and batch_size.const is not None:
                # lax.map(..., batch_size=n) vmaps `f` over each chunk
                level = self.level("batch", name, self.span(node), batched=True)
                xs = add_mark(xs, frozenset({level.batch_mark}))
            out = self.call_value(f, Args([xs], {}, [None], {}), node)
            return Value(tan=out.tan, traced=True)
        if kind == "reduce":
            return self.reduce(args, node)
        if kind == "tree_map":
            if pos:
                rest = Args(pos[1:], {}, args.pos_nodes[1:], {})
                return self.call_value(pos[0], rest, node)
            return UNKNOWN
        if kind == "custom_root":
            return self.custom_root(args, node)
        if kind == "custom_linear_solve":
            return self.custom_linear_solve(args, node)
        if kind in ("custom_jvp", "custom_vjp", "eqx_custom_vjp"):
            fun = args.get(0, "fun")
            nondiff = args.kw.get("nondiff_argnums")
            nd: tuple[int, ...] = ()
            if nondiff is not None and isinstance(nondiff.const, tuple):
                nd = tuple(x for x in nondiff.const if isinstance(x, int))
            if fun is None:
                return Value(fns=(Partial(Api(name), (), tuple(args.kw.items())),))
            label = next((f.func.name for f in fun.fns if isinstance(f, Closure)), "")
            c = CustomFn(
                "jvp" if kind == "custom_jvp" else "vjp",
                fun,
                nd,
                opaque_rules=kind == "eqx_custom_vjp",
                name=label,
            )
            return Value(fns=(c,))
        return derived(args.all_values())

    @staticmethod
    def _in_axes(args: Args) -> tuple[bool, ...] | None:
        """Which positional arguments a vmap batches, from a constant `in_axes`."""
        v = args.get(1, "in_axes")
        if v is None:
            return None  # in_axes=0: all
        c = v.const
        if isinstance(c, int) and not isinstance(c, bool):
            return None
        if isinstance(c, tuple):
            return tuple(x is not None for x in c)
        if v.items is not None and v.keys is None:
            return tuple(i.const is not None for i in v.items)
        return ()

    def _with_ctx(self, **changes: Any) -> Ctx:
        return dataclasses.replace(self.ctx, **changes)

    @contextmanager
    def staging(self) -> Iterator[None]:
        """JAX traces the functions called in here into a jaxpr (see `Ctx.staged`)."""
        if self.ctx.staged:
            yield
            return
        with self.context(self._with_ctx(staged=True)):
            yield

    @contextmanager
    def context(self, ctx: Ctx) -> Iterator[None]:
        saved = self.ctx
        self.ctx = ctx
        try:
            yield
        finally:
            self.ctx = saved

    def call_trace_only(self, how: str, args: Args, node: ast.AST | None) -> Value:
        """`make_jaxpr(f)` (a function tracing `f`) or `eval_shape(f, *args)` (traces it now).
        What they return (a jaxpr, shapes) carries no tangent."""
        fun = args.get(0, "fun") or UNKNOWN
        if not fun.fns:
            return UNKNOWN
        if how == "wrapped":
            return Value(fns=(Wrapper("trace_only", fun),))
        rest = Args(args.pos[1:], {}, args.pos_nodes[1:], {}, args.star, args.dstar)
        self.call_wrapper(Wrapper("trace_only", fun), rest, node)
        return UNKNOWN

    def call_wrapper(self, w: Wrapper, args: Args, node: ast.AST | None) -> Value:
        if w.kind == "trace_only":
            with self.context(self._with_ctx(trace_only=True)):
                self.call_wrapper(Wrapper("jit", w.fun), args, node)  # traced like jit's body
            return UNKNOWN
        if w.kind in ("jit", "vmap", "checkpoint") and not self.ctx.staged:
            with self.staging():
                return self.call_wrapper(w, args, node)
        if w.kind == "checkpoint":
            reverse = frozenset(
                m
                for v in args.all_values()
                for m in v.tan
                if isinstance(m, Level) and m.mode == REVERSE
            )
            with self.context(
                self._with_ctx(checkpoint_levels=self.ctx.checkpoint_levels | reverse)
            ):
                return self.call_value(w.fun, args, node)
        if w.kind in ("jit", "vmap"):
            pos = [
                v
                if (i in w.static or v.traced or (v.fns and not _data_pytree(v)))
                else Value(v.tan, v.fns, v.items, v.keys, NOCONST, True, v.intish)
                for i, v in enumerate(args.pos)
            ]
            kw = {
                k: (
                    v
                    if k in w.static_names or (v.fns and not _data_pytree(v))
                    else Value(v.tan, v.fns, v.items, v.keys, NOCONST, True, v.intish)
                )
                for k, v in args.kw.items()
            }
            if w.kind == "vmap" and node is not None and w.batched != ():
                # the batched arguments carry the mark of this vmap (a callback on them needs
                # a vmap_method); the results, stacked, are plain arrays again
                level = self.level("batch", w.name or "jax.vmap", self.span(node), batched=True)
                mark = frozenset({level.batch_mark})
                pos = [
                    add_mark(v, mark) if w.batched is None or (i < len(w.batched) and w.batched[i])
                    else v
                    for i, v in enumerate(pos)
                ]
                if w.batched is None:
                    kw = {k: add_mark(v, mark) for k, v in kw.items()}
                new = Args(pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
                with self.context(self._with_ctx(vmapped=True)):
                    return strip_marks(self.call_value(w.fun, new, node), mark)
            new = Args(pos, kw, args.pos_nodes, args.kw_nodes, args.star, args.dstar)
            if w.kind == "vmap":
                with self.context(self._with_ctx(vmapped=True)):
                    return self.call_value(w.fun, new, node)
            with self.context(self._with_ctx(jitted=True)):
                return self.call_value(w.fun, new, node)
        return self.call_value(w.fun, args, node)

    def scan(self, args: Args, node: ast.AST) -> Value:
        f = args.get(0, "f") or UNKNOWN
        init = args.get(1, "init") or UNKNOWN
        xs = args.get(2, "xs") or Value(const=None)
        x = xs if xs.items is not None else Value(tan=xs.tan, traced=True)
        carry = init
        out = UNKNOWN
        for _ in range(_MAX_LOOP + 1):
            out = self.call_value(f, Args([carry, x], {}, [None, None], {}), node)
            new_carry = out.items[0] if out.items is not None and len(out.items) == 2 else out
            joined = join([carry, new_carry])
            if joined == carry:
                break
            carry = joined
        ys = out.items[1] if out.items is not None and len(out.items) == 2 else out
        return Value(tan=carry.tan | ys.tan, items=(carry, ys), traced=True)

    def reduce(self, args: Args, node: ast.AST) -> Value:
        """`functools.reduce(f, xs[, init])`: f folded over the items, in order when they are
        known (a composition of layers), else to a fixpoint over their join."""
        f = args.get(0, "function") or UNKNOWN
        xs = args.get(1, "iterable") or UNKNOWN
        init = args.get(2, "initial")
        if xs.items is not None and xs.keys is None:
            items = list(xs.items)
            acc = init if init is not None else (items.pop(0) if items else UNKNOWN)
            for item in items[:_MAX_ITEMS]:
                acc = self.call_value(f, Args([acc, item], {}, [None, None], {}), node)
            return acc
        elem = self.element_of(xs)
        start = init if init is not None else elem
        return self._loop_fixpoint(
            f, lambda v: Args([v, elem], {}, [None, None], {}), start, node
        )

    def _loop_fixpoint(
        self, body: Value, make_args: Callable[[Value], Args], init: Value, node: ast.AST
    ) -> Value:
        val = init
        for _ in range(_MAX_LOOP + 1):
            out = self.call_value(body, make_args(val), node)
            joined = join([val, out])
            if joined == val:
                break
            val = joined
        return val

    def fori_loop(self, args: Args, node: ast.AST) -> Value:
        lo = args.get(0, "lower") or UNKNOWN
        hi = args.get(1, "upper") or UNKNOWN
        body = args.get(2, "body_fun") or UNKNOWN
        init = args.get(3, "init_val") or UNKNOWN
        i = Value(traced=lo.traced or hi.traced)
        # bounds derived only from eager grad/jvp tracers are concrete: JAX runs a scan
        dynamic = (lo.traced or hi.traced) and self.ctx.staged
        make_args = lambda v: Args([i, v], {}, [None, None], {})  # noqa: E731
        with self.staging():
            val = self._loop_fixpoint(body, make_args, init, node)
            if dynamic:
                # its while_loop's cond reads the index and the bounds, never the body's carry
                val = self._check_reverse_loop(val, node, "lax.fori_loop", (body, make_args, None))
        return val

    def while_loop(self, args: Args, node: ast.AST) -> Value:
        cond = args.get(0, "cond_fun") or UNKNOWN
        body = args.get(1, "body_fun") or UNKNOWN
        init = args.get(2, "init_val") or UNKNOWN
        make_args = lambda v: Args([v], {}, [None], {})  # noqa: E731
        val = self._loop_fixpoint(body, make_args, init, node)
        # JAX evaluates cond_fun on the primal carry only: no level differentiates it
        with self.context(self._with_ctx(mask=self.ctx.mask | self._active_marks())):
            self.call_value(cond, Args([val], {}, [None], {}), node)
        return self._check_reverse_loop(val, node, "lax.while_loop", (body, make_args, cond))

    def _check_reverse_loop(
        self, val: Value, node: ast.AST, what: str, loop: tuple | None = None
    ) -> Value:
        """A loop reverse-differentiated: JAX009 once its tangent reaches the level's output
        (`_transposed_loops`); `val` comes back carrying that tangent's LoopTangent mark. With
        the `loop`'s (body, make_args, cond), the carry parts JAX moves out of the loop (see
        `_forwarded_carry`) keep their tangent unmarked."""
        levels = sorted(
            (
                m
                for m in val.tan - self.ctx.mask
                if isinstance(m, Level) and m.mode == REVERSE
            ),
            key=lambda lv: lv.order,
        )
        if not levels:
            return val
        mark = self.loop_tangents.get((node, levels[0]))
        if mark is None:
            mark = self.loop_tangents[(node, levels[0])] = LoopTangent(levels[0])
        forwarded = (
            self._forwarded_carry(val, levels[0], node, *loop) if loop is not None else frozenset()
        )
        if not mark.pending:
            self.report("JAX009", node, levels[0], what, (), gate=mark.pending)
        return _mark_loop_tangent(val, levels[0], mark, (), forwarded)

    def _forwarded_carry(
        self,
        val: Value,
        level: Level,
        node: ast.AST,
        body: Value,
        make_args: Callable[[Value], Args],
        cond: Value | None,
    ) -> frozenset:
        """The paths (item indices) of the carry leaves carrying `level` that the loop's body
        returns unchanged and its cond does not read: `lax.while_loop` moves them out of the
        loop as constants, so the loop's output there is its input and nothing about them is
        transposed. The body is called once more with those leaves made distinct (a probe
        mark defeats the memo): a leaf it returns as the very object it got is forwarded."""
        probe = _CarryProbe()
        leaves: dict[tuple, Value] = {}

        def mark(v: Value, path: tuple) -> Value:
            if level not in v.tan or len(leaves) >= _MAX_ITEMS:
                return v
            items = None
            if v.items is not None:
                items = tuple(mark(item, (*path, k)) for k, item in enumerate(v.items))
            out = Value(v.tan | {probe}, v.fns, items, v.keys, v.const, v.traced, v.intish)
            if items is None:
                leaves[path] = out
            return out

        out = self.call_value(body, make_args(mark(val, ())), node)
        forwarded = {path for path, leaf in leaves.items() if _item_at(out, path) is leaf}
        if cond is not None:
            # a leaf the cond reads stays in the carry: its tracedness alone reaches the test
            for path in sorted(forwarded):
                only = _only_traced(val, path, ())
                if self.call_value(cond, Args([only], {}, [None], {}), node).traced:
                    forwarded.discard(path)
        return frozenset(forwarded)

    def _lowered_or_batched(self, level: Level) -> bool:
        """JAX raises the jvp-of-custom_vjp error when the linearized call is lowered or run,
        or at trace time once its tangents are batched (jacfwd, vmap): not under make_jaxpr or
        eval_shape alone."""
        return not self.ctx.trace_only or level.batched or self.ctx.vmapped

    def _transposed_loops(self, level: Level, out: Value) -> None:
        """The loops whose tangent reaches `level`'s output are transposed: their JAX009."""
        for m in out.tan:
            if isinstance(m, LoopTangent) and m.level is level:
                level.pending.extend(m.pending)

    def custom_root(self, args: Args, node: ast.AST) -> Value:
        f = args.get(0, "f") or UNKNOWN
        guess = args.get(1, "initial_guess") or UNKNOWN
        solve = args.get(2, "solve") or UNKNOWN
        tangent_solve = args.get(3, "tangent_solve") or UNKNOWN
        out_f = self.call_value(f, Args([guess], {}, [None], {}), node)
        # custom_root linearizes `f` at the root whenever it runs (differentiated or not), and
        # so do the levels that reach the root through f's closed-over parameters
        own = self.level(FORWARD, "jax.lax.custom_root", self.span(node), batched=False)
        levels = frozenset(m for m in out_f.tan if isinstance(m, Level)) | {own}
        self.call_value(f, Args([add_mark(guess, levels)], {}, [None], {}), node)
        with self.context(self._with_ctx(mask=self.ctx.mask | self._active_marks())):
            self.call_value(solve, Args([f, guess], {}, [None, None], {}), node)
            self.call_value(tangent_solve, Args([f, guess], {}, [None, None], {}), node)
        return Value(tan=out_f.tan, traced=True)

    def custom_linear_solve(self, args: Args, node: ast.AST) -> Value:
        matvec = args.get(0, "matvec") or UNKNOWN
        b = args.get(1, "b") or UNKNOWN
        solve = args.get(2, "solve") or UNKNOWN
        tsolve = args.get(3, "transpose_solve")
        out = self.call_value(matvec, Args([b], {}, [None], {}), node)
        symmetric = args.get(4, "symmetric")
        if tsolve is not None and (symmetric is None or symmetric.const is not True):
            self.transpose_when_traced([matvec], 1, node, "custom_linear_solve")
        with self.context(
            self._with_ctx(
                mask=self.ctx.mask | self._active_marks() | b.tan | out.tan
            )
        ):
            self.call_value(solve, Args([matvec, b], {}, [None, None], {}), node)
            if tsolve is not None:
                self.call_value(tsolve, Args([matvec, b], {}, [None, None], {}), node)
        return Value(tan=b.tan | out.tan, traced=True)

    def transpose_when_traced(
        self, funs: list[Value], arity: int, node: ast.AST, name: str, mode: str = TRANSPOSE
    ) -> None:
        """JAX transposes these linear functions while tracing the call that takes them
        (custom_linear_solve's matvec when it is not symmetric), differentiated or not: like
        `linear_transpose` applied at once. With `mode` REVERSE: it takes their gradient
        (minimize's BFGS), like `grad` applied at once."""
        level = self.level(mode, name, self.span(node), batched=False)
        arg = Value(tan=frozenset({level}), traced=True)
        with self.staging():
            for f in funs:
                if f.fns:
                    self.run_level(level, f, Args([arg] * arity, {}, [None] * arity, {}), node)

    def _active_marks(self) -> frozenset:
        # inside a solver no level counts: mask every level created so far
        return frozenset(self.levels)

    # ------------------------------------------------------------- custom rules

    def set_rule(self, s: RuleSetter, args: Args) -> Value:
        c = s.target
        if s.which == "defjvp":
            rule = args.get(0, "jvp")
            if rule is not None:
                c.jvp_rule = rule
                return rule
        elif s.which == "defjvps":
            c.jvps = tuple(args.pos)
        elif s.which == "defvjp":
            c.fwd = args.get(0, "fwd")
            c.bwd = args.get(1, "bwd")
            zeros = args.get(2, "symbolic_zeros")
            c.symbolic_zeros = zeros is not None and zeros.const not in (False, None, 0)
        return UNKNOWN

    def call_custom(self, c: CustomFn, args: Args, node: ast.AST | None) -> Value:
        vals = args.all_values()
        marks = frozenset(m for v in vals for m in v.tan if isinstance(m, Level))
        marks -= self.ctx.mask
        if c.kind == "vjp" and node is not None:
            # a custom_vjp applied to a reverse level's tangents in a custom_jvp rule: JAX
            # transposes the rule's tangent computation, and custom_vjp_call has no transpose
            reverse_tangents = sorted(
                (
                    m.level
                    for v in vals
                    for m in v.tan
                    if isinstance(m, TangentOf) and m.level.mode == REVERSE
                    and m.level not in self.ctx.mask
                ),
                key=lambda lv: lv.order,
            )
            if reverse_tangents and not marks:
                lv = reverse_tangents[0]
                self.report("JAX006", node, lv, c.name or "custom_vjp function", (), deferred=True)
        if not marks:
            return self.call_value(c.primal, args, node)
        level = max(marks, key=lambda lv: lv.order)
        strip = frozenset({level})
        out_tan = frozenset().union(*(v.tan for v in vals))
        result = Value(tan=out_tan, traced=True)
        if node is None:
            return result
        if c.kind == "jvp":
            if level.mode == TRANSPOSE:
                return self.call_value(c.primal, args, node)
            primals = [strip_marks(v, strip) for v in args.pos]
            tangents = [
                Value(tan=frozenset({level.tangent_mark}) | level.tangent_in)
                if level in v.tan
                else UNKNOWN
                for v in args.pos
            ]
            with self.context(self._with_ctx(rule_levels=self.ctx.rule_levels | strip)):
                if c.jvp_rule is not None:
                    nd = [primals[i] for i in c.nondiff if i < len(primals)]
                    rest = [i for i in range(len(primals)) if i not in c.nondiff]
                    rule_args = Args(
                        nd
                        + [
                            self._seq([primals[i] for i in rest]),
                            self._seq([tangents[i] for i in rest]),
                        ],
                        {},
                        [None] * (len(nd) + 2),
                        {},
                    )
                    self.call_value(c.jvp_rule, rule_args, node)
                elif c.jvps is not None:
                    # defjvps computes the primal output by calling the custom function itself
                    ans = self.call_custom(c, Args(primals, {}, args.pos_nodes, {}), node)
                    for i, jf in enumerate(c.jvps):
                        if i < len(tangents) and tangents[i].tan:
                            self.call_value(
                                jf,
                                Args(
                                    [tangents[i], ans, *primals],
                                    {},
                                    [None] * (len(primals) + 2),
                                    {},
                                ),
                                node,
                            )
            return result
        # custom_vjp
        if level.mode == FORWARD and not self._lowered_or_batched(level):
            return result  # only traced (make_jaxpr / eval_shape): JAX raises nothing here
        if level.mode == FORWARD:
            if c.symbolic_zeros and not _fwd_unwraps_primals(c):
                # JAX runs fwd first: an array op on a CustomVJPPrimal raises "... is not a
                # valid JAX type" before the jvp-of-custom_vjp error
                return result
            self.report(
                "JAX005",
                node,
                level,
                c.name or "custom_vjp function",
                (),
                deferred=level.name.endswith("linearize"),
            )
            return result
        if level.mode == TRANSPOSE:
            self.report("JAX006", node, level, c.name or "custom_vjp function", (), deferred=True)
            return result
        if c.opaque_rules or c.fwd is None:
            return result
        primals = [strip_marks(v, strip) for v in args.pos]
        with self.context(self._with_ctx(rule_levels=self.ctx.rule_levels | strip)):
            fwd_out = self.call_value(c.fwd, Args(primals, {}, [None] * len(primals), {}), node)
            res = (
                fwd_out.items[1]
                if fwd_out.items is not None and len(fwd_out.items) == 2
                else (Value(tan=fwd_out.tan, traced=True))
            )
            if c.bwd is not None:
                nd = [primals[i] for i in c.nondiff if i < len(primals)]
                # the incoming cotangent depends on the primal values downstream, so it carries
                # the outer levels' tangents (e.g. under hessian); whether an outer vmap batches
                # it depends on that downstream code too (`vmap(grad(sum(g(x))))` pulls back an
                # unbatched 1.0), which is not known here: no outer batch mark (precision first)
                g = Value(
                    tan=frozenset(
                        m for m in out_tan - strip - {level.tangent_mark}
                        if not isinstance(m, BatchedBy)
                    ),
                    traced=True,
                )
                if level.batched:
                    # jacrev pulls back a batch of cotangents: the bwd rule runs under vmap
                    g = g.with_tan(g.tan | {level.batch_mark})
                self.call_value(c.bwd, Args(nd + [res, g], {}, [None] * (len(nd) + 2), {}), node)
        return result


def _fwd_unwraps_primals(c: CustomFn) -> bool:
    """Whether every fwd rule of `c` reads its differentiable parameters only as
    `p.value` / `p.perturbed` (what a `CustomVJPPrimal` offers under `symbolic_zeros=True`)."""
    if c.fwd is None or not c.fwd.fns:
        return False
    for f in c.fwd.fns:
        if not isinstance(f, Closure) or f.func.node.args.vararg is not None:
            return False
        a = f.func.node.args
        params = {
            p.arg for i, p in enumerate(a.posonlyargs + a.args) if i not in c.nondiff
        }
        unwrapped = {
            id(n.value)
            for n in ast.walk(f.func.node)
            if isinstance(n, ast.Attribute) and n.attr in ("value", "perturbed")
        }
        for n in ast.walk(f.func.node):
            if (
                isinstance(n, ast.Name)
                and n.id in params
                and isinstance(n.ctx, ast.Load)
                and id(n) not in unwrapped
            ):
                return False
    return True


def _data_pytree(v: Value) -> bool:
    """`v` is an instance of a class registered with data fields (its leaves get traced)."""
    return any(isinstance(f, Instance) and f.cls.data_fields for f in v.fns)


def _says_static(node: ast.expr) -> bool:
    """A literal `dict(static=True)` / `{"static": True}`."""
    if isinstance(node, ast.Dict):
        return any(
            isinstance(k, ast.Constant)
            and k.value == "static"
            and isinstance(v, ast.Constant)
            and v.value is True
            for k, v in zip(node.keys, node.values, strict=True)
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return any(
            k.arg == "static" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in node.keywords
        )
    return False


def _is_none(a: Value, b: Value) -> bool | None:
    """`a is b` when one side is None and the other is known to be or not to be None."""
    if b.const is None:
        a, b = b, a
    if a.const is not None:
        return None
    if b.const is None:
        return True
    if b.const is not NOCONST or b.items is not None or (b.fns and MAYBE_NONE not in b.fns):
        return False
    return None


def _transformed_items(v: Value, depth: int = 0) -> list[Transformed]:
    """The transformed functions held in the items of a container value (a registry)."""
    if v.items is None or depth > _MAX_DEPTH_ITEMS:
        return []
    found: list[Transformed] = []
    for item in v.items:
        found.extend(f for f in item.fns if isinstance(f, Transformed))
        found.extend(_transformed_items(item, depth + 1))
    return found


class _CarryProbe:
    """Marks the carry leaves of one `_forwarded_carry` probe (no check reads it)."""

    __slots__ = ()


def _item_at(v: Value, path: tuple) -> Value | None:
    for k in path:
        if v.items is None or k >= len(v.items):
            return None
        v = v.items[k]
    return v


def _only_traced(v: Value, path: tuple, here: tuple) -> Value:
    """`v`'s structure with untraced, unknown leaves, but a traced one at `path`."""
    if v.items is not None:
        items = tuple(_only_traced(i, path, (*here, k)) for k, i in enumerate(v.items))
        return Value(items=items, keys=v.keys)
    return Value(traced=here == path)


def _transformed_in(fns: tuple, depth: int = 0) -> Iterator[Transformed]:
    """The transformed functions among `fns`, also inside wrappers (`jax.jit(jax.grad(f))`)
    and partials."""
    for fn in fns:
        if isinstance(fn, Transformed):
            yield fn
        elif depth < 4 and isinstance(fn, Wrapper):
            yield from _transformed_in(fn.fun.fns, depth + 1)
        elif depth < 4 and isinstance(fn, Partial):
            yield from _transformed_in((fn.fn,), depth + 1)


def _mark_loop_tangent(
    v: Value, level: Level, mark: LoopTangent, path: tuple = (), skip: frozenset = EMPTY
) -> Value:
    """`v` with `mark` added to each part that carries `level`'s tangent, except the parts at
    the paths in `skip` (and a container all of whose marked parts are skipped)."""
    if level not in v.tan or path in skip:
        return v
    items = (
        tuple(_mark_loop_tangent(i, level, mark, (*path, k), skip) for k, i in enumerate(v.items))
        if v.items is not None
        else None
    )
    if skip and items is not None and not any(mark in i.tan for i in items):
        return Value(v.tan, v.fns, items, v.keys, v.const, v.traced, v.intish)
    return Value(v.tan | {mark}, v.fns, items, v.keys, v.const, v.traced, v.intish)


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b if abs(b) < 64 else None,
    ast.BitOr: lambda a, b: a | b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b,
    ast.LShift: lambda a, b: a << b if b < 64 else None,
    ast.RShift: lambda a, b: a >> b,
    ast.MatMult: lambda a, b: a @ b,
}

_DUNDERS: dict[type, str] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Mod: "mod",
    ast.Pow: "pow",
    ast.MatMult: "matmul",
}

_FIXES: dict[str, tuple[FixKind, ...]] = {
    "JAX001": (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
    # stop_gradient does not remove a transpose error: a host linear map (custom_vjp kind) does
    "JAX002": (FixKind.CUSTOM_VJP,),
    "JAX003": (FixKind.STOP_GRADIENT,),
    "JAX005": (FixKind.JACREV_INSTEAD,),
    "JAX007": (FixKind.STOP_GRADIENT, FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
    "JAX008": (FixKind.CUSTOM_JVP,),
}
