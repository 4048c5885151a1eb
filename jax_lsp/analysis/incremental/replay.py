"""Top-level statements an edit left alone are not run again: what they bound is put back.

Re-running a module's statements after each edit costs as much as the module is long (a
`def` makes a closure, a decorator or `f = jax.jit(jax.grad(g))` evaluates calls). A statement
whose node is unchanged (`incremental.reparse` keeps the nodes of unchanged statements) and
that reads, through module-level names, the very objects it read last time would bind the same
values again, so it is replayed from its `StatementRecord`: the values it bound, the functions
and transformed functions it registered, the steps it counted. For that to be exact a record
is only made of a statement that

- is a definition, an assignment, an expression, or an undecorated class of methods and
  attributes (not a branch or a loop: they merge scopes; nor an import: it asks the workspace,
  and is cheap);
- ran no code of the module (no user function called, no class instantiated, no rule attached,
  no workspace module looked up) and left every other part of the interpreter as it was
  (no finding, no level, no memoised call, no store into an object: `_effect_marks`);
- bound only values that nothing can change afterwards (`stable`): plain data, functions of
  this module closing over the module's scope, APIs, transformed and wrapped functions of
  those. Instances are mutable: a statement binding one runs every time, and so does every
  statement reading it (it is a new object each time). Classes are mutable too (and the
  instance their methods are bound to): a class is replayed as the previous version's class
  if that one ended the analysis as its statement made it (nothing tells the two apart; what
  reads it is replayed too), else as a new class with the same content (`ClassRecipe`), so
  what reads it runs again; the instance is new each time. So is a custom derivative function
  (`CustomRecipe`); a statement that only attaches its rules (`f.defvjp(fwd, bwd)`) is
  replayed onto the new one, the only effect a record replays.

Values are compared by identity (a replayed statement binds the same objects again, so its
readers replay too), except references to modules and APIs, compared by value (an import runs
every time: it asks the workspace). Values that hold a position (a transformed function's
site) are replayed only where their statement did not move. The values carry over with the
module's `ModuleInfo` and scope, which the next analysis reuses (its functions refer to them),
and so do the fingerprints (`fingerprint`) of the names a replayed statement bound.
"""

from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, cast

from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.incremental.carried_calls import CarriedCallSet
from jax_lsp.analysis.incremental.fingerprint import fingerprint
from jax_lsp.analysis.incremental.shared import LayerShared
from jax_lsp.analysis.interp_state import MODULE_ROOT, Scope
from jax_lsp.analysis.values import (
    MAYBE_NONE,
    NOCONST,
    Api,
    ClassObj,
    Closure,
    CustomFn,
    Decorator,
    FuncInfo,
    Instance,
    LazyName,
    ModuleInfo,
    Transformed,
    UserModule,
    Value,
)

__all__ = ["ModuleCarry", "StatementRecord", "StatementReplay", "stable"]

#: the statements a record may be made of (see the module's docstring)
_RECORDABLE = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Assign,
    ast.AnnAssign,
    ast.Expr,
)
#: what a class body recorded may hold
_CLASS_BODY = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign, ast.AnnAssign, ast.Expr, ast.Pass)
_ATOMS = frozenset({str, int, float, complex, bool, bytes, type(None), type(Ellipsis)})
#: immutable, made of atoms
_PLAIN = frozenset({Api, UserModule, LazyName, Decorator})
#: what `stable` walks as one part: atoms, plain objects and the markers (one object each)
_LEAVES = _ATOMS | _PLAIN | {type(NOCONST), type(MAYBE_NONE)}
#: the most parts a bound value may have to be recorded
_MAX_PARTS = 2000
#: the most statements one `ReplayRun` covers (an edit re-runs, one by one, the run holding it)
_RUN = 64


@dataclass(frozen=True, eq=False)
class StatementRecord:
    """What running one top-level statement read and did (see the module's docstring)."""

    #: its first line when it ran (`positioned`: a value it bound holds a position)
    line: int
    positioned: bool
    #: the module-level names it read, with the value each held then (None: unbound)
    reads: tuple[tuple[str, Value | None], ...]
    #: the names it bound, in order, with their values
    writes: tuple[tuple[str, Value], ...]
    #: what it registered: functions (by node), closures, transformed functions (by node)
    func_infos: tuple[tuple[ast.AST, FuncInfo], ...]
    closures: tuple[tuple[FuncInfo, Closure], ...]
    transformed: tuple[tuple[Transformed, ast.AST], ...]
    steps: int
    #: a class statement's class (see `ClassRecipe`)
    klass: ClassRecipe | None = None
    #: the custom derivative functions it made (see `CustomRecipe`); the module-level names
    #: holding one it attached rules to, with that function's recipe, and the fields each
    #: `defjvp`/`defvjp` call set
    customs: tuple[CustomRecipe, ...] = ()
    custom_reads: tuple[tuple[str, CustomRecipe], ...] = ()
    rule_sets: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()


def _plain(rec: StatementRecord) -> bool:
    """A record that only binds names and registers functions (replayed inline)."""
    return rec.klass is None and not (rec.customs or rec.rule_sets or rec.custom_reads)


