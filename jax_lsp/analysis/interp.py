"""An abstract interpreter over a module's AST that tracks tangents.

It runs the module body, then every function as an entry point with unknown arguments. When it
meets a differentiation transform applied to a function, it creates a `Level` and calls the
function with arguments that carry it; calls go through user functions (memoised per abstract
arguments), JAX's higher-order functions (as described in `jaxapi`), and custom derivative rules
with their mode semantics. A host callback whose operands carry a level's tangent becomes a
finding, with the path from the transform to the callback.

This module is the driver (entry points, positions, scopes, the context, where the analysis
stopped). The class is made of Python's parts, one mixin per concern: `statements` and
`expressions` (Python as Python runs it), `calls` (Python's calls and user functions). JAX's
semantics is a component it holds (`jax`, see `jax.model`: JAX's API from the measured table,
transforms, control flow, custom rules, callbacks and their findings), reaching it through
`host.JaxHost`; the incremental re-analysis observes it (`observer`, see `incremental.layer`),
told what happens through `host.Observer`'s hooks. `interp_state` holds what they share.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any, cast

from jax_lsp.analysis import (
    asserted_errors,
    click_commands,
    logging_levels,
    pytest_driver,
    testcase_driver,
)
from jax_lsp.analysis.escape import Answer, Escapes, importable_module, script_file
from jax_lsp.analysis.findings import Finding, PathStep, Span
from jax_lsp.analysis.incremental.call_logs import WORK_PER_STATEMENT, CallLog
from jax_lsp.analysis.incremental.layer import SKIPPED, IncrementalLayer
from jax_lsp.analysis.incremental.replay import ModuleCarry
from jax_lsp.analysis.incremental.roots import Reuse
from jax_lsp.analysis.interp_state import (
    GUESSED,
    MASK,
    MAX_DEPTH_ITEMS,
    MODULE_ROOT,
    Args,
    BudgetExhausted,
    Ctx,
    HostRun,
    Scope,
    SharedCall,
    ctx_bits,
    ctx_with,
)
from jax_lsp.analysis.jax import jaxapi
from jax_lsp.analysis.jax import overlay as _overlay  # noqa: F401  (registers Python's hooks)
from jax_lsp.analysis.jax.model import JaxModel
from jax_lsp.analysis.limits import Limit
from jax_lsp.analysis.python import generators, import_effects, iterator_protocol, lazy_maps
from jax_lsp.analysis.python.calls import PythonCalls
from jax_lsp.analysis.python.expressions import PythonExpressions
from jax_lsp.analysis.python.scopes import compute_scope, statement_start
from jax_lsp.analysis.python.statements import PythonStatements
from jax_lsp.analysis.source_text import char_column
from jax_lsp.analysis.static_names import ModuleNames
from jax_lsp.analysis.syntax import iter_nodes
from jax_lsp.analysis.values import (
    EMPTY,
    NOCONST,
    UNKNOWN,
    Api,
    ClassObj,
    Closure,
    FuncInfo,
    Instance,
    Level,
    LoopTangent,
    ModuleInfo,
    Partial,
    Transformed,
    Value,
    Wrapper,
)
from jax_lsp.analysis.workspace import Workspace
from jax_lsp.rules import RULES

#: the value of each builtin name (made once: `lookup` answers a builtin on every read, and
#: values are immutable)
_BUILTIN_VALUES = {name: Value(fns=(Api("builtins." + name),)) for name in dir(builtins)}


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


#: Python frames an analysis may stack: about 6 per call level, and expression nesting
_RECURSION_LIMIT = 20_000
#: no fingerprint (`_module_fingerprints`)
_NONE = object()
#: the most calls one pytest test is analysed with (the product of its parametrize cases);
#: past it, once on unknown arguments as any function
_MAX_TEST_CASES = 16
#: how deep a chain of fixtures asking for fixtures is followed
_MAX_FIXTURE_DEPTH = 8


@dataclass
class RootEffects:
    """What interpreting one entry point did besides finding: the functions it entered (they
    are then not entry points of their own) and the transformed functions it called (by the
    node that created them: they have not escaped)."""

    entered: set[ast.AST] = field(default_factory=set)
    called: set[ast.AST] = field(default_factory=set)
    #: (the node that created a transformed function, a call of a builtin that never calls
    #: it which it was passed to): see `_dead_at_module_level`
    inspected: set[tuple[ast.AST, ast.AST]] = field(default_factory=set)
    #: the workspace modules it read first
    loaded: set[str] = field(default_factory=set)
    #: the calls whose callee it could not resolve to a function (see `escape`)
    unresolved: set[ast.AST] = field(default_factory=set)
    #: the analysed module's calls of JAX's callbacks it evaluated (`jax.host_runs.check_call`):
    #: an incremental analysis that puts the root back has not (`host_runs.drop_unreached`)
    callbacks: set[ast.AST] = field(default_factory=set)
    #: `entered` as functions (the same objects from one version to the next, see `replay`)
    entered_infos: frozenset[FuncInfo] | None = None
    #: what the memoised and shared calls it was answered with entered, by reference (spans
    #: of the log of functions entered, shared interpretations' sets: see `call_logs`);
    #: added to `entered` once the roots ran (`recording.RootRecording._collect_records`)
    reached: set[object] = field(default_factory=set)


@dataclass
class _MayDifferentiate:
    """`Interpreter._may_differentiate`'s state between calls."""

    idents: dict[FuncInfo, frozenset[str]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)
    interesting: set[FuncInfo] = field(default_factory=set)
    #: the functions not (yet) interesting
    rest: list[FuncInfo] = field(default_factory=list)
    #: the functions defined in a function (only they can name a transform bound in an
    #: enclosing function's variable: `_calls_local_transform`)
    nested: list[FuncInfo] = field(default_factory=list)
    #: whether each value a module-level name held binds it to a transform, by identity
    #: (values never change); kept across versions (`replay.ModuleCarry`)
    transform_valued: dict[int, tuple[Value, bool]] = field(default_factory=dict)
    #: whether it was asked yet (in this analysis)
    asked: bool = False
    #: how many of `closures_seen` (only ever added to) were looked at for new functions
    seen_upto: int = 0
    #: the module's names and values when last asked, with the names bound to transforms
    #: then, and those that batch (`_may_batch`); `_may_batch`'s last answer, with the names
    #: and the list of functions not interesting (only ever appended to) it was for
    bound: tuple[list, list[str]] | None = None
    batching: tuple[list, frozenset[str]] | None = None
    batchers: tuple[tuple, list[FuncInfo]] | None = None


@dataclass(frozen=True)
class MayDifferentiateCarry:
    """`_MayDifferentiate` after its first question of one version (the module's statements
    ran, no root yet), for the next version's first question: the functions interesting then
    (the nested ones found through `_calls_local_transform` left out) are a least fixpoint over
    the functions and the names bound to transforms, so the next version's is reached from it
    when it lost none of those names and none of these functions (see `_resume`)."""

    #: the names bound to transforms (before functions' names joined them)
    seed: frozenset[str]
    idents: dict[FuncInfo, frozenset[str]]
    names: frozenset[str]
    interesting: frozenset[FuncInfo]
    rest: tuple[FuncInfo, ...]
    nested: tuple[FuncInfo, ...]


def _transformed_items(v: Value, depth: int = 0) -> list[Transformed]:
    """The transformed functions held in the items of a container value (a registry)."""
    if v.items is None or depth > MAX_DEPTH_ITEMS:
        return []
    found: list[Transformed] = []
    for item in v.items:
        found.extend(f for f in item.fns if isinstance(f, Transformed))
        found.extend(_transformed_items(item, depth + 1))
    return found


def _batches(fn: object, depth: int = 0) -> bool:
    """Whether `fn` is vmap or a function it batches (also under jit)."""
    if isinstance(fn, Api):
        return jaxapi.HIGHER_ORDER.get(fn.name) in ("vmap", "linen_vmap")
    if isinstance(fn, Wrapper) and depth < 4:
        return fn.kind in ("vmap", "linen_vmap") or any(_batches(f, depth + 1) for f in fn.fun.fns)
    return False


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


