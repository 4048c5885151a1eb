"""JAX011 and JAX012 where the evaluator runs a callback's call: the second source of both.

`callback_hosts` decides them from the module's text; what it cannot read there (options
built by `functools.reduce`, a pydantic `model_dump()`, an argparse value, a host bound by
`types.MethodType(TABLE[kind], obj)` or handed through a queue worker) the evaluator knows as
values. Where it evaluates `jax.pure_callback` / `io_callback` / `jax.debug.callback` (any
spelling the API table knows, partials included: `calls.apply` merges their arguments):

- JAX012: the call's evaluated keywords (its own, a `**` dict whose keys are known, a
  partial's) hold `vectorized`, and the host is a function of the analysed code that does not
  take it (JAX 0.10 hands it on to the host, which raises: reported when the host runs,
  `when_run`); the text pass's is dropped at a call never evaluated where its host runs
  although its function ran (`_unhosted`), and so is a JAX011 whose every callback call is
  in such a place; so is one at a call every followed run gave the keyword to a host binding
  it as the call holds the host (`_takes_it`);
- JAX011: the host, a single function, is run as the callback runs it (on its operands, as
  NumPy arrays: unknown values) in a context naming the call (`Ctx.host_site`); a JAX
  computation evaluated there (`callback_hosts.computes_with_jax`, the text pass's own test)
  is reported, with the path of helpers the run went through. It runs when JAX runs it
  (`when_run`): not where the callback is only traced or removed as dead code, and a
  custom_vjp bwd's or a transpose solve's when the pullback of their `jax.vjp` is called.

Precision: both are reported only on a path the evaluator did not guess (`Ctx.guessed`: no
undecided `if`, conditional expression, `match` or `except` between the entry point and the
finding, in the host's run too, nor one that returned early before it). A callback called in
an imported module is run when the analysed file's code reaches it (its JAX011 reported at the
file's last step on the path, as `decisions.report` reports the other codes; its JAX012 left to
that module's own analysis). As for every interpreter-decided code, `script_reach` then rules
out functions a script never runs. `engine` merges these findings with the text pass's: one
per code and place, the text pass's where both report.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import callback_hosts
from jax_lsp.analysis.array_facts import SCALAR
from jax_lsp.analysis.asserted_errors import catches
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.incremental.roots import NotExact
from jax_lsp.analysis.interp_state import (
    CAUGHT,
    COMPILE_TIME_EVAL,
    GUESSED,
    HOST_DEFERRAL,
    HOST_SITE,
    HOSTS_NEVER_RUN,
    JITTED,
    STAGED,
    TRACE_ONLY,
    VMAPPED,
    Args,
    HostRun,
)
from jax_lsp.analysis.numpy_equivalents import numpy_name
from jax_lsp.analysis.own_code import own_nodes
from jax_lsp.analysis.python import discarded_results, fresh_dicts, scopes
from jax_lsp.analysis.static_names import ModuleNames
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.analysis.values import (
    NOCONST,
    UNKNOWN,
    BatchedBy,
    ClassObj,
    Closure,
    Instance,
    LazyName,
    Partial,
    Value,
)
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012

if TYPE_CHECKING:
    from jax_lsp.analysis.jax.specs import CallbackSpec

#: the first step of a finding whose callback is in an imported module (`engine.merged`)
INTO_MODULE = "calls into the callback's module"

#: the keywords of a callback's call that are not handed to the host
_NOT_FORWARDED = frozenset({"callback", "result_shape_dtypes", "vmap_method", "vectorized",
                            "sharding", "ordered", "partitioned"})


@dataclass(frozen=True, slots=True)
class HostSite:
    """The callback call whose host function is running (`Ctx.host_site`)."""

    what: str
    line: int
    call: Span
    #: the host argument as written, and where (in the analysed module)
    host_text: str
    host_span: Span
    #: how deep the evaluator's path was at the callback's call
    stack_len: int
    #: the file of a callback called in an imported module (None: the analysed one), and
    #: where the analysed file's path reaches it (its last step there)
    filename: str | None = None
    anchor: Span | None = None


def check_call(e: Any, name: str, spec: CallbackSpec, args: Args,
               node: ast.AST | None) -> None:
    """At a callback's call the evaluator reached: JAX012 on its keywords, then the host run
    for JAX011 (see the module's docstring)."""
    what = callback_hosts.CALLBACKS.get(name)
    if what is None or not isinstance(node, ast.Call):
        return
    filename = anchor = None
    if e.module is not e.main:
        # a callback of an imported module, run by the analysed file's code: reported at
        # that code's last step (as `decisions.report` does); not reached from it, the
        # other file's own analysis decides
        in_main = [st for st in e.stack if st.filename is None]
        if not in_main:
            return
        filename, anchor = str(e.module.path), in_main[-1].span
    called = e.span(node)
    # (what it is given, for a call evaluated as the code is traced: `when_run`)
    given_values = _operand_values(spec, args)
    removed = _removed_as_dead(e, spec, node)
    if removed and not _fails_batched(e, args):
        # jit drops it, and no batching rule refuses it first: the host never runs, so
        # neither does anything it would do (nor fail on: JAX012), nor is it `hosted`
        if filename is None and e.record:
            e._effects.callbacks.add(node)
            e._callbacks_log.append(node)
        if filename is None:
            runs = e.host_runs.get(called)
            if runs is None:
                runs = e.host_runs[called] = HostRun()
            if e.reads(GUESSED).guessed:
                runs.complete = False
        return
    if filename is None:
        if e.record:  # (what the root evaluated, for an analysis that puts it back)
            e._effects.callbacks.add(node)
            e._callbacks_log.append(node)
        runs = e.host_runs.get(called)
        if runs is None:
            runs = e.host_runs[called] = HostRun()
        if not runs.hosted:  # (for the text pass's JAX012: `drop_unreached`)
            when_run(e, lambda: _hosted(e, runs, args), called, counted=False,
                     operands=given_values)
    else:
        # (the text pass reads the analysed file's callbacks only: a run of another file's
        # decides none of its findings, so it is noted apart, never looked up)
        runs = HostRun()
    if e.ctx.host_site is not None:
        runs.complete = False
        return  # a callback inside a host function: the outer one is what runs
    if e.reads(GUESSED).guessed:
        runs.complete = False
        return
    host = args.kw.get("callback") if not args.pos else args.pos[0]
    host_node = args.kw_nodes.get("callback") if not args.pos else args.pos_nodes[0]
    if host is None or host_node is None or len(host.fns) != 1:
        runs.complete = False
        return
    if type(host.fns[0]) is LazyName:  # a host imported from a workspace module
        host = e.resolve_lazy(host)
        if len(host.fns) != 1:
            runs.complete = False
            return
    functions = [f for f in (_function(g) for g in host.fns) if f is not None]
    if not functions:
        runs.complete = False
        return  # a host that is not the analysed code's function: not known
    if "vectorized" in args.kw and not _takes_vectorized(functions[0]) and not _key_rewritten(
            e.tree) and filename is None and what not in _patched(e):
        # (the host raises when it runs, on the keyword JAX hands on)
        found = _vectorized_finding(e, what, args, node, host_node)
        when_run(e, lambda: None if _caught(e, args) else record(e, found), called,
                 counted=False, operands=given_values)
    if removed:
        return  # removed by jit as dead code: its host never runs
    runs.kept = True
    operands = _host_operands(e, args.pos[spec.operand_start:])
    kw = {k: UNKNOWN for k in args.kw if k not in _NOT_FORWARDED}
    given = Args(operands, kw, [None] * len(operands), {},
                 UNKNOWN if args.star is not None else None,
                 UNKNOWN if args.dstar is not None else None)
    text, host_span, call = ast.unparse(host_node), e.span(host_node), node

    def run() -> None:
        site = HostSite(what, call.lineno, e.span(call), text, host_span, len(e.stack),
                        filename, anchor)
        # (the host runs on the host: nothing there is traced, whatever traces the callback)
        with e.within(host_site=site, staged=False, jitted=False, trace_only=False,
                      host_deferral=None, compile_time_eval=False), _noting(e, runs):
            e.call_value(host, given, call)

    when_run(e, run, e.span(call), operands=given_values)


def _removed_as_dead(e: Any, spec: CallbackSpec, node: ast.Call) -> bool:
    """Whether jit removes the callback's call as dead code: a `pure_callback` whose result
    is never read (`_result_unused`, `discarded_results`), staged by `jit`."""
    return spec.removed_unused and (_result_unused(e, node) or (
        e.module is e.main and e.frame is not None and e.frame.func is not None
        and discarded_results.discarded(e.tree, e.frame.func.node, node))) and e.reads(
        JITTED).jitted


def _fails_batched(e: Any, args: Args) -> bool:
    """Whether the call is batched (under a vmap, or an operand batched) with no
    `vmap_method` known to be given: its batching rule raises as it is traced (measured on
    JAX 0.10.2: `NotImplementedError`), before jit removes anything."""
    if not (e.reads(VMAPPED).vmapped or any(type(m) is BatchedBy for v in args.pos
                                            for m in v.tan)):
        return False
    method = args.kw.get("vmap_method")
    return method is None or method.const is None


def _operand_values(spec: CallbackSpec, args: Args) -> list[Value] | None:
    """The values a callback's call hands its host (positional and keyword operands), or
    None where some are not known (a `*` or `**` argument)."""
    if args.star is not None or args.dstar is not None:
        return None
    return [*args.pos[spec.operand_start:],
            *(v for k, v in args.kw.items() if k not in _NOT_FORWARDED)]


def _at_trace_time(e: Any, operands: list[Value] | None) -> bool:
    """Whether a callback's call is evaluated as the code around it is traced: inside
    `jax.ensure_compile_time_eval()` on concrete operands only (no tracer, no tangent). JAX
    then runs its host at once, also where what is traced never runs (under `make_jaxpr`,
    `eval_shape`, `.trace`, `.lower`, in a loop of no trip; measured on JAX 0.10.2: with a
    traced operand it is staged, its host never run there)."""
    return (operands is not None and e.reads(COMPILE_TIME_EVAL).compile_time_eval
            and not any(v.traced or v.tan for v in operands))


def _host_operands(e: Any, given: list[Value]) -> list[Value]:
    """What the host is given for the callback's operands: NumPy arrays, unknown but for the
    shape and dtype an operand is known to have, and a known Python int or bool given as an
    operand (not traced, or held: `_held`) arrives as a 0-d array of that value
    (`int(np.asarray(order))` in the host is `order`); under a vmap nothing is (the host may
    see a batch axis, or a unit one, as `vmap_method` says)."""
    if e.reads(VMAPPED).vmapped:
        return [UNKNOWN] * len(given)
    return [Value(const=k, intish=True, arr=SCALAR)
            if (k := _held(v)) is not NOCONST and not v.tan and not v.fns
            else UNKNOWN if v.arr is None or any(type(m) is BatchedBy for m in v.tan)
            else Value(arr=v.arr) for v in given]


def _held(v: Value) -> object:
    """The Python int or bool an operand holds when the callback runs: a known one given
    as is, or one an integer scalar type made (`jnp.int32(order)`) or jit was handed
    (`Value.runs_as`); NOCONST where not known."""
    if type(v.const) in (int, bool) and not v.traced:
        return v.const
    return v.runs_as if type(v.runs_as) in (int, bool) else NOCONST


def waiting(e: Any, call: Span) -> bool:
    """Whether a host run of the callback called at `call` waits on a pullback the analysed
    code never called: it may be called where the analysis does not look (a pullback a
    function returns), so its runs do not show the host never runs; unless each pullback
    it waits on stays in sight (`_pullback_in_sight`)."""
    if e.host_waiting[call] <= 0:
        return False
    return not all(_pullback_in_sight(e, lv) for lv in e.host_waits.get(call, ())
                   if lv.pending)


def _pullback_in_sight(e: Any, level: Any) -> bool:
    """Whether the pullback of the `jax.vjp` (`linearize`) call of the analysed module that
    made `level` is read only where the analysis sees it (`Interpreter.stays_in_sight`:
    `value, pullback, aux = jax.vjp(...)` in a script, then `callable(pullback)`): never
    called, as the analysis saw, it never runs its level's hosts."""
    site = level.site
    if site.filename is not None:
        return False
    made = [n for n in iter_nodes(e.tree) if isinstance(n, ast.Call)
            and n.lineno == site.span.line and e.span(n) == site.span]
    return len(made) == 1 and e.stays_in_sight(made[0])


def when_run(e: Any, run: Callable[[], None], call: Span, *, counted: bool = True,
             operands: list[Value] | None = None) -> None:
    """Run a callback's host (`run`) when JAX runs it: now; never where the callback is only
    traced (`jax.eval_shape`, `jax.make_jaxpr`, `.trace`: `Ctx.trace_only`) or never run
    (`HOSTS_NEVER_RUN`); where it waits on the pullback of a `jax.vjp` / `linearize`
    (`Ctx.host_deferral`), when that is called (`Level.pending`, emptied by its call), in the
    context of that call (under `eval_shape` there: never). What else happens as the host
    runs (its JAX012, noting the call `hosted`) waits the same way, not `counted` among the
    host runs waiting (`waiting`). One evaluated as it is traced (`_at_trace_time`, given its
    `operands`) runs now even where traced only or never run."""
    ctx = e.reads(TRACE_ONLY | HOST_DEFERRAL)
    waits = ctx.host_deferral
    if ctx.trace_only or waits == HOSTS_NEVER_RUN:
        if _at_trace_time(e, operands):
            run()
        return
    if waits is not None:
        counts = e.host_waiting  # (the evaluator's: `EvaluatorShared.host_waiting`)
        if counted:
            counts[call] += 1
            levels = e.host_waits.setdefault(call, [])
            if waits not in levels:
                levels.append(waits)

        def called(applied: object = None) -> None:
            if counted:
                counts[call] -= 1
            when_run(e, run, call, counted=counted, operands=operands)

        waits.pending.append(called)
        return
    run()


@contextmanager
def _noting(e: Any, runs: HostRun) -> Iterator[None]:
    """Note in `runs` the statements of the analysed module run meanwhile (the evaluator's
    `exec_stmt` notes them in its `host_run`, set for the host's run only). A run that ends
    by an exception (the budget) is cut short."""
    e.host_run = runs
    ok = False
    try:
        yield
        ok = True
    finally:
        e.host_run = None
        if not ok:
            runs.complete = False




def drop_unreached(e: Any, found: list[Finding]) -> list[Finding]:
    """The text pass's JAX011 findings (`found`) less those the evaluator's runs show are
    never reached: every callback call reaching one (`Finding.sites`) had its host run by
    the evaluator each time it was reached, no run guessed or cut short, and none ran the
    statement holding the JAX call (in a function: a lambda's body counts as run when the
    lambda was called), nor does a run read a module-level name the module binds again or
    a container it changes in place (`_rebound`). Nothing
    is dropped from an analysis that was cut anywhere (a cap, a recursion, the budget):
    a callback's call may be in what it did not follow; nor from one that changed a global
    or an attribute once a host ran (`Interpreter.note_late_write`): a later run of the
    callback may find other values there; nor where an attribute's container changed in
    place then (`note_late_change`) may be read by a run (`_reads_changed`). A JAX012 at a
    call JAX never runs the host of is dropped too (`_unhosted`), in an analysis cut nowhere."""
    incremental = e.observer.host_runs_carried(bool(e.host_runs))
    if incremental is not None:
        # an incremental analysis has not run the roots it put back, nor the calls it
        # carried over (their records give the functions they entered and the callback
        # calls they evaluated, `RootEffects`, `SharedCall`; not their hosts' runs, nor
        # where a JAX012's call was hosted): where a finding may be dropped, a full
        # analysis answers
        if incremental and any(_may_drop(e, f) for f in found):
            raise NotExact("a callback's host run may rule out a JAX011 finding")
        unhosted = _unhosted(e, found, _evaluated(e, found))
        if any(f.code == jax012.RULE.code and f.span in unhosted for f in found):
            raise NotExact("a callback call with `vectorized=` may never have its host run")
        if unhosted:
            raise NotExact("no callback call of a JAX011 finding may ever have been evaluated")
        return found
    if e.incomplete or e.cuts:
        return found
    unhosted = _unhosted(e, found, e.host_runs)
    if unhosted:
        found = [f for f in found if not (
            f.code in (jax011.RULE.code, jax012.RULE.code) and f.span in unhosted)]
    if not e.host_runs or e.late_writes or (
            e.late_names and not _unaliased(e.tree, e.late_names, _COPYING)):
        return found
    kept = []
    rebound: list[frozenset[str] | None] = []  # (read once, if a finding may be dropped)
    changed: list[bool] = []
    for f in found:
        runs = [e.host_runs.get(s) for s in f.sites] if f.code == jax011.RULE.code else []
        if runs and all(r is not None and r.complete for r in runs) and not any(
                _inside(f.span, s) or waiting(e, s) for s in f.sites) and not _reached(
                    e, f.span, runs):
            if not rebound:
                names = _rebound(e)
                rebound.append(None if names is None else names | e.late_names)
                changed.append(_reads_changed(e, e.late_changes | _changed_attributes(e.tree)))
            # (a call jit removed each time it was reached ran no host: it read nothing)
            removed = not any(r.kept for r in runs)  # type: ignore[union-attr]
            if (removed or not _reads_rebound(e.tree, runs, rebound[0], e.late_names)
                    and not changed[0]) and all(_callers_entered(e, s) for s in f.sites):
                continue
        kept.append(f)
    return kept


#: the callbacks whose calls `check_call` sees (JAX's own: equinox's `filter_pure_callback`
#: is a library function the evaluator runs, its callback call not the analysed module's)
_EVALUATED = frozenset(v for v in callback_hosts.CALLBACKS.values()
                       if v != callback_hosts.EQUINOX_CALLBACK)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _evaluated(e: Any, found: list[Finding]) -> Container[Span]:
    """The analysed module's callback calls an incremental analysis evaluated (`host_runs`),
    or the roots it put back or the interpretations it carried over did, in the analysis
    they come from (`RootEffects.callbacks`, `SharedCall.callbacks`: replayed into the
    effects of the roots): the calls a full analysis evaluates. Asked only where a JAX011
    of `found` has none of its callback calls evaluated by this one."""
    runs = e.host_runs
    if not any(f.code == jax011.RULE.code and f.sites and not any(s in runs for s in f.sites)
               for f in found):
        return runs
    out = set(runs)
    for effects in e.effects.values():
        out.update(e.span(n) for n in effects.callbacks)
    return out


def _unhosted(e: Any, found: list[Finding], evaluated: Container[Span]) -> set[Span]:
    """The places of the text pass's JAX012 findings (in `found`) the evaluator shows never
    reach a host: at a call of JAX's callback as written (not a `partial` binding it, nor a
    helper's call the text pass reports for a callback inside: the evaluator's runs of those
    are not noted at the call) that no path the evaluator followed evaluated where its host
    runs (`HostRun.hosted`: a branch decided against it, a transpose solve outside reverse
    mode, a call traced only by `eval_shape`, a custom_vjp bwd whose `jax.vjp` pullback is
    never called); or whose `vectorized=` is given (`"vectorized": True`, in this module) in
    a function never run (a lambda a warm-up loop of no pass would call). Either only where
    a function enclosing that place ran, or, none having run, where the outermost is a
    script's module-level def never called (`Escapes.never_called`: each read of it kept in
    sight in code that ran or in such a def): the evaluator followed it and left the place
    out. With them, the places of the JAX011 findings whose every callback call
    (`Finding.sites`, none in `evaluated`) is in such a place: no host of theirs runs. The
    caller rules out an analysis cut anywhere (a path not followed may reach it)."""
    calls: dict[Span, Span] = {}  # (a place to look at, and the finding's)
    given: dict[Span, Span] = {}
    out: set[Span] = set()
    sited: dict[Span, list[Finding]] = {}  # (a JAX011's callback calls, never evaluated)
    for f in found:
        if f.code == jax011.RULE.code and f.sites and not any(
                s in evaluated for s in f.sites):
            for s in f.sites:
                sited.setdefault(s, []).append(f)
        if f.code != jax012.RULE.code:
            continue
        r = e.host_runs.get(f.span)
        if r is None or not (r.hosted or (r.plain and not r.swallowed)):
            # (runs with keywords known to lack `vectorized` count as hosted unless a run
            # with it was seen swallowed: else the keyword's route may be one not followed)
            calls[f.span] = f.span
        step = f.path[0] if f.path else None
        if step is not None and step.filename is None and not _inside(step.span, f.span):
            given[step.span] = f.span  # (one written at the call: as the call)
    if not calls and not given and not sited:
        return out
    entered = {fi.node for fi in e.entered}
    names: list[ModuleNames] = []  # (read once, if a call is looked at)

    def unrun(chain: list[ast.AST], innermost_unrun: bool) -> bool:
        if not chain or (innermost_unrun and chain[-1] in entered):
            return False
        ran = [i for i, fn in enumerate(chain) if fn in entered]
        if not ran:
            # none ran: the outermost, a script's module-level def, is never called when
            # every read of it is kept in sight in code that ran or in such a def
            # (`Escapes.never_called`: `map(evaluate, CONFIGS)` never consumed)
            return e.never_called(chain[0])
        # the functions below the last one that ran were made there but never called: only
        # where none of them leaves it (returned, stored) is every call of them one the
        # evaluator saw (`generate_bessel` returning its custom_jvp `cv`: its importers call it)
        return not any(
            _leaves(chain[i], chain[i - 1]) for i in range(ran[-1] + 1, len(chain)))

    def visit(node: ast.AST, chain: list[ast.AST]) -> None:
        if isinstance(node, ast.expr):
            at = e.span(node)
            if at in given and unrun(chain, True):
                out.add(given[at])
            if isinstance(node, ast.Call) and (at in calls or at in sited) and unrun(
                    chain, False):
                if not names:
                    names.append(ModuleNames(e.tree))
                if callback_hosts.CALLBACKS.get(
                        names[0].dotted(node.func) or "") in _EVALUATED:
                    if at in calls:
                        out.add(calls[at])
                    if at in sited:
                        unrun_sites.add(at)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # (its decorators, defaults and annotations run where it is made)
            inner = node.body if isinstance(node.body, list) else [node.body]
            for child in child_nodes(node):
                visit(child, [*chain, node] if child in inner else chain)
        else:
            for child in child_nodes(node):
                visit(child, chain)

    unrun_sites: set[Span] = set()
    visit(e.tree, [])
    # a JAX011 whose every callback call is in such a place: no host of it ever runs
    out.update(f.span for fs in sited.values() for f in fs
               if all(s in unrun_sites for s in f.sites))
    return out


def _leaves(fn: ast.AST, maker: ast.AST) -> bool:
    """Whether the function `fn`, made inside the function `maker`, may be called from
    outside it: it (or a function of `maker` that names it, and so on) is returned or
    yielded by `maker`, or stored in an attribute, an item or a global. A function handed
    only to calls (`cv.defjvp(rule)`, `jax.vjp(f, x)`) stays inside: the evaluator ran those
    calls."""
    own = getattr(fn, "name", None)  # (None for a lambda)
    local = {n.name: n for n in iter_nodes(maker) if n is not maker and isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    # (a nested function's returns count below, if that function leaves)
    leaving: list[ast.AST] = [
        node.value for node in own_nodes(maker)
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)) and node.value is not None]
    for node in iter_nodes(maker):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value and any(
                not isinstance(t, ast.Name) for t in (
                    node.targets if isinstance(node, ast.Assign) else [node.target])):
            leaving.append(node.value)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
    names = {n.id for v in leaving for n in _named(v)}
    if any(fn in iter_nodes(n) for n in leaving):
        return True
    todo = [local[n] for n in names if n in local]
    seen: set[str] = set()
    while todo:
        f = todo.pop()
        if f.name in seen:
            continue
        seen.add(f.name)
        if f is fn:
            return True
        todo.extend(local[n.id] for n in iter_nodes(f)
                    if isinstance(n, ast.Name) and n.id in local and n.id not in seen)
    return own is not None and own in names


