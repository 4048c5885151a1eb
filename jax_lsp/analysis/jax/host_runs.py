"""JAX011 and JAX012 where the evaluator runs a callback's call: the second source of both.

`callback_hosts` decides them from the module's text; what it cannot read there (options
built by `functools.reduce`, a pydantic `model_dump()`, an argparse value, a host bound by
`types.MethodType(TABLE[kind], obj)` or handed through a queue worker) the evaluator knows as
values. Where it evaluates `jax.pure_callback` / `io_callback` / `jax.debug.callback` (any
spelling the API table knows, partials included: `calls.apply` merges their arguments):

- JAX012: the call's evaluated keywords (its own, a `**` dict whose keys are known, a
  partial's) hold `vectorized`, and the host is a function of the analysed code that does not
  take it (JAX 0.10 hands it on to the host, which raises);
- JAX011: the host, a single function, is run as the callback runs it (on its operands, as
  NumPy arrays: unknown values) in a context naming the call (`Ctx.host_site`); a JAX
  computation evaluated there (`callback_hosts.computes_with_jax`, the text pass's own test)
  is reported, with the path of helpers the run went through. It runs when JAX runs it
  (`when_run`): not where the callback is only traced or removed as dead code, and a
  custom_vjp bwd's or a transpose solve's when the pullback of their `jax.vjp` is called.

Precision: both are reported only on a path the evaluator did not guess (`Ctx.guessed`: no
undecided `if`, conditional expression, `match` or `except` between the entry point and the
finding, in the host's run too), for a callback called in the analysed module. As for every
interpreter-decided code, `script_reach` then rules out functions a script never runs.
`engine` merges these findings with the text pass's: one per code and place, the text
pass's where both report.
"""

from __future__ import annotations

import ast
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import callback_hosts
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.interp_state import (
    GUESSED,
    HOST_DEFERRAL,
    HOST_SITE,
    HOSTS_NEVER_RUN,
    JITTED,
    STAGED,
    TRACE_ONLY,
    Args,
)
from jax_lsp.analysis.numpy_equivalents import numpy_name
from jax_lsp.analysis.values import UNKNOWN, Closure, Partial
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012

if TYPE_CHECKING:
    from jax_lsp.analysis.jax.specs import CallbackSpec

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


def check_call(e: Any, name: str, spec: CallbackSpec, args: Args,
               node: ast.AST | None) -> None:
    """At a callback's call the evaluator reached: JAX012 on its keywords, then the host run
    for JAX011 (see the module's docstring)."""
    what = callback_hosts.CALLBACKS.get(name)
    if what is None or not isinstance(node, ast.Call) or e.module is not e.main:
        return
    if e.ctx.host_site is not None:
        return  # a callback inside a host function: the outer one is what runs
    if e.reads(GUESSED).guessed:
        return
    host = args.kw.get("callback") if not args.pos else args.pos[0]
    host_node = args.kw_nodes.get("callback") if not args.pos else args.pos_nodes[0]
    if host is None or host_node is None or len(host.fns) != 1:
        return
    functions = [f for f in (_function(g) for g in host.fns) if f is not None]
    if not functions:
        return  # a host that is not the analysed code's function: not known
    if "vectorized" in args.kw and not _takes_vectorized(functions[0]) and not _key_rewritten(
            e.tree):
        _report_vectorized(e, what, args, node, host_node)
    if spec.removed_unused and _result_unused(e, node) and e.reads(JITTED).jitted:
        return  # removed by jit as dead code: its host never runs
    operands = [UNKNOWN] * max(0, len(args.pos) - spec.operand_start)
    kw = {k: UNKNOWN for k in args.kw if k not in _NOT_FORWARDED}
    given = Args(operands, kw, [None] * len(operands), {},
                 UNKNOWN if args.star is not None else None,
                 UNKNOWN if args.dstar is not None else None)
    text, host_span, call = ast.unparse(host_node), e.span(host_node), node

    def run() -> None:
        site = HostSite(what, call.lineno, e.span(call), text, host_span, len(e.stack))
        # (the host runs on the host: nothing there is traced, whatever traces the callback)
        with e.within(host_site=site, staged=False, jitted=False, trace_only=False,
                      host_deferral=None):
            e.call_value(host, given, call)

    when_run(e, run, e.span(call))