class _Guessing:
    """`Interpreter.within(guessed=True)` as a plain context manager."""

    __slots__ = ("ev", "saved", "reads")

    def __init__(self, ev: Interpreter) -> None:
        self.ev = ev

    def __enter__(self) -> None:
        ev = self.ev
        self.saved, self.reads = ev.ctx, ev.ctx_reads
        ev.ctx = ctx_with(self.saved, _GUESSED_CHANGE)
        ev.ctx_reads = 0

    def __exit__(self, *exc: object) -> None:
        ev = self.ev
        ev.ctx = self.saved
        ev.ctx_reads = self.reads | (ev.ctx_reads & ~GUESSED)


class _Within:
    """`Interpreter.within(**changes)` as a plain context manager (a compiled build compiles no
    generator-made context manager on a method the parts declare)."""

    __slots__ = ("ev", "changes", "saved", "reads")

    def __init__(self, ev: Interpreter, changes: dict[str, Any]) -> None:
        self.ev = ev
        self.changes = changes

    def __enter__(self) -> None:
        ev = self.ev
        self.saved, self.reads = ev.ctx, ev.ctx_reads
        ev.ctx = ctx_with(self.saved, self.changes)
        ev.ctx_reads = 0

    def __exit__(self, *exc: object) -> None:
        ev = self.ev
        ev.ctx = self.saved
        ev.ctx_reads = self.reads | (ev.ctx_reads & ~ctx_bits(self.changes))


_NOTHING = nullcontext()
_GUESSED_CHANGE = {"guessed": True}