#: JAX's transforms whose transformed function, called, gives arrays (never a function)
_DATA_TRANSFORMS = frozenset({"jit", "grad", "value_and_grad", "vmap", "pmap", "jacfwd",
                              "jacrev", "hessian", "checkpoint", "remat"})


def _named(expr: ast.AST) -> Iterator[ast.Name]:
    """The names `expr` reads, less a function transformed and called at once
    (`jax.jit(traced_grad)(w)`: arrays leave, not `traced_grad`)."""
    applied: set[int] = set()
    for n in iter_nodes(expr):
        if isinstance(n, ast.Call) and isinstance(t := n.func, ast.Call) and t.args and (
                isinstance(t.args[0], ast.Name) and isinstance(t.func, ast.Attribute)
                and t.func.attr in _DATA_TRANSFORMS and isinstance(t.func.value, ast.Name)
                and t.func.value.id == "jax"):
            applied.add(id(t.args[0]))
    return (n for n in iter_nodes(expr) if isinstance(n, ast.Name) and id(n) not in applied)


def _callers_entered(e: Any, site: Span) -> bool:
    """Whether the evaluator entered every function of the module that may call the one
    holding the callback's call `site`, and every one that may call those (each naming the
    next, as a name or an attribute): one it did not run (a test method whose decorator it
    does not know) may reach the call with other values than the runs had, unless it is a
    script's def never called (`Interpreter.never_called`: a helper no code reads)."""
    _stmt, function, _lambdas = _holders(e, site)
    if function is None:
        return True  # (the module's statements: they run)
    entered = {fi.node for fi in e.entered}
    names_of = _names_by_function(e.tree)
    todo = [function]
    seen: set[ast.AST] = set()
    while todo:
        fn = todo.pop()
        if fn in seen:
            continue
        seen.add(fn)
        name = fn.name  # type: ignore[attr-defined]
        for caller, names in names_of.items():
            if caller is not fn and name in names:
                if caller not in entered and not e.never_called(caller):
                    return False
                todo.append(caller)
    return True


