"""What the evaluator's parts offer each other (mypy's `checker_shared.py`): Python's three
parts (`PythonStatements`, `PythonExpressions`, `PythonCalls`) and the driver
(`interp.Interpreter`, which holds the state) call one another through `self`; each part
subclasses `EvaluatorShared` (at run time too: the compiled build makes them traits of one
native class, docs/internals.md; its methods are declarations only, last in the evaluator's
method order, so a part's or the driver's definition is what runs), and mypy checks every such
call against the declarations here and each definition against its declaration. (A class,
not a Protocol: mypy cannot type a Protocol's field a subclass assigns, python/mypy's "Cannot
determine type".)

A method or a field one part uses of another is declared here, with the part that defines it.
"""

from __future__ import annotations

import ast
from abc import abstractmethod
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.compiled import trait

if TYPE_CHECKING:
    from collections import Counter
    from collections.abc import Callable

    from jax_lsp.analysis.findings import PathStep, Span
    from jax_lsp.analysis.host import Observer
    from jax_lsp.analysis.incremental.call_logs import CallLog
    from jax_lsp.analysis.interp import RootEffects
    from jax_lsp.analysis.interp_state import Args, Ctx, HostRun, Scope, SharedCall
    from jax_lsp.analysis.jax.model import JaxModel
    from jax_lsp.analysis.limits import Limit
    from jax_lsp.analysis.python.generators import Resumed, Yields
    from jax_lsp.analysis.python.import_effects import Answers
    from jax_lsp.analysis.python.iterator_protocol import Endings
    from jax_lsp.analysis.values import (
        ClassObj,
        Closure,
        FuncInfo,
        Instance,
        LazyName,
        Level,
        LoopTangent,
        ModuleInfo,
        Transformed,
        UserModule,
        Value,
    )
    from jax_lsp.analysis.workspace import Workspace