class Interpreter(PythonStatements, PythonExpressions, PythonCalls):
    """The evaluator: Python as Python runs it (its parts: `statements`, `expressions`,
    `calls`), with JAX's semantics as a component (`jax`, a `jax.model.JaxModel`) and the
    incremental re-analysis as an observer (`observer`, an `incremental.layer.IncrementalLayer`).
    """

    #: the incremental layer: `observer` too, as the evaluator sees it (the `host.Observer`
    #: hooks only); `layer` for the incremental analyzer, which reads its state
    layer: IncrementalLayer

    def __init__(
        self,
        tree: ast.Module,
        lines: list[str],
        extra_callbacks: frozenset[str] = EMPTY,
        extra_transforms: dict[str, str] | None = None,
        path: str | None = None,
        workspace: Workspace | None = None,
        ident_cache: dict[str, frozenset[str]] | None = None,
        record: bool = False,
        reuse: Reuse | None = None,
        carry: ModuleCarry | None = None,
        top_starts: list[int] | None = None,
        text: str | None = None,
    ) -> None:
        self.tree = tree
        #: `lines` joined by line breaks (a final one may follow), if the caller has it
        self.text = text
        if carry is not None:
            # the previous version's module and scope: the values replayed refer to them
            self.main = carry.main
            self.main.lines = lines
            joined = text if text is not None else "\n".join(lines)
            self.main.has_walrus = ":=" in joined
            self.main.names_x64 = "enable_x64" in joined
            carry.scope.vars = {}
            self.module_scope = carry.scope
        else:
            self.main = ModuleInfo(path, lines, is_main=True, text=text)
            self.module_scope = Scope(None, None, None)
        self.module = self.main
        self.workspace = workspace
        #: modules imported from the workspace, by path (None while loading: import cycles)
        self.modules: dict[Path, ModuleInfo | None] = {}
        #: the modules whose statements are running (an import cycle reaches them): what each
        #: has bound so far, as Python's partially initialised module holds it
        self.loading: dict[Path, ModuleInfo] = {}
        #: whether each module a package's `__init__` re-exports from writes another
        #: workspace module's state as it runs (`_run_reexported`), asked once per analysis
        self.reexport_writes: dict[Path, bool] = {}
        self.extra_callbacks = extra_callbacks
        self.extra_transforms = extra_transforms or {}
        self.findings: dict[tuple[str, Span], Finding] = {}
        self.stack: list[PathStep] = []
        self.ctx = Ctx()
        #: the fields of `ctx` read (`interp_state.CTX_BIT`) by the interpretation under way
        self.ctx_reads = 0
        #: statements interpreted so far, and the most we interpret (a safety net: the
        #: analysis must answer even on pathological code)
        self.steps = 0
        self.budget = max(200_000, 40 * len(lines))
        self.incomplete = False
        self.main.scope = self.module_scope
        #: where paths ended (`limits`), recorded only when this is a list: see `note_limit`
        self.limits: list[Limit] | None = None
        #: the incremental re-analysis, told what happens through its hooks (`host.Observer`)
        self.observer = self.layer = IncrementalLayer(self, reuse, carry)
        #: the template of a module load this analysis took (`shared_loads`): (the run's
        #: templates, its key, the template); () in the interpreter building a template
        self.shared_load: tuple | None = None
        #: JAX's semantics (reaching this evaluator through `host.JaxHost`)
        self.jax = JaxModel(self)
        self._start_roots(record or reuse is not None)
        self._start_calls()
        self._start_levels()
        self._start_caches(ident_cache, top_starts, carry)

    def _start_calls(self) -> None:
        """The state of the interpretation of calls: memoised and shared interpretations,
        the functions seen and entered, the call running."""
        self.memo: dict[tuple, Value] = {}
        self.in_progress: set[tuple] = set()
        self.host_runs: dict[Span, HostRun] = {}
        self.host_run: HostRun | None = None
        self.host_waiting: Counter[Span] = Counter()
        self.host_waits: dict[Span, list[Any]] = {}
        self.patched_callbacks: tuple[ast.Module, frozenset[str]] | None = None
        self.text_names: tuple[ast.Module, Any] | None = None
        self.cuts = 0
        self.late_writes = 0
        self.late_changes: set[str] = set()
        self.late_names: set[str] = set()
        self.config_updates: set[ast.AST] = set()
        self.func_infos: dict[ast.AST, FuncInfo] = {}
        self.entered: set[FuncInfo] = set()
        self.closures_seen: dict[FuncInfo, Closure] = {}
        self.method_self: dict[FuncInfo, Value] = {}
        #: the class each method is defined in (for `super()`)
        self.method_class: dict[FuncInfo, ClassObj] = {}
        #: the classes a metaclass of the workspace is making, innermost last: what
        #: `type.__new__` (`super().__new__` in the metaclass's `__new__`) returns
        self.classes_made: list[ClassObj] = []
        #: interpretations per function, their joined results, and how many differentiation
        #: levels enclose the code being interpreted
        self.interpretations: dict[tuple, int] = {}
        self.summaries: dict[FuncInfo, Value] = {}
        self.depth = 0
        #: the interpretation of a call running (its scope; None: the module's statements),
        #: and the one each custom_jvp/custom_vjp function was made in (see `note_rule_set`)
        self.frame: object = None
        #: the passes of the `for` loops run one per known item around the running code
        #: (`statements.exec_for`): each pass may interpret a callee in a context of its own
        self.unroll_factor = 1
        #: per loop running, innermost last: for a `for` unrolled over its items, the
        #: `break`s (True) and `continue`s (False) its pass reached, with the state at each;
        #: None for a loop run to a fixpoint (`statements.exec_for`)
        self.loop_exits: list[list[tuple[bool, dict[str, Value]]] | None] = []
        self._memo_emits: dict[tuple, tuple[int, int]] = {}
        #: the span of `_callbacks_log` each memoised interpretation owns (a recording
        #: analysis's; few interpretations evaluate a callback)
        self._memo_callbacks: dict[tuple, tuple[int, int]] = {}
        #: interpretations shared between calls that differ only in their levels (see
        #: `sharing`), and the functions of this module entered, in order
        self.shared_memo: dict[tuple, SharedCall] = {}
        #: the fields of the context (`interp_state.CTX_BIT`) that the memoised interpretations
        #: of each call (its arguments) read, and those of each shared one (see `calls`)
        self.memo_reads: dict[tuple, list[int]] = {}
        self.shared_reads: dict[tuple | None, list[int]] = {}
        #: stores into globals and object attributes (state a shared result does not carry)
        self._outer_writes = 0
        #: the loops run to a fixpoint, `try` bodies and comprehensions around the code
        #: being interpreted, and the attribute stores that replaced a value
        #: (`python/certain_paths.py`)
        self.uncertain = 0
        self.strong_updates = 0
        #: the calls making a `for` loop's own iterable, while it is evaluated
        #: (`certain_paths.loop_made`)
        self.loop_made: frozenset[ast.AST] = frozenset()
        #: the `__getattr__` lookups being interpreted, by object and name
        #: (`PythonExpressions._getattr_fallback`)
        self.getattr_running: set[tuple[object, str]] = set()
        #: each object `copy.copy` made or copied: the objects sharing its containers
        #: (`python/shallow_copies.py`)
        self.shallow_copies: dict[Instance, list[Instance]] = {}
        #: the call making an `islice`'s iterable and the most items it takes, while that
        #: argument is evaluated (`generators.islice_taken`)
        self.taken: tuple[ast.AST, int] | None = None
        #: the items the generator whose body is running yields (`python/generators.py`)
        self.yields: generators.Yields | None = None
        #: whether each function run is a plain generator (`python/generators.py`)
        self.generator_bodies: dict[ast.AST, bool] = {}
        #: how the `__next__` call being watched ends (`python/iterator_protocol.py`)
        self.endings: iterator_protocol.Endings | None = None
        #: how each `__next__` of one object ended, by its state (`python/iterator_protocol.py`)
        self.next_endings: dict[tuple, str] = {}
        #: whether each function run is a generator function, a plain one (`generators.start`)
        self.generator_functions: dict[ast.AST, int] = {}
        #: the generator being resumed by `next` / `send` (`python/generators.py`)
        self.resumed: generators.Resumed | None = None

    def _start_levels(self) -> None:
        """The levels made (by JAX's semantics, `jax.transforms`) and the transformed
        functions made and applied."""
        #: the computation each level was created in: the module's statements (MODULE_ROOT),
        #: one entry point, or one application of an escaped transformed function
        self._level_group: dict[Level, object] = {}
        self._group: object = MODULE_ROOT
        self.level_depth = 0
        self.levels: list[Level] = []
        #: one LoopTangent per (loop call, level): a loop body re-run in a fixpoint reuses it
        self.loop_tangents: dict[tuple[ast.AST, Level], LoopTangent] = {}
        self.transformed_created: dict[Transformed, ast.AST] = {}
        self.transformed_called: set[Transformed] = set()
        #: the calls of builtins that never call their arguments a transformed function was
        #: passed to (it does not escape through them)
        self.transformed_inspected: dict[Transformed, set[ast.AST]] = {}
        self._created_root: dict[Transformed, object] = {}
        #: the entry points analysed for JAX008 only (`_may_batch`)
        self._batch_roots: set[object] = set()

    def _start_roots(self, record: bool) -> None:
        """The roots (the module's statements, each entry point) and what each did; `record`:
        record what each read, for the incremental analysis of the next version (`observer`)."""
        #: the computation being interpreted: MODULE_ROOT (the module's own statements) or the
        #: node of the function analysed as an entry point
        self.root: object = MODULE_ROOT
        #: the roots each finding came from (also through memoised calls), and what each entry
        #: point did that changes what else is analysed
        self.finding_roots: dict[tuple[str, Span], set[object]] = {}
        self.effects: dict[object, RootEffects] = {}
        #: record what each root reads (`incremental.roots`), for the next version
        self.record = record
        #: the scopes (of calls, comprehensions, class bodies) functions were made in, emptied
        #: by `release` (None when recording: the next version's analysis reuses values that
        #: hold them)
        self.captured_scopes: list[Scope] | None = None if self.record else []
        #: the first root to emit each finding
        self.first_root: dict[tuple[str, Span], object] = {}
        self.module_reads: list[tuple[str, Value | None]] | None = None
        self.module_writes: list[tuple[str, Value]] | None = None
        self.impure_effects = 0
        #: the custom rule whose `return`s the run under way records (`custom_rules`)
        self.watched_returns: tuple[ast.AST, dict] | None = None
        #: the custom_vjp bwd being run and its residuals' parameter (`custom_rules`): JAX
        #: rebuilds the residuals from the pytree the fwd returned, so their length is known
        self.rebuilt_params: tuple[ast.AST, str] | None = None
        #: what each run of a custom rule reached, by the rule and its arguments (a run the
        #: memo answers reads it)
        self.rule_returns: dict = {}
        #: JAX's configuration flags the modules' top levels set (`jax/config_flags.py`)
        self.jax_flags: dict[str, object] = {}
        #: absl's flags the modules' top levels define (`libraries/absl_flags`), and those
        #: the command line `app.run` parsed sets (None until one is parsed, or not known)
        self.absl_flags: dict[str, object] = {}
        self.absl_set: dict[str, object] | None = None
        #: a cap bit or a recursion was cut: results then depend on which roots ran first
        self.order_sensitive = False
        self._called_nodes: set[ast.AST] = set()
        #: the calls of the analysed module whose callee was not resolved to a function (a
        #: function value handed there may be called: see `escape`)
        self.unresolved_calls: set[ast.AST] = set()
        self._effects = RootEffects()
        # (a recording analysis's copies of spans are capped, see `call_logs`)
        log_cap = WORK_PER_STATEMENT * self.budget if self.record else None
        self._emitted = CallLog(log_cap)  # of (code, span) keys of `findings`
        self._entered_log = CallLog(log_cap)  # of function nodes
        self._callbacks_log = CallLog(log_cap)  # of callback call nodes (`RootEffects`)

    def _start_caches(
        self,
        ident_cache: dict[str, frozenset[str]] | None,
        top_starts: list[int] | None,
        carry: ModuleCarry | None,
    ) -> None:
        """What the analysis asks of the module's text and names more than once (some kept
        across versions by the incremental analysis): identifiers, escapes, top-level
        statements, which functions may differentiate."""
        #: the identifiers in each function's text, by that text (shared between the analyses
        #: of successive versions of a module)
        self.identifiers: dict[str, frozenset[str]] = ident_cache if ident_cache is not None else {}
        self.main_identifiers: dict[str, int] | None = None
        #: which of the analysed module's imports are there for their effects (kept across
        #: versions by the incremental analysis)
        self.main_effects = import_effects.Answers()
        #: the identifiers of each line of the analysed module, read once for both the
        #: functions' sets and the module's counts (a function's text read again for each
        #: function around it, the module's for its counts, cost two to three passes over the
        #: text); with a cache kept across versions, a function's set is kept by its text too
        self._line_identifiers: list[list[str] | None] = []
        self._keeps_identifiers = ident_cache is not None
        #: the identifiers of each function, by its node (a node stands for the same text in
        #: the analyses of successive versions, see `incremental`)
        self.node_identifiers: dict[ast.AST, frozenset[str]] = {}
        #: the escape analysis's scope of each node (`Escapes`), kept across versions by the
        #: incremental analysis as `node_identifiers` is
        self.node_scopes: dict[ast.AST, ast.AST | None] = {}
        #: the escape analysis's parent of each node, kept as `node_scopes` is
        self.node_parents: dict[ast.AST, ast.AST] = {}
        #: the escape analysis's answers that read only their own statement, kept as
        #: `node_scopes` is (see `Escapes.contained`)
        self.node_escapes: dict[ast.AST, Answer] = {}
        self._escapes: Escapes | None = None
        self._entered_nodes: set[ast.AST] = set()
        self._entered_counted = -1
        #: the first line (0-based) of each top-level statement, if known (`top_statement`)
        self._top_starts: list[int] | None = top_starts
        #: `top_statement`'s answers (the roots that ran ask about the same functions)
        self._top_of: dict[ast.AST, object] = {}
        self._md = _MayDifferentiate()
        #: `_transformed_holders`' last answer, with the module's names and values it was for
        self._holders: tuple[list, dict, dict] | None = None
        #: the position of each function in `closures_seen` (see `_entry_points`)
        self._seen_order: dict[FuncInfo, int] = {}
        self._md_carried: MayDifferentiateCarry | None = None
        #: `_facts` of values, by identity (with the value)
        self._value_facts: dict[int, tuple[Value, tuple, tuple, bool]] = (
            carry.value_facts if carry is not None else {}
        )
        if carry is not None:
            self._md.transform_valued = carry.transform_valued
            self._md_carried = carry.may_differentiate
        #: whether the module calls a test runner (`_set_up_test`; None: not asked yet)
        self._runs_tests: bool | None = None
        #: the calls that may run a click command (`click_commands.run_calls`), once read
        self._click_runs: tuple[list[ast.Call], Callable[[ast.expr], str | None]] | None = None
        #: how the module names pytest's API (in a tuple: `(None,)` where it does not import
        #: pytest), and its fixture functions by name (`_pytest_calls`; None: not asked yet)
        self._pytest_names: tuple[pytest_driver.ApiNamed | None] | None = None
        self._pytest_fixtures: dict[str, ast.FunctionDef] | None = None
        self._pytest_lists: dict[str, ast.expr] | None = None
        self._pytest_roots: tuple[set[ast.AST] | None] | None = None
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
        return self._tested(list(self.findings.values()))

    def _tested(self, findings: list[Finding]) -> list[Finding]:
        """The findings but those a test asserts (`asserted_errors`: raised inside a `with
        pytest.raises(E)` or `self.assertRaises(E)` that catches the rule's exception: the
        test passes) and, in a pytest test module, those only the module's helpers gave,
        analysed as entry points on unknown arguments: a test module is a program whose entry
        points are its tests (and fixtures, hooks, module statements); a helper runs as they
        call it, which their own roots analyse (`_pytest_calls`). A helper `run(rows, mode)`
        branching on `mode == "vmap"` is not batched when every test passes `"map"`. A method
        (its class may be made elsewhere) and a function nested in a test stay entry points."""
        if not findings:
            return findings
        expected: list[asserted_errors.AssertedBlock] = []
        if self.text is None or "aises" in self.text:  # `pytest.raises`, `assertRaises`
            if self._pytest_names is None:
                self._pytest_names = (pytest_driver.pytest_names(self.tree),)
            expected = asserted_errors.expected_errors(self.tree, self._pytest_names[0])

        def asserted(f: Finding) -> bool:
            lines = [f.span.line, *(st.span.line for st in f.path if st.filename is None)]
            raised = RULES[f.code].exceptions
            return any(a <= line <= b and asserted_errors.catches(names, raised)
                       for a, b, names in expected for line in lines)

        if expected:
            findings = [f for f in findings if not asserted(f)]
        ran = self._pytest_ran()
        if ran is None:
            return findings
        body = {id(st) for st in self.tree.body}

        def helper(root: object) -> bool:
            if not isinstance(root, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return False
            top = self.top_statement(root)
            return id(top) in body and isinstance(
                top, (ast.FunctionDef, ast.AsyncFunctionDef)) and top not in ran

        return [f for f in findings
                if not all(helper(r) for r in self.finding_roots.get((f.code, f.span), ()))
                or not self.finding_roots.get((f.code, f.span))]

    def release(self, levels: bool = False) -> None:
        """Drop what the analysis built. Its scopes and closures refer to each other, so
        without this only the cyclic collector frees them, with the whole tree they hold, and
        walks every object allocated since it was paused to find them. `levels`: no value of
        this analysis is used after it (not so for the incremental analysis, which carries
        values to the next version): each level's marks refer back to it, a cycle per level,
        broken too."""
        if levels:
            for lv in self.levels:
                lv.tangent_mark = lv.batch_mark = None
        shared: dict = {}
        if self.shared_load:  # a template's modules stay whole for the next file
            self.shared_load[0].verify(self)
            shared = self.shared_load[2].added["modules"]
        for module in (self.main, *(m for p, m in self.modules.items()
                                    if m is not None and p not in shared)):
            if module.scope is not None:
                module.scope.vars.clear()
        # a function defined in a call holds that call's scope, which holds it: without this
        # each such cycle (with the nodes it holds) waits for the collector
        for scope in self.captured_scopes or ():
            scope.vars.clear()
        state = getattr(self, "__dict__", None)  # (compiled, the instance has none: the
        if state is not None:  # cycles through it wait for the collector)
            state.clear()

    def _run(self) -> None:
        if self.record:
            # replaying the statements an edit left alone
            self.observer.exec_module_body()
            self.observer.after_module_body()
        else:
            self.exec_block(self.tree.body, self.module_scope)
        # every function is also an entry point: its parameters are unknown and tangent-free
        while True:
            todo = self._entry_points(self._may_differentiate())
            # once every function naming a transform ran: those that only batch
            batching = not todo
            if batching:
                todo = self._entry_points(self._may_batch())
            for closure in todo:
                self.entered.add(closure.func)
                root = closure.func.node
                entry = None
                me = self.method_self.get(closure.func)
                if self.record:
                    entry = self.observer.before_root(root, (closure, me), (closure, me), me)
                    if entry is SKIPPED:
                        continue
                    self.observer.before_root_runs(self.order_sensitive)
                self._begin_root(root, entry)
                if me is not None and len(me.fns) == 1 and type(me.fns[0]) is Instance:
                    self.observer.note_root_self(root, me.fns[0])
                if batching:
                    self._batch_roots.add(root)
                    with self.within(batch_only=True):
                        self._run_entry(closure, me)
                else:
                    self._run_entry(closure, me)
                self.observer.after_root(root)
            if not self._apply_escaped_transforms() and not todo:
                break
        if self.record:
            self.observer.after_roots()

    def _run_entry(self, closure: Closure, me: Value | None) -> None:
        """Call a function as an entry point: as its test runner calls it (a unittest
        method after its fixtures; a pytest test once per case, given its fixtures'
        values), else on unknown arguments (`_entry_args`)."""
        self._set_up_test(closure, me)
        calls = self._pytest_calls(closure, me)
        if calls is None:
            calls = self._absl_calls(closure, me)
        if calls is None:
            calls = self._click_calls(closure, me)
        if calls is not None and any(a.kw or len(a.pos) > 1 for a in calls):
            # the values come from outside the test's code (its decorators' cases, the
            # fixtures' functions, module-level lists), which the incremental analysis's
            # records of a root do not follow: its result is confirmed by a full analysis
            self.order_sensitive = True
        for args in calls if calls is not None else (self._entry_args(closure),):
            self.call_closure(closure, args, None, label=None)

    def _pytest_calls(self, closure: Closure, me: Value | None) -> list[Args] | None:
        """The calls pytest makes of a test of the analysed module (`pytest_driver`): one per
        combination of its parametrize cases, each parameter given its case's value or the
        value of the module's fixture of that name (unknown otherwise). None for a function
        pytest does not run, or whose cases cannot be read or are too many to follow."""
        fi = closure.func
        if not fi.name.startswith("test") or fi.module is not self.main:
            return None
        if self._pytest_names is None:
            self._pytest_names = (pytest_driver.pytest_names(self.tree),)
        named = self._pytest_names[0]
        cls = self.method_class.get(fi)
        if named is None or not pytest_driver.is_pytest_test(
                fi.node, cls.node if cls is not None else None):
            return None
        if cls is not None and (me is None or testcase_driver.is_test_case(cls)):
            return None  # (a unittest case: pytest runs it as unittest does)
        if self._pytest_lists is None:
            self._pytest_lists = pytest_driver.case_lists(self.tree)
        decorators = pytest_driver.parametrizations(fi.node, named, self._pytest_lists)
        if decorators is None:
            return None
        cases: list[dict[str, Value]] = [{}]
        for p in decorators:
            rows = self._parametrize_rows(p, closure)
            cases = [{**c, **r} for c in cases for r in rows]
            if len(cases) > _MAX_TEST_CASES:
                return None
        a = fi.node.args
        positional = a.posonlyargs + a.args
        # pytest passes the parameters without a default (the others keep theirs)
        wanted = [p.arg for p in positional[: len(positional) - len(a.defaults)]]
        wanted += [k.arg for k, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
        if cls is not None:
            wanted = wanted[1:]  # (`self`)
        if self._pytest_fixtures is None:
            self._pytest_fixtures = pytest_driver.fixture_defs(self.tree, named)
        calls = []
        for case in cases:
            kw = {name: case[name] if name in case else self._fixture_value(name, ())
                  for name in wanted}
            pos = [me] if cls is not None and me is not None else []
            calls.append(Args(pos, kw, [None] * len(pos), {}))
        return calls

    def exec_def(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        """A function of the analysed module that click registers as a command
        (`click_commands.registered`) is called by click, on the values its command line
        gives (`_click_calls`, as an entry point), never by the module's `tally()` or
        through click's own code: its name holds an unknown command object."""
        if scope is self.module_scope and self.module is self.main and (
                click_commands.is_decorated_command(stmt)):
            if self._click_runs is None:
                self._click_runs = (click_commands.run_calls(self.tree),
                                    ModuleNames(self.tree).dotted)
            if click_commands.registered(self.tree, self._click_runs[1], stmt):
                self.make_closure(stmt, scope)
                self.store(stmt.name, UNKNOWN, scope)
                return
        super().exec_def(stmt, scope)

    def logging_enabled(self, call: ast.Call) -> bool | None:
        """`log.isEnabledFor(level)` of the analysed module, decided as the text pass decides
        it where the module pins the logger's level down (`logging_levels`): a debug branch
        JAX traces only when the level lets the record through. None: not known."""
        found = self.text_names
        if found is None or found[0] is not self.tree:
            found = self.text_names = (self.tree, ModuleNames(self.tree))
        return logging_levels.enabled(found[1], call)

    def _click_calls(self, closure: Closure, me: Value | None) -> list[Args] | None:
        """The calls click makes of a command of the analysed module that the module runs
        with literal command lines (`click_commands.run_values`): one per run, each option's
        parameter given the value that line gives it (unknown where the model does not
        know it); None for any other function."""
        fi = closure.func
        if me is not None or fi.module is not self.main or not (
                click_commands.is_decorated_command(fi.node)):
            return None
        if self._click_runs is None:  # (the module's imports read as written: `import click`)
            self._click_runs = (click_commands.run_calls(self.tree),
                                ModuleNames(self.tree).dotted)
        calls, dotted = self._click_runs
        runs = click_commands.run_values(self.tree, dotted, fi.node, calls)  # type: ignore[arg-type]
        if runs is None:
            return None
        a = fi.node.args
        names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
        made = []
        for values in runs:
            kw = {name: UNKNOWN if values.get(name) is None
                  else self.eval(values[name], closure.scope)  # type: ignore[arg-type]
                  for name in names}
            made.append(Args([], kw, [], {}))
        # (the values come from the module's run of the command, outside the function)
        self.order_sensitive = True
        return made

    def _absl_calls(self, closure: Closure, me: Value | None) -> list[Args] | None:
        """The calls absl's runner makes of a parameterized test method of a `TestCase` it
        runs (`testcase_driver.case_expressions`): one per case, given the instance and the
        case's values (a tuple's items, a dict's entries as keywords, else the case itself);
        None where the runner does not run it, or a case's shape is not known (a value that
        is no literal, a tuple or a dict: absl passes a NamedTuple's items, say)."""
        fi = closure.func
        cls = self.method_class.get(fi)
        if me is None or cls is None or not fi.name.startswith("test") or not (
                testcase_driver.is_test_case(cls)):
            return None
        found = testcase_driver.case_expressions(fi.node, self._api_named)
        if found is None:
            return None
        if self._runs_tests is None:
            self._runs_tests = testcase_driver.runs_tests(self.tree, self._api_named)
        if not self._runs_tests:
            return None
        exprs, named = found
        cases: list[Value] = []
        for e in exprs:
            if isinstance(e, ast.Starred):
                spread = self.resolve_lazy(self.eval(e.value, closure.scope))
                if spread.items is None or spread.keys is not None:
                    return None
                cases += spread.items
            else:
                cases.append(self.eval(e, closure.scope))
        if not cases or len(cases) > _MAX_TEST_CASES:
            return None
        calls = []
        for case in cases:
            if case.items is not None and case.keys is None:
                given = case.items[1 if named else 0:]
                calls.append(Args([me, *given], {}, [None] * (len(given) + 1), {}))
            elif case.items is not None and all(isinstance(k, str) for k in case.keys or ()):
                kw = {k: v for k, v in zip(case.keys, case.items, strict=True)  # type: ignore[arg-type]
                      if k != "testcase_name"}
                calls.append(Args([me], kw, [None], {}))
            elif not named and case.const is not NOCONST:
                calls.append(Args([me, case], {}, [None, None], {}))
            else:
                return None
        return calls

    def _parametrize_rows(self, p: pytest_driver.Parametrize,
                          closure: Closure) -> list[dict[str, Value]]:
        """One parametrize decorator's cases, each the values it gives its names (a name
        handed to a fixture, or cases that cannot be read: one case leaving them unknown)."""
        scope = closure.scope
        names = p.names
        rows: list[tuple[Value, ...]] = []
        if p.rows is not None:
            rows = [tuple(self.eval(e, scope) for e in row) for row in p.rows]
        elif p.values is not None:
            held = self.resolve_lazy(self.eval(p.values, scope))
            if held.items is None or held.keys is not None:
                return [{}]
            for item in held.items:
                if len(names) == 1:
                    rows.append((item,))
                elif item.items is not None and item.keys is None and len(item.items) == len(
                        names):
                    rows.append(item.items)
                else:
                    return [{}]
        return [{n: v for n, v in zip(names, row, strict=True) if n not in p.indirect}
                for row in rows] or [{}]

    def _fixture_value(self, name: str, asking: tuple[str, ...]) -> Value:
        """The value the module's fixture `name` gives a test: its function called with its
        own fixtures' values (unknown for one defined elsewhere, or asked for in a cycle)."""
        node = (self._pytest_fixtures or {}).get(name)
        fi = self.func_infos.get(node) if node is not None else None
        fixture = self.closures_seen.get(fi) if fi is not None else None
        if fixture is None or name in asking or len(asking) > _MAX_FIXTURE_DEPTH:
            return UNKNOWN
        a = fixture.func.node.args
        positional = a.posonlyargs + a.args
        kw = {p.arg: self._fixture_value(p.arg, (*asking, name))
              for p in positional[: len(positional) - len(a.defaults)]}
        return self.call_closure(fixture, Args([], kw, [], {}), None, label=None)

    def _set_up_test(self, closure: Closure, me: Value | None) -> None:
        """Before a test method the module's test runner runs (`testcase_driver`), what the
        runner runs first: the class's fixtures, on the instance the method is given."""
        cls = self.method_class.get(closure.func)
        if me is None or cls is None or not closure.func.name.startswith("test"):
            return
        if not testcase_driver.is_test_case(cls):
            return
        if self._runs_tests is None:
            self._runs_tests = testcase_driver.runs_tests(self.tree, self._api_named)
        if not self._runs_tests:
            return
        for fixture, on_class in testcase_driver.fixtures(cls):
            given = Value(fns=(cls,)) if on_class else me
            self.call_closure(fixture, Args([given], {}, [None], {}), None, label=None)

    def carried_facts(self) -> tuple[dict, dict]:
        """What `_may_differentiate` and `_facts` know of values, by identity, for the next
        version (see `incremental`), trimmed to the module's names' values when it grew."""
        known = self._md.transform_valued
        if len(known) > 2 * len(self.module_scope.vars) + 1000:
            known = {
                id(v): (v, known[id(v)][1])
                for v in self.module_scope.vars.values()
                if known.get(id(v), (None,))[0] is v
            }
        facts = self._value_facts
        if len(facts) > 2 * len(self.module_scope.vars) + 1000:
            facts = {
                id(v): facts[id(v)]
                for v in self.module_scope.vars.values()
                if facts.get(id(v), (None,))[0] is v
            }
        return known, facts

    def _entry_points(self, wanted: Iterable[FuncInfo]) -> list[Closure]:
        """The closures of the functions `wanted` that were seen and not entered yet, and that
        may escape, in the order they were seen. (Found from `wanted`, a few hundred
        functions, not by a walk over all those seen, thousands in a large module, several
        times per analysis.)"""
        seen, entered = self.closures_seen, self.entered
        order = self._seen_order
        if len(order) != len(seen):  # functions are only ever added to `closures_seen`
            for f in islice(seen, len(order), None):
                order[f] = len(order)
        found = [f for f in set(wanted) if f in order and f not in entered]
        found.sort(key=order.__getitem__)
        return [seen[f] for f in found if not self._contained(f.node)]

    def top_statement(self, node: ast.AST) -> object:
        """The top-level statement of the analysed module that holds `node` (MODULE_ROOT if
        none does)."""
        top = self._top_of.get(node)
        if top is not None:
            return top
        body = self.tree.body
        if self._top_starts is None:
            self._top_starts = [statement_start(s) - 1 for s in body]
        i = bisect.bisect_right(self._top_starts, node.lineno - 1) - 1  # type: ignore[attr-defined]
        top = MODULE_ROOT
        if i >= 0 and node.lineno <= body[i].end_lineno:  # type: ignore[attr-defined,operator]
            top = body[i]
        self._top_of[node] = top
        return top

    def _begin_root(self, root: object, entry: object = None) -> None:
        self.root = root
        self._group = object()
        self.observer.begin_root(root, entry)
        self._effects = self.effects.setdefault(root, RootEffects())

    def _may_differentiate(self) -> set[FuncInfo]:
        """The functions whose text may, directly or through other functions of this module,
        apply a differentiation transform. Only they need interpreting as entry points: a
        finding always starts at a transform. A cheap textual over-approximation, grown from
        one call to the next (functions seen since, names bound to transforms since)."""
        names = set(jaxapi.TRANSFORM_SHORT_NAMES)
        names.update(q.rpartition(".")[2] for q in self.extra_transforms)
        md = self._md
        # the module's names bound to transforms: looked for again only once a name holds
        # another value (the roots that run seldom store into the module's names)
        items = list(self.module_scope.vars.items())
        if md.bound is not None and md.bound[0] == items:
            names.update(md.bound[1])
        else:
            known = md.transform_valued
            bound = []
            for name, v in items:
                seen = known.get(id(v))
                if seen is None or seen[0] is not v:
                    seen = known[id(v)] = (v, self._binds_transform(v))
                if seen[1]:
                    bound.append(name)
            md.bound = (items, bound)
            names.update(bound)
        first = not md.asked
        md.asked = True
        seed = frozenset(names) if first and self.observer.hands_on() else None
        if first and self._md_carried is not None:
            self._resume(self._md_carried, names)
        closures = self.closures_seen
        main, idents = self.main, md.idents
        new_funcs = [
            f for f in islice(closures, md.seen_upto, None) if f.module is main and f not in idents
        ]
        md.seen_upto = len(closures)
        for f in new_funcs:
            md.idents[f] = self._identifiers_of(f.node)
            scope = closures[f].scope
            if scope is not scope.module:
                md.nested.append(f)
        interesting = md.interesting
        # the functions not yet interesting were checked against the names known then: check
        # them against the names added since (none: they stay as they are), and the new
        # functions against all
        frontier = names - md.names
        md.names = names
        if frontier:
            todo = [(f, frontier) for f in md.rest] + [(f, names) for f in new_funcs]
            rest: list[FuncInfo] = []
        else:
            todo = [(f, names) for f in new_funcs]
            rest = md.rest
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
        if seed is not None:
            self.observer.hand_on_may_differentiate(
                MayDifferentiateCarry(
                    seed,
                    dict(md.idents),
                    frozenset(names),
                    frozenset(interesting),
                    tuple(rest),
                    tuple(md.nested),
                )
            )
        # (a function not interesting is in `rest`)
        interesting.update(
            f for f in md.nested if f not in interesting and self._calls_local_transform(f)
        )
        return interesting

    def _resume(self, prev: MayDifferentiateCarry, names: set[str]) -> None:
        """Start this version's first `_may_differentiate` from the previous version's, when
        that gives the same answer: no name bound to a transform then is not now (a
        function interesting because of it might not be), no function interesting then is gone
        (its name made others interesting). The functions gone are dropped; the names new are
        checked against the functions not interesting, the functions new against all names,
        those of the functions interesting then included (they join `names`)."""
        if not prev.seed <= names:
            return
        main = self.main
        now = {f for f in self.closures_seen if f.module is main}
        gone = prev.idents.keys() - now
        if not gone.isdisjoint(prev.interesting):
            return
        md = self._md
        md.idents = dict(prev.idents)
        for f in gone:
            del md.idents[f]
        md.names = set(prev.names)
        md.interesting = set(prev.interesting)
        md.rest = [f for f in prev.rest if f not in gone] if gone else list(prev.rest)
        md.nested = [f for f in prev.nested if f not in gone] if gone else list(prev.nested)
        names.update(prev.names)

    def _may_batch(self) -> list[FuncInfo]:
        """The functions `_may_differentiate` leaves out whose text names vmap (or a
        module-level function it batches): analysed as entry points for JAX008 only."""
        md = self._md
        items = list(self.module_scope.vars.items())
        if md.batching is not None and md.batching[0] == items:
            names = md.batching[1]
        else:
            # (a name holding one function of the module batches nothing)
            known = self._value_facts
            batching = []
            for name, v in items:
                f = known.get(id(v))
                if f is None or f[0] is not v:
                    f = self._facts(v)
                if f[3]:
                    batching.append(name)
            names = frozenset(jaxapi.BATCH_SHORT_NAMES).union(batching)
            md.batching = (items, names)
        rest = md.rest
        key = (names, rest, len(rest))
        last = md.batchers
        if last is not None and last[0][0] == names and last[0][1] is rest and \
                last[0][2] == len(rest):
            return list(last[1])
        idents = md.idents
        found = [f for f in rest if not idents[f].isdisjoint(names)]
        if self._pytest_ran() is not None:
            found += self._tests_reaching(rest, found, names)
        md.batchers = (key, found)
        return list(found)

    def _tests_reaching(self, rest: list[FuncInfo], found: list[FuncInfo],
                        names: frozenset) -> list[FuncInfo]:
        """The pytest tests among `rest` whose text reaches `names` through the module's
        functions: in a test module only the tests' roots count (`_tested`), so a test calling
        a helper that batches is an entry point itself."""
        idents = self._md.idents
        reaching = set(names) | {f.name for f in found}
        left = [f for f in rest if f not in found]
        grew = True
        while grew:
            grew = False
            for f in left:
                if f.name not in reaching and not idents[f].isdisjoint(reaching):
                    reaching.add(f.name)
                    grew = True
        return [f for f in left if f.name in reaching and self._pytest_test(f)]

    def _pytest_test(self, fi: FuncInfo) -> bool:
        """Whether pytest runs the function as a test (`pytest_driver.is_pytest_test`)."""
        cls = self.method_class.get(fi)
        return pytest_driver.is_pytest_test(fi.node, cls.node if cls is not None else None)

    def _pytest_ran(self) -> set[ast.AST] | None:
        """The module-level functions pytest calls by itself (`pytest_driver.run_by_pytest`);
        None where the module is no pytest test module."""
        if self._pytest_names is None:
            self._pytest_names = (pytest_driver.pytest_names(self.tree),)
        named = self._pytest_names[0]
        if named is None:
            return None
        if self._pytest_roots is None:
            self._pytest_roots = (pytest_driver.run_by_pytest(self.tree, named),)
        return self._pytest_roots[0]

    def _binds_transform(self, v: Value) -> bool:
        """Whether a module-level name holding `v` names a transform or a transformed
        function (or a registry of them)."""
        return any(
            (isinstance(f, Api) and self.extra_transforms.get(f.name, f.name) in jaxapi.TRANSFORMS)
            or isinstance(f, Transformed)
            for f in v.fns
        ) or bool(_transformed_items(v))

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
        ids = self.node_identifiers.get(node)
        if ids is None:
            ids = self.node_identifiers[node] = self._identifiers_in_text(node)
        return ids

    def _identifiers_in_text(self, node: ast.AST) -> frozenset[str]:
        start, end = node.lineno - 1, node.end_lineno  # type: ignore[attr-defined]
        text = None
        if self._keeps_identifiers:
            text = "\n".join(self.main.lines[start:end])
            ids = self.identifiers.get(text)
            if ids is not None:
                return ids
        # identifiers span no lines: a text's are its lines', in the same order
        ids = frozenset(chain.from_iterable(self._identifiers_by_line(start, end)))
        if text is not None:
            self.identifiers[text] = ids
        return ids

    def _identifiers_by_line(self, start: int = 0, end: int | None = None) -> list[list[str]]:
        """The identifiers of lines `start` to `end` (0-based, `end` excluded) of the analysed
        module, each line read once (see `_line_identifiers`; a module's docstrings and other
        text outside functions are read only for its counts)."""
        by_line = self._line_identifiers
        lines = self.main.lines
        if not by_line:
            by_line.extend([None] * len(lines))
        end = len(lines) if end is None else min(end, len(lines))
        find = _IDENT.findall
        for i in range(start, end):
            if by_line[i] is None:
                by_line[i] = find(lines[i])
        return cast("list[list[str]]", by_line[start:end])  # (each read now)

    def _apply_escaped_transforms(self) -> bool:
        """A transformed function this module never calls, but that leaves its view (returned
        by a factory, passed to an unknown function, exported), is made to be called elsewhere:
        apply it to unknown arguments, as its caller will. One only bound to a module-level name
        that nothing else mentions is dead code: JAX never runs it, so neither do we. False when
        there was none."""
        unsettled = [
            (tf, node)
            for tf, node in self.transformed_created.items()
            if tf not in self.transformed_called
        ]
        # one kept in sight (never called: see `escape`) is looked at again after the next
        # roots ran (one of them may hand it to code the analysis cannot follow)
        in_sight = {tf for tf, node in unsettled if self._contained(node)}
        candidates = [
            (tf, node)
            for tf, node in unsettled
            if node not in self._called_nodes and tf not in in_sight
        ]
        names_of, held_by = self._transformed_holders() if candidates else ({}, {})
        escaped = [
            (tf, node)
            for tf, node in candidates
            if not self._dead_at_module_level(tf, names_of.get(tf, []), held_by.get(tf, []))
        ]
        self.transformed_called.update(tf for tf, _ in unsettled if tf not in in_sight)
        # one root per node creating transformed functions in the module's own statements;
        # one made by an entry point belongs to that root
        groups: dict[object, list[tuple[Transformed, ast.AST]]] = {}
        for tf, node in escaped:
            creator = self._created_root.get(tf, MODULE_ROOT)
            if creator in self._batch_roots:
                continue  # made by code its own entry point already analysed
            groups.setdefault(node if creator is MODULE_ROOT else creator, []).append((tf, node))
        for root, group in groups.items():
            entry = None
            if self.record and root not in self.effects:
                applied = [
                    (tf, self.method_self.get(f.func) if isinstance(f, Closure) else None)
                    for tf, _ in group
                    for f in tf.fun.fns
                ]
                entry = self.observer.before_root(
                    root, applied, tuple(x for pair in applied for x in pair)
                )
                if entry is SKIPPED:
                    continue
            self.observer.before_root_runs(self.order_sensitive)
            if root in self.effects:
                self.observer.note_late(root)  # a transformed function it made escapes: applied now
            for tf, node in group:
                self._begin_root(root, entry)
                n = 0
                for f in tf.fun.fns:
                    if isinstance(f, Closure):
                        a = f.func.node.args
                        n = max(n, len(a.posonlyargs) + len(a.args) - len(f.defaults))
                        if self.method_self.get(f.func) is not None:
                            n -= 1
                if tf.argnums:
                    n = max(n, max(tf.argnums) + 1)
                self.jax.transforms.call_transformed(
                    tf, Args([UNKNOWN] * n, {}, [None] * n, {}), node
                )
        return bool(escaped)

    def _transformed_holders(
        self,
    ) -> tuple[dict[Transformed, list[str]], dict[Transformed, list[str]]]:
        """Which module-level names hold each transformed function, and which hold it in a
        container: one pass over the module's names, not one per transformed function (a
        module of thousands of both was quadratic), and none while they hold what they held
        when last asked (asked several times per analysis)."""
        items = list(self.module_scope.vars.items())
        known = self._holders
        if known is not None and known[0] == items:
            return known[1], known[2]
        names_of: dict[Transformed, list[str]] = {}
        held_by: dict[Transformed, list[str]] = {}
        facts = self._value_facts
        for name, value in items:
            f = facts.get(id(value))
            if f is None or f[0] is not value:
                f = self._facts(value)
            for fn in f[1]:
                names_of.setdefault(fn, []).append(name)
            for fn in f[2]:
                held_by.setdefault(fn, []).append(name)
        self._holders = (items, names_of, held_by)
        return names_of, held_by

    def _facts(self, v: Value) -> tuple[Value, tuple, tuple, bool]:
        """What `_transformed_holders` and `_may_batch` ask of a value a module-level name
        holds: the transformed functions among its functions, those among its items, whether
        it batches. Values do not change: kept by identity (with the value) from one version
        to the next, whose names mostly hold the very same values (see `replay`); its callers
        look there first."""
        fns = v.fns
        # (most names hold one function of the module: nothing to look into)
        more = bool(fns) and (len(fns) != 1 or type(fns[0]) is not Closure)
        f = self._value_facts[id(v)] = (
            v,
            tuple(_transformed_in(fns)) if more else (),
            tuple(_transformed_items(v)) if v.items is not None else (),
            more and any(map(_batches, fns)),
        )
        return f

    def unconsumed_map(self, node: ast.AST) -> bool:
        """Whether the `map(...)` call `node` (being evaluated) is of the analysed module and
        never consumed (`python/lazy_maps.py`): its function is never called."""
        return self.module is self.main and lazy_maps.never_consumed(
            self.tree, node, script_file(self.main.path))

    def never_called(self, node: ast.AST) -> bool:
        """Whether the module-level def `node` of a script, never run by the analysis, is
        never called (`Escapes.never_called`): asked once the analysis is done."""
        self._contained(node)  # (made once)
        assert self._escapes is not None
        return self._escapes.never_called(node)

    def stays_in_sight(self, node: ast.AST) -> bool:
        """Whether the function value made at `node` (a call of the analysed module) is read
        only where the analysis sees it (`escape`): asked once the analysis is done."""
        return self._contained(node)

    def _contained(self, node: ast.AST) -> bool:
        """Whether the function value made at `node` of the analysed module is never seen
        called and provably stays where the analysis sees it (`escape`): JAX never runs it."""
        if self._escapes is None:
            self._escapes = Escapes(
                self.tree,
                self._api_named,
                lambda f: f in self.effects,
                lambda call: call in self.unresolved_calls,
                self.extra_transforms,
                self.text if self.text is not None else "\n".join(self.main.lines),
                self._top_starts,
                self.node_scopes,
                self.node_parents,
                self._ran,
                importable_module(self.main.path),
                script_file(self.main.path),
                self.node_escapes,
            )
        return self._escapes.contained(node)

    def _ran(self, func: ast.AST) -> bool:
        """Whether a function of the analysed module was interpreted (a root, or entered)."""
        if len(self.entered) != self._entered_counted:
            self._entered_counted = len(self.entered)
            self._entered_nodes = {f.node for f in self.entered}
        return func in self._entered_nodes or func in self.effects

    def _api_named(self, expr: ast.expr, scope: Scope | None = None) -> str | None:
        """The canonical name of the API a dotted expression names, read in `scope` (the
        analysed module's names by default): `jax.grad`, `jit` imported from jax; None if it
        names no API."""
        if isinstance(expr, ast.Name):
            if scope is None:
                v = self.module_scope.vars.get(expr.id)
            else:
                v = self.lookup(expr.id, scope)  # a read the incremental analysis records
            if v is not None and len(v.fns) == 1 and type(v.fns[0]) is Api:
                return v.fns[0].name
            return None
        if isinstance(expr, ast.Attribute):
            base = self._api_named(expr.value, scope)
            return jaxapi.canonical(f"{base}.{expr.attr}") if base is not None else None
        return None

    def _dead_at_module_level(self, tf: Transformed, names: list[str], held: list[str]) -> bool:
        """Whether the module-level `names` of a transformed function and the module-level
        containers that `held` it are all it has, each name mentioned once (its binding) and
        each container only subscripted (`registry[key]`: every such read is interpreted, as
        the names of such containers make their readers interesting): nothing calls it."""
        if not names and not held:
            return False
        if self.main_identifiers is None:
            self.main_identifiers = Counter(chain.from_iterable(self._identifiers_by_line()))
        if held and self._subscripted is None:
            self._subscripted = {}
            for n in iter_nodes(self.tree):
                if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
                    self._subscripted[n.value.id] = self._subscripted.get(n.value.id, 0) + 1
        # its uses as an argument of a builtin that never calls it (`callable(g)`, `print(g)`)
        inspected = len(
            self.transformed_inspected.get(tf, set())
            | self.observer.replayed_inspected(self.transformed_created.get(tf))
        )
        return all(self.main_identifiers.get(name, 0) <= 1 + inspected for name in names) and all(
            self.main_identifiers.get(name, 0) <= 1 + (self._subscripted or {}).get(name, 0)
            for name in held
        )

    def _entry_args(self, closure: Closure) -> Args:
        """Arguments for a function analysed on its own: unknown values for the parameters
        without defaults; parameters with defaults take them, as most calls do, except a
        string: it names a mode (`method="auto"`, `loop="scan"`) that the callers outside,
        test parametrisations among them, choose, so a comparison on it decides nothing
        (`expressions.compare_constants`) and every branch is followed."""
        a = closure.func.node.args
        n = len(a.posonlyargs) + len(a.args) - len(closure.defaults)
        self_value = self.method_self.get(closure.func)
        pos = [UNKNOWN] * n
        if self_value is not None and n:
            pos[0] = self_value
        modes = [isinstance(d.const, str) for d in closure.defaults]
        if any(modes):  # the defaults up to the last string one are passed, it as unknown
            last = max(i for i, m in enumerate(modes) if m)
            pos += [UNKNOWN if m else d for d, m in zip(closure.defaults[: last + 1], modes)]
        given = dict(closure.kw_defaults)
        kw = {k.arg: UNKNOWN for k in a.kwonlyargs if k.arg not in given}
        kw.update((k, UNKNOWN) for k, d in given.items() if isinstance(d.const, str))
        return Args(pos, kw, [None] * len(pos), {})

    # ---------------------------------------------------------------------- context

    def reads(self, bits: int) -> Ctx:
        """The context, noting that the code being interpreted reads its fields `bits` (see
        `interp_state.CTX_BIT`): its memoised result holds only where they are the same."""
        self.ctx_reads |= bits
        return self.ctx

    def within(self, **changes: Any) -> AbstractContextManager[None]:
        """Interpret in the context changed by `changes`. What is read in here of the fields
        they set does not depend on the context outside (reading the outside's value to
        compute one is a read of its own, noted where it is made)."""
        return _Within(self, changes)

    def guessing(self, guessed: bool = True) -> AbstractContextManager[None]:
        """Interpret a path chosen without knowing it runs (`Ctx.guessed`), if `guessed`:
        `within(guessed=True)`, without its generator (an undecided `if` is common)."""
        if not guessed:
            return _NOTHING
        if self.yields is not None:
            generators.note_guess(self)
        if self.ctx.guessed:
            return _NOTHING
        if self.host_run is not None:  # a host's run that is guessed decides no line
            self.host_run.complete = False
        return _Guessing(self)

    def report(self, code: str, node: ast.AST, level: Any, what: str,
               operand_spans: tuple[Span, ...], **options: Any) -> None:
        """A finding (see `jax.decisions.CallbackDecisions.report`), for the parts that reach
        the evaluator through `host.Evaluator`."""
        self.jax.callbacks.report(code, node, level, what, operand_spans, **options)

    # ---------------------------------------------------------------------- limits

    def spend(self, units: int, node: ast.AST | None) -> None:
        """Count `units` of work (a statement is one; so is each callee of a call, and each
        object an attribute is read from, beyond the first) against the budget; past it the
        analysis stops (`BudgetExhausted`), noting where when asked (`limits`)."""
        self.steps += units
        if self.steps > self.budget:
            if self.limits is not None and node is not None:
                self.note_limit(
                    node,
                    f"the analysis used its work budget ({self.budget} statements and calls) "
                    "here: the rest of the module is not analysed",
                )
            raise BudgetExhausted

    def note_limit(self, node: ast.AST, why: str) -> None:
        """Record that a path ends at `node` (only called when `limits` is a list)."""
        assert self.limits is not None
        line = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0)
        path = None if self.module.is_main else self.module.path
        self.limits.append(Limit(line, self._char_col(line, col), why, path))

    def note_limit_call(self, node: ast.AST, args: Args, why: str) -> None:
        """`note_limit` for a call that differentiated values go into (else nothing is lost)."""
        mask = self.reads(MASK).mask
        if any(isinstance(m, Level) for v in args.all_values() for m in v.tan - mask):
            self.note_limit(node, why)

    # ---------------------------------------------------------------------- positions

    def span(self, node: ast.AST, module: ModuleInfo | None = None) -> Span:
        """`node`'s span in the module being interpreted, or in `module` (its lines)."""
        line = node.lineno  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or line
        end_col = getattr(node, "end_col_offset", None)
        col = self._char_col(line, node.col_offset, module)  # type: ignore[attr-defined]
        end = self._char_col(end_line, end_col, module) if end_col is not None else col
        return Span(line, col, end_line, end)

    def step(self, node: ast.AST, label: str) -> PathStep:
        """A path step at `node` of the module being interpreted."""
        m = self.module
        return PathStep(self.span(node), label, None if m.is_main else m.path)

    def _char_col(self, line: int, byte_col: int, module: ModuleInfo | None = None) -> int:
        lines = (module or self.module).lines
        return char_column(lines[line - 1], byte_col) if 0 < line <= len(lines) else byte_col

    # ---------------------------------------------------------------------- scopes

    def info(self, node: Any) -> FuncInfo:
        fi = self.func_infos.get(node)
        if fi is None:
            # one per function of this module across versions (see `replay`)
            fi = self.observer.infos_in.get(node)
            if fi is None or fi.module is not self.module:
                name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
                fi = FuncInfo(node, name, self.module)
                if self.module is self.main:
                    self.observer.infos_in[node] = fi
            self.func_infos[node] = fi
        return fi

    def ensure_scope(self, fi: FuncInfo) -> None:
        node = fi.node
        m = fi.module or self.main
        walrus = m.has_walrus and any(
            ":=" in line for line in m.lines[node.lineno - 1 : node.end_lineno]
        )
        compute_scope(fi, walrus)

    def lookup(self, name: str, scope: Scope) -> Value:
        f = scope.func
        if f is not None and type(f.node) is ast.ClassDef:
            # a class body's own statements see the names bound before them there (its
            # `vars` are the class's attributes); the functions defined in it do not
            v = scope.vars.get(name)
            if v is not None:
                return v
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in s.func.locals:
                return s.vars.get(name, UNKNOWN)
            s = s.parent
        mod = scope.module
        reads = self.module_reads
        if name in mod.vars:
            v = mod.vars[name]
            if reads is not None and mod is self.module_scope:
                reads.append((name, v))
            return v
        if reads is not None and mod is self.module_scope:
            reads.append((name, None))
        return _BUILTIN_VALUES.get(name, UNKNOWN)

    def write_global(self, name: str, value: Value, scope: Scope, *,
                     in_place: bool = False) -> None:
        """A function writes a module-level name (`global x`, or a global dict changed in
        place): module state other code reads, which the incremental analysis must see.
        Once a host ran, a container of the analysed module changed `in_place` is noted by
        its name (`late_names`): `host_runs` asks whether a run reads it (a log the host
        only appends to decides nothing); any other write is a late write."""
        if self.host_runs:
            old = scope.module.vars.get(name)
            if in_place and scope.module is self.main.scope and old is not None:
                if old != value:
                    self.late_names.add(name)
            else:
                self.note_late_write(old, value)
        scope.module.vars[name] = value
        self._outer_writes += 1
        self.observer.note_write()

    def note_late_write(self, old: Value | None, new: Value) -> None:
        """Module state (a global, an attribute) changes after a callback's host ran
        (`jax.host_runs`): the next run may find another value than the evaluator's did.
        Called only once a host ran: no other analysis pays for it."""
        if old is None or old != new:
            self.late_writes += 1

    def note_late_change(self, attr: str, old: Value | None, new: Value) -> None:
        """The container an attribute holds changes in place after a callback's host ran
        (`self.samples.append(x)`, by `change_attribute`): noted by the attribute's name, for
        `host_runs` to ask whether a later run may read it (a log only ever appended to does
        not change what a host decides)."""
        if old is None or old != new:
            self.late_changes.add(attr)

    def store(self, name: str, value: Value, scope: Scope) -> None:
        f = scope.func
        if f is not None:
            if name in f.globals_:
                self.write_global(name, value, scope)
                return
            if name in f.nonlocals:
                s = scope.parent
                while s is not None and s.func is not None:
                    if name in s.func.locals:
                        if self.host_runs:  # (a closure's state: a host may read it)
                            self.note_late_write(s.vars.get(name), value)
                        s.vars[name] = value
                        return
                    s = s.parent
        scope.vars[name] = value
        if self.module_writes is not None and scope is self.module_scope:
            self.module_writes.append((name, value))