def _names_by_function(tree: ast.Module) -> dict[ast.AST, set[str]]:
    """The names (and attribute names) each function of the module mentions, its nested
    functions' included (defining one runs nothing, but its caller reaches it through it)."""
    out: dict[ast.AST, set[str]] = {}
    for fn in iter_nodes(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[fn] = {n.id if isinstance(n, ast.Name) else n.attr for n in iter_nodes(fn)
                       if isinstance(n, (ast.Name, ast.Attribute))}
    return out


def _may_drop(e: Any, f: Finding) -> bool:
    """Whether a full analysis may drop `f`, as far as an incremental one can tell: no run
    it made reached it (see `drop_unreached`)."""
    runs = [e.host_runs.get(s) for s in f.sites] if f.code == jax011.RULE.code else []
    return bool(runs) and not any(
        _inside(f.span, s) or waiting(e, s) for s in f.sites) and not _reached(e, f.span, runs)


def _rebound(e: Any) -> frozenset[str] | None:
    """The module-level names the module's statements bind again (a second assignment, an
    augmented one, a loop's target): a host reading one may see another value when the
    callback runs again (the evaluator notes what functions write: `note_late_write`).
    None when the module changes a container in place (`cfg["dither"] = True`, `del d[k]`,
    `opts.update(...)`): the evaluator's dicts keep the entries they were made with (only a
    function stored in place is followed), so its runs decide nothing; unless that container
    is only ever reached through its name (`_unaliased`): a results table filled by the
    script (`table[name] = run(cfg)`) is then one of the names returned, and decides only
    the runs that read it. Read only where a finding may be dropped. A change through an
    attribute (`self.memo[k] = v`) is `_reads_changed`'s; a `jax.config.update(...)` the
    evaluator ran (`config_updates`) is no container's change (it follows the flag in time)."""
    changed: set[str] = set()
    modules = _imported(e.tree)
    for n in iter_nodes(e.tree):
        if _changes_in_place(n) and n not in e.config_updates:
            root = _changed_name(n)
            if root is None:
                if _changed_attribute(n, modules) is not None:
                    continue
                return None
            changed.add(root)
    if changed and not _unaliased(e.tree, changed, _COPYING):
        return None
    counts: dict[str, int] = {}
    out: set[str] = set(changed)
    todo: list[ast.stmt] = list(e.tree.body)
    while todo:  # (the module's statements, in its branches and loops too)
        stmt = todo.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(_statements(getattr(stmt, field, None)))
        targets: list[ast.expr] = (
            stmt.targets if isinstance(stmt, ast.Assign)
            else [stmt.target] if isinstance(stmt, (ast.AugAssign, ast.AnnAssign, ast.For,
                                                    ast.AsyncFor))
            else [i.optional_vars for i in stmt.items if i.optional_vars is not None]
            if isinstance(stmt, (ast.With, ast.AsyncWith)) else [])
        for t in targets:
            for n in iter_nodes(t):
                if isinstance(n, ast.Name):
                    counts[n.id] = counts.get(n.id, 0) + 1
                    if isinstance(stmt, (ast.AugAssign, ast.For, ast.AsyncFor)):
                        out.add(n.id)  # (bound again as it runs)
    out.update(name for name, k in counts.items() if k > 1)
    return frozenset(out)


_IN_PLACE = frozenset({"update", "pop", "popitem", "setdefault", "clear", "__setitem__",
                       "__delitem__"})


def _changes_in_place(node: ast.AST) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, ast.Delete) else [node.target]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in _IN_PLACE
    for t in targets:
        for n in iter_nodes(t):
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del)):
                return True
    return False