@dataclass(frozen=True, eq=False)
class ReplayRun:
    """Consecutive top-level statements with plain records, merged: replaying them one by one
    (thousands per keystroke in a large module) does what putting the merged parts back at
    once does, when the names read before the run binds them hold what they held (the names
    read after one of the run's statements bound them hold what that statement bound, which is
    what they held: `build_runs` ends a run where that is not so), and no function or
    transformed function of the run is registered yet (none is: its statements did not run)."""

    stmts: list[ast.stmt]
    records: dict[ast.stmt, StatementRecord]
    #: the names read before the run binds them, with what they held
    reads: tuple[tuple[str, Value | None], ...]
    writes: dict[str, Value]
    func_infos: dict[ast.AST, FuncInfo]
    closures: dict[FuncInfo, Closure]
    transformed: dict[Transformed, ast.AST]
    #: the statements whose record holds a position, with their line then
    positioned: tuple[tuple[ast.stmt, int], ...]
    steps: int


def build_runs(
    body: list[ast.stmt],
    records: dict[ast.stmt, StatementRecord],
    kept: dict[ast.stmt, ReplayRun],
) -> dict[ast.stmt, ReplayRun]:
    """The runs of `body` (by first statement) for the next version: those `kept` (put back
    whole in this one), and new ones over the other statements with plain records."""
    runs: dict[ast.stmt, ReplayRun] = {}
    i, n = 0, len(body)
    while i < n:
        stmt = body[i]
        run = kept.get(stmt)
        if run is not None:
            runs[stmt] = run
            i += len(run.stmts)
            continue
        start = i
        written: dict[str, Value] = {}
        reads: dict[tuple[str, int], tuple[str, Value | None]] = {}
        parts: list[StatementRecord] = []
        while i < n and i - start < _RUN and (i == start or body[i] not in kept):
            rec = records.get(body[i])
            if rec is None or not _plain(rec):
                break
            if any(name in written and written[name] is not v for name, v in rec.reads):
                break  # it read something else than the run bound: it starts a run
            for name, v in rec.reads:
                if name not in written:
                    reads.setdefault((name, id(v)), (name, v))
            for name, v in rec.writes:
                written[name] = v
            parts.append(rec)
            i += 1
        if not parts:
            i += 1  # a statement run or replayed on its own
            continue
        func_infos: dict[ast.AST, FuncInfo] = {}
        closures: dict[FuncInfo, Closure] = {}
        transformed: dict[Transformed, ast.AST] = {}
        writes: dict[str, Value] = {}
        for rec in parts:
            for node, fi in rec.func_infos:
                func_infos.setdefault(node, fi)
            for fi, closure in rec.closures:
                closures.setdefault(fi, closure)
            for tf, node in rec.transformed:
                transformed.setdefault(tf, node)
            for name, v in rec.writes:
                writes[name] = v
        stmts = body[start:i]
        runs[stmt] = ReplayRun(
            stmts,
            dict(zip(stmts, parts)),
            tuple(reads.values()),
            writes,
            func_infos,
            closures,
            transformed,
            tuple((st, rec.line) for st, rec in zip(stmts, parts) if rec.positioned),
            sum(rec.steps for rec in parts),
        )
    return runs


@dataclass(frozen=True, eq=False)
class ClassRecipe:
    """A class as its statement left it. Classes, and the instance their methods are bound to
    when analysed on their own, are mutable (roots store into that instance): a replay makes
    a new instance, and a new class with the same content unless the previous version's class
    ended that analysis as made (`_as_made`: no root or statement registered it as a pytree,
    the one change made to an existing class). Then that class is bound again (with its
    value, so the names' fingerprints, the entry fingerprints and the statements reading it
    are taken as they were, by identity), which a full analysis cannot tell from a new one:
    the same content, and the carried interpretations of calls holding it (`carried_calls`)
    ran with that content. Should it change in this version after all (a statement typed
    registers it), those identities no longer stand for its content: the incremental
    analysis stops (`roots.NotExact`) and the version is analysed in full."""

    name: str
    attrs: tuple[tuple[str, Value], ...]
    bases: tuple[Value, ...]
    linen: bool
    static_fields: frozenset[str]
    pytree: bool
    remat: bool
    vmaps: tuple
    data_fields: frozenset[str]
    #: its methods, and whether each is bound to the instance (not a staticmethod)
    methods: tuple[tuple[FuncInfo, bool], ...]
    #: one object at run time (`ClassObj.singular`: its attribute stores may replace)
    singular: bool = False
    #: its fields' `default_factory=` (`ClassObj.factories`)
    factories: tuple[tuple[str, Value], ...] = ()


@dataclass(frozen=True, eq=False)
class CustomRecipe:
    """A custom_jvp/custom_vjp function as the statement that made it left it. It is mutable
    (`defjvp`/`defvjp` attach rules later): a replay makes a new one with the same content, so
    that every version has its own (a carried call's key holding one never matches, see
    `carried_calls`). A statement that only attaches rules to the function a name holds
    (`f.defvjp(fwd, bwd)`, `@f.defjvp def f_jvp`) is replayed when that name holds one made
    from the same recipe: it sets the same fields again, on this version's function."""

    #: the value the statement bound (`Value(fns=(function,))`), and the function's fields
    value: Value
    fields: tuple[Any, ...]


_CUSTOM_FIELDS = tuple(f.name for f in dataclasses.fields(CustomFn))


def _same_stand_in(a: tuple, b: tuple) -> bool:
    """Two stand-ins (`StatementReplay._stand_ins`) for the same content."""
    return a[0] is b[0] and a[1] is b[1] and a[2] == b[2]