@trait
class EvaluatorShared:
    """The evaluator as its parts see it."""

    # -- the driver's state (`interp.Interpreter`) --
    #: the analysed module, and the module whose code runs (an imported one, lazily)
    main: ModuleInfo
    module: ModuleInfo
    workspace: Workspace | None
    modules: dict[Path, ModuleInfo | None]
    loading: dict[Path, ModuleInfo]
    reexport_writes: dict[Path, bool]
    main_effects: Answers
    #: the context, and which of its fields the interpretation under way read
    ctx: Ctx
    ctx_reads: int
    #: the path of calls, the statements run and the most that may run
    stack: list[PathStep]
    steps: int
    budget: int
    depth: int
    frame: object
    limits: list[Limit] | None
    record: bool
    root: object
    order_sensitive: bool
    impure_effects: int
    unroll_factor: int
    loop_exits: list[list[tuple[bool, dict[str, Value]]] | None]
    #: the runs of each callback call's host (`jax.host_runs`), by the call's span; the one
    #: running (None outside a host function); paths cut anywhere (recursion, context caps)
    host_runs: dict[Span, HostRun]
    host_run: HostRun | None
    #: of each callback call, how many of its host's runs wait on a pullback not called yet
    #: (`host_runs.waiting`); the JAX callbacks the module's tree assigns over, with that tree
    #: (`host_runs._patched`, None until asked); the names that tree's text binds
    #: (`host_runs._text_names`, likewise). Kept on the evaluator, not in a table weakly
    #: keyed by it: a compiled evaluator cannot be weakly referenced
    host_waiting: Counter[Span]
    #: of each callback call, the levels (`jax.vjp`'s, `linearize`'s) its host's runs waited
    #: on (`host_runs.waiting`: a pullback that stays in sight is never called elsewhere)
    host_waits: dict[Span, list[Any]]
    patched_callbacks: tuple[ast.Module, frozenset[str]] | None
    text_names: tuple[ast.Module, Any] | None
    cuts: int
    late_writes: int
    #: the attributes whose container changed in place once a host ran (`note_late_change`)
    late_changes: set[str]
    #: the module-level names whose container a function changed in place once a host ran
    #: (`log.append(v)`: `_store_mutated`), not counted in `late_writes`
    late_names: set[str]
    #: the `jax.config.update(...)` calls evaluated: flags the evaluator follows in time
    #: (`jax.config_flags`), no container a host reads
    config_updates: set[ast.AST]
    #: the custom rule whose `return`s are recorded as it runs (its node, the record)
    watched_returns: tuple[ast.AST, dict] | None
    #: the bwd being run and the parameter JAX passes its residuals in (`custom_rules`)
    rebuilt_params: tuple[ast.AST, str] | None
    rule_returns: dict
    #: the other components: JAX's semantics, the incremental re-analysis observing
    jax: JaxModel
    observer: Observer
    #: functions, closures and calls (memoised, shared, summarised)
    func_infos: dict[ast.AST, FuncInfo]
    entered: set[FuncInfo]
    closures_seen: dict[FuncInfo, Closure]
    method_self: dict[FuncInfo, Value]
    method_class: dict[FuncInfo, ClassObj]
    classes_made: list[ClassObj]
    captured_scopes: list[Scope] | None
    memo: dict[tuple, Value]
    memo_reads: dict[tuple, list[int]]
    in_progress: set[tuple]
    interpretations: dict[tuple, int]
    summaries: dict[FuncInfo, Value]
    shared_memo: dict[tuple, SharedCall]
    shared_reads: dict[tuple | None, list[int]]
    unresolved_calls: set[ast.AST]
    _called_nodes: set[ast.AST]
    _memo_emits: dict[tuple, tuple[int, int]]
    _memo_callbacks: dict[tuple, tuple[int, int]]
    _outer_writes: int
    uncertain: int
    strong_updates: int
    loop_made: frozenset[ast.AST]
    getattr_running: set[tuple[object, str]]
    shallow_copies: dict[Instance, list[Instance]]
    taken: tuple[ast.AST, int] | None
    yields: Yields | None
    generator_bodies: dict[ast.AST, bool]
    endings: Endings | None
    next_endings: dict[tuple, str]
    generator_functions: dict[ast.AST, int]
    resumed: Resumed | None
    #: levels and what a transform's semantics adds (read by a call's memoisation)
    levels: list[Level]
    level_depth: int
    loop_tangents: dict[tuple[ast.AST, Level], LoopTangent]
    transformed_created: dict[Transformed, ast.AST]
    finding_roots: dict[tuple[str, Span], set[object]]
    _level_group: dict[Level, object]
    _group: object
    _effects: RootEffects
    _emitted: CallLog
    _entered_log: CallLog
    _callbacks_log: CallLog

    # -- the driver's operations (`interp.Interpreter`) --
    @abstractmethod
    def reads(self, bits: int) -> Ctx: ...
    @abstractmethod
    def within(self, **changes: Any) -> AbstractContextManager[None]: ...
    @abstractmethod
    def guessing(self, guessed: bool = True) -> AbstractContextManager[None]: ...
    @abstractmethod
    def note_limit(self, node: ast.AST, why: str) -> None: ...
    @abstractmethod
    def note_limit_call(self, node: ast.AST, args: Args, why: str) -> None: ...
    @abstractmethod
    def step(self, node: ast.AST, label: str) -> PathStep: ...
    @abstractmethod
    def spend(self, units: int, node: ast.AST | None) -> None: ...
    @abstractmethod
    def info(self, node: Any) -> FuncInfo: ...
    @abstractmethod
    def ensure_scope(self, fi: FuncInfo) -> None: ...
    @abstractmethod
    def lookup(self, name: str, scope: Scope) -> Value: ...
    @abstractmethod
    def store(self, name: str, value: Value, scope: Scope) -> None: ...
    @abstractmethod
    def write_global(self, name: str, value: Value, scope: Scope, *,
                     in_place: bool = False) -> None: ...
    @abstractmethod
    def note_late_write(self, old: Value | None, new: Value) -> None: ...
    @abstractmethod
    def note_late_change(self, attr: str, old: Value | None, new: Value) -> None: ...
    @abstractmethod
    def _api_named(self, expr: ast.expr, scope: Scope | None = None) -> str | None: ...

    # -- statements (`statements.PythonStatements`) --
    @abstractmethod
    def exec_block(self, body: list[ast.stmt], scope: Scope) -> int: ...
    @abstractmethod
    def assign(self, target: ast.expr, v: Value, scope: Scope) -> None: ...
    @abstractmethod
    def element_of(self, it: Value) -> Value: ...
    @abstractmethod
    def make_closure(self, node: Any, scope: Scope) -> Closure: ...
    @abstractmethod
    def _imported_binding(self, name: str, scope: Scope) -> LazyName | None: ...
    @abstractmethod
    def _definition(self, path: Path, name: str) -> tuple[ModuleInfo, str] | None: ...
    @abstractmethod
    def _write_global_of(self, info: ModuleInfo, name: str, value: Value) -> None: ...
    @abstractmethod
    def _store_mutated(self, name: str, value: Value, scope: Scope) -> None: ...
    @abstractmethod
    def _store_local_entry(self, name: str, key: object, v: Value, scope: Scope) -> bool: ...
    @abstractmethod
    def set_attribute(self, obj: Value, name: str, v: Value, in_place: bool = False
                      ) -> None: ...
    @abstractmethod
    def change_attribute(
        self, target: ast.expr, scope: Scope, change: Callable[[Value], Value | None]
    ) -> bool: ...

    # -- expressions (`expressions.PythonExpressions`) --
    @abstractmethod
    def eval(self, node: ast.expr, scope: Scope) -> Value: ...
    @abstractmethod
    def resolve_lazy(self, v: Value) -> Value: ...
    @abstractmethod
    def in_place_dunder(self, a: Value, b: Value, op: ast.operator, node: ast.AST
                        ) -> Value | None: ...
    @abstractmethod
    def attribute(self, obj: Value, name: str) -> Value: ...
    @abstractmethod
    def _bind(self, v: Value, self_value: Value) -> Value: ...
    @staticmethod
    @abstractmethod
    def _seq(items: list[Value], unknown_len: bool = False) -> Value: ...
    @abstractmethod
    def find_user_module(self, dotted: str, level: int) -> UserModule | None: ...
    @abstractmethod
    def load_module(self, path: Path) -> ModuleInfo | None: ...

    # -- calls (`calls.PythonCalls`) --
    @abstractmethod
    def eval_call(self, node: ast.Call, scope: Scope) -> Value: ...
    @abstractmethod
    def call_value(self, fv: Value, args: Args, node: ast.AST | None) -> Value: ...
    @abstractmethod
    def bind_params(self, closure: Closure, args: Args, scope: Scope) -> None: ...
    @abstractmethod
    def aliased(self, name: str, scope: Scope) -> str | None: ...
    @abstractmethod
    def logging_enabled(self, call: ast.Call) -> bool | None: ...