#: per evaluator, the callback calls whose host runs wait on a pullback not called yet
_WAITING: weakref.WeakKeyDictionary[Any, Counter[Span]] = weakref.WeakKeyDictionary()


def waiting(e: Any, call: Span) -> bool:
    """Whether a host run of the callback called at `call` waits on a pullback the analysed
    code never called: it may be called where the analysis does not look (a pullback a
    function returns), so its runs do not show the host never runs."""
    counts = _WAITING.get(e)
    return bool(counts and counts[call] > 0)


def when_run(e: Any, run: Callable[[], None], call: Span) -> None:
    """Run a callback's host (`run`) when JAX runs it: now; never where the callback is only
    traced (`jax.eval_shape`, `jax.make_jaxpr`, `.trace`: `Ctx.trace_only`) or never run
    (`HOSTS_NEVER_RUN`); where it waits on the pullback of a `jax.vjp` / `linearize`
    (`Ctx.host_deferral`), when that is called (`Level.pending`, emptied by its call), in the
    context of that call (under `eval_shape` there: never)."""
    ctx = e.reads(TRACE_ONLY | HOST_DEFERRAL)
    waits = ctx.host_deferral
    if ctx.trace_only or waits == HOSTS_NEVER_RUN:
        return
    if waits is not None:
        counts = _WAITING.get(e)
        if counts is None:
            counts = _WAITING[e] = Counter()
        counts[call] += 1

        def called(applied: object = None) -> None:
            counts[call] -= 1
            when_run(e, run, call)

        waits.pending.append(called)
        return
    run()


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
    own = here and called_at == site.call  # the host is JAX's function itself
    steps = [s for s in e.stack[site.stack_len + 1:] if s.filename is None]
    path = [PathStep(site.call, f"`{site.what}` calls `{site.host_text}` on the host"), *steps]
    if own:
        written, span = site.host_text, site.host_span
    elif here:
        span = called_at
    else:
        main_steps = [s for s in steps if s.filename is None]
        span = main_steps[-1].span if main_steps else site.host_span
        path.append(PathStep(called_at, f"calls `{written}`", str(e.module.path)))
    through = [s.label.removeprefix("calls ").strip("`") for s in path[1:]]
    route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
    equivalent = numpy_name(name)
    rewritable = here and not own and isinstance(node, ast.Call) and isinstance(
        node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
    record(e, Finding(
        code=jax011.RULE.code,
        message=jax011.head(written, name, site.host_text, site.what, site.line, route,
                            equivalent),
        span=span,
        severity=Severity.WARNING,
        path=tuple(path),
        fixes=(*jax011.fix_kinds(equivalent if rewritable else None), FixKind.SUPPRESS),
        transform=site.what,
    ))


def _report_vectorized(e: Any, what: str, args: Args, node: ast.Call,
                       host_node: ast.AST) -> None:
    value_node = args.kw_nodes.get("vectorized")
    written = next((k.value for k in node.keywords if k.arg == "vectorized"), None)
    const = written.value if isinstance(written, ast.Constant) else None
    given = e.span(value_node) if value_node is not None else e.span(node)
    record(e, Finding(
        code=jax012.RULE.code,
        message=jax012.head(what, f"`{ast.unparse(host_node)}`", const),
        span=e.span(node),
        severity=Severity.ERROR,
        path=(PathStep(given, "`vectorized=` is given here"),),
        # the fix rewrites a `vectorized=` the call writes itself
        fixes=(*jax012.fix_kinds(const if written is not None else None), FixKind.SUPPRESS),
        transform=what,
        operand_spans=(given,) if value_node is not None else (),
    ))


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
        found = _REWRITES[tree] = any(_rewrites(n) for n in ast.walk(tree))
    return found


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