def _changed_name(node: ast.AST) -> str | None:
    """The name a change in place goes through (`table[k] = v`, `table.update(...)`,
    `del table[k]`), None when it is not a plain name (`self.memo[k] = v`)."""
    if isinstance(node, ast.Call):
        root = node.func.value  # type: ignore[attr-defined]
        return root.id if isinstance(root, ast.Name) else None
    targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [
        node.target]  # type: ignore[attr-defined]
    names = set()
    for t in targets:
        for n in iter_nodes(t):
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del)):
                if not isinstance(n.value, ast.Name):
                    return None
                names.add(n.value.id)
    return names.pop() if len(names) == 1 else None


def _changed_attribute(node: ast.AST, modules: set[str]) -> str | None:
    """The attribute a change in place goes through (`self.memo[k] = v`, `obj.opts.update(...)`:
    `memo`, `opts`), None when it is not one attribute, or one of an imported name (a
    module's state, `os.environ["X"] = v`, which its functions read without naming it)."""
    if isinstance(node, ast.Call):
        roots = [node.func.value]  # type: ignore[attr-defined]
    else:
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [
            node.target]  # type: ignore[attr-defined]
        roots = [n.value for t in targets for n in iter_nodes(t) if isinstance(
            n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del))]
    names = set()
    for root in roots:
        if not isinstance(root, ast.Attribute) or (
                isinstance(root.value, ast.Name) and root.value.id in modules):
            return None
        names.add(root.attr)
    return names.pop() if len(names) == 1 else None