def _only(v: object) -> object:
    """The one function or object value `v` holds, if it holds nothing else."""
    if (
        type(v) is not Value
        or len(v.fns) != 1  # type: ignore[attr-defined]
        or v.tan  # type: ignore[attr-defined]
        or v.items is not None  # type: ignore[attr-defined]
        or v.keys is not None  # type: ignore[attr-defined]
        or v.const is not NOCONST  # type: ignore[attr-defined]
        or v.traced  # type: ignore[attr-defined]
        or v.intish  # type: ignore[attr-defined]
        or v.choices is not None  # type: ignore[attr-defined]
    ):
        return None
    return v.fns[0]  # type: ignore[attr-defined]


def _custom_of(v: Value | None) -> CustomFn | None:
    """The custom function `v` is, if it is nothing else (a name bound to it)."""
    if (
        v is None
        or len(v.fns) != 1
        or type(v.fns[0]) is not CustomFn
        or v.tan
        or v.items is not None
        or v.keys is not None
        or v.const is not NOCONST
        or v.traced
        or v.intish
        or v.choices is not None
    ):
        return None
    return v.fns[0]


@dataclass
class ModuleCarry:
    """What the analysis of one version hands the analysis of the next one."""

    main: ModuleInfo
    scope: Scope
    statements: dict[ast.stmt, StatementRecord] = field(default_factory=dict)
    #: the recorded values the module's names held after its statements ran
    values: dict[str, Value] = field(default_factory=dict)
    #: the fingerprints of all module-level names then
    fingerprints: dict[str, object] = field(default_factory=dict)
    #: what each root applied (`roots`), as objects, as a fingerprint, and as stand-ins
    #: (`StatementReplay._stand_ins`)
    entries: dict[object, tuple[tuple, object, tuple | None]] = field(default_factory=dict)
    #: interpretations of calls the next version may reuse (see `carried_calls`)
    calls: CarriedCallSet = field(default_factory=CarriedCallSet)
    #: the functions of the module by node, one per node across versions (see
    #: `interp.Interpreter.info`)
    func_infos: dict[ast.AST, FuncInfo] = field(default_factory=dict)
    #: the fingerprint of each class made from a recipe, as its statement left it
    class_fps: dict[ClassRecipe, object] = field(default_factory=dict)
    #: the fields of each custom function made from a recipe after the module's statements
    #: ran, and its fingerprint then
    custom_fps: dict[CustomRecipe, tuple[tuple[Any, ...], object]] = field(default_factory=dict)
    #: whether a value binds a module-level name to a transform, by the value's identity (see
    #: `interp.Interpreter._may_differentiate`)
    transform_valued: dict[int, tuple[Value, bool]] = field(default_factory=dict)
    #: what `interp.Interpreter._facts` found of values, by identity (with the value)
    value_facts: dict[int, tuple[Any, tuple, tuple, bool]] = field(default_factory=dict)
    #: `interp.MayDifferentiateCarry`: which functions may differentiate, after the module's
    #: statements ran
    may_differentiate: Any = None
    #: whether this version's analysis, or one since the last full analysis, ran a
    #: callback's host function (`jax.host_runs`, see `IncrementalLayer.host_runs_carried`)
    host_runs: bool = False
    #: the runs of statements replayed at once (`ReplayRun`), by first statement
    runs: dict[ast.stmt, ReplayRun] = field(default_factory=dict)
    #: the value binding each class made from a recipe that was still as its statement made
    #: it when the analysis ended (see `ClassRecipe`): the next version binds that very class
    classes: dict[ClassRecipe, Value] = field(default_factory=dict)


class _Unstable(Exception):
    pass


class LaterEntry:
    """The place of an entry fingerprint made after the answer (`finish_entries`)."""

    __slots__ = ()


class _Stability:
    """`stable`'s walk. `known`: what earlier walks of the same analysis found of the objects
    they completed (see `stable`)."""

    __slots__ = ("known", "main", "parts", "positioned", "scope")

    def __init__(self, scope: Scope, main: ModuleInfo, known: dict[int, tuple] | None) -> None:
        self.scope = scope
        self.main = main
        self.parts = 0
        self.positioned = False
        self.known = known

    def walk(self, x: Any) -> None:
        self.parts += 1
        if self.parts > _MAX_PARTS:
            raise _Unstable
        t = type(x)
        if t in _LEAVES:
            return
        known = self.known
        start = -1
        if known is not None and (t is Value or t is Closure or t in _FROZEN):
            hit = known.get(id(x))
            if hit is not None and hit[0] is x:
                # (the parts it counted, counted again: the cap is reached where it was)
                self.parts += hit[2] - 1
                if self.parts > _MAX_PARTS:
                    raise _Unstable
                if hit[1]:
                    self.positioned = True
                return
            start, was = self.parts, self.positioned
            self.positioned = False
        # (one frame per level, as before the memo: the depth a RecursionError stops at)
        if t is Value:
            if x.tan:
                raise _Unstable  # levels and their marks: made afresh by every analysis
            for f in x.fns:
                self.walk(f)
            if x.items is not None:
                for i in x.items:
                    self.walk(i)
            if x.keys is not None:
                for k in x.keys:
                    if type(k) in _LEAVES:  # (a leaf, counted as `walk` counts it)
                        self.parts += 1
                        if self.parts > _MAX_PARTS:
                            raise _Unstable
                    else:
                        self.walk(k)
            c = x.const
            if type(c) in _LEAVES:
                self.parts += 1
                if self.parts > _MAX_PARTS:
                    raise _Unstable
            else:
                self.walk(c)
        elif t is Closure:
            if x.scope is not self.scope:
                raise _Unstable  # a function's scope: mutable
            fi = x.func
            if type(fi) is FuncInfo:  # (counted and judged as `walk` does)
                self.parts += 1
                if self.parts > _MAX_PARTS or fi.module is not self.main:
                    raise _Unstable
            else:
                self.walk(fi)
            for d in x.defaults:
                self.walk(d)
            for _, d in x.kw_defaults:
                self.walk(d)
        elif t is FuncInfo:
            if x.module is not self.main:
                raise _Unstable
            return
        elif t is Span:
            self.positioned = True
            return
        elif t in (tuple, frozenset):
            for i in x:
                self.walk(i)
            return
        elif isinstance(x, ast.AST):
            return  # code: an unchanged statement keeps its nodes
        else:
            names = _frozen_fields(t)
            if names is None:
                raise _Unstable  # classes, instances, custom_jvp functions, levels...
            for name in names:
                self.walk(getattr(x, name))
        if start >= 0:
            known[id(x)] = (x, self.positioned, self.parts - start + 1)  # type: ignore[index]
            self.positioned = was or self.positioned


