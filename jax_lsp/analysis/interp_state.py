"""What the interpreter's parts share: contexts, scopes, arguments, limits.

The interpreter (`interp.Interpreter`: Python's parts as mixins, JAX's semantics and the
incremental layer as objects it holds); the types and limits they all use live here, so that
no part imports another.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from jax_lsp.analysis.findings import Span
from jax_lsp.analysis.values import (
    EMPTY,
    FuncInfo,
    Level,
    Value,
)

MAX_LOOP = 3
#: the most items a `for` (or a one-`for` comprehension) over a known sequence runs one
#: pass for each, in order, as Python runs it
MAX_UNROLL = 8

MAX_ITEMS = 64

MAX_DEPTH_ITEMS = 4

#: the root of findings that come from interpreting the module's own statements
MODULE_ROOT = "<module>"


@dataclass(frozen=True)
class SharedCall:
    """One interpretation shared by calls whose levels differ (see `sharing`): its result,
    its levels (in rank order), the findings it emitted, the functions it entered and the
    analysed module's callback calls it evaluated (`interp.RootEffects.callbacks`). In the
    analysis that made it, `entered` may hold references to what the calls it answered from
    the memo or shared entered (see `call_logs`); the one carried to the next version holds
    the functions themselves (`carried_calls.CarriedCalls._placed`)."""

    result: Value
    levels: tuple[Level, ...]
    emitted: tuple[tuple[str, Span], ...]
    entered: frozenset[ast.AST]
    callbacks: frozenset[ast.AST] = EMPTY


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
    #: inside an entry point analysed only for what its vmaps batch (it names no
    #: differentiation transform): only JAX008 findings of those vmaps are reported
    batch_only: bool = False
    #: inside `with jax.disable_jit():`: a jitted function runs as Python runs it (its
    #: arguments stay concrete) and lax loops run as Python loops (never reverse-mode loops)
    jit_disabled: bool = False
    #: inside `with jax.ensure_compile_time_eval():`: an operation on concrete operands runs
    #: now, whatever traces around it (measured on JAX 0.10.2: a callback's host runs there
    #: under `make_jaxpr`, `eval_shape` and `.lower()` too; on a tracer it is staged as outside)
    compile_time_eval: bool = False
    #: on a path the interpreter chose without knowing (a branch of an `if`, a conditional
    #: expression or a `match` whose test it cannot decide, an `except` handler): findings
    #: that need the code to run (`jax.host_runs`) are not reported there
    guessed: bool = False
    #: in a pass of a sweep over known items (`statements._unrolled_for`) reached only when
    #: an earlier pass did not leave the loop on a test the analysis cannot decide (`if err <
    #: target: break`, a threshold on a computed loss): whether it runs is decided at run
    #: time, so no finding is reported there (`decisions.report`)
    past_exit: bool = False
    #: inside a callback's host function, run as the callback runs it (`jax.host_runs`):
    #: the callback's call, for the JAX calls made there (JAX011)
    host_site: Any = None
    #: when a callback reached here has its host run (`jax.host_runs`): None, now; a `Level`
    #: of `jax.vjp` / `linearize`, when the function it returned is called (a custom_vjp's
    #: bwd, a transpose solve: JAX runs them on the pullback's call); `HOSTS_NEVER_RUN`,
    #: never (custom_linear_solve's transpose_solve with no reverse level reaching it)
    host_deferral: Any = None
    #: inside what JAX batches so that it refuses an unordered IO effect there, measured on
    #: JAX 0.10.2: a `while_loop` whose predicate is batched ("Unordered IO effects not
    #: supported in while_loop with batched predicate"), a `cond` / `switch` with a batched
    #: operand ("IO effect not supported in vmap-of-cond"); what the fix making a JAX013's
    #: io_callback unordered would meet (`decisions.report` does not offer it there)
    io_refused: str | None = None
    #: the names of the exception classes an enclosing `try` (whose handler does not raise
    #: again) or `with contextlib.suppress(...)` catches around the code here: an error JAX
    #: raises of one of them does not stop the program (`caught_errors`, `decisions.report`)
    caught: frozenset = EMPTY


#: `Ctx.host_deferral` where a callback's host is never run
HOSTS_NEVER_RUN = "never"
#: one bit per field of `Ctx`, to note which of them the code being interpreted read
#: (`Interpreter.ctx_reads`): a memoised interpretation serves every context that agrees with
#: its own on those fields (a function called under `jit` and outside it is interpreted once
#: when nothing it runs asks whether it is staged)
CTX_BIT: dict[str, int] = {f.name: 1 << i for i, f in enumerate(dataclasses.fields(Ctx))}
RULE_LEVELS = CTX_BIT["rule_levels"]
MASK = CTX_BIT["mask"]
CHECKPOINT_LEVELS = CTX_BIT["checkpoint_levels"]
VMAPPED = CTX_BIT["vmapped"]
MODULE_TAN = CTX_BIT["module_tan"]
JITTED = CTX_BIT["jitted"]
STAGED = CTX_BIT["staged"]
TRACE_ONLY = CTX_BIT["trace_only"]
BATCH_ONLY = CTX_BIT["batch_only"]
JIT_DISABLED = CTX_BIT["jit_disabled"]
COMPILE_TIME_EVAL = CTX_BIT["compile_time_eval"]
GUESSED = CTX_BIT["guessed"]
PAST_EXIT = CTX_BIT["past_exit"]
HOST_SITE = CTX_BIT["host_site"]
HOST_DEFERRAL = CTX_BIT["host_deferral"]
IO_REFUSED = CTX_BIT["io_refused"]
CAUGHT = CTX_BIT["caught"]

_PARTS: dict[int, Callable[[Ctx], Any]] = {}


def ctx_with(ctx: Ctx, changes: dict[str, Any]) -> Ctx:
    """`dataclasses.replace(ctx, **changes)` in one pass over the fields (every `with` a
    transform or a context manager interprets under makes one)."""
    for name in changes:
        if name not in CTX_BIT:
            raise TypeError(f"Ctx has no field {name!r}")
    new = Ctx.__new__(Ctx)  # (object.__new__ in the pure package; a compiled Ctx has its own)
    for name in CTX_BIT:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(ctx, name))
    return new


def ctx_part(ctx: Ctx, bits: int) -> Any:
    """The fields of `ctx` that `bits` name (a memo key's part of the context)."""
    get = _PARTS.get(bits)
    if get is None:
        names = [name for name, bit in CTX_BIT.items() if bits & bit]
        get = _PARTS[bits] = attrgetter(*names) if names else (lambda _ctx: None)
    return get(ctx)


def ctx_bits(names: Any) -> int:
    """The bits of the fields `names`."""
    bits = 0
    for name in names:
        bits |= CTX_BIT[name]
    return bits


class HostRun:
    """What the evaluator's runs of one callback call's host function did (`jax.host_runs`):
    the statements of the analysed module they ran and the functions of it they entered;
    `complete` until one of them was guessed or cut short (see `host_runs.cut_short`);
    `hosted` once the call was evaluated where JAX runs its host (`host_runs.when_run`: not
    only traced, nor waiting on a pullback never called) with keywords that may hold
    `vectorized` and no `try` swallowing its failure; `plain` once evaluated there with
    keywords known to lack it, `swallowed` once with it where a `try` swallows the failure
    (`Ctx.caught`); `kept` once evaluated where `jit` does not remove it as dead code (a
    `pure_callback` whose result is read: `host_runs.check_call`), so that a call never
    `kept` never ran its host, whatever the module's values."""

    __slots__ = ("complete", "entered", "hosted", "kept", "plain", "ran", "swallowed")

    def __init__(self) -> None:
        self.ran: set[ast.stmt] = set()
        self.entered: set[ast.AST] = set()
        self.complete = True
        self.hosted = False
        self.plain = False
        self.swallowed = False
        self.kept = False


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