def _changed_attributes(tree: ast.Module) -> set[str]:
    """The attributes whose container the module changes in place (`_changed_attribute`)."""
    modules = _imported(tree)
    return {a for n in iter_nodes(tree) if _changes_in_place(n)
            and (a := _changed_attribute(n, modules)) is not None}


def _imported(tree: ast.Module) -> set[str]:
    """The names the module's imports bind (anywhere in it)."""
    return {(a.asname or a.name).split(".")[0] for n in iter_nodes(tree)
            if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}


_FRESH = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


#: builtins that keep no alias of what they are given (a log printed or copied)
_COPYING = frozenset({"len", "print", "list", "tuple", "sorted", "str", "repr"})


def _unaliased(tree: ast.Module, names: set[str],
               readers: frozenset[str] = frozenset({"len"})) -> bool:
    """Whether each of `names` holds a container no other name can reach: every read of it
    in the module is subscripted, or has a method called (`table.items()`), or is an
    argument of one of `readers` (`len`; `print` too: `_COPYING`), or is iterated by a `for`
    or a comprehension (`[s[0] for s in LOG]`: its items are named, not it); bound only
    to a display or comprehension made there; never bound to another name, handed to
    another function, returned, stored, a parameter's name or declared
    `global`/`nonlocal` (in a function that might bind it to something else)."""
    parents: dict[ast.AST, ast.AST] = {}
    for p in iter_nodes(tree):
        for c in child_nodes(p):
            parents[c] = p
        if isinstance(p, (ast.Global, ast.Nonlocal)) and names & set(p.names):
            return False
    for n in iter_nodes(tree):
        if isinstance(n, ast.arg) and n.arg in names:
            return False  # (a parameter: bound to what a caller hands over)
        if not isinstance(n, ast.Name) or n.id not in names:
            continue
        up = parents.get(n)
        if isinstance(n.ctx, ast.Store):
            if isinstance(up, ast.Assign) and up.targets == [n] and isinstance(
                    up.value, _FRESH):
                continue  # (a new container, bound where it is made)
            return False
        if not isinstance(n.ctx, ast.Load):
            return False
        if isinstance(up, ast.Subscript) and up.value is n:
            continue
        if isinstance(up, ast.Attribute) and isinstance(parents.get(up), ast.Call) and (
                parents[up].func is up):  # type: ignore[attr-defined]
            continue
        if isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and (
                up.func.id in readers) and any(a is n for a in up.args):
            continue
        if isinstance(up, (ast.For, ast.AsyncFor, ast.comprehension)) and up.iter is n:
            continue  # (iterated: its items are named, not it)
        return False
    return True