#: the field names of each frozen dataclass `stable` met (those it walks, and may remember)
_FROZEN: dict[type, tuple[str, ...]] = {}
#: the types met that are not frozen dataclasses
_NOT_FROZEN: set[type] = set()


def _frozen_fields(t: type) -> tuple[str, ...] | None:
    """The names of the fields of `t` if it is a frozen dataclass, else None (`dataclasses.fields`
    per object visited was a tenth of `stable`)."""
    names = _FROZEN.get(t)
    if names is not None or t in _NOT_FROZEN:
        return names
    params = getattr(t, "__dataclass_params__", None)
    if params is None or not params.frozen:
        _NOT_FROZEN.add(t)
        return None
    names = _FROZEN[t] = tuple(f.name for f in dataclasses.fields(t))
    return names


def stable(
    values: list[Any], scope: Scope, main: ModuleInfo, known: dict[int, tuple] | None = None
) -> bool | None:
    """Whether nothing can change `values` after they are made: None if something can, else
    whether they hold a position. `known`: a dict kept across the calls of one analysis (same
    `scope` and `main`), in which the values, closures and frozen objects a walk completed are
    remembered with their answer and the parts they counted: nothing changes them, so a
    second walk of one (a `def`'s closure is both bound and registered) costs one step."""
    s = _Stability(scope, main, known)
    try:
        for v in values:
            s.walk(v)
    except (_Unstable, RecursionError):
        return None
    return s.positioned


def _as_made(cls: ClassObj, r: ClassRecipe) -> bool:
    """Whether a class holds what its recipe says (nothing stored into it since)."""
    return (
        cls.linen == r.linen
        and cls.pytree == r.pytree
        and cls.remat == r.remat
        and cls.vmaps == r.vmaps
        and cls.static_fields == r.static_fields
        and cls.data_fields == r.data_fields
        and len(cls.attrs) == len(r.attrs)
        and all(cls.attrs.get(k) is v for k, v in r.attrs)
        and len(cls.bases) == len(r.bases)
        and all(a is b for a, b in zip(cls.bases, r.bases))
    )


def _same(now: Value | None, then: Value | None) -> bool:
    """Whether a name read by a recorded statement holds what it held then."""
    if now is then:
        return True
    if now is None or then is None:
        return False
    # a reference to a module or an API (bound by an import, which runs every time)
    return _reference(now) and now == then


def _reference(v: Value) -> bool:
    """A value that only refers to modules or APIs (immutable, compared by value)."""
    return (
        not v.tan
        and v.items is None
        and v.const is NOCONST
        and bool(v.fns)
        and all(type(f) in _PLAIN for f in v.fns)
    )


def _last(d: dict, n: int) -> list:
    """The last `n` items inserted into `d`, in order."""
    if n <= 0:
        return []
    out = list(islice(reversed(d.items()), n))
    out.reverse()
    return out