def _reads_rebound(tree: ast.Module, runs: list[HostRun | None],
                   rebound: frozenset[str] | None,
                   logs: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether a function the runs entered names one of `rebound` (None: any) as the
    module's name: not where it, or a function around it, binds that name itself (a
    `lambda` reading `cfg`, a parameter of the function it is made in, reads that one).
    Of `logs` (containers changed in place once a host ran: `Interpreter.late_names`), a
    change that reads nothing of it (`log.append(v)` as a statement) is no read."""
    if rebound is None:
        return True
    entered = [fn for r in runs if r is not None for fn in r.entered]
    if not any(isinstance(n, ast.Name) and n.id in rebound for fn in entered
               for n in iter_nodes(fn)):
        return False
    appended = {id(c.func.value) for fn in entered for st in iter_nodes(fn)  # type: ignore[attr-defined]
                if isinstance(st, ast.Expr) and isinstance(c := st.value, ast.Call)
                and isinstance(c.func, ast.Attribute) and c.func.attr in _APPENDS
                and isinstance(c.func.value, ast.Name) and c.func.value.id in logs}
    # `history.setdefault(k, []).append(v)` as a statement: an entry appended to, nothing of
    # the container read (it is one `_rebound` found changed in place, or a log)
    appended |= {id(d.func.value) for fn in entered for st in iter_nodes(fn)  # type: ignore[attr-defined]
                 if isinstance(st, ast.Expr) and isinstance(c := st.value, ast.Call)
                 and isinstance(c.func, ast.Attribute) and c.func.attr in _APPENDS
                 and isinstance(d := c.func.value, ast.Call)
                 and isinstance(d.func, ast.Attribute) and d.func.attr == "setdefault"
                 and isinstance(d.func.value, ast.Name) and len(d.args) == 2
                 and isinstance(d.args[1], _FRESH)}
    enclosing: dict[ast.AST, list[ast.AST]] = {}

    def visit(node: ast.AST, around: list[ast.AST]) -> None:
        for c in child_nodes(node):
            if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                enclosing[c] = around
                visit(c, [*around, c])
            else:
                visit(c, around)

    visit(tree, [])
    for fn in entered:
        local: set[str] = set()
        for f in [*enclosing.get(fn, []), fn]:
            b = scopes.binder(f)
            local = (local | b[0]) - b[1]
        if any(isinstance(n, ast.Name) and n.id in rebound and n.id not in local
               and id(n) not in appended for n in iter_nodes(fn)):
            return True
    return False


#: the methods that change a list or dict in place, read nothing of it and raise for none of
#: its contents (`setdefault` returns an entry: its call is a change where that is unused)
_APPENDS = frozenset({"append", "extend", "insert", "setdefault", "update", "clear"})
#: what reads an object's attributes by name, not as `obj.attr` (`vars(self)["samples"]`)
_BY_NAME = frozenset({"getattr", "vars", "asdict", "astuple", "__dict__", "__getstate__"})


def _reads_changed(e: Any, attrs: set[str]) -> bool:
    """Whether a later host run may read an attribute of `attrs`, whose container changed in
    place once a host ran (`Interpreter.note_late_change`) or anywhere in the module
    (`_changed_attributes`), and decide by it. Not when, for each, every `.attr` of the
    module is a change of it that reads and raises for nothing in it (`obj.attr.append(v)` as
    a statement, `obj.attr[k] = v`), or a binding of a new display (`self.attr = []`), or,
    outside the functions the runs entered, a read that keeps no alias of it (subscripted, a
    method called, `len`'s argument: `_unaliased`'s, `del obj.attr[k]`); no string of the
    module names it, no function the runs entered reads attributes by name (`getattr`,
    `vars`), and no function of another module the analysis entered mentions it. A log the
    host only appends to then changes nothing a run decides."""
    if not attrs:
        return False
    if any(fi.module is not e.main and any(
            (isinstance(n, ast.Attribute) and n.attr in attrs)
            or (isinstance(n, ast.Constant) and n.value in attrs) for n in iter_nodes(fi.node))
            for fi in e.entered):
        return True
    within: set[ast.AST] = set()  # (the nodes of the functions the runs entered)
    for r in e.host_runs.values():
        for fn in r.entered:
            within.update(iter_nodes(fn))
    parents: dict[ast.AST, ast.AST] = {}
    for p in iter_nodes(e.tree):
        for c in child_nodes(p):
            parents[c] = p
    for n in iter_nodes(e.tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in attrs:
            return True
        if n in within and ((isinstance(n, ast.Name) and n.id in _BY_NAME) or (
                isinstance(n, ast.Attribute) and n.attr in _BY_NAME)):
            return True
        if not (isinstance(n, ast.Attribute) and n.attr in attrs):
            continue
        up = parents.get(n)
        if isinstance(n.ctx, ast.Store):
            if isinstance(up, ast.Assign) and up.targets == [n] and isinstance(
                    up.value, _FRESH):
                continue
            return True
        if not isinstance(n.ctx, ast.Load):
            return True
        if isinstance(up, ast.Subscript) and up.value is n and isinstance(up.ctx, ast.Store) \
                and isinstance(parents.get(up), ast.Assign):
            continue  # (`obj.attr[k] = v`)
        call = parents.get(up) if isinstance(up, ast.Attribute) else None
        method = up.attr if isinstance(up, ast.Attribute) and isinstance(
            call, ast.Call) and call.func is up else None
        if method in _APPENDS and isinstance(parents.get(call), ast.Expr):  # type: ignore[arg-type]
            continue  # (`obj.attr.append(v)`, its result unused)
        if n in within:
            return True
        if isinstance(up, ast.Subscript) and up.value is n:
            continue
        if method is not None:
            continue  # (a method's result: `log.copy()`)
        if isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "len" \
                and up.args == [n]:
            continue
        return True
    return False


def _inside(span: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (span.line, span.col) and (
        span.end_line, span.end_col) <= (outer.end_line, outer.end_col)


def _reached(e: Any, span: Span, runs: list[HostRun | None]) -> bool:
    """Whether a run may have reached `span`: it ran the innermost statement holding it or
    entered a lambda holding it; or that statement is not in a function (a lambda at the
    module's level: made before any run)."""
    stmt, function, lambdas = _holders(e, span)
    if stmt is None or function is None:
        return True
    return any(r is not None and (stmt in r.ran or any(f in r.entered for f in lambdas))
               for r in runs)


def _holders(e: Any, span: Span) -> tuple[ast.stmt | None, ast.AST | None, list[ast.AST]]:
    """The innermost statement of the analysed module holding `span`, the innermost function
    (`def`) holding that statement, and the lambdas inside the statement holding `span`."""
    body: list[ast.stmt] = e.tree.body
    stmt: ast.stmt | None = None
    function: ast.AST | None = None
    while True:
        inner = next((s for s in body if _inside(span, e.span(s))), None)
        if inner is None:
            break
        stmt = inner
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = inner
        body = [s for field in ("body", "orelse", "finalbody", "handlers", "cases")
                for s in _statements(getattr(inner, field, None))]
    if stmt is None:
        return None, None, []
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        function = None  # (in its decorators, defaults or annotations: run where it is made)
    lambdas: list[ast.AST] = [n for n in iter_nodes(stmt) if isinstance(n, ast.Lambda)
                              and _inside(span, e.span(n))]
    return stmt, function, lambdas


def _statements(nodes: Any) -> list[ast.stmt]:
    """The statements of a body (a handler's or a case's, entered)."""
    out: list[ast.stmt] = []
    for n in nodes or ():
        if isinstance(n, (ast.ExceptHandler, ast.match_case)):
            out.extend(n.body)
        elif isinstance(n, ast.stmt):
            out.append(n)
    return out


def note_traced_call(e: Any, name: str, node: ast.AST | None) -> None:
    """A call of a function JAX traces (`jax.jit(f)`'s, a `grad`'s: `name` is the wrapper's)
    while a host function runs: JAX011 there, as the text pass reports it
    (`callback_hosts.TRACING`); what the traced function computes is not reported again."""
    if name in callback_hosts.TRACING:
        note_api_call(e, name, node, traced=True)


def note_api_call(e: Any, name: str, node: ast.AST | None, traced: bool = False) -> None:
    """A JAX function called while a host function runs (`Ctx.host_site` set): JAX011 when
    it computes with JAX and the run's path was not guessed (nor inside a function JAX
    traces, whose call is the finding: `note_traced_call`)."""
    if node is None or not (traced or callback_hosts.computes_with_jax(name)):
        return
    ctx = e.reads(HOST_SITE | GUESSED | STAGED | TRACE_ONLY)
    site: HostSite = ctx.host_site
    if ctx.guessed or ctx.staged or ctx.trace_only:
        return
    here = e.module is e.main
    written = (ast.unparse(node.func) if isinstance(node, ast.Call) else name)
    called_at = e.span(node)
    # the host is JAX's function itself
    own = here and site.filename is None and called_at == site.call
    steps = [s for s in e.stack[site.stack_len + 1:] if s.filename is None]
    path = [PathStep(site.call, f"`{site.what}` calls `{site.host_text}` on the host",
                     site.filename), *steps]
    if own:
        written, span = site.host_text, site.host_span
    elif here:
        span = called_at
    else:
        main_steps = [s for s in steps if s.filename is None]
        span = (main_steps[-1].span if main_steps else site.anchor if site.anchor is not None
                else site.host_span)
        path.append(PathStep(called_at, f"calls `{written}`", str(e.module.path)))
    through = [s.label.removeprefix("calls ").strip("`") for s in path[1:]]
    if site.anchor is not None:  # a callback of an imported module (see `check_call`)
        path.insert(0, PathStep(site.anchor, INTO_MODULE))
    route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
    equivalent = numpy_name(name)
    rewritable = here and not own and isinstance(node, ast.Call) and isinstance(
        node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and _written_as(
        e, node.func, equivalent)
    facts = (written, name, site.host_text, site.what, site.line, route, equivalent)
    record(e, Finding(
        code=jax011.RULE.code,
        message=jax011.head(*facts),
        span=span,
        severity=Severity.WARNING,
        path=tuple(path),
        fixes=(*jax011.fix_kinds(equivalent if rewritable else None), FixKind.SUPPRESS),
        transform=site.what,
        host_call=jax011.host_call(*facts),
    ))


def _patched(e: Any) -> frozenset[str]:
    """The JAX callbacks the evaluator's module assigns over (`callback_hosts.patched`),
    computed once per tree (`EvaluatorShared.patched_callbacks`)."""
    found = e.patched_callbacks
    if found is None or found[0] is not e.tree:
        found = e.patched_callbacks = (e.tree, callback_hosts.patched(_text_names(e)))
    return found[1]


def _text_names(e: Any) -> ModuleNames:
    """The names the evaluator's module text binds (`ModuleNames`), made once per tree
    (`EvaluatorShared.text_names`)."""
    found = e.text_names
    if found is None or found[0] is not e.tree:
        found = e.text_names = (e.tree, ModuleNames(e.tree))
    names: ModuleNames = found[1]
    return names


def _written_as(e: Any, func: ast.expr, equivalent: str | None) -> bool:
    """Whether the text names the JAX function the evaluator found as the one NumPy
    `equivalent` replaces, so the numpy-in-host fix (`fixes/host_code`, which reads the text
    alone) can rewrite it: a namespace bound by an optional import's fallback (`except
    ImportError: import jax.numpy as xp`) is jax.numpy to the evaluator, not to the text."""
    dotted = _text_names(e).dotted(func)
    return equivalent is not None and dotted is not None and numpy_name(dotted) == equivalent


#: the classes (and a builtin base) of what a callback call given `vectorized=` raises, as
#: an `except` names them (measured on JAX 0.10.2): the host's `TypeError` surfaces as a
#: `jax.errors.JaxRuntimeError`, a `RuntimeError` (`except TypeError` lets it through); under
#: a vmap with no `vmap_method` the batching rule raises `NotImplementedError` first (the
#: host never runs), a `RuntimeError` too
_HOST_FAILURE = ("JaxRuntimeError", "RuntimeError")
_BATCHED_FAILURE = ("NotImplementedError",)


def _caught(e: Any, args: Args) -> bool:
    """Whether an enclosing `try` or `contextlib.suppress` swallows what the callback call
    fails with (`Ctx.caught`, `caught_errors`): the program goes on, so no JAX012."""
    caught = e.reads(CAUGHT).caught
    if not caught:
        return False
    if not (e.reads(VMAPPED).vmapped or any(type(m) is BatchedBy for v in args.pos
                                            for m in v.tan)):
        return catches(caught, _HOST_FAILURE)
    method = args.kw.get("vmap_method")
    if method is not None and method.const is not None:
        return catches(caught, _HOST_FAILURE)  # (a method named: the host runs batched)
    return catches(caught, _BATCHED_FAILURE) and (
        method is None or catches(caught, _HOST_FAILURE))  # (one not known: either)


def _hosted(e: Any, runs: HostRun, args: Args) -> None:
    """Note the call evaluated where its host runs (`HostRun`): with keywords that may hold
    `vectorized` (`hosted`), known to lack it (`plain`), or holding it where its failure is
    swallowed (`swallowed`), or given to a host known to take it (`**kw`, a `vectorized`
    parameter: a wrapper swapped in for the block the jit is traced in), which fails on none
    (`swallowed` too)."""
    if "vectorized" not in args.kw and args.dstar is None:
        runs.plain = True
    elif "vectorized" in args.kw and (_caught(e, args) or _takes_it(e, args)):
        runs.swallowed = True
    else:
        runs.hosted = True


def _takes_it(e: Any, args: Args) -> bool:
    """Whether the host of a callback call given `vectorized=`, not batched (a vmap with no
    `vmap_method` raises first), is the analysed code's function binding it without fail,
    each function it may be (the host as the call holds it: a decorator's wrapper, a
    callable object's `__call__`, where the module's text names the function it wraps)."""
    host = args.kw.get("callback") if not args.pos else args.pos[0]
    if host is None or "vectorized" not in args.kw or e.reads(VMAPPED).vmapped or any(
            type(m) is BatchedBy for v in args.pos for m in v.tan):
        return False
    host = e.resolve_lazy(host)
    functions = [_called_function(g) for g in host.fns]
    return bool(functions) and all(f is not None and _binds_vectorized(f) for f in functions
                                   ) and not _unwraps(e)


def _unwraps(e: Any) -> bool:
    """Whether code that ran (the module's statements, a function the evaluator entered)
    reads a function's `__wrapped__` (or calls `unwrap`): the evaluator takes a closure's
    `__wrapped__` for the closure itself, so a host it holds may stand for the function a
    decorator wrapped (`getattr(host, "__wrapped__", host)`)."""
    entered = {fi.node for fi in e.entered}

    def reads(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr in ("__wrapped__", "unwrap")) or (
            isinstance(node, ast.Name) and node.id == "unwrap") or (
            isinstance(node, ast.Constant) and node.value == "__wrapped__")

    todo: list[ast.AST] = [e.tree]
    while todo:
        node = todo.pop()
        for child in child_nodes(node):
            if isinstance(child, _FUNCTIONS) and child not in entered:
                # (its decorators and defaults run where it is made)
                todo.extend([*child.args.defaults, *(d for d in child.args.kw_defaults if d),
                             *getattr(child, "decorator_list", ())])
                continue
            if reads(child):
                return True
            todo.append(child)
    return False


def _called_function(fn: object) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    """The analysed code's function calling `fn` runs (`_function`), an instance's class's
    `__call__` too (found in the class or, first found, its bases)."""
    if type(fn) is not Instance:
        return _function(fn)
    todo, seen = [fn.cls], set()
    while todo:
        cls = todo.pop(0)
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        call = cls.attrs.get("__call__")
        if call is not None:
            return _function(call.fns[0]) if len(call.fns) == 1 else None
        todo.extend(b for base in cls.bases for b in base.fns if type(b) is ClassObj)
    return None


def _binds_vectorized(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """Whether calling `fn` with `vectorized=` binds it and the keyword goes no further: a
    parameter of that name (keyword or keyword-only), or a `**kw` its own code never reads
    (`def wrapper(*args, **_ignored)`) or only merges into another dict
    (`wrapper.dropped.update(kw)`): not handed on to what may reject it."""
    a = fn.args
    if any(p.arg == "vectorized" for p in (*a.args, *a.kwonlyargs)):
        return True
    kwarg = a.kwarg
    if kwarg is None:
        return False
    # (a nested function reading it counts: the whole body is walked)
    uses = [n for n in iter_nodes(fn) if isinstance(n, ast.Name) and n.id == kwarg.arg]
    merged = [x for n in iter_nodes(fn) if isinstance(n, ast.Call) and isinstance(
        n.func, ast.Attribute) and n.func.attr == "update" and not n.keywords
        for x in n.args if isinstance(x, ast.Name) and x.id == kwarg.arg]
    return len(uses) == len(merged)


def _vectorized_finding(e: Any, what: str, args: Args, node: ast.Call,
                        host_node: ast.AST) -> Finding:
    value_node = args.kw_nodes.get("vectorized")
    written = next((k.value for k in node.keywords if k.arg == "vectorized"), None)
    const = written.value if isinstance(written, ast.Constant) else None
    given = e.span(value_node) if value_node is not None else e.span(node)
    return Finding(
        code=jax012.RULE.code,
        message=jax012.head(what, f"`{ast.unparse(host_node)}`", const),
        span=e.span(node),
        severity=Severity.ERROR,
        path=(PathStep(given, "`vectorized=` is given here"),),
        # the fix rewrites a `vectorized=` the call writes itself
        fixes=(*jax012.fix_kinds(const if written is not None else None), FixKind.SUPPRESS),
        transform=what,
        operand_spans=(given,) if value_node is not None else (),
    )


def record(e: Any, finding: Finding) -> None:
    """Add a finding to the evaluator's, noted as its root's (as `decisions.report` does)."""
    key = (finding.code, finding.span)
    findings = e.findings
    if key not in findings:
        findings[key] = finding
        e.first_root[key] = e.root
    e.finding_roots.setdefault(key, set()).add(e.root)
    e._emitted.append(key)  # (see `call_logs`)


_UNUSED: weakref.WeakKeyDictionary[ast.AST, frozenset[int]] = weakref.WeakKeyDictionary()


def _result_unused(e: Any, call: ast.Call) -> bool:
    """Whether the call is a statement of its own (`jax.pure_callback(...)` alone on its
    line) in the function being run: its result is not used. (The calls a function's
    statements discard, read once per function from its statements, not its expressions.)"""
    frame = e.frame
    fn = frame.func.node if frame is not None and frame.func is not None else None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False  # (a lambda returns its call's result; a module runs nothing jitted)
    unused = _UNUSED.get(fn)
    if unused is None:
        found: set[int] = set()
        todo: list[ast.AST] = list(fn.body)
        while todo:
            st = todo.pop()
            if isinstance(st, ast.Expr):
                found.add(id(st.value))
            elif not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    todo.extend(getattr(st, field, None) or ())
        unused = _UNUSED[fn] = frozenset(found)
    return id(call) in unused


_REWRITES: weakref.WeakKeyDictionary[ast.Module, bool] = weakref.WeakKeyDictionary()


def _key_rewritten(tree: ast.Module) -> bool:
    """Whether the module takes a `"vectorized"` entry out of a dict or writes one in place
    (`opts.pop("vectorized")`, `del cfg["vectorized"]`, `cfg["vectorized"] = ...`), or pops
    a key it computes: the evaluator's dicts keep the entries they were made with (only a
    function stored in place is followed), so their keys are not known for JAX012 there.
    Read once per tree."""
    found = _REWRITES.get(tree)
    if found is None:
        found = _REWRITES[tree] = _any_rewrite(tree)
    return found


def _any_rewrite(tree: ast.Module) -> bool:
    """`_key_rewritten`, but for a store into a dict whose every change the evaluator follows
    (`fresh_dicts.followed`: `kw = {}; kw["vectorized"] = v` in one function, a module's
    dict filled by its own statements): its keys are known there."""
    scopes: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while scopes:
        node, within = scopes.pop()
        for child in child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else (
                within)
            if _rewrites(child) and not _followed_store(child, within):
                return True
            scopes.append((child, inner))
    return False


def _followed_store(node: ast.AST, within: ast.AST) -> bool:
    """A rewrite `_rewrites` found that is a store at a constant key into a name the
    function (or module) `within` binds to a dict whose changes are all followed, or into an
    object's attribute (`self._opts["vectorized"] = flag`: the evaluator holds the dict with
    that entry on a certain path of one object, `python/certain_paths.py`, and with its keys
    unknown elsewhere; a store it cannot follow leaves the key out, never in)."""
    if isinstance(node, ast.Call) and isinstance(within, (ast.FunctionDef, ast.AsyncFunctionDef)):
        # `self._opts.pop("vectorized", None)`: the evaluator takes the key out of the dict
        # the object's attribute holds (`calls._popped`), or makes its keys unknown
        f = node.func
        return (isinstance(f, ast.Attribute) and f.attr == "pop" and isinstance(
            f.value, ast.Attribute) and isinstance(f.value.value, ast.Name)
            and 1 <= len(node.args) <= 2 and not node.keywords
            and not any(isinstance(a, ast.Starred) for a in node.args))
    if not isinstance(node, ast.Assign) or isinstance(within, ast.Lambda):
        return False
    return all(isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant) and (
        isinstance(t.value, ast.Name) and fresh_dicts.followed(within, t.value.id)
        or isinstance(t.value, ast.Attribute) and isinstance(t.value.value, ast.Name))
        for t in node.targets)


def _named_key(key: ast.AST | None) -> bool:
    """A key that may be "vectorized": that constant, or one not written as a constant."""
    return not isinstance(key, ast.Constant) or key.value == "vectorized"


def _rewrites(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        attr = node.func.attr
        if attr in ("popitem", "clear"):
            return True
        return attr == "pop" and bool(node.args) and _named_key(node.args[0]) and (
            not isinstance(node.args[0], ast.Constant) or isinstance(node.args[0].value, str))
    targets: list[ast.expr] = []
    if isinstance(node, ast.Delete):
        targets = node.targets
    elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant)
                   and t.slice.value == "vectorized" for t in targets)
    return any(isinstance(t, ast.Subscript) and _named_key(t.slice) for t in targets)


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _function(fn: object, depth: int = 0
              ) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    """The analysed code's function a host value calls (through partials, bound methods)."""
    if type(fn) is Closure:
        node = fn.func.node
        return node if isinstance(node, _FUNCTIONS) else None
    if type(fn) is Partial and depth < 4:
        return _function(fn.fn, depth + 1)
    return None


def _takes_vectorized(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    a = fn.args
    return a.kwarg is not None or any(
        p.arg == "vectorized" for p in (*a.posonlyargs, *a.args, *a.kwonlyargs))