@trait
class StatementReplay(LayerShared):
    """A part of the incremental layer (`layer.IncrementalLayer`): see the module's docstring."""

    # (its state, made by the layer's `__init__`)
    _runs_made: tuple | None
    carry_out: ModuleCarry | None
    rule_log: list[tuple[CustomFn, tuple[tuple[str, object], ...]]] | None
    _classes_as_made: list[tuple[ClassObj, Any]] | None
    _recipe_of_class: dict[ClassObj, Any] | None
    #: what `stable` found of the objects it walked in this analysis (see `stable`), and the
    #: values recorded statements bound that it found stable, by identity
    _stable_known: dict[int, tuple]
    stable_bound: dict[int, Value]
    #: in a deferred full analysis, the entry fingerprints left for later: each placeholder,
    #: what its root applies, and how many transformed functions were known then
    later_entries: list[tuple[LaterEntry, object, int]] | None

    def _effect_marks(self) -> tuple:
        """What changes when a statement does more than bind names and register functions
        (and the methods of a class, checked apart)."""
        return (
            self.ev.impure_effects,
            len(self.ev.findings),
            len(self.ev.levels),
            len(self.ev.modules),
            len(self.ev.memo),
            len(self.ev.shared_memo),
            len(self.ev.transformed_called),
            len(self.ev.transformed_inspected),
            len(self.ev.unresolved_calls),
            len(self.ev.entered),
            self.ev._outer_writes,
            self.ev.order_sensitive,
            self.ev.incomplete,
        )

    def exec_module_body(self) -> None:
        """Run the module's statements, replaying those an edit left alone (when recording)."""
        body = self.ev.tree.body
        scope = self.ev.module_scope
        if not self.ev.record:
            self.ev.exec_block(body, scope)
            return
        carry = self.carry_in
        old = carry.statements if carry is not None else {}
        runs = carry.runs if carry is not None else {}
        applied: dict[ast.stmt, ReplayRun] = {}
        records: dict[ast.stmt, StatementRecord] = {}
        bound: dict[str, Value] = {}
        variables = scope.vars
        replayed = 0
        budget = self.ev.budget
        func_infos, seen = self.ev.func_infos, self.ev.closures_seen
        created, created_root = self.ev.transformed_created, self.ev._created_root
        skip = 0
        for i, stmt in enumerate(body):
            if skip:
                skip -= 1
                continue
            run = runs.get(stmt)
            if run is not None and self._replay_run(run, body, i, bound, records):
                applied[stmt] = run
                replayed += len(run.stmts)
                skip = len(run.stmts) - 1
                continue
            rec = old.get(stmt)
            if (
                rec is not None
                and rec.klass is None
                and not (rec.customs or rec.rule_sets or rec.custom_reads)
                and not (rec.positioned and stmt.lineno != rec.line)
                and self.ev.steps + rec.steps <= budget
            ):
                # `_replayable` and `_replay` of a statement that only binds names and
                # registers functions (most of a module: a `def`), inline: thousands of
                # statements per keystroke in a large module
                variables = scope.vars
                for name, v in rec.reads:
                    now = variables.get(name)
                    if now is not v and not _same(now, v):
                        break
                else:
                    self.ev.steps += rec.steps
                    for node, fi in rec.func_infos:
                        if node not in func_infos:
                            func_infos[node] = fi
                    for fi, closure in rec.closures:
                        if fi not in seen:
                            seen[fi] = closure
                    for tf, node in rec.transformed:
                        created.setdefault(tf, node)
                        created_root.setdefault(tf, MODULE_ROOT)
                    for name, v in rec.writes:
                        variables[name] = v
                        bound[name] = v
                    records[stmt] = rec
                    replayed += 1
                    continue
            if rec is not None and self._replayable(rec, stmt):
                self._replay(rec, stmt)
                replayed += 1
                if rec.klass is not None:
                    # (its value, carried or new: the next version may carry it)
                    bound[rec.klass.name] = scope.vars[rec.klass.name]
            elif isinstance(stmt, _RECORDABLE) or (
                type(stmt) is ast.ClassDef
                and not stmt.decorator_list
                and all(isinstance(s, _CLASS_BODY) for s in stmt.body)
            ):
                rec = self._exec_recorded(stmt, scope)
                if rec is None:
                    continue
                if rec.klass is not None:
                    bound[rec.klass.name] = scope.vars[rec.klass.name]
            elif type(stmt) in (ast.Import, ast.ImportFrom):
                self._exec_import(stmt, scope, bound)
                continue
            else:
                if not self.ev.exec_stmt(stmt, scope):
                    break
                continue
            records[stmt] = rec
            for name, v in rec.writes:
                bound[name] = v
        self.statements_replayed += replayed
        variables = scope.vars
        self.carry_out = ModuleCarry(
            self.ev.main,
            scope,
            records,
            {n: v for n, v in bound.items() if variables.get(n) is v},
        )
        # the runs replayed at once next time: made with the records (`finish_records`)
        self._runs_made = (body, records, applied)

    def _replay_run(
        self,
        run: ReplayRun,
        body: list[ast.stmt],
        i: int,
        bound: dict[str, Value],
        records: dict[ast.stmt, StatementRecord],
    ) -> bool:
        """Replay the statements of `run` at once, if they start at `body[i]` and each would
        replay inline (see `ReplayRun`)."""
        if body[i : i + len(run.stmts)] != run.stmts or self.ev.steps + run.steps > self.ev.budget:
            return False
        for stmt, line in run.positioned:
            if stmt.lineno != line:
                return False
        variables = self.ev.module_scope.vars
        for name, v in run.reads:
            now = variables.get(name)
            if now is not v and not _same(now, v):
                return False
        created, created_root = self.ev.transformed_created, self.ev._created_root
        if not (
            self.ev.func_infos.keys().isdisjoint(run.func_infos)
            and self.ev.closures_seen.keys().isdisjoint(run.closures)
            and created.keys().isdisjoint(run.transformed)
            and created_root.keys().isdisjoint(run.transformed)
        ):
            return False
        self.ev.steps += run.steps
        self.ev.func_infos.update(run.func_infos)
        self.ev.closures_seen.update(run.closures)
        if run.transformed:
            created.update(run.transformed)
            created_root.update(dict.fromkeys(run.transformed, MODULE_ROOT))
        variables.update(run.writes)
        bound.update(run.writes)
        records.update(run.records)
        return True

    def entry_fingerprint(self, root: object, applied: object, parts: tuple) -> object:
        """The fingerprint of what `root` applies (`applied`, made of `parts`): the previous
        version's if the parts are the very same objects (replayed values: nothing changed
        them), or stand for the same content (`_stand_in`)."""
        prev = self.carry_in.entries.get(root) if self.carry_in is not None else None
        stand_ins = None
        if prev is not None and len(prev[0]) == len(parts):
            same = True
            for i, (a, b) in enumerate(zip(prev[0], parts)):
                if a is b:
                    continue
                if stand_ins is None:
                    stand_ins = self._stand_ins(parts)
                was = prev[2][i] if prev[2] is not None else None
                now = stand_ins[i]
                if was is None or now is None or not _same_stand_in(was, now):
                    same = False
                    break
            if same:
                fp = prev[1]
                if self.carry_out is not None:
                    self.carry_out.entries[root] = (parts, fp, stand_ins or prev[2])
                return fp
        later = self.later_entries
        if (
            later is not None
            and stable(list(parts), self.ev.module_scope, self.ev.main, self._stable_known)
            is not None
        ):
            # nothing can change what it applies: fingerprinted after the answer (see
            # `defer_records`), against the transformed functions' nodes as they are now
            fp = LaterEntry()
            later.append((fp, applied, len(self.ev.transformed_created)))
        else:
            fp = fingerprint(applied, self.ev.transformed_created, self._class_fps)
        if self.carry_out is not None:
            self.carry_out.entries[root] = (parts, fp, self._stand_ins(parts))
        return fp

    def finish_entries(self) -> None:
        """Fingerprint the entries `entry_fingerprint` left for later, each against the
        transformed functions known when its root started (a full analysis only ever adds
        to them, in order), and put them where the placeholders are."""
        later, self.later_entries = self.later_entries, None
        if not later:
            return
        created_all = self.ev.transformed_created
        items = iter(created_all.items())
        created: dict = {}
        done: dict[LaterEntry, object] = {}
        for token, applied, n in later:
            while len(created) < n:
                k, node = next(items)
                created[k] = node
            done[token] = fingerprint(applied, created, self._class_fps)
        entries = self._entries
        for root, entry in entries.items():
            if type(entry) is LaterEntry:
                entries[root] = done[entry]
        if self.carry_out is not None:
            out = self.carry_out.entries
            for root, (parts, fp, stand_ins) in out.items():
                if type(fp) is LaterEntry:
                    out[root] = (parts, done[fp], stand_ins)

    def _stand_ins(self, parts: tuple) -> tuple:
        """For each part that is the instance a class made from a recipe binds its methods to
        (`ClassRecipe`), as made (no attribute stored into it yet), with the fingerprint its
        class took from the previous version (`class_fingerprints`): the recipe, that
        fingerprint (both compared by identity) and where the part first occurs among the parts
        (the walk describes a second occurrence by reference); None for the others. Such an
        instance is new in every version, and its fingerprint is its class's and its empty
        state: two with equal stand-ins have equal fingerprints."""
        recipes = self._recipe_of_class
        if recipes is None or len(recipes) != len(self.recipe_classes):
            recipes = self._recipe_of_class = dict(self.recipe_classes)
        fps = self._class_fps
        out: list[tuple | None] = []
        for part in parts:
            inst = _only(part)
            stand_in = None
            if type(inst) is Instance and not (inst.attrs or inst.var_kinds or inst.array_fields):
                recipe = recipes.get(inst.cls)
                fp = fps.get(inst.cls)
                if recipe is not None and fp is not None:
                    first = next(j for j, p in enumerate(parts) if p is part)
                    stand_in = (recipe, fp, first)
            out.append(stand_in)
        return tuple(out)

    def _exec_import(self, stmt: ast.stmt, scope: Scope, bound: dict[str, Value]) -> None:
        """Run an import (it asks the workspace); a name it binds to what it held in the
        previous version (an equal reference to a module or an API) gets that very value
        back, so that what reads it is replayed."""
        writes: list[tuple[str, Value]] = []
        self.ev.module_writes = writes
        try:
            self.ev.exec_stmt(stmt, scope)
        finally:
            self.ev.module_writes = None
        previous = self.carry_in.values if self.carry_in is not None else {}
        variables = scope.vars
        for name, v in writes:
            if variables.get(name) is not v or not _reference(v):
                continue
            old = previous.get(name)
            if old is not None and old is not v and old == v:
                variables[name] = v = old
            bound[name] = v

    def _replayable(self, rec: StatementRecord, stmt: ast.stmt) -> bool:
        if rec.positioned and stmt.lineno != rec.line:
            return False
        if self.ev.steps + rec.steps > self.ev.budget:
            return False  # run it: the budget is spent there
        variables = self.ev.module_scope.vars
        if rec.custom_reads:
            recipes = self.custom_recipes
            for name, recipe in rec.custom_reads:
                c = _custom_of(variables.get(name))
                if c is None or recipes.get(c) is not recipe:
                    return False
        for name, v in rec.reads:
            now = variables.get(name)
            if now is not v and not _same(now, v):
                return False
        return True

    def _replay(self, rec: StatementRecord, stmt: ast.stmt) -> None:
        self.ev.steps += rec.steps
        if rec.func_infos:
            func_infos = self.ev.func_infos
            for node, fi in rec.func_infos:
                if node not in func_infos:
                    func_infos[node] = fi
        if rec.closures:
            seen = self.ev.closures_seen
            for fi, closure in rec.closures:
                if fi not in seen:
                    seen[fi] = closure
        if rec.transformed:
            created, roots = self.ev.transformed_created, self.ev._created_root
            for tf, node in rec.transformed:
                created.setdefault(tf, node)
                roots.setdefault(tf, MODULE_ROOT)
        variables = self.ev.module_scope.vars
        if rec.klass is not None:
            r = rec.klass
            # the previous version's class, if it ended as made: nothing tells it from a new
            # one (`carried_classes`); the object its methods are bound to is made anew (the
            # roots store into it)
            class_value = self.carry_in.classes.get(r) if self.carry_in is not None else None
            if class_value is not None:
                cls = class_value.fns[0]
                self.carried_classes.add(cls)
            else:
                cls = ClassObj(
                    r.name,
                    cast(ast.ClassDef, stmt),  # (a class's record: its statement is one)
                    attrs=dict(r.attrs),
                    bases=list(r.bases),
                    linen=r.linen,
                    static_fields=set(r.static_fields),
                    pytree=r.pytree,
                    remat=r.remat,
                    vmaps=r.vmaps,
                    data_fields=set(r.data_fields),
                    singular=r.singular,
                    factories=dict(r.factories),
                )
                class_value = Value(fns=(cls,))
            self.recipe_classes.append((cls, r))
            self.class_values[r] = class_value
            self_value = Value(fns=(Instance(cls),))
            for fi, bound in r.methods:
                if bound:
                    self.ev.method_self[fi] = self_value
                self.ev.method_class[fi] = cls
            variables[r.name] = class_value
        for name, assigned in rec.rule_sets:
            c = variables[name].fns[0]
            for attr, value in assigned:
                setattr(c, attr, value)
            self.ev.impure_effects += 1
            self.note_rule_set(c)
        if rec.customs:
            made: dict[int, Value] = {}
            for cr in rec.customs:
                c = CustomFn(*cr.fields)
                self._custom_made[c] = self.ev.frame
                self.custom_recipes[c] = cr
                made[id(cr.value)] = Value(fns=(c,))
            for name, v in rec.writes:
                variables[name] = made.get(id(v), v)
            return
        for name, v in rec.writes:
            variables[name] = v

    def _exec_recorded(self, stmt: ast.stmt, scope: Scope) -> StatementRecord | None:
        """Run `stmt`, and make its record if it qualifies (see the module's docstring)."""
        marks = self._effect_marks()
        n_infos = len(self.ev.func_infos)
        n_seen = len(self.ev.closures_seen)
        n_created = len(self.ev.transformed_created)
        n_self, n_class = len(self.ev.method_self), len(self.ev.method_class)
        n_custom = len(self._custom_made)
        steps = self.ev.steps
        reads: list[tuple[str, Value | None]] = []
        writes: list[tuple[str, Value]] = []
        rule_log: list[tuple[CustomFn, tuple[tuple[str, Any], ...]]] = []
        self.ev.module_reads, self.ev.module_writes = reads, writes
        self.rule_log = rule_log
        try:
            self.ev.exec_stmt(stmt, scope)
        finally:
            self.ev.module_reads = self.ev.module_writes = self.rule_log = None
        after = self._effect_marks()
        # attaching a rule is the one effect a record replays (its `impure_effects` count)
        if marks != after and (
            not rule_log or after[1:] != marks[1:] or after[0] - marks[0] != len(rule_log)
        ):
            return None
        klass = None
        content: list[Value] = []
        if type(stmt) is ast.ClassDef:
            klass = self._class_recipe(stmt, writes, n_self, n_class)
            if klass is None:
                return None
            writes = []
            content = [v for _, v in klass.attrs] + list(klass.bases) + [
                v for _, v in klass.factories]
        elif len(self.ev.method_self) != n_self or len(self.ev.method_class) != n_class:
            return None
        customs = self._custom_parts(
            [c for c, _ in _last(self._custom_made, len(self._custom_made) - n_custom)],
            reads,
            writes,
            rule_log,
        )
        if customs is None:
            return None
        recipes, custom_reads, rule_sets, reads, writes_left, rule_values = customs
        infos = _last(self.ev.func_infos, len(self.ev.func_infos) - n_infos)
        seen = _last(self.ev.closures_seen, len(self.ev.closures_seen) - n_seen)
        created = _last(self.ev.transformed_created, len(self.ev.transformed_created) - n_created)
        positioned = stable(
            writes_left
            + [c for _, c in seen]
            + [tf for tf, _ in created]
            + content
            + rule_values
            + [r.fields for r in recipes],
            scope,
            self.ev.main,
            self._stable_known,
        )
        if positioned is None:
            return None
        stable_bound = self.stable_bound
        for v in writes_left:
            stable_bound[id(v)] = v
        for r in recipes:
            made = r.value.fns[0]
            self.custom_recipes[made] = r
        return StatementRecord(
            stmt.lineno,
            positioned,
            tuple(reads),
            tuple(writes),
            tuple(infos),
            tuple(seen),
            tuple(created),
            self.ev.steps - steps,
            klass,
            recipes,
            custom_reads,
            rule_sets,
        )

    def _custom_parts(
        self,
        made: list[CustomFn],
        reads: list[tuple[str, Value | None]],
        writes: list[tuple[str, Value]],
        rule_log: list[tuple[CustomFn, tuple[tuple[str, Any], ...]]],
    ) -> tuple | None:
        """What a statement did with custom functions, as a record keeps it (see
        `CustomRecipe`), or None if a record cannot: the recipes of those it made and bound
        to names (only so: one held elsewhere is left to `stable`, which refuses it), the names
        holding one it attached rules to, the rules set; then its other reads, the values
        it bound that are not such functions, and the rules' values (for `stable`)."""
        if not made and not rule_log:
            # (most statements: what the general case below leaves them)
            return (), (), (), reads, [v for _, v in writes], []
        made_here = set(made)
        if made and any(self._custom_made[c] is not None for c in made):
            return None  # made in a call: not a module-level statement's own function
        bound: dict[int, Value] = {}
        writes_left: list[Value] = []
        for _, v in writes:
            c = _custom_of(v)
            if c is not None and c in made_here:
                if bound.setdefault(id(c), v) is not v:
                    return None
            else:
                writes_left.append(v)
        recipes = tuple(
            CustomRecipe(v, tuple(getattr(v.fns[0], f) for f in _CUSTOM_FIELDS))
            for v in bound.values()
        )
        if not rule_log:
            return recipes, (), (), reads, writes_left, []
        if made:
            return None
        held: dict[CustomFn, str] = {}
        plain_reads: list[tuple[str, Value | None]] = []
        custom_reads: list[tuple[str, CustomRecipe]] = []
        for name, read in reads:
            c = _custom_of(read)
            recipe = self.custom_recipes.get(c) if c is not None else None
            if c is None or recipe is None:
                plain_reads.append((name, read))
            else:
                held.setdefault(c, name)
                custom_reads.append((name, recipe))  # type: ignore[arg-type]
        if set(held) != {c for c, _ in rule_log}:
            return None  # a function read for something else than attaching its rules
        rule_sets = tuple((held[c], assigned) for c, assigned in rule_log)
        rule_values = [v for _, assigned in rule_log for _, v in assigned]
        return recipes, tuple(custom_reads), rule_sets, plain_reads, writes_left, rule_values

    def _class_recipe(
        self, stmt: ast.ClassDef, writes: list[tuple[str, Value]], n_self: int, n_class: int
    ) -> ClassRecipe | None:
        """What a class statement that bound its class and nothing else made, if its content
        cannot change (see `stable`)."""
        if len(writes) != 1 or writes[0][0] != stmt.name:
            return None
        v = writes[0][1]
        if len(v.fns) != 1 or type(v.fns[0]) is not ClassObj or v.tan or v.items is not None:
            return None
        cls = v.fns[0]
        if cls.node is not stmt or self.ev.module_scope.vars.get(stmt.name) is not v:
            return None
        classes = _last(self.ev.method_class, len(self.ev.method_class) - n_class)
        selves = _last(self.ev.method_self, len(self.ev.method_self) - n_self)
        if any(c is not cls for _, c in classes):
            return None
        self_values = {id(s) for _, s in selves}
        if len(self_values) > 1:
            return None
        for _, s in selves[:1]:
            if (
                len(s.fns) != 1
                or type(s.fns[0]) is not Instance
                or s.fns[0].cls is not cls
                or s.fns[0].attrs
                or s.fns[0].var_kinds
            ):
                return None
        bound = {fi for fi, _ in selves}
        recipe = ClassRecipe(
            cls.name,
            tuple(cls.attrs.items()),
            tuple(cls.bases),
            cls.linen,
            frozenset(cls.static_fields),
            cls.pytree,
            cls.remat,
            cls.vmaps,
            frozenset(cls.data_fields),
            tuple((fi, fi in bound) for fi, _ in classes),
            cls.singular,
            tuple(cls.factories.items()),
        )
        self.recipe_classes.append((cls, recipe))
        self.class_values[recipe] = v
        return recipe

    def carry_classes(self) -> None:
        """Hand the next version the classes made from a recipe that are still as their
        statement made them (see `ClassRecipe`, `carried_classes`)."""
        if self.carry_out is None:
            return
        values = self.class_values
        self.carry_out.classes = {
            r: values[r] for cls, r in self.recipe_classes if r in values and _as_made(cls, r)
        }

    def class_fingerprints(self, before: bool) -> None:
        """A class made from a recipe and left as its statement made it has the fingerprint
        the previous version's class of that recipe had (`before` the module's names are
        fingerprinted: take them; after: keep them for the next version); so has a custom
        function made from a recipe that holds the same objects."""
        carry = self.carry_in if before else self.carry_out
        if carry is None:
            return
        fps = self._class_fps
        # (both calls come once the module's statements ran, with nothing run between them:
        # the classes as made, and the customs' fields, are the same for both)
        made = self._classes_as_made
        if made is None:
            made = self._classes_as_made = [
                (cls, r) for cls, r in self.recipe_classes if _as_made(cls, r)
            ]
            self._custom_fields = [
                (c, recipe, tuple(getattr(c, f) for f in _CUSTOM_FIELDS))
                for c, recipe in self.custom_recipes.items()
            ]
        for cls, r in made:
            if before:
                fp = carry.class_fps.get(r)
                if fp is not None:
                    fps[cls] = fp
            else:
                fp = fps.get(cls)
                if fp is not None:
                    carry.class_fps[r] = fp
        # a custom function made from a recipe whose fields are the very objects its
        # predecessor's were (replayed values, which nothing changes: see `stable`)
        for c, recipe, now in self._custom_fields:
            if before:
                prev = carry.custom_fps.get(recipe)  # type: ignore[call-overload]
                if prev is not None and all(a is b for a, b in zip(prev[0], now)):
                    fps[c] = prev[1]
            else:
                fp = fps.get(c)
                if fp is not None:
                    carry.custom_fps[recipe] = (now, fp)  # type: ignore[index]
