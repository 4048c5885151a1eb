"""The checks made at a host callback's call from the module's text alone, with no transform
involved: JAX computations inside the callback's host function (JAX011) and the removed
`vectorized=` keyword (JAX012).

Neither needs a level, so neither waits for the abstract interpreter (which runs only where a
transform can make one, see `reach`): each reads the call, the keywords it can see (its own, a
`functools.partial` of the callback's, a `**` dict written in the module) and the host function
as far as its name resolves (`static_names`), through the helpers it calls. Where the host
function cannot be pinned down, JAX011 says nothing.

Across a workspace's modules: names imported from another module are followed into it, and a
call of another module's helper that hands what it is given to a callback (`host_call(fn, x)`
in `bridge.py`, given `kernels.rbf` here) is read there as if the call were that module's own,
then reported at this module's call (`_imported`); what that module reports by itself stays
its own finding.
"""

from __future__ import annotations

import ast
import itertools
import operator
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import (
    argparse_namespaces,
    callback_hosts_memo,
    click_commands,
    flow_bindings,
    library_keywords,
    logging_levels,
    registry_selection,
    script_reach,
)
from jax_lsp.analysis.findings import Finding, FixKind, PathStep, Severity, Span
from jax_lsp.analysis.libraries.pydantic_models import model as pydantic_model
from jax_lsp.analysis.numpy_equivalents import numpy_name
from jax_lsp.analysis.python import calling_back, computed_names, dict_aliases
from jax_lsp.analysis.static_names import (
    VERSION_ATTRIBUTES,
    Binding,
    Linked,
    ModuleNames,
    Parents,
    bind_arguments,
    jax_release,
    method_of,
    own_returns,
    parameter_default,
)
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.analysis.values import NOCONST
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012

if TYPE_CHECKING:
    from jax_lsp.analysis.workspace import Workspace

#: the codes this pass reports (the others come from the abstract interpreter)
CODES = frozenset({jax011.RULE.code, jax012.RULE.code})

#: equinox's callback: it calls `jax.pure_callback` with a host function of its own that
#: calls the one it is given, and hands on `vectorized=` only when it is not None
EQUINOX_CALLBACK = "equinox.filter_pure_callback"
#: the host callbacks, by canonical name, and how they are reported
CALLBACKS: dict[str, str] = {
    "jax.pure_callback": "jax.pure_callback",
    "jax._src.callback.pure_callback": "jax.pure_callback",
    "jax.experimental.io_callback": "io_callback",
    "jax._src.callback.io_callback": "io_callback",
    "jax.debug.callback": "jax.debug.callback",
    "jax._src.debugging.debug_callback": "jax.debug.callback",
    EQUINOX_CALLBACK: EQUINOX_CALLBACK,
}
#: the partial applications (JAX's `Partial` is a pytree one, passed through `jit`)
PARTIAL = frozenset({"functools.partial", "jax.tree_util.Partial"})
#: the names those are written by, for the first cheap tests
_PARTIAL_WORDS = frozenset({"partial", "Partial"})
#: wrappers whose function JAX traces: calling one (or giving one as the host) runs JAX
TRACING = frozenset({
    "jax.jit", "jax.pmap", "jax.vmap", "jax.grad", "jax.value_and_grad", "jax.jacfwd",
    "jax.jacrev", "jax.hessian", "jax.checkpoint", "jax.remat", "jax.custom_jvp",
    "jax.custom_vjp", "equinox.filter_jit", "equinox.filter_vmap", "equinox.filter_grad",
    "equinox.filter_value_and_grad",
})
#: the wrappers whose function is called with the wrapper's own arguments (a static
#: argument of `jax.jit(f, static_argnums=...)` reaches `f` as it is)
SAME_ARGUMENTS = frozenset({"jax.jit", "jax.checkpoint", "jax.remat", "equinox.filter_jit"})
#: JAX's namespaces whose functions compute with JAX (dispatch or trace an operation)
COMPUTING = ("jax.numpy.", "jax.scipy.", "jax.nn.", "jax.random.", "jax.lax.", "jax.image.",
             "jax.ops.")
#: functions of those namespaces that only describe a dtype or a shape: no computation
DESCRIBING = frozenset({
    "dtype", "issubdtype", "result_type", "iinfo", "finfo", "promote_types", "can_cast",
    "isdtype", "shape", "ndim", "size", "isscalar", "iscomplexobj", "isrealobj",
})
#: JAX's functions outside those namespaces that put an array in JAX's memory (what made
#: the deadlocks tesseract-jax fixed: "not allocating JAX memory from within callbacks");
#: `jax.device_get`, which hands back NumPy arrays, is a conversion to NumPy, not one of them
ALLOCATING = frozenset({"jax.device_put", "jax.device_put_replicated",
                        "jax.device_put_sharded"})
#: JAX's functions that wait on its runtime: a host blocking on arrays the computation
#: that runs the callback has yet to produce waits on itself (`jax.block_until_ready` in a
#: timing decorator around the host)
WAITING = frozenset({"jax.block_until_ready"})


def _canonical(names: ModuleNames, dotted: str | None) -> str | None:
    """A dotted name followed through the workspace's re-exports (`import mypkg.numpy as
    jnp` where that module does `from jax.numpy import *`): the name outside the workspace
    it is (None: a definition of a workspace module, or not pinned down)."""
    if dotted is None or names.linked is None:
        return dotted
    followed = names.follow(dotted)
    return None if followed is None else followed[0]


def _dotted(names: ModuleNames, expr: ast.AST) -> str | None:
    return _canonical(names, names.dotted(expr))


def computes_with_jax(dotted: str | None) -> bool:
    """Whether a JAX function of this (canonical) name computes with JAX when called: what
    makes a host function's call JAX011's (here, and where the evaluator runs the host:
    `jax.host_runs`)."""
    return _computing(dotted)


def _computing(dotted: str | None) -> bool:
    """Whether a JAX function of this name computes with JAX when called."""
    if dotted is None:
        return False
    if dotted in ALLOCATING or dotted in WAITING:
        return True
    return dotted.startswith(COMPUTING) and dotted.rsplit(".", 1)[-1] not in DESCRIBING
#: the words a module that calls a callback writes (`from jax import debug` then
#: `debug.callback`, `jax.debug.callback`, `io_callback`, `pure_callback`...)
_CALLBACK_WORDS = ("pure_callback", "io_callback", "debug_callback", ".callback", "import callback")
#: how deep helpers called from a host function are followed
MAX_HELPER_DEPTH = 6


@dataclass(frozen=True)
class CallbackSite:
    """A call of a host callback: where, which, its host function's expression (None if it
    is not given) and every keyword the call can be seen to pass: its own, those of
    `functools.partial`s of the callback, and those of `**` dicts written in the module, each
    with the expression that passes it."""

    call: ast.Call
    what: str
    host: ast.expr | None
    keywords: tuple[tuple[str, ast.AST], ...]
    #: the `functools.partial` call a keyword came from, for each such keyword
    bound_at: tuple[tuple[str, ast.Call], ...] = ()
    #: `*args` that the host function comes first in, when it is not written out
    #: (`jax.pure_callback(*args, **kwargs)` in a forwarding helper)
    host_in: ast.expr | None = None
    #: the `**` dicts whose keys are still to be found (None: those of the call itself)
    forwarded: tuple[ast.expr, ...] | None = None
    #: the module `host` is written in, when another module's call gave it (`_imported`)
    host_names: ModuleNames | None = None


def check_module(tree: ast.Module, text: str | None = None,
                 workspace: Workspace | None = None, path: str | None = None,
                 read: set[str] | None = None, *, remember: bool = True) -> list[Finding]:
    """JAX011 and JAX012 findings of a parsed module (`text`, its source if known: a module
    that names no callback has none, known without walking its tree). With a `workspace`,
    names imported from its modules are followed into them (from `path`, the module's
    file); `read` collects the paths of those read. `remember`: reuse the findings of an
    earlier version where the edit cannot change them, and keep these (`callback_hosts_memo`)."""
    helpers = (_helper_names(tree, workspace, Path(path) if path is not None else None)
               if workspace is not None else frozenset())
    if text is not None and not helpers and not any(w in text for w in _CALLBACK_WORDS):
        return []
    if text is not None and remember:
        reused = callback_hosts_memo.reuse(tree, text)
        if reused is not None:
            return script_reach.drop_unreached(tree, reused, text)
    scan = _scan(tree, text, helpers)
    linked = Linked(workspace, read, SAME_ARGUMENTS) if workspace is not None else None
    names = ModuleNames(tree, scan.parents, linked=linked,
                        path=Path(path) if path is not None and linked is not None else None,
                        through=SAME_ARGUMENTS)
    try:
        found = _check(names, scan) if scan.mentions else []
    finally:
        _ORIGIN.pop(id(names), None)
    if text is not None and remember:
        callback_hosts_memo.keep(tree, text, names, scan.words, found)
    # after the memo, which keeps what the pass read: what a script's run reaches is read from
    # the whole module, and only where there is a finding to rule out
    return script_reach.drop_unreached(tree, found, text)


def _check(names: ModuleNames, scan: _Scan) -> list[Finding]:
    # a call of a `functools.partial` of a callback first: it names the host function the
    # partial's own site (reported at the same place) does not
    sites = sorted((s for site in _sites(names, scan) for s in _through_callers(names, site)),
                   key=lambda s: s.host is None)
    out: dict[tuple[str, Span], Finding] = {}
    # the callback calls reaching each JAX011 (None: one of them is not known here)
    reached_from: dict[tuple[str, Span], set[Span] | None] = {}
    for site in sites:
        for f in _jax_in_host(names, site):
            key = (f.code, f.span)
            out.setdefault(key, f)
            calls = reached_from.setdefault(key, set())
            if calls is not None and site.host_names is None:
                calls.add(span_of(site.call))
            else:
                reached_from[key] = None
        for f in _vectorized(names, site):
            out.setdefault((f.code, f.span), f)
    if names.linked is not None:
        for f in _imported(names, scan):
            out.setdefault((f.code, f.span), f)
            reached_from[(f.code, f.span)] = None
    return [replace(f, sites=tuple(sorted(calls, key=_span_order)))
            if (calls := reached_from.get(key)) else f for key, f in out.items()]


def _span_order(span: Span) -> tuple[int, int, int, int]:
    return span.line, span.col, span.end_line, span.end_col


# ------------------------------------------------------- callbacks in imported helpers

#: the applications of another module's functions made by the module being checked, by
#: that module's names (`id`) and function (`id`): (arguments, keywords, the checker's names)
_EXTERNAL: dict[int, dict[int, list[tuple[list[ast.expr], list[tuple[str | None, ast.expr]],
                                          ModuleNames]]]] = {}


def _applications(names: ModuleNames, fn: ast.AST
                  ) -> list[tuple[list[Any], list[Any], ModuleNames]]:
    """The applications of `fn` (`ModuleNames.applications`), each with the module its
    arguments are written in: `names`, or the checked module calling `fn` from outside; and
    for a test method, the calls of its cases by the module's test runner (`test_cases`)."""
    found: list[tuple[list[Any], list[Any], ModuleNames]] = [
        (a, k, names) for a, k in names.applications(fn, SAME_ARGUMENTS)]
    found += _EXTERNAL.get(id(names), {}).get(id(fn), [])
    found += [(a, k, names) for a, k in names.test_cases(fn)]  # each case a runner runs
    return found


def _imported(names: ModuleNames, scan: _Scan) -> list[Finding]:
    """Findings at this module's calls of another workspace module's function that calls a
    callback with what this call gives it (`host_call(kernels.rbf, x)` where `host_call`
    hands its `fn` to `jax.pure_callback`, or calls it in the host function it gives): read
    in that module as if the call were its own, then reported at this call, pointing there.
    What that module reports by itself (a host it names) is left to it."""
    out: list[Finding] = []
    # per function of another module: its sites and what that module reports of them alone
    known: dict[int, tuple[list[CallbackSite], set[tuple[str, Span, str]]]] = {}
    scans: dict[int, _Scan] = {}
    for call in scan.calls:
        written = names.dotted(call.func)
        if written is None or _canonical(names, written) is not None:
            continue
        followed = names.follow(written)
        if followed is None or followed[1] is None or followed[1] is names:
            continue
        other, fn = followed[1], followed[2]
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or (
                other.scope_of(fn) is not other.tree):
            continue
        if id(fn) not in known:
            if id(other) not in scans:
                scans[id(other)] = _scan(other.tree, None)
            inside = _sites_in(other, scans[id(other)], fn)
            known[id(fn)] = (inside, {(f.code, f.span, f.message)
                                      for f in _site_findings(other, inside)} if inside else set())
        inside, alone = known[id(fn)]
        if not inside:
            continue
        applied = (list(call.args), [(k.arg, k.value) for k in call.keywords], names)
        _EXTERNAL.setdefault(id(other), {})[id(fn)] = [applied]
        try:
            found = [f for f in _site_findings(other, inside)
                     if (f.code, f.span, f.message) not in alone]
        finally:
            _EXTERNAL.pop(id(other), None)
        for f in found:
            out.append(_relocated(f, call, str(other.path)))
    return out


def _sites_in(names: ModuleNames, scan: _Scan, fn: ast.AST) -> list[CallbackSite]:
    """The callback sites of another module (`scan`: its own) within its function `fn`."""
    if not scan.mentions:
        return []
    inner = {id(n) for n in iter_nodes(fn)}
    return [site for site in _sites(names, scan) if id(site.call) in inner]


def _site_findings(names: ModuleNames, sites: list[CallbackSite]) -> list[Finding]:
    out: list[Finding] = []
    for site in sites:
        for s in _through_callers(names, site):
            out.extend((*_jax_in_host(names, s), *_vectorized(names, s)))
    return out


def _relocated(f: Finding, call: ast.Call, there: str) -> Finding:
    """A finding of another module's site (`there`) reported at this module's `call`: its
    steps in that module name it, and the call comes first."""
    steps = tuple(replace(st, filename=there) if st.filename is None else st for st in f.path)
    at = PathStep(span_of(call), f"calls `{ast.unparse(call.func)}`")
    message = f.message
    if f.code == jax011.RULE.code and f.path:  # the callback's line is that module's
        line = f.path[0].span.line
        message = message.replace(f"(line {line})", f"({Path(there).name}:{line})", 1)
    return replace(f, span=span_of(call), path=(at, *steps), message=message,
                   fixes=tuple(k for k in f.fixes if k is FixKind.SUPPRESS),
                   operand_spans=())


@dataclass
class _Scan:
    """What the pass reads of the tree before resolving names: the calls that may be a
    callback's, in source order, the names a callback may be called by (those imported as a
    callback, those bound to a `partial(...)`), whether any callback is named at all, and each
    node's parent (for `ModuleNames`, walked on demand: `static_names.Parents`).

    Only the top-level statements whose text names a callback, `partial` or one of those
    names are walked: a full walk of a 5,000-line module costs about a third of the whole
    analysis, and the pass runs at every keystroke."""

    parents: Parents
    calls: list[ast.Call]
    candidates: frozenset[str]
    mentions: bool
    #: the words a statement's text holds when it was walked
    words: frozenset[str]


def _names_any(chunk: str | None, words: set[str]) -> bool:
    """Whether a statement's text holds one of `words` (no text known: it may)."""
    return chunk is None or any(w in chunk for w in words)


def _scan(tree: ast.Module, text: str | None, helpers: frozenset[str] = frozenset()) -> _Scan:
    """`helpers`: the names imported from workspace modules that call callbacks
    (`_helper_names`): the statements naming them are walked too."""
    parents = Parents(tree)
    calls: list[ast.Call] = []
    candidates: set[str] = set()
    mentions = bool(helpers)
    statements = list(tree.body)
    chunks: list[str | None]
    if text is None:
        chunks = [None] * len(statements)
    else:
        lines = text.splitlines()
        chunks = ["\n".join(lines[parents.first_line(st) - 1:st.end_lineno or st.lineno])
                  for st in statements]
    words = {*_CALLBACK_NAMES, "callback", *_PARTIAL_WORDS, *helpers}
    walked = [False] * len(statements)
    while True:
        todo = [i for i, st in enumerate(statements) if not walked[i]
                and _names_any(chunks[i], words)]
        if not todo:
            break
        before = len(candidates)
        for i in todo:
            walked[i] = True
            for node in parents.walk(statements[i]):
                kind = type(node)
                if kind is ast.Call:
                    calls.append(node)  # type: ignore[arg-type]
                elif kind is ast.Attribute:
                    mentions = mentions or node.attr in _MENTIONED_ATTRIBUTES  # type: ignore[attr-defined]
                elif kind is ast.Constant and isinstance(node.value, str):  # type: ignore[attr-defined]
                    # `getattr(jax, "pure_callback")`
                    mentions = mentions or node.value in _MENTIONED_ATTRIBUTES  # type: ignore[attr-defined]
                elif kind is ast.Import or kind is ast.ImportFrom:
                    for al in node.names:  # type: ignore[attr-defined]
                        last = al.name.rsplit(".", 1)[-1]
                        if last in _CALLBACK_NAMES:
                            candidates.add(al.asname or al.name)
                        mentions = mentions or last in _MENTIONED_IMPORTS
                elif kind is ast.Assign and _may_hold_a_callback(
                        node.value, candidates):  # type: ignore[attr-defined]
                    candidates.update(t.id for t in node.targets  # type: ignore[attr-defined]
                                      if isinstance(t, ast.Name))
        if len(candidates) == before:
            break
        words |= candidates
    calls.sort(key=lambda c: (c.lineno, c.col_offset))
    return _Scan(parents, calls, frozenset(candidates), mentions, frozenset(words))


def may_call_a_callback(text: str, tree: ast.Module) -> bool:
    """Whether a module's code may call a host callback (the evaluator then runs it even with
    no transform in sight: `jax.host_runs`)."""
    return any(w in text for w in _CALLBACK_WORDS) and _names_a_callback(tree)


def _names_a_callback(tree: ast.Module) -> bool:
    """Whether a module's code names a host callback at all (a fact kept per text)."""
    for node in iter_nodes(tree):
        kind = type(node)
        if (kind is ast.Name and node.id in _CALLBACK_NAMES  # type: ignore[attr-defined]
                or kind is ast.Attribute and node.attr in _CALLBACK_NAMES  # type: ignore[attr-defined]
                or kind is ast.alias and node.name.rsplit(".", 1)[-1] in _CALLBACK_NAMES):  # type: ignore[attr-defined]
            return True
    return False


def _names_no_callback(text: str) -> bool | None:
    """False where a module's text cannot name a host callback (`_names_a_callback`): each
    of `_CALLBACK_NAMES` holds "callback", and Python's identifiers are the NFKC forms of
    what the text writes (in fullwidth letters, `callback` is still `callback`), so a
    non-ASCII text is normalised first. None: its tree must tell."""
    if text.isascii():
        return False if "callback" not in text else None
    return False if "callback" not in unicodedata.normalize("NFKC", text) else None


def _reexported(tree: ast.Module) -> dict[str, tuple[str, int]]:
    """The names a package's `__init__` imports from its modules at top level, each with the
    module (and dots) it imports it from (a fact kept per text)."""
    return {al.name: (st.module or "", st.level) for st in tree.body
            if isinstance(st, ast.ImportFrom) for al in st.names
            if al.name != "*" and (al.asname is None or al.asname == al.name)}


def _helper_names(tree: ast.Module, workspace: Workspace, importer: Path | None
                  ) -> frozenset[str]:
    """The names this module's top-level imports bind to workspace modules, or names of
    theirs, whose code names a callback: a call of one may reach a callback with what this
    module gives it (`_imported`). A cheap first test: files found and facts kept by text."""
    found: set[str] = set()

    def find(dotted: str, level: int, at: Path | None) -> Path | None:
        try:
            return workspace.find(dotted, level, at)
        except OSError:
            return None

    def names_callbacks(file: Path) -> bool:
        # (through the workspace's own lookups: the result cache records them)
        return bool(workspace.facts(file, _names_a_callback, _names_no_callback))

    def names_one(dotted: str, level: int, at: Path | None = importer) -> bool:
        file = find(dotted, level, at)
        return file is not None and names_callbacks(file)

    def from_import(base: str, name: str, level: int, at: Path | None, depth: int = 0
                    ) -> bool:
        # the submodule `name` of the package, else the module the name is in, else the
        # module a package's `__init__` re-exports it from
        if names_one(f"{base}.{name}" if base else name, level, at):
            return True
        if not (base or level):
            return False
        file = find(base, level, at)
        if file is None:
            return False
        if names_callbacks(file):
            return True
        source = workspace.facts(file, _reexported) if file.name == "__init__.py" else None
        if not source or name not in source or depth >= 2:
            return False
        inner_base, inner_level = source[name]
        return from_import(inner_base, name, inner_level, file, depth + 1)

    for st in tree.body:
        if isinstance(st, ast.ImportFrom):
            base = st.module or ""
            for al in st.names:
                if al.name != "*" and from_import(base, al.name, st.level, importer):
                    found.add(al.asname or al.name)
        elif isinstance(st, ast.Import):
            for al in st.names:
                if names_one(al.name, 0):
                    found.add(al.asname or al.name.split(".", 1)[0])
    return frozenset(found)


def span_of(node: ast.AST) -> Span:
    return Span(node.lineno, node.col_offset,  # type: ignore[attr-defined]
                getattr(node, "end_lineno", None) or node.lineno,  # type: ignore[attr-defined]
                getattr(node, "end_col_offset", None) or node.col_offset)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the callback sites


def _callee(names: ModuleNames, func: ast.expr, depth: int = 0
            ) -> tuple[str, list[ast.expr], list[tuple[str, ast.AST, ast.Call]]] | None:
    """The callback a called expression is (its report name), with the positional
    arguments and keywords `functools.partial`s bound to it before the call."""
    if depth > 8:
        return None
    dotted = _dotted(names, func)
    if dotted in CALLBACKS:
        return CALLBACKS[dotted], [], []
    target: ast.AST | None = func
    if isinstance(func, ast.Name):
        b = names.lookup(func.id, func)
        target = b.node if b is not None and b.kind == "assign" else None
    elif isinstance(func, ast.Attribute):  # a class attribute (`self.invoke`)
        cls = names.class_of(func.value)
        target = (names.class_attribute(cls, func.attr)
                  if cls is not None and names.member(cls, func.attr) is None else None)
    if isinstance(target, ast.Call) and _hands_back(names, target):
        return _callee(names, target.args[0], depth + 1)  # `staticmethod(jax.pure_callback)`
    if (isinstance(target, ast.Call) and target.args
            and names.dotted(target.func) in PARTIAL):
        inner = _callee(names, target.args[0], depth + 1)
        if inner is not None:
            what, pos, kws = inner
            return (what, pos + list(target.args[1:]),
                    kws + [(k.arg, k.value, target) for k in target.keywords if k.arg])
    return None


_CALLBACK_NAMES = frozenset({"pure_callback", "io_callback", "callback", "debug_callback",
                            "filter_pure_callback"})
#: the attribute and imported names that make a module worth the pass (a cheap first test)
_MENTIONED_ATTRIBUTES = _CALLBACK_NAMES
_MENTIONED_IMPORTS = _CALLBACK_NAMES | {"debug"}


def _may_hold_a_callback(value: ast.expr, candidates: set[str] | frozenset[str]) -> bool:
    """Whether an assigned value may be a callback, or a partial of one, by the words it is
    written with (`partial(...)`, `getattr(jax, "pure_callback")`,
    `staticmethod(jax.pure_callback)`): its targets are then names a callback may be called
    by."""
    if isinstance(value, ast.Call):
        f = value.func
        if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")) in _PARTIAL_WORDS:
            return True
        return any(_may_hold_a_callback(a, candidates) for a in value.args) or any(
            isinstance(a, ast.Constant) and a.value in _CALLBACK_NAMES for a in value.args)
    if isinstance(value, ast.Attribute):
        return value.attr in _CALLBACK_NAMES
    return isinstance(value, ast.Name) and value.id in candidates


def _may_be_a_callback(func: ast.expr, candidates: frozenset[str]) -> bool:
    if isinstance(func, ast.Attribute):
        return (func.attr in _CALLBACK_NAMES or func.attr in _PARTIAL_WORDS
                or func.attr in candidates)
    if isinstance(func, ast.Name):
        return func.id in candidates or func.id in _PARTIAL_WORDS
    return isinstance(func, ast.Call)


def _sites(names: ModuleNames, scan: _Scan) -> Iterator[CallbackSite]:
    for node in scan.calls:
        if not _may_be_a_callback(node.func, scan.candidates):
            continue
        found = _callee(names, node.func)
        if found is not None:
            what, bound_pos, bound_kws = found
            args = bound_pos + list(node.args)
            keywords: list[tuple[str, ast.AST]] = [(k, v) for k, v, _ in bound_kws]
            keywords += [(kw.arg, kw.value) for kw in node.keywords if kw.arg]
            for kw in node.keywords:
                if kw.arg is None:
                    keywords += list(_dict_keys(names, kw.value))
            host: ast.AST | None = (args[0] if args and not isinstance(args[0], ast.Starred)
                                    else None)
            host = host or next((v for k, v in keywords if k == "callback"), None)
            host_in = (args[0].value if host is None and args
                       and isinstance(args[0], ast.Starred) else None)
            yield CallbackSite(node, what, host,  # type: ignore[arg-type]
                               tuple(keywords), tuple((k, at) for k, _, at in bound_kws),
                               host_in)
        elif node.args and names.dotted(node.func) in PARTIAL:
            # a partial of a callback (called here or not: returned, passed on): the keywords
            # it binds are the callback's wherever it is called
            inner = _callee(names, node.args[0])
            if inner is not None:
                what, pos, kws = inner
                kws = kws + [(k.arg, k.value, node) for k in node.keywords if k.arg]
                args = pos + list(node.args[1:])
                yield CallbackSite(node, what, args[0] if args else None,
                                   tuple((k, v) for k, v, _ in kws),
                                   tuple((k, at) for k, _, at in kws))


#: how many forwarding helpers deep a host function or keywords are followed
MAX_FORWARDING_DEPTH = 4


def _through_callers(names: ModuleNames, site: CallbackSite, depth: int = 0
                     ) -> list[CallbackSite]:
    """A site whose host function is a parameter of a function around it (or the first of
    its `*args`), or whose keywords come from such a function's `**` parameter (a forwarding
    helper), read once for each application of that function in the module (a call, or a
    decorator handing it the decorated function), and so on up through helpers that forward
    them in turn; the site itself where the module applies it nowhere."""
    host_owner = (_parameter_owner(names, site.host, site.host.id)
                  if isinstance(site.host, ast.Name) else None)
    star_owner = None
    if isinstance(site.host_in, ast.Name):
        owner = _parameter_owner(names, site.host_in, site.host_in.id)
        if owner is not None and owner.args.vararg is not None and (
                owner.args.vararg.arg == site.host_in.id):
            star_owner = host_owner = owner
    forwarded = (site.forwarded if site.forwarded is not None
                 else tuple(k.value for k in site.call.keywords if k.arg is None))
    kw_owner = None
    for value in forwarded:
        if isinstance(value, ast.Name):
            owner = _parameter_owner(names, value, value.id)
            if owner is not None and owner.args.kwarg is not None and (
                    owner.args.kwarg.arg == value.id) and _spread_calls(names, owner) is not None:
                # (a dict the helper changes, `opts.pop("vectorized")`, is not followed)
                kw_owner = owner
    spread = _conditional_spreads(names, site)
    around = names.scope_of(site.call)
    cond_owner = (around if spread and isinstance(around, (ast.FunctionDef, ast.AsyncFunctionDef))
                  else None)
    owners = {id(o): o for o in (host_owner, kw_owner, cond_owner) if o is not None}
    fn = host_owner or kw_owner or cond_owner
    if fn is None or depth >= MAX_FORWARDING_DEPTH or len(owners) > 1:
        return [site]
    out = []
    for args, keywords, given_in in _applications(names, fn):
        bound, extra = bind_arguments(fn, args, keywords)
        outside = given_in is not names  # the checked module's call of this module's helper
        if not outside and _skipped_under(names, site.call, fn, bound):
            continue  # this application does not reach the callback
        # (another module's arguments are read here only where they are literals)
        deciding: dict[str, ast.AST] = bound if not outside else {
            k: v for k, v in bound.items() if isinstance(v, ast.Constant)}
        given = tuple(kv for name in spread
                      for kv in _keys_set_given(names, name, fn, deciding))
        host_in = None
        if star_owner is fn:  # the first argument past the named positional ones
            n = len(fn.args.posonlyargs) + len(fn.args.args)
            starred = next((i for i, a in enumerate(args) if isinstance(a, ast.Starred)),
                           len(args))
            host = args[n] if n < starred else None
            if starred == n:  # forwarded on as `*args` again
                host_in = args[n].value  # type: ignore[attr-defined]
        else:
            host = (bound.get(site.host.id, parameter_default(fn, site.host.id))  # type: ignore[union-attr]
                    if host_owner is fn else site.host)
        more: tuple[tuple[str, ast.AST], ...] = ()
        onward: tuple[ast.expr, ...] = ()
        if kw_owner is fn:
            more = tuple(extra)
            for k, v in keywords:
                if k is None:
                    more += tuple(_dict_keys(given_in, v))
                    onward += (v,)
            if outside:
                for _, v in more:
                    _ORIGIN.setdefault(id(names), {})[id(v)] = given_in.path
        passed = star_owner is fn or (
            host_owner is fn and site.host.id in bound)  # type: ignore[union-attr]
        host_names = given_in if outside and passed else site.host_names
        applied = replace(site, host=host, keywords=site.keywords + given + more,  # type: ignore[arg-type]
                          host_in=host_in, forwarded=onward, host_names=host_names)
        if outside:
            out.append(applied)  # (its callers are that module's own)
            continue
        out.extend(_through_callers(names, applied, depth + 1))
    return out or [site]


def _conditional_spreads(names: ModuleNames, site: CallbackSite) -> list[ast.Name]:
    """The dicts the callback call itself spreads (`**keywords`, a local of the function
    around it) on which that function sets a key only under an `if`: which keys they hold
    depends on the arguments of each application of the function."""
    fn = names.scope_of(site.call)
    if site.forwarded or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    out = []
    for k in site.call.keywords:
        if k.arg is None and isinstance(k.value, ast.Name) and (
                _parameter_owner(names, k.value, k.value.id) is None):
            always = {key for key, _ in _keys_set_on(names, k.value)}
            if any(key not in always for key, _ in _keys_set_in(iter_nodes(fn), k.value)):
                out.append(k.value)
    return out


def _skipped_under(names: ModuleNames, node: ast.AST, fn: ast.AST,
                   bound: dict[str, ast.AST]) -> bool:
    """Whether `node`, in `fn`, is in the branch of an `if` on a flag parameter that the
    arguments `bound` (by parameter) make it skip: `if on_host: jax.pure_callback(...)` for
    an application passing `on_host=False` (or a constant flag of the module)."""
    child, parent = node, names.parents.get(node)
    while parent is not None and child is not fn:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
            value = _constant_flag(names, parent.test, given=bound)
            if value is not _NOT_KNOWN:
                in_body = (child is parent.body if isinstance(parent, ast.IfExp)
                           else child in parent.body)
                if bool(value) != in_body:
                    return True
        child, parent = parent, names.parents.get(parent)
    return False


def _parameter_owner(names: ModuleNames, at: ast.AST, name: str
                     ) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    """The function around `at` whose parameter `name` is (None: it is bound otherwise)."""
    for scope in names.enclosing(names.scope_of(at)):
        if name in names.bindings(scope):
            if len(names.bindings(scope)[name]) > 1:
                return None  # rebound in the function: not the argument any more
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = scope.args
                if any(p is not None and p.arg == name for p in (
                        *a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg)):
                    return scope
            return None
    return None


def _dict_keys(names: ModuleNames, expr: ast.expr, depth: int = 0
               ) -> Iterator[tuple[str, ast.AST]]:
    """The string keys (with their values) of a dict given as `**expr`, where it is a dict
    display, `dict(...)` (of keywords, or a copy of a dict), dicts merged by `|` or `vars` of
    an `argparse` namespace written in the module (through a name bound once)."""
    if depth > 4:
        return
    if isinstance(expr, ast.Dict):
        for k, v in zip(expr.keys, expr.values):
            if isinstance(k, ast.Constant) and isinstance(k.value, str):
                yield k.value, v
            elif k is None:
                yield from _dict_keys(names, v, depth + 1)
    elif isinstance(expr, ast.Call) and names.dotted(expr.func) is None and (
            isinstance(expr.func, ast.Name) and expr.func.id == "dict"
            and names.lookup("dict", expr) is None):
        if len(expr.args) == 1:  # `dict(defaults, ...)`: a copy
            yield from _dict_keys(names, expr.args[0], depth + 1)
        for kw in expr.keywords:
            if kw.arg:
                yield kw.arg, kw.value
            else:
                yield from _dict_keys(names, kw.value, depth + 1)
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and (
            expr.func.id == "vars" and len(expr.args) == 1 and not expr.keywords
            and names.lookup("vars", expr) is None):
        yield from _namespace_keys(names, expr.args[0])  # `**vars(opts)`
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):  # merged (PEP 584)
        yield from _dict_keys(names, expr.left, depth + 1)
        yield from _dict_keys(names, expr.right, depth + 1)
    elif isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and (
            names.dotted(expr.func) == "dataclasses.asdict"):
        cls = names.class_of(expr.args[0])
        if cls is not None and any(_dataclass_decorator(names, d) for d in cls.decorator_list):
            yield from _dataclass_fields(cls)
    elif isinstance(expr, ast.IfExp):  # `dict(vectorized=True) if batch_hint else {}`
        taken = _decided_branch(names, expr)
        if taken is not None:
            yield from _dict_keys(names, taken, depth + 1)
    elif isinstance(expr, ast.DictComp):  # `{k: v for k, v in d.items() if k in ALLOWED}`
        allowed = _allow_listed(names, expr)
        if allowed is not None:
            source = expr.generators[0].iter.func.value  # type: ignore[attr-defined]
            yield from ((k, v) for k, v in _dict_keys(names, source, depth + 1) if k in allowed)
    elif isinstance(expr, ast.Call):  # `**spec.as_kwargs()`, `**call_options(batched)`
        yield from _returned_keys(names, expr, depth)
    elif isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is None:
            yield from _rebound_dict_keys(names, expr, depth)
        if b is not None and b.kind == "assign" and b.node is not None:
            # (less the keys taken out of that dict through a name sharing it, anywhere:
            # `cleaned = options; cleaned.pop("vectorized")` in a helper given it; a walk of
            # the whole module, so nothing of it may change unread: `callback_hosts_memo`)
            names.read_everything = True
            out = dict_aliases.taken_out(names.tree, dict_aliases.holder(names.tree, expr))
            if out is not dict_aliases.ALL:
                yield from ((k, v) for k, v in _dict_keys(names, b.node, depth + 1)  # type: ignore[arg-type]
                            if k not in out)
        elif b is not None and b.kind == "import" and b.target:
            yield from _imported_dict_keys(names, b.target, depth)
        elif b is not None and b.kind == "other":
            passed = _passed_dicts(names, expr)
            if passed is None:
                default = _unpassed_default(names, expr)
                passed = [] if default is None else [default]
            for one in passed:
                yield from _dict_keys(names, one, depth + 1)
            for item in _loop_items(names, b):
                yield from _dict_keys(names, item, depth + 1)
            yield from _case_dict_keys(names, expr, depth)
        yield from _keys_set_on(names, expr)
        yield from _keys_put_by_calls(names, expr)
    elif isinstance(expr, ast.Attribute):  # a class attribute (`**self.CALL_OPTS`)
        cls = names.class_of(expr.value)
        value = None if cls is None else names.class_attribute(cls, expr.attr)
        if value is None and cls is not None:  # set by the fixture a test runner runs first
            value = names.fixture_value(cls, expr.attr)
        if value is not None:
            yield from _dict_keys(names, value, depth + 1)
            for sub in _overriding_subclasses_made(names, expr, cls):  # type: ignore[arg-type]
                yield from _dict_keys(names, names.class_attribute(sub, expr.attr),  # type: ignore[arg-type]
                                      depth + 1)
        fields = (_passed_fields(names, expr.value, expr.attr)
                  if value is None and isinstance(expr.value, ast.Name) else None)
        if fields is not None:
            for module, field in fields:
                yield from _dict_keys(module, field, depth + 1)
        elif value is None and cls is None:  # another module's (`**config.CALL_OPTS`)
            dotted = names.dotted(expr)
            if dotted is not None:
                yield from _imported_dict_keys(names, dotted, depth)


def _decided_branch(names: ModuleNames, expr: ast.IfExp) -> ast.expr | None:
    """The branch of a conditional dict that runs, where its test is decided: a constant
    flag (`_constant_flag`), or a parameter of the function it is in that every application
    gives a value of the same truth (`_flag_arguments`: followed up through callers'
    parameters, a click option's default included); None where not decided (either branch
    may run: no key of either is reported)."""
    flag = _constant_flag(names, expr.test)
    test = expr.test
    if flag is _NOT_KNOWN and isinstance(test, ast.Name):
        owner = _parameter_owner(names, test, test.id)
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                owner is names.scope_of(expr)) and not isinstance(
                names.parents.get(owner), ast.ClassDef):
            values = _flag_arguments(names, owner, test.id)
            truths = {_constant_flag(names, v) for v in values or ()}
            if len(truths) == 1 and _NOT_KNOWN not in truths:
                flag = truths.pop()
    if flag is _NOT_KNOWN:
        return None
    return expr.body if flag else expr.orelse


def _allow_listed(names: ModuleNames, comp: ast.DictComp) -> frozenset[str] | None:
    """For a dict comprehension copying another dict's items whose key an allow-list holds
    (`{k: v for k, v in opts.items() if k in CALLBACK_KEYS}`), the allow-list's strings:
    a literal tuple, list or set, written there or bound once to a name; None otherwise."""
    if len(comp.generators) != 1:
        return None
    gen = comp.generators[0]
    target, it = gen.target, gen.iter
    if gen.is_async or not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(
            isinstance(t, ast.Name) for t in target.elts)) or not (
            isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute)
            and it.func.attr == "items" and not it.args and not it.keywords):
        return None
    key, value = (t.id for t in target.elts)  # type: ignore[attr-defined]
    if not (isinstance(comp.key, ast.Name) and comp.key.id == key and isinstance(
            comp.value, ast.Name) and comp.value.id == value) or len(gen.ifs) != 1:
        return None
    test = gen.ifs[0]
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
            test.ops[0], ast.In) and isinstance(test.left, ast.Name) and test.left.id == key):
        return None
    listed: ast.AST | None = test.comparators[0]
    if isinstance(listed, ast.Name):
        b = names.lookup(listed.id, listed)
        listed = b.node if b is not None and b.kind == "assign" else None
    if not isinstance(listed, (ast.Tuple, ast.List, ast.Set)) or not all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in listed.elts):
        return None
    return frozenset(e.value for e in listed.elts)  # type: ignore[attr-defined]


def _passed_dicts(names: ModuleNames, expr: ast.Name) -> list[ast.expr] | None:
    """For a parameter of a plain function spread as `**options`, what each application in
    the module passes it, its default where one passes nothing (`static_names.parameter_values`:
    an options dict handed down through callers, `run(x, options=LEGACY)`); None where that is
    not known (a method's parameter, an application's `*`/`**` arguments), or where the
    function changes the dict (a key it takes out may be the one passed)."""
    if _keys_taken_out(names, expr.id, names.scope_of(expr)):
        return None
    values = names.given(expr)
    return None if values is None else [v for v in values if isinstance(v, ast.expr)]


@dataclass
class _ClassIndex:
    """A module's classes in `ast.walk`'s order, and what each base expression names
    (`ModuleNames.definition`, a function of the module's text), as `_subclasses` asks them:
    asked for every class of the module once per base it looks under, again for each
    attribute read it was asked about (0.2 of 13 CPU-s of a check of jax, flax, optax and
    equinox)."""

    classes: list[ast.ClassDef]
    definitions: dict[ast.expr, ast.AST | None]


def _subclasses(names: ModuleNames, cls: ast.ClassDef) -> list[ast.ClassDef]:
    """The module's classes deriving from `cls` through its own classes, nearest first."""
    index: _ClassIndex | None = names.derived.get("callback_hosts.classes")
    if index is None:
        index = names.derived["callback_hosts.classes"] = _ClassIndex(
            [n for n in names.walk_all() if isinstance(n, ast.ClassDef)], {})
    names.read_everything = True  # (what `walk_all` notes, each time)
    definitions = index.definitions

    def definition(b: ast.expr) -> ast.AST | None:
        if b in definitions:
            return definitions[b]
        found = definitions[b] = names.definition(b)
        return found

    found: list[ast.ClassDef] = []
    todo = [cls]
    while todo and len(found) < 64:
        base = todo.pop(0)
        for c in index.classes:
            if c not in found and c is not cls and any(definition(b) is base for b in c.bases):
                found.append(c)
                todo.append(c)
    return found


def _overriding_subclasses_made(names: ModuleNames, expr: ast.Attribute, cls: ast.ClassDef
                                ) -> list[ast.ClassDef]:
    """For `self.attr` read in a method of `cls`: the subclasses that assign `attr` in their
    own body, inherit the method, and are made where the module's run can reach (a call of
    the class, or of a conditional choosing it, at top level or in a function one of whose
    applications takes that branch): on their instances the method reads their value."""
    method = names.scope_of(expr)
    while isinstance(method, ast.Lambda):
        method = names.scope_of(method)
    params = getattr(getattr(method, "args", None), "args", [])
    if names.parents.get(method) is not cls or not params or not isinstance(
            expr.value, ast.Name) or params[0].arg != expr.value.id:
        return []
    out = []
    for sub in _subclasses(names, cls):
        if names.class_attribute(sub, expr.attr) is not None and names.member(
                sub, method.name) is method and _made_reachably(names, sub):  # type: ignore[attr-defined]
            out.append(sub)
    return out


def _dispatched(names: ModuleNames, expr: ast.AST) -> ast.AST | None:
    """For `self.m` in a method of a class `C` of the module, where a subclass overrides
    `m`: the one `m` that every class of `C`'s hierarchy the module makes (`_made_reachably`,
    or by a classmethod factory: `_made_by_classmethod`) and which runs this method finds
    (a base method calling `self._store` on the instances of a subclass that replaces
    `_store` runs the subclass's). None where no subclass overrides it, none of them is
    seen made, or they find different ones (`names.definition`'s answer then stands)."""
    if not (isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name)):
        return None
    method = names.scope_of(expr)
    while isinstance(method, ast.Lambda):
        method = names.scope_of(method)
    cls = names.parents.get(method)
    params = getattr(getattr(method, "args", None), "args", [])
    if not isinstance(cls, ast.ClassDef) or not params or params[0].arg != expr.value.id or (
            any(isinstance(n, ast.Name) and n.id == expr.value.id and isinstance(
                n.ctx, ast.Store) for n in iter_nodes(method))):
        return None
    subs = _subclasses(names, cls)
    if not any(method_of(sub, expr.attr) is not None for sub in subs):
        return None  # (nothing overrides it: as written)
    found: dict[int, ast.AST] = {}
    for k in (cls, *subs):
        if names.member(k, method.name) is not method:  # type: ignore[attr-defined]
            continue  # (its instances run another version of this method)
        if not (_made_reachably(names, k) or _made_by_classmethod(names, k)):
            continue
        m = names.member(k, expr.attr)
        if m is None:
            return None
        found[id(m)] = m
    return next(iter(found.values())) if len(found) == 1 else None


def _made_by_classmethod(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether the module calls a classmethod on `cls` by name (`HostTable.default()`)
    that makes an instance by calling its first parameter (`return cls(...)`)."""
    for node in names.walk_all():
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == cls.name
                and names.definition(node.func.value) is cls):
            continue
        fn = names.member(cls, node.func.attr)
        if not isinstance(fn, ast.FunctionDef) or not fn.args.args or not any(
                isinstance(d, ast.Name) and d.id == "classmethod" for d in fn.decorator_list):
            continue
        first = fn.args.args[0].arg
        if any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == first
               for c in iter_nodes(fn)):
            return True
    return False


def _made_reachably(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether the module calls `cls` (named as the callee, or as a branch of a conditional
    callee) where its run can reach: at top level, or in a function some application of
    which does not skip that branch (`_skipped_under`)."""
    for node in names.walk_all():
        if not (isinstance(node, ast.Name) and node.id == cls.name) or (
                names.definition(node) is not cls):
            continue
        at: ast.AST = node
        parent = names.parents.get(node)
        if isinstance(parent, ast.IfExp) and node is not parent.test:
            at, parent = parent, names.parents.get(parent)
        if not (isinstance(parent, ast.Call) and parent.func is at):
            continue
        fn = names.scope_of(node)
        if fn is names.tree:
            if _bound_unread(names, parent, cls):
                continue
            return True
        for args, keywords, given_in in _applications(names, fn):
            if given_in is not names:
                continue
            bound = bind_arguments(fn, args, keywords)[0]
            if not (any(isinstance(a, ast.Starred) for a in args) or any(
                    k is None for k, _ in keywords)):  # (else what they pass is not known)
                a = getattr(fn, "args", None)
                for p in () if a is None else (*a.posonlyargs, *a.args, *a.kwonlyargs):
                    default = parameter_default(fn, p.arg)
                    if p.arg not in bound and default is not None:
                        bound[p.arg] = default  # passed nothing: its default
            if not _skipped_under(names, node, fn, bound):
                return True
    return False


def _bound_unread(names: ModuleNames, call: ast.AST, cls: ast.ClassDef) -> bool:
    """Whether the instance `call` makes at top level is only bound to a name the module
    never reads (`spare = LegacyObserver(...)`, never attached), by a class whose
    constructors (its own and its module bases') hand `self` nowhere: no method of it
    runs, so none reads its class attributes."""
    stmt = names.parents.get(call)
    if not (isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)) or names.parents.get(
                stmt) is not names.tree:
        return False
    bound = stmt.targets[0].id
    if bound == "__all__" or any(
            isinstance(n, ast.Name) and n.id == bound and not isinstance(n.ctx, ast.Store)
            or isinstance(n, (ast.Global, ast.Nonlocal)) and bound in n.names
            or isinstance(n, ast.Constant) and n.value == bound
            for n in names.walk_all()):
        return False  # (read, declared global, or named in a string: `__all__`, getattr)
    return _keeps_self(names, cls, set())


def _keeps_self(names: ModuleNames, cls: ast.ClassDef, seen: set[int]) -> bool:
    """Whether the constructors of `cls` and its bases (all the module's classes, no
    metaclass or keywords) use `self` only to set its attributes (`self.name = name`)."""
    if id(cls) in seen:
        return True
    seen.add(id(cls))
    if cls.keywords or cls.decorator_list:
        return False
    for b in cls.bases:
        base = names.definition(b) if isinstance(b, ast.Name) else None
        if not isinstance(base, ast.ClassDef) or not _keeps_self(names, base, seen):
            return False
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in (
                "__init__", "__new__", "__post_init__", "__init_subclass__", "__del__"):
            if stmt.name != "__init__" or not stmt.args.args:
                return False
            me = stmt.args.args[0].arg
            for n in iter_nodes(stmt):
                if isinstance(n, ast.Name) and n.id == me and not (
                        isinstance(up := names.parents.get(n), ast.Attribute)
                        and isinstance(up.ctx, ast.Store)):
                    return False
    return True


def _passed_fields(names: ModuleNames, param: ast.Name, attr: str
                   ) -> list[tuple[ModuleNames, ast.expr]] | None:
    """For `case.options`, `case` a parameter of a plain function: the field `attr` of each
    record (a `NamedTuple`, a frozen dataclass of the module) an application passes it, made
    in the call (`check(Case(name, host, options), x)`) or an item of a list the module
    shows (`check(CASES[0], x)`); None where `case` is no such parameter."""
    given = names.given(param)
    if given is None:
        return None
    out: list[tuple[ModuleNames, ast.expr]] = []
    for value in given:
        value = _shown_item(names, value)
        cls = names.definition(value.func) if isinstance(value, ast.Call) else None
        field = (_construction_field(names, value, cls, attr)  # type: ignore[arg-type]
                 if isinstance(cls, ast.ClassDef) else None)
        if field is not None:
            out.append(field)
    return out


def _shown_item(names: ModuleNames, value: ast.AST) -> ast.AST:
    """`CASES[0]`, for a name bound once to a list or tuple display: that item (the value
    itself otherwise)."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and isinstance(
            value.slice, ast.Constant) and type(value.slice.value) is int:
        b = names.lookup(value.value.id, value.value)
        shown = b.node if b is not None and b.kind == "assign" else None
        if isinstance(shown, (ast.List, ast.Tuple)) and not any(
                isinstance(x, ast.Starred) for x in shown.elts) and (
                -len(shown.elts) <= value.slice.value < len(shown.elts)):
            return shown.elts[value.slice.value]
    return value


def _loop_items(names: ModuleNames, b: Binding) -> list[ast.expr]:
    """For a name bound by a `for` over a collection written in the module (a timing loop
    over option variants: `for name, opts in variants.items()`, `for opts in variants.values()`,
    `for opts in (a, b)`), each item it takes in turn; [] otherwise."""
    target = b.site
    loop = names.parents.get(target) if target is not None else None
    position = None
    if isinstance(loop, ast.Tuple) and len(loop.elts) == 2 and target in loop.elts:
        position = loop.elts.index(target)  # type: ignore[arg-type]
        loop = names.parents.get(loop)
    if not isinstance(loop, (ast.For, ast.AsyncFor)) or loop.target is not (
            target if position is None else names.parents.get(target)):  # type: ignore[arg-type]
        return []
    over: ast.AST | None = loop.iter
    method = None
    if isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute) and not (
            loop.iter.args or loop.iter.keywords):
        over, method = loop.iter.func.value, loop.iter.func.attr
    if isinstance(over, ast.Name):
        bound = names.lookup(over.id, over)
        over = bound.node if bound is not None and bound.kind == "assign" else None
    if isinstance(over, ast.Dict) and None not in over.keys and (
            (method == "items" and position == 1) or (method == "values" and position is None)):
        return list(over.values)
    if isinstance(over, (ast.List, ast.Tuple)) and method is None and position is None and not any(
            isinstance(e, ast.Starred) for e in over.elts):
        return list(over.elts)
    return []


def _rebound_dict_keys(names: ModuleNames, expr: ast.Name, depth: int
                       ) -> Iterator[tuple[str, ast.AST]]:
    """The keys of a module-level options dict bound several times (a notebook cell
    re-assigning `cb_opts = {**cb_opts, "vectorized": True}`): those of each binding in force
    where it is read (`flow_bindings`). None where the module takes a key out of a dict of
    that name anywhere (`cb_opts.pop(...)`, `del cb_opts[...]`): which keys are left then
    depends on the order of runs this does not follow."""
    live = flow_bindings.live_bindings(names, expr.id, expr)
    if live is None or _keys_taken_out(names, expr.id):
        return
    for b in live:
        if b.kind == "assign" and isinstance(b.node, ast.expr):
            yield from _dict_keys(names, b.node, depth + 1)


def _keys_taken_out(names: ModuleNames, name: str, within: ast.AST | None = None) -> bool:
    """Whether the module (or `within`, one of its functions) removes a key from a dict named
    `name` anywhere (`pop`, `popitem`, `clear`, `del name[...]`)."""
    for node in names.walk_all() if within is None else iter_nodes(within):
        if isinstance(node, ast.Delete) and any(
                isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)
                and t.value.id == name for t in node.targets):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(
                node.func.value, ast.Name) and node.func.value.id == name and (
                node.func.attr in ("pop", "popitem", "clear")):
            return True
    return False


def _case_dict_keys(names: ModuleNames, expr: ast.Name, depth: int
                    ) -> Iterator[tuple[str, ast.AST]]:
    """The keys of the dicts a test runner's cases give the test method's parameter `expr`
    (`@parameterized.named_parameters(("legacy", {"vectorized": True}))`): each case runs."""
    owner = _parameter_owner(names, expr, expr.id)
    if owner is None:
        return
    for args, keywords in names.test_cases(owner):
        value = bind_arguments(owner, args, keywords)[0].get(expr.id)
        if value is not None:
            yield from _dict_keys(names, value, depth + 1)  # type: ignore[arg-type]


def _imported_dict_keys(names: ModuleNames, dotted: str, depth: int
                        ) -> Iterator[tuple[str, ast.AST]]:
    """The keys of a dict another workspace module binds once at its top level (an options
    dict in `config.py` spread into the callback here), each value remembered as that
    module's (`_origin`)."""
    followed = names.follow(dotted)
    if followed is None or followed[1] is None or followed[1] is names:
        return
    module, node = followed[1], followed[2]
    if not isinstance(node, ast.expr) or module.scope_of(node) is not module.tree:
        return
    for key, value in _dict_keys(module, node, depth + 1):
        _ORIGIN.setdefault(id(names), {})[id(value)] = (
            _ORIGIN.get(id(module), {}).get(id(value), module.path))
        yield key, value


def _returned_keys(names: ModuleNames, call: ast.Call, depth: int
                   ) -> Iterator[tuple[str, ast.AST]]:
    """The keys of the dict returned by a call of a function, or of a method of an instance,
    the workspace shows (`**call_options(batched)`, `**spec.as_kwargs()`): those every `return`
    that can run gives, each a dict display, `dict(...)` or a local dict with the keys set on
    it before (under an `if` too, where the call decides it: its arguments' literals, or the
    literal fields of a frozen record the method's instance was made with). A `return` whose
    keys are not read gives none, so no key some path may lack is reported."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords):
        return
    found = _called_function(names, call)
    if found is None:
        return
    module, fn, given = found
    returns = [r for r in own_returns(fn) if not _skipped_under(module, r, fn, given)]
    if not returns or any(r.value is None for r in returns):
        return
    common: dict[str, ast.AST] | None = None
    for r in returns:
        assert r.value is not None
        keys = dict(_result_keys(module, fn, r.value, given, depth))
        common = keys if common is None else {k: v for k, v in common.items() if k in keys}
    for key, value in (common or {}).items():
        if module is not names:
            _ORIGIN.setdefault(id(names), {})[id(value)] = (
                _ORIGIN.get(id(module), {}).get(id(value), module.path))
        yield key, value


def _result_keys(module: ModuleNames, fn: ast.AST, value: ast.expr, given: dict[str, ast.AST],
                 depth: int) -> Iterator[tuple[str, ast.AST]]:
    """The keys of the dict one `return value` of `fn` gives (`_returned_keys`): a local dict
    the function removes no key from, with the keys set on it always and those set under an
    `if` that `given` decides; else what `_dict_keys` reads of `value`."""
    if isinstance(value, ast.Name) and module.scope_of(value) is fn and (
            value.id in module.bindings(fn)):
        for node in iter_nodes(fn):
            if (isinstance(node, ast.Delete) and any(
                    isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)
                    and t.value.id == value.id for t in node.targets)) or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == value.id
                    and node.func.attr in ("pop", "popitem", "clear")):
                return  # a key may be taken out again
        yield from _keys_set_given(module, value, fn, given)
    yield from _dict_keys(module, value, depth + 1)


def _called_function(names: ModuleNames, call: ast.Call
                     ) -> tuple[ModuleNames, ast.FunctionDef | ast.AsyncFunctionDef,
                                dict[str, ast.AST]] | None:
    """The function a call runs, with the module it is written in and what the call gives its
    parameters (only literals, where it is another module's: `_constant_flag` reads them in
    that module): a function of this module or imported from another workspace module, or
    a method (no decorator) of an instance made of a class of the module that makes it
    (`_instance_made`), its `self.<field>` given the literal fields of a frozen record."""
    func = call.func
    fn: ast.AST | None = None
    module, this, fields = names, [], {}
    if isinstance(func, ast.Attribute):
        made = _instance_made(names, func.value)
        if made is not None:
            module, instance, cls = made
            fn = module.member(cls, func.attr)
            params = getattr(getattr(fn, "args", None), "args", [])
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or (
                    fn.decorator_list) or not params or fn.args.posonlyargs:
                return None
            this = [ast.Constant(None)]  # `self`, not written at the call
            for name, _ in _dataclass_fields(cls):
                field = _construction_field(module, instance, cls, name)
                if field is not None and isinstance(field[1], ast.Constant):
                    fields[f"{params[0].arg}.{name}"] = field[1]
    if fn is None:
        fn = names.definition(func)
        written = names.dotted(func)
        if fn is None and written is not None and names.linked is not None and (
                _canonical(names, written) is None):
            followed = names.follow(written)
            if followed is not None and followed[1] is not None:
                module, fn = followed[1], followed[2]
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(
                module.parents.get(fn), ast.ClassDef):
            return None  # (a method called through its class: not one read here)
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    bound = bind_arguments(fn, this + list(call.args),
                           [(k.arg, k.value) for k in call.keywords])[0]
    if this:
        bound.pop(fn.args.args[0].arg, None)
    given: dict[str, ast.AST] = {k: v for k, v in bound.items()
                                 if module is names or isinstance(v, ast.Constant)}
    given.update(fields)
    return module, fn, given


def _instance_made(names: ModuleNames, expr: ast.expr, depth: int = 0
                   ) -> tuple[ModuleNames, ast.Call, ast.ClassDef] | None:
    """The call making the instance `expr` is, with the module it is written in and the class
    of that module it calls: written there, through a name bound once to it (another
    workspace module's too), or a parameter's default where no application passes one."""
    if depth > 4:
        return None
    if isinstance(expr, ast.Call):
        cls = names.definition(expr.func)
        return (names, expr, cls) if isinstance(cls, ast.ClassDef) else None
    if not isinstance(expr, ast.Name):
        return None
    b = names.lookup(expr.id, expr)
    if b is None:
        return None
    if b.kind == "assign" and isinstance(b.node, ast.Call):
        return _instance_made(names, b.node, depth + 1)
    if b.kind == "import" and b.target and names.linked is not None:
        followed = names.follow(b.target)
        if followed is not None and followed[1] is not None and isinstance(
                followed[2], ast.Call):
            return _instance_made(followed[1], followed[2], depth + 1)
        return None
    if b.kind == "other":
        default = _unpassed_default(names, expr)
        return None if default is None else _instance_made(names, default, depth + 1)
    return None


#: the file of each dict value read from another module, by the reading module (`id` of its
#: `ModuleNames`), for the finding's path: cleared when that module's check ends
_ORIGIN: dict[int, dict[int, Path | None]] = {}


def _origin(names: ModuleNames, value: ast.AST) -> str | None:
    """The file `value` is written in, when it is not this module's."""
    path = _ORIGIN.get(id(names), {}).get(id(value))
    return None if path is None else str(path)


#: how many names, parameters and returns a namespace is followed through
MAX_NAMESPACE_DEPTH = 8


def _namespace_keys(names: ModuleNames, expr: ast.expr, depth: int = 0
                    ) -> Iterator[tuple[str, ast.AST]]:
    """The attributes of the `argparse` namespace `expr` holds (`argparse_namespaces`):
    `parser.parse_args(...)` itself, a name bound to one, the return of a function of the
    module making one, or a parameter, through each application of its function in the
    module (`ranks(x, opts)` for `def ranks(x, cb_opts): ... **vars(cb_opts)`)."""
    if depth > MAX_NAMESPACE_DEPTH:
        return
    if isinstance(expr, ast.Call):
        yield from argparse_namespaces.parsed_keys(names, expr)
        if names.dotted(expr.func) == "types.SimpleNamespace" and not expr.args:
            yield from ((k.arg, k.value) for k in expr.keywords if k.arg)
            if all(k.arg for k in expr.keywords):
                return
        fn = names.definition(expr.func)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for ret in own_returns(fn):
                if ret.value is not None:
                    yield from _namespace_keys(names, ret.value, depth + 1)
    elif isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "assign" and isinstance(b.node, ast.expr):
            yield from _namespace_keys(names, b.node, depth + 1)
        elif b is not None and b.kind == "other":
            owner = _parameter_owner(names, expr, expr.id)
            if owner is None:
                return
            default = parameter_default(owner, expr.id)
            for args, keywords in names.applications(owner, SAME_ARGUMENTS):
                given = bind_arguments(owner, args, keywords)[0].get(expr.id, default)
                if given is default and (any(isinstance(a, ast.Starred) for a in args) or any(
                        k is None for k, _ in keywords)):
                    continue  # (what `*args`/`**kw` pass is not known)
                if isinstance(given, ast.expr):
                    yield from _namespace_keys(names, given, depth + 1)


def _keys_set_on(names: ModuleNames, expr: ast.Name) -> Iterator[tuple[str, ast.AST]]:
    """The string keys the function reading the dict `expr` sets on it by name before
    (`kwargs.setdefault("vectorized", True)`, `opts["vectorized"] = True`, `opts.update(k=v)`):
    keys it then holds, whatever it was given."""
    scope = names.scope_of(expr)
    if scope is names.tree:
        return
    yield from _keys_set_in(_always_run(scope), expr)


def _keys_set_given(names: ModuleNames, expr: ast.Name, fn: ast.AST,
                    bound: dict[str, ast.AST]) -> Iterator[tuple[str, ast.AST]]:
    """The keys `fn` sets on the dict `expr` only under an `if` that one application's
    arguments (`bound`) decide to run: equinox's `if vectorized is not None:
    keywords["vectorized"] = vectorized` for a caller passing `vectorized=False`."""
    if names.scope_of(expr) is not fn:
        return
    # (a parameter rebound in `fn` is not the argument any more)
    bound = {k: v for k, v in bound.items()
             if len(names.bindings(fn).get(k.split(".", 1)[0], ())) == 1}
    always = {id(n) for n in _always_run(fn)}
    decided = (n for n in _run_given(names, fn, bound) if id(n) not in always)
    # the value the application gives, where the key is set from a parameter, when the
    # function also takes `vmap_method` (JAX012's fix rewrites the caller's `vectorized=`
    # into it: a function without that parameter would refuse the rewritten call)
    a = getattr(fn, "args", None)
    takes_method = a is not None and any(
        p.arg == "vmap_method" for p in (*a.posonlyargs, *a.args, *a.kwonlyargs))
    for key, value in _keys_set_in(decided, expr):
        if takes_method and isinstance(value, ast.Name):
            value = bound.get(value.id, value)
        yield key, value


def _keys_put_by_calls(names: ModuleNames, expr: ast.Name) -> Iterator[tuple[str, ast.AST]]:
    """The string keys a module def sets on the dict `expr` holds, handed that very dict by
    a call that always runs before `expr` is read, in its scope (`with_batching_defaults(opts)`
    then `make_shape(opts)`; `opts |= {"vectorized": True}` in the def too): Python hands a
    dict itself to a call, never a copy (`python/dict_aliases.py`; `dict(opts)` is a copy).
    A key set under an `if` counts where that call's arguments decide it; a key the module
    takes out of the dict anywhere does not. (It walks the whole module: nothing of it may
    change unread, `callback_hosts_memo`.)"""
    names.read_everything = True
    holder = dict_aliases.holder(names.tree, expr)
    out = dict_aliases.taken_out(names.tree, holder)
    if out is dict_aliases.ALL:
        return
    for call in dict_aliases.calls_before(names.tree, expr):
        for arg in (*call.args, *(k.value for k in call.keywords)):
            if not (isinstance(arg, ast.Name) and arg.id == expr.id
                    and dict_aliases.holder(names.tree, arg) == holder):
                continue
            found = dict_aliases.handed_to(names.tree, call, arg)
            if found is None:
                continue
            fn, param = found
            bound, _ = bind_arguments(fn, list(call.args),
                                      [(k.arg, k.value) for k in call.keywords])
            at = ast.Name(id=param, ctx=ast.Load())
            at.lineno = fn.end_lineno or fn.lineno  # (every node of the def is before it)
            yield from ((k, v) for k, v in _keys_set_in(_run_given(names, fn, bound), at)
                        if k not in out)


def _keys_set_in(nodes: Iterator[ast.AST], expr: ast.Name) -> Iterator[tuple[str, ast.AST]]:
    """The string keys set by name on the dict `expr` among `nodes` (those before it)."""
    for node in nodes:
        if getattr(node, "lineno", expr.lineno) > expr.lineno:
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                isinstance(node.func.value, ast.Name) and node.func.value.id == expr.id):
            if node.func.attr == "setdefault" and len(node.args) == 2 and isinstance(
                    node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.args[0].value, node.args[1]
            elif node.func.attr == "update" and not node.args:
                yield from ((k.arg, k.value) for k in node.keywords if k.arg)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and (
                        t.value.id == expr.id and isinstance(t.slice, ast.Constant)
                        and isinstance(t.slice.value, str)):
                    yield t.slice.value, node.value
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr) and (
                isinstance(node.target, ast.Name) and node.target.id == expr.id
                and isinstance(node.value, ast.Dict)):
            # `opts |= {"vectorized": True}`: a dict's in-place union (PEP 584)
            yield from ((k.value, v) for k, v in zip(node.value.keys, node.value.values)
                        if isinstance(k, ast.Constant) and isinstance(k.value, str))


_BRANCHES = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match, ast.IfExp,
             ast.BoolOp, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _always_run(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body that run whenever it runs: not under a branch, a loop, a
    `try`, a short-circuit or a nested definition. A key set on the dict only when a condition
    holds (equinox's `if vectorized is not None: keywords["vectorized"] = vectorized`, with
    `vectorized=None` by default) is not a key the dict always holds."""
    stack = list(child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _BRANCHES):
            stack.extend(child_nodes(node))


def _run_given(names: ModuleNames, scope: ast.AST, bound: dict[str, ast.AST]
               ) -> Iterator[ast.AST]:
    """As `_always_run`, and the branch of each `if` whose test the arguments `bound` (by
    parameter) decide: what runs whenever that application of the function does."""
    stack = list(child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If):
            flag = _constant_flag(names, node.test, given=bound)
            if flag is not _NOT_KNOWN:
                stack.append(node.test)
                stack.extend(node.body if flag else node.orelse)
        elif not isinstance(node, _BRANCHES):
            stack.extend(child_nodes(node))


def _unpassed_default(names: ModuleNames, expr: ast.Name) -> ast.expr | None:
    """The default of the parameter `expr` names when no application of its function in the
    module passes it (the dict a `**options=DEFAULTS` spread then holds); None otherwise."""
    owner = _parameter_owner(names, expr, expr.id)
    if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    a = owner.args
    positional = [*a.posonlyargs, *a.args]
    defaults = dict(zip([p.arg for p in positional[len(positional) - len(a.defaults):]],
                        a.defaults))
    defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None)
    default = defaults.get(expr.id)
    if default is None:
        return None
    for args, keywords, _ in _applications(names, owner):
        if any(isinstance(x, ast.Starred) for x in args) or any(k is None for k, _ in keywords):
            return None  # (what `*args`/`**kw` pass is not known)
        if expr.id in bind_arguments(owner, args, keywords)[0]:
            return None
    return default


def _dataclass_decorator(names: ModuleNames, d: ast.expr) -> bool:
    """Whether a decorator makes a dataclass (`@dataclass`, `@dataclasses.dataclass(...)`)."""
    return names.dotted(d.func if isinstance(d, ast.Call) else d) == "dataclasses.dataclass"


def _dataclass_fields(cls: ast.ClassDef) -> Iterator[tuple[str, ast.AST]]:
    """The fields of a dataclass of the module's (its own annotated names, not `ClassVar`s),
    each with its default or its annotation: `dataclasses.asdict` gives every one a key."""
    for st in cls.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and (
                "ClassVar" not in ast.unparse(st.annotation)):
            yield st.target.id, st.value if st.value is not None else st.annotation


# ------------------------------------------------------------------------ JAX011


@dataclass(frozen=True)
class _Host:
    """What a host expression resolves to: a function to read (`node`), or JAX itself (a
    JAX function, or a function JAX traces: `jax_name` says which)."""

    node: ast.AST | None = None
    jax_name: str = ""
    name: str = ""
    #: the module `node` is in, when it is another workspace module
    names: ModuleNames | None = None
    #: a call reaching it passes `node` its own arguments (`_callees`)
    direct: bool = False


def _wrapper(names: ModuleNames, expr: ast.expr, table: frozenset[str]) -> str | None:
    """The transform of `table` that `expr` is, or makes, if any: `jax.jit`,
    `jax.jit(static_argnums=...)` (a call with keywords only), `functools.partial(jax.jit, ...)`."""
    dotted = names.dotted(expr)
    if dotted in table:
        return dotted
    if isinstance(expr, ast.Call):
        d = names.dotted(expr.func)
        if d in table and not expr.args:
            return d
        if d in PARTIAL and expr.args:
            return _wrapper(names, expr.args[0], table)
    return None


def _tracing(names: ModuleNames, expr: ast.expr) -> str | None:
    """The tracing wrapper (`jax.jit`, ...) `expr` is, or makes, if any."""
    return _wrapper(names, expr, TRACING)


def _traced_function(names: ModuleNames, fn: ast.AST) -> str | None:
    """The wrapper a `def` is decorated with that makes JAX trace it, if any."""
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for d in fn.decorator_list:
            t = _tracing(names, d)
            if t is not None:
                return t
    return None


#: the wrappers that hand back the function they are given, for what calling it runs
_SAME_FUNCTION = frozenset({"builtins.staticmethod", "builtins.classmethod"})


def _hands_back(names: ModuleNames, call: ast.Call) -> bool:
    """Whether a call is one of `_SAME_FUNCTION` given one function (`staticmethod(f)`)."""
    d = names.dotted(call.func)
    return len(call.args) == 1 and not call.keywords and (
        d in _SAME_FUNCTION or (d is None and isinstance(call.func, ast.Name)
                                and call.func.id in ("staticmethod", "classmethod")
                                and names.lookup(call.func.id, call) is None))


def _resolve_host(names: ModuleNames, expr: ast.expr | ast.FunctionDef | ast.AsyncFunctionDef,
                  depth: int = 0) -> _Host | None:
    """What calling `expr` runs, where the module shows it: a function to read, or JAX (a
    JAX function, or a function JAX traces); None where it cannot be pinned down."""
    if depth > 8:
        return None
    if isinstance(expr, (ast.FunctionDef, ast.AsyncFunctionDef)):
        traced = _traced_function(names, expr)
        return _Host(jax_name=traced, name=expr.name) if traced else _Host(expr, name=expr.name)
    written = names.dotted(expr)
    dotted: str | None = _canonical(names, written)
    if dotted is not None and _computing(dotted):
        return _Host(jax_name=dotted, name=ast.unparse(expr))
    if dotted is not None:
        return None  # a function of a library: not one to read
    if written is not None and dotted is None and names.linked is not None:
        followed = names.follow(written)
        if followed is not None and followed[1] is not None:  # defined in another module
            other, node = followed[1], followed[2]
            inner = _resolve_host(other, node, depth + 1)  # type: ignore[arg-type]
            if inner is None:
                return None
            return replace(inner, name=ast.unparse(expr), names=inner.names or other)
    if isinstance(expr, (ast.Call, ast.Subscript)):
        bound = computed_names.module_binding(  # (`globals()[f"{kind}_fn"]`)
            names, expr, lambda e: _known_values_in_host(names, e))
        if bound is not None:
            inner = _resolve_host(names, bound, depth + 1)  # type: ignore[arg-type]
            return None if inner is None else replace(inner, name=ast.unparse(expr))
    if isinstance(expr, ast.Call):
        d = names.dotted(expr.func)
        if d in PARTIAL and expr.args:  # reported by the function it binds
            return _resolve_host(names, expr.args[0], depth + 1)
        if _hands_back(names, expr):
            return _resolve_host(names, expr.args[0], depth + 1)
        t = _tracing(names, expr.func)
        if t is not None and expr.args:
            return _Host(jax_name=t, name=ast.unparse(expr))
        made = names.class_of(expr)
        if made is not None:  # an instance: calling it runs its `__call__`
            call = names.member(made, "__call__")
            return None if call is None else _Host(call, name=ast.unparse(expr))
        maker = names.definition(expr.func)
        if isinstance(maker, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # a module function returning a function (a wrapper made by a call; a lambda's
            # value, `lambda p: lambda x: ...`, a curried factory)
            returned = [maker.body] if isinstance(maker, ast.Lambda) else [
                r.value for r in own_returns(maker)]
            made_fns = {id(f): f for f in (
                names.definition(v) if v is not None else None for v in returned)}
            if len(made_fns) == 1:
                fn = next(iter(made_fns.values()))
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    return _resolve_host(names, fn, depth + 1) if not isinstance(
                        fn, ast.Lambda) else _Host(fn, name=ast.unparse(expr))
        return None
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "assign" and b.node is not None:
            inner = _resolve_host(names, b.node, depth + 1)  # type: ignore[arg-type]
            return None if inner is None else replace(inner, name=expr.id)
    if isinstance(expr, ast.Attribute):
        owner = names.class_of(expr.value)
        if owner is not None and names.member(owner, expr.attr) is None:
            value = names.class_attribute(owner, expr.attr)
            if value is not None:  # a callable assigned in the class body
                inner = _resolve_host(names, value, depth + 1)
                return None if inner is None else replace(inner, name=ast.unparse(expr))
            held = _held_instance(names, owner, expr)
            if held is not None:  # an instance a method made (`self.rec = Recorder()`)
                call = names.member(held, "__call__")
                return None if call is None else _Host(call, name=ast.unparse(expr))
            set_by = _init_field(names, expr)
            if set_by is not None:  # what `__init__` set it to (`self.key = globals()[k]`)
                inner = _resolve_host(names, set_by[0], depth + 1)
                if inner is not None:
                    return replace(inner, name=ast.unparse(expr))
            delegate = _delegated(names, owner, expr)
            if delegate is not None:  # `__getattr__` hands on the wrapped object's method
                return _Host(delegate, name=ast.unparse(expr))
    fn = _dispatched(names, expr) or names.definition(expr)
    if isinstance(fn, ast.ClassDef):
        return None  # a class called on the host makes an instance: not a computation
    if fn is None:
        return None
    traced = _traced_function(names, fn)
    if traced is not None:
        return _Host(jax_name=traced, name=ast.unparse(expr))
    return _Host(node=fn, name=ast.unparse(expr))


def _delegated(names: ModuleNames, owner: ast.ClassDef, expr: ast.Attribute
               ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """For `proxy.name` of an instance of `owner`, which has no attribute `name`: the method
    `name` of the object `owner.__getattr__` delegates to, where its every return hands on
    `getattr(self.<field>, name)` (as is, through a local bound to it, or a nested function
    calling that local: a proxy counting calls) and the class of what `self.<field>` holds
    is known (`ModuleNames.class_of`) and defines that method. None elsewhere."""
    hook = names.member(owner, "__getattr__")
    if not isinstance(hook, ast.FunctionDef) or len(hook.args.args) != 2 or any(
            isinstance(n, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom))
            for n in iter_nodes(hook)):
        return None
    me, key = (a.arg for a in hook.args.args)
    fields = set()
    bound: set[str] = set()  # (locals bound to the delegated attribute)
    for node in iter_nodes(hook):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id == "getattr") and len(node.args) == 2 and not node.keywords:
            obj, name = node.args
            if not (isinstance(obj, ast.Attribute) and isinstance(obj.value, ast.Name)
                    and obj.value.id == me and isinstance(name, ast.Name) and name.id == key):
                return None
            fields.add(obj.attr)
    for st in hook.body:
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(
                st.targets[0], ast.Name) and _is_getattr(st.value):
            bound.add(st.targets[0].id)
    wrappers = {st.name for st in hook.body if isinstance(st, ast.FunctionDef) and any(
        isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in bound
        for c in iter_nodes(st))}
    returns = own_returns(hook)
    if len(fields) != 1 or not returns or not all(
            r.value is not None and (_is_getattr(r.value) or isinstance(r.value, ast.Name) and (
                r.value.id in bound | wrappers)) for r in returns):
        return None
    held = ast.copy_location(ast.Attribute(value=expr.value, attr=fields.pop(),
                                           ctx=ast.Load()), expr)
    cls = names.class_of(held)
    method = names.member(cls, expr.attr) if cls is not None else None
    return method if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _is_getattr(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
        node.func.id == "getattr") and len(node.args) == 2


def _held_instance(names: ModuleNames, owner: ast.ClassDef, expr: ast.Attribute
                   ) -> ast.ClassDef | None:
    """For `self.x` of an instance of `owner`: the module class every `self.x = ...` of
    `owner`'s methods makes an instance of (each a call, as a test's `setUp` does
    `self.rec = Recorder()`), calling which runs its `__call__`; None where one stores
    something else (the class itself, which calling constructs), or none is seen."""
    if isinstance(expr.value, ast.Name):
        b = names.lookup(expr.value.id, expr.value)
        if b is not None and b.kind == "class":
            return None  # (`Owner.x`: the class's attribute, not an instance's)
    cls = names.class_of(expr)
    if cls is None:
        return None
    stored = 0
    for st in owner.body:
        params = (st.args.posonlyargs + st.args.args
                  if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) else [])
        if not params:
            continue
        for node in iter_nodes(st):
            targets = (node.targets if isinstance(node, ast.Assign) else [node.target]
                       if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
            for t in targets:
                if isinstance(t, ast.Attribute) and t.attr == expr.attr and isinstance(
                        t.value, ast.Name) and t.value.id == params[0].arg:
                    if not isinstance(getattr(node, "value", None), ast.Call) or isinstance(
                            node, ast.AugAssign):
                        return None
                    stored += 1
    return cls if stored else None


def _body_calls(names: ModuleNames, fn: ast.AST, reads: list[ast.Attribute] | None = None
                ) -> Iterator[ast.Call]:
    """The calls a function's body makes when it runs (a nested `def`'s body runs when it is
    called, so it is followed from that call; a lambda's body is read in place), leaving out
    the branch an `if` on a constant flag never takes (`if CROSS_CHECK:` with `CROSS_CHECK =
    False` bound once in the module), or on a comparison of values the module pins down
    (`if method == "brent": return ...` where every call hands `method` the default
    "brent": `_known_truth`), and what follows a branch taken that always leaves its block.
    `reads`: where given, collects the attributes the body reads on the way (a property's
    getter runs when it is read: `_property_getter`)."""
    decided: dict[int, object] = {}

    def decide(test: ast.expr) -> object:
        if id(test) not in decided:
            flag = _constant_flag(names, test)
            decided[id(test)] = flag if flag is not _NOT_KNOWN else _known_truth(names, test)
        return decided[id(test)]

    todo: list[ast.AST] = ([fn.body] if isinstance(fn, ast.Lambda)  # type: ignore[attr-defined]
                           else list(_reached(fn.body, decide)))  # type: ignore[attr-defined]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.Call):
            yield node
        elif reads is not None and isinstance(node, ast.Attribute) and isinstance(
                node.ctx, ast.Load):
            reads.append(node)
        if isinstance(node, ast.Match):
            taken_cases = _cases_taken(names, node)
            if taken_cases is not None:
                todo.append(node.subject)
                for case in taken_cases:
                    todo.extend(_reached(case.body, decide))
                continue
        if isinstance(node, (ast.If, ast.IfExp)):
            flag = decide(node.test)
            if flag is not _NOT_KNOWN:
                todo.append(node.test)
                taken = node.body if flag else node.orelse
                todo.extend(_reached(taken, decide) if isinstance(taken, list) else [taken])
                continue
        for _, value in ast.iter_fields(node):
            if isinstance(value, ast.AST):
                todo.append(value)
            elif isinstance(value, list):
                todo.extend(_reached(value, decide) if value and isinstance(value[0], ast.stmt)
                            else [v for v in value if isinstance(v, ast.AST)])


#: the statements that end the run of the statements after them in their block
_LEAVING = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _reached(block: list[ast.stmt], decide: Callable[[ast.expr], object]) -> list[ast.stmt]:
    """The statements of a block up to an `if` whose test `decide` settles and whose branch
    taken ends by leaving the block (`return`, `raise`, `continue`, `break`): the rest of
    the block never runs after it."""
    for i, st in enumerate(block):
        if isinstance(st, ast.If):
            flag = decide(st.test)
            taken = st.body if flag is True else st.orelse if flag is False else None
            if taken and isinstance(taken[-1], _LEAVING):
                return block[:i + 1]
    return block


# ------------------------------------------------- values the module pins down in a host

#: how many values of each operand a comparison is decided over, at most
_MAX_KNOWN_VALUES = 16
_COMPARISONS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}


def _known_truth(names: ModuleNames, test: ast.expr) -> object:
    """The truth of an `if` test in a function on a host's path, where every value the
    module lets it see gives the same one (`_known_values_in_host`); `_NOT_KNOWN` otherwise."""
    values = _known_values_in_host(names, test)
    if not values:
        return _NOT_KNOWN
    try:
        truths = {bool(v) for v in values}
    except Exception:  # noqa: BLE001 (a literal whose truth Python refuses: not known)
        return _NOT_KNOWN
    return truths.pop() if len(truths) == 1 else _NOT_KNOWN


def _known_values_in_host(names: ModuleNames, expr: ast.expr, depth: int = 0
                          ) -> list[object] | None:
    """Every value `expr` may hold when it is evaluated, where the module pins each down: a
    literal; a module constant bound once; a parameter, from every application of its
    function in the module (the default where one passes none: `_parameter_literals`); a
    field `self.x` its class's `__init__` sets from what each construction gives
    (`_init_field_literals`); a comparison, `not`, `and`/`or` of those. None where any one
    is not known, so an `if` on it keeps both branches. (`depth`: two a parameter handed
    on, so a chain of `MAX_FORWARDING_DEPTH` functions is followed to its top.)"""
    if depth > 3 * MAX_FORWARDING_DEPTH:
        return None
    if isinstance(expr, ast.Constant):
        return [expr.value]
    if isinstance(expr, (ast.Tuple, ast.List)):  # (`method in ("newton", "halley")`)
        items = [_known_values_in_host(names, e, depth + 1) for e in expr.elts]
        if any(i is None or len(i) != 1 for i in items):
            return None
        made = tuple(i[0] for i in items)  # type: ignore[index]
        return [made if isinstance(expr, ast.Tuple) else list(made)]
    if isinstance(expr, ast.Name):
        owner = _parameter_owner(names, expr, expr.id)
        cls = names.parents.get(owner) if owner is not None else None
        if isinstance(owner, ast.FunctionDef) and owner.name == "__init__" and isinstance(
                cls, ast.ClassDef) and not _subclassed(names, cls):
            # (what each construction of the class gives it)
            return _construction_literals(names, cls, owner, expr.id, depth + 1)
        if owner is not None:
            return _parameter_literals(names, owner, expr.id, depth + 1)
        flag = _constant_flag(names, expr)  # (a module constant bound once)
        if flag is _NOT_KNOWN:
            return None
        b = names.lookup(expr.id, expr)
        return [b.node.value] if b is not None and isinstance(b.node, ast.Constant) else None
    if isinstance(expr, ast.Attribute):
        frozen = _frozen_field(names, expr)  # (`OPTIONS.mode` of a frozen record)
        if frozen is not None:
            return _known_values_in_host(frozen[0], frozen[1], depth + 1)
        held = _held_record_field(names, expr, depth + 1)
        if held is not None:
            return held
        return _init_field_literals(names, expr, depth + 1)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        inner = _known_values_in_host(names, expr.operand, depth + 1)
        return None if inner is None else [not v for v in inner]
    if isinstance(expr, ast.BoolOp):
        return _bool_op_values(names, expr, depth)
    if isinstance(expr, ast.Compare):
        return _compared_values(names, expr, depth)
    if isinstance(expr, ast.Call):  # `log.isEnabledFor(logging.DEBUG)` of a pinned level
        enabled = logging_levels.enabled(names, expr)
        return None if enabled is None else [enabled]
    return None


def _bool_op_values(names: ModuleNames, expr: ast.BoolOp, depth: int) -> list[object] | None:
    """The truths `a and b` / `a or b` may have, each operand's values known."""
    found: set[bool] = set()
    operands = [_known_values_in_host(names, v, depth + 1) for v in expr.values]
    if any(o is None for o in operands):
        return None
    for combo in itertools.islice(itertools.product(*operands), _MAX_KNOWN_VALUES ** 2):  # type: ignore[arg-type]
        truths = [bool(v) for v in combo]
        found.add(all(truths) if isinstance(expr.op, ast.And) else any(truths))
    return list(found)


def _compared_values(names: ModuleNames, expr: ast.Compare, depth: int) -> list[object] | None:
    """The results a comparison of known values may have (each pair of values, as Python
    compares them); None where an operand is not known or Python refuses the comparison."""
    if not all(type(op) in _COMPARISONS for op in expr.ops):
        return None
    operands = [_known_values_in_host(names, e, depth + 1)
                for e in (expr.left, *expr.comparators)]
    if any(o is None or not o or len(o) > _MAX_KNOWN_VALUES for o in operands):
        return None
    found: set[bool] = set()
    for combo in itertools.product(*operands):  # type: ignore[arg-type]
        try:
            found.add(all(bool(_COMPARISONS[type(op)](a, b)) for op, a, b in
                          zip(expr.ops, combo, combo[1:])))
        except Exception:  # noqa: BLE001 (`"a" < 1`: Python refuses, so not known)
            return None
    return list(found)


def _parameter_literals(names: ModuleNames, owner: ast.AST, name: str, depth: int
                        ) -> list[object] | None:
    """Every value parameter `name` of `owner` is given: by each application of `owner` in
    the module (followed up through the parameters those arguments are), its default where
    one passes none. None where that is not all the module shows: `owner` is also handed
    somewhere uncalled (to a callback, which passes what it likes), an application spreads
    `*args`/`**kw`, a method (its callers are its instances'; a test method's are the
    cases its runner runs), a lambda, no application and no default."""
    if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(
            names.parents.get(owner), ast.ClassDef) and not names.test_cases(owner):
        return None  # (a test method's callers are its runner's cases)
    default = parameter_default(owner, name)
    applied = _applications_read(names, owner)
    if applied is None or _named_uncalled(names, owner, len(applied)):
        return None
    if not applied:
        return None if default is None else _known_values_in_host(names, default, depth + 1)
    found: list[object] = []
    for args, keywords, given_in in applied:
        bound = bind_arguments(owner, args, keywords)[0]
        value = bound.get(name)
        if value is None:
            if any(isinstance(a, ast.Starred) for a in args) or any(
                    k is None for k, _ in keywords) or default is None:
                return None
            value, given_in = default, names
        inner = (_known_values_in_host(given_in, value, depth + 1)  # type: ignore[arg-type]
                 if isinstance(value, ast.expr) else None)
        if inner is None:
            return None
        found += inner
        if len(found) > _MAX_KNOWN_VALUES:
            return None
    return found


@dataclass
class _ModuleFacts:
    """What the host walk asks of the whole module, gathered in one walk: how
    often each name is read, how often each attribute name is assigned or deleted other
    than on a method's own instance (`self.x = ...` in a class's method), whether
    `setattr`/`delattr` is called, and its classes."""

    loads: Counter[str]
    foreign_stores: Counter[str]
    sets_attributes: bool
    classes: list[ast.ClassDef]
    #: the calls of a plain name (`f(...)`), by the name
    calls: dict[str, list[ast.Call]]
    #: how many functions' applications were gathered by a walk of the whole module
    walks: int = 0


def _module_facts(names: ModuleNames) -> _ModuleFacts:
    facts: _ModuleFacts | None = names.derived.get("callback_hosts.facts")
    if facts is None:
        facts = _ModuleFacts(Counter(), Counter(), False, [], {})
        for node in names.walk_all():
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                facts.loads[node.id] += 1
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                facts.calls.setdefault(node.func.id, []).append(node)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
                if not _on_own_instance(names, node):
                    facts.foreign_stores[node.attr] += 1
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                    node.func.id in ("setattr", "delattr")):
                facts.sets_attributes = True
            elif isinstance(node, ast.ClassDef):
                facts.classes.append(node)
        names.derived["callback_hosts.facts"] = facts
    return facts


#: how many functions' applications one module's check may gather for
#: `_known_values_in_host` by a walk of the whole module (one per function: what is not
#: gathered is not known, and its `if` keeps both branches)
_MAX_APPLICATION_WALKS = 2


def _applications_read(names: ModuleNames, fn: ast.FunctionDef | ast.AsyncFunctionDef
                       | ast.ClassDef) -> list[tuple[list[Any], list[Any], ModuleNames]] | None:
    """`_applications` of `fn` for `_known_values_in_host`: where every read of its name is
    a call of it (`f(...)`), those calls, found without a walk of the module; otherwise
    (a wrapper, a partial, a decorator may apply it) the walk, up to
    `_MAX_APPLICATION_WALKS` per module; None past it."""
    facts = _module_facts(names)
    direct = facts.calls.get(fn.name, [])
    if facts.loads[fn.name] == len(direct):
        found: list[tuple[list[Any], list[Any], ModuleNames]] = [
            (list(c.args), [(k.arg, k.value) for k in c.keywords], names) for c in direct
            if names.definition(c.func) is fn]
        found += _EXTERNAL.get(id(names), {}).get(id(fn), [])
        found += [(a, k, names) for a, k in names.test_cases(fn)]
        return found
    if facts.walks >= _MAX_APPLICATION_WALKS:
        return None
    facts.walks += 1
    return (_applications(names, fn) if not isinstance(fn, ast.ClassDef)
            else [(a, k, names) for a, k in names.applications(fn)])


def _on_own_instance(names: ModuleNames, target: ast.Attribute) -> bool:
    """Whether an attribute assigned is one of the instance a method of a class works on
    (`self.x = ...` with `self` its first parameter, not rebound)."""
    if not isinstance(target.value, ast.Name):
        return False
    method = _parameter_owner(names, target.value, target.value.id)
    return isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(
        names.parents.get(method), ast.ClassDef) and bool(method.args.args) and (
        method.args.args[0].arg == target.value.id) and not method.decorator_list


def _named_uncalled(names: ModuleNames, fn: ast.FunctionDef | ast.AsyncFunctionDef
                    | ast.ClassDef, applied: int) -> bool:
    """Whether the module names `fn` more often than it applies it (`applied` times): it
    is then also handed somewhere (a callback, a table, a factory, a subclass's bases)
    that may call it with other arguments."""
    if _module_facts(names).loads[fn.name] <= applied:
        return False  # (no more reads of its name at all)
    named = sum(1 for node in names.walk_all() if isinstance(node, ast.Name)
                and node.id == fn.name and isinstance(node.ctx, ast.Load)
                and names.definition(node) is fn)
    return named > applied


def _init_field_literals(names: ModuleNames, expr: ast.Attribute, depth: int
                         ) -> list[object] | None:
    """For `self.x` in a method of a class of the module: every value its `__init__` sets
    the field to (`self.x = x` from a parameter), over each construction of the class in
    the module. None where the field may hold anything else (`_init_field`), or the class
    is handed on uncalled."""
    set_by = _init_field(names, expr)
    if set_by is None:
        return None
    value, cls, init = set_by
    if isinstance(value, ast.Name) and _parameter_owner(names, value, value.id) is init:
        return _construction_literals(names, cls, init, value.id, depth + 1)
    return _known_values_in_host(names, value, depth + 1)


def _init_field(names: ModuleNames, expr: ast.Attribute
                ) -> tuple[ast.expr, ast.ClassDef, ast.FunctionDef] | None:
    """For `self.x` in a method of a class of the module: the one expression its `__init__`
    sets the field to, with the class and its `__init__`. None where the field may hold
    anything else: it is assigned anywhere else in the module (or `setattr` is called), the
    class has subclasses, `__init__` sets it under a branch."""
    if not isinstance(expr.value, ast.Name):
        return None
    method = _parameter_owner(names, expr.value, expr.value.id)
    cls = names.parents.get(method) if method is not None else None
    if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(
            cls, ast.ClassDef) or not method.args.args or (
            method.args.args[0].arg != expr.value.id) or method.decorator_list:
        return None
    init = method_of(cls, "__init__")
    if not isinstance(init, ast.FunctionDef) or not init.args.args:
        return None
    this = init.args.args[0].arg
    sets = [st for st in init.body if isinstance(st, ast.Assign) and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Attribute) and st.targets[0].attr == expr.attr
            and isinstance(st.targets[0].value, ast.Name) and st.targets[0].value.id == this]
    if len(sets) != 1 or isinstance(names.member(cls, expr.attr),
                                     (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None  # (a property's setter runs instead)
    facts = _module_facts(names)
    if facts.foreign_stores[expr.attr] or facts.sets_attributes or _subclassed(names, cls):
        return None  # (set from outside too; or a subclass may set it, or hold it in its body)
    own = sum(1 for node in iter_nodes(cls) if isinstance(node, ast.Attribute)
              and node.attr == expr.attr and isinstance(node.ctx, (ast.Store, ast.Del)))
    if own != 1:
        return None  # (another method of the class sets it too)
    return sets[0].value, cls, init


def _subclassed(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether a class of the module names `cls` among its bases."""
    return any(names.definition(b) is cls for c in _module_facts(names).classes
               for b in c.bases)


def _construction_literals(names: ModuleNames, cls: ast.ClassDef, init: ast.FunctionDef,
                           name: str, depth: int) -> list[object] | None:
    """Every value `__init__`'s parameter `name` is given by the constructions of `cls` in
    the module (its default where one passes none); None where one is not known or the
    class is also named uncalled (handed to a factory that may construct it otherwise)."""
    made = _applications_read(names, cls)
    if not made or _named_uncalled(names, cls, len(made)):
        return None
    default = parameter_default(init, name)
    found: list[object] = []
    for args, keywords, _ in made:
        if any(isinstance(a, ast.ClassDef) for a in args):
            return None  # (a class decorator's application)
        bound = bind_arguments(init, [ast.Constant(None), *args], keywords)[0]
        value = bound.get(name)
        if value is None:
            if any(isinstance(a, ast.Starred) for a in args) or any(
                    k is None for k, _ in keywords) or default is None:
                return None
            value = default
        inner = (_known_values_in_host(names, value, depth + 1)
                 if isinstance(value, ast.expr) else None)
        if inner is None:
            return None
        found += inner
    return found


def _subject_values(names: ModuleNames, subject: ast.expr) -> list[object] | None:
    """The literals a `match` subject may hold when the function reading it runs: a global
    bound to a literal, once or in each binding in force then (`flow_bindings`: a notebook's
    `RESAMPLER = "numpy"` cell); None where any is not a literal."""
    if not isinstance(subject, ast.Name):
        return None
    live = flow_bindings.live_bindings(names, subject.id, subject)
    if live is None:
        b = names.lookup(subject.id, subject)
        bound = names.bindings(names.tree).get(subject.id)
        if b is None or bound is None or len(bound) != 1 or bound[0] is not b:
            return None
        live = [b]
    if not all(b.kind == "assign" and isinstance(b.node, ast.Constant) for b in live):
        return None
    return [b.node.value for b in live]  # type: ignore[union-attr]


def _literal_case(pattern: ast.pattern, value: object) -> bool | None:
    """Whether a `case` pattern of literals (`"jax"`, `"a" | "b"`, `None`, `_`) matches the
    literal `value`; None for any other pattern."""
    if isinstance(pattern, ast.MatchAs):
        return True if pattern.pattern is None else _literal_case(pattern.pattern, value)
    if isinstance(pattern, ast.MatchOr):
        found = [_literal_case(p, value) for p in pattern.patterns]
        return None if None in found else any(found)
    if isinstance(pattern, ast.MatchSingleton):
        return value is pattern.value
    if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant):
        return bool(value == pattern.value.value)  # (as Python compares them)
    return None


def _cases_taken(names: ModuleNames, node: ast.Match) -> list[ast.match_case] | None:
    """The cases of a `match` on a global holding literals that run (the first matching each
    value it may hold); None where that is not decided (a guard, another pattern)."""
    values = _subject_values(names, node.subject)
    if values is None:
        return None
    taken: dict[int, ast.match_case] = {}
    for value in values:
        for case in node.cases:
            matched = _literal_case(case.pattern, value)
            if matched is None or case.guard is not None:
                return None
            if matched:
                taken[id(case)] = case
                break
    return list(taken.values())


def _constant_flag(names: ModuleNames, test: ast.expr, depth: int = 0,
                   given: dict[str, ast.AST] | None = None) -> object:
    """The truth of an `if` test that is a constant: a literal, a module-level name bound
    once to one (and never rebound, so no `global` statement changes it), or `not` of one;
    `_NOT_KNOWN` otherwise. `given`: the arguments an application binds to the parameters of
    the function the test is in (a parameter is a constant where its argument is one)."""
    if depth > 4:
        return _NOT_KNOWN
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _constant_flag(names, test.operand, depth + 1, given)
        return inner if inner is _NOT_KNOWN else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
            test.ops[0], (ast.Is, ast.IsNot)):
        # `vectorized is not None` on a parameter the application binds to a literal
        left = _literal(names, test.left, depth + 1, given)
        right = _literal(names, test.comparators[0], depth + 1, given)
        if left is _NOT_KNOWN or right is _NOT_KNOWN or None not in (left, right):
            return _NOT_KNOWN  # (`is` between other literals is not Python's to promise)
        return (left is right) == isinstance(test.ops[0], ast.Is)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
            test.ops[0], (ast.Eq, ast.NotEq)) and given is not None:
        # `kind == "legacy"` on a parameter the application binds to a literal
        left = _literal(names, test.left, depth + 1, given)
        right = _literal(names, test.comparators[0], depth + 1, given)
        if left is _NOT_KNOWN or right is _NOT_KNOWN or not all(
                type(v) in (str, int, bool, type(None)) for v in (left, right)):
            return _NOT_KNOWN
        return (left == right) == isinstance(test.ops[0], ast.Eq)
    if isinstance(test, ast.Attribute) and given is not None and isinstance(
            test.value, ast.Name) and f"{test.value.id}.{test.attr}" in given:
        # a field of the method's instance (`_called_function`): a literal
        return _constant_flag(names, given[f"{test.value.id}.{test.attr}"], depth + 1)  # type: ignore[arg-type]
    if isinstance(test, ast.Name) and given is not None:
        value = given.get(test.id)
        if value is None:
            return _NOT_KNOWN
        return _constant_flag(names, value, depth + 1)  # type: ignore[arg-type]
    if isinstance(test, ast.Name) and given is None:
        flag = _closure_flag(names, test, depth)
        if flag is not _NOT_KNOWN:
            return flag
    if isinstance(test, ast.Name):
        bound = names.bindings(names.tree).get(test.id)
        b = names.lookup(test.id, test)
        if (b is not None and b.kind == "assign" and bound is not None and len(bound) == 1
                and bound[0] is b and isinstance(b.node, ast.Constant)
                and not any(isinstance(n, ast.Global) and test.id in n.names
                            for n in names.walk_all())):
            return _constant_flag(names, b.node, depth + 1)
    if isinstance(test, ast.Attribute):
        found = _frozen_field(names, test)
        if found is not None:
            return _constant_flag(found[0], found[1], depth + 1)
    return _NOT_KNOWN


def _closure_flag(names: ModuleNames, test: ast.Name, depth: int) -> object:
    """The truth of a flag that a function reads from the function around it, a parameter
    there (`make_logger(tag, robust=False)` whose inner helper does `if robust:`), where every
    application of that function in the module gives it (or leaves it at) values of the
    same truth, followed up through the parameters those are (`_flag_arguments`);
    `_NOT_KNOWN` otherwise (an application with `*`/`**`, a value not a constant)."""
    owner = _parameter_owner(names, test, test.id)
    if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) or (
            owner is names.scope_of(test)) or isinstance(names.parents.get(owner), ast.ClassDef):
        return _NOT_KNOWN  # (its own parameter is read per application: `given`)
    values = _flag_arguments(names, owner, test.id)
    if not values:
        return _NOT_KNOWN
    truths = set()
    for value in values:
        flag = _constant_flag(names, value, depth + 1)
        if flag is _NOT_KNOWN:
            return _NOT_KNOWN
        truths.add(bool(flag))
    return truths.pop() if len(truths) == 1 else _NOT_KNOWN


def _flag_arguments(names: ModuleNames, fn: ast.AST, name: str, depth: int = 0
                    ) -> list[ast.expr] | None:
    """What each application of `fn` in this module gives its parameter `name` (the default
    where one gives none), followed up through the parameters of the functions those
    applications are in; None where one is not pinned down (`*args`, `**kw`, another
    module's call, no default and none given)."""
    default = parameter_default(fn, name)
    if click_commands.is_command(names, fn):  # its parameters are the command line's
        option = click_commands.option_default(names, fn, name)  # type: ignore[arg-type]
        return None if option is None else [option]
    applied = _applications(names, fn)
    if not applied:
        return None if default is None else [default]
    found: list[ast.expr] = []
    for args, keywords, given_in in applied:
        if given_in is not names or any(isinstance(a, ast.Starred) for a in args) or any(
                k is None for k, _ in keywords):
            return None
        value = bind_arguments(fn, args, keywords)[0].get(name, default)
        if not isinstance(value, ast.expr):
            return None
        up = _parameter_owner(names, value, value.id) if isinstance(value, ast.Name) else None
        if up is not None and isinstance(value, ast.Name):
            if depth >= MAX_FORWARDING_DEPTH or up is fn or isinstance(
                    names.parents.get(up), ast.ClassDef):
                return None
            more = _flag_arguments(names, up, value.id, depth + 1)
            if more is None:
                return None
            found += more
        else:
            found.append(value)
    return found


def _once_at_top(names: ModuleNames, name: str) -> ast.Call | None:
    """The call a module-level name is bound to, when it is bound once there and no
    `global` statement rebinds it."""
    bound = names.bindings(names.tree).get(name)
    if not bound or len(bound) != 1 or bound[0].kind != "assign" or not isinstance(
            bound[0].node, ast.Call):
        return None
    if any(isinstance(n, ast.Global) and name in n.names for n in names.walk_all()):
        return None
    return bound[0].node


def _frozen(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether a class's instances never change a field: a `frozen=True` dataclass, or a
    `NamedTuple`, with no `__post_init__` (which can set fields through `object.__setattr__`);
    a frozen pydantic model (`_frozen_model`)."""
    if any(names.dotted(b) in _RECORD_BASES for b in cls.bases) or _frozen_model(names, cls):
        return True
    return method_of(cls, "__post_init__") is None and any(
        isinstance(d, ast.Call) and _dataclass_decorator(names, d) and any(
            k.arg == "frozen" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in d.keywords)
        for d in cls.decorator_list)


def _frozen_field(names: ModuleNames, expr: ast.Attribute
                  ) -> tuple[ModuleNames, ast.expr] | None:
    """For `OPTIONS.flag`, where `OPTIONS` is bound once at a module's top level (this
    module's, or another workspace module's it is imported from) to a construction of a
    frozen record class of that module (`SolverOptions(polish=True)`): the expression that
    field holds, given there by keyword or position or the class's default, with the module
    it is written in. None where that is not pinned down (`**`, `*` arguments, a
    `field(default_factory=...)`, a base class's fields)."""
    if not isinstance(expr.value, ast.Name):
        return None
    b = names.lookup(expr.value.id, expr.value)
    if b is None or names.scope_of(expr) is not names.tree and (
            expr.value.id in {n for sc in names.enclosing(names.scope_of(expr))
                              if sc is not names.tree for n in names.bindings(sc)}):
        return None  # (a local of that name)
    module, made = names, None
    if b.kind == "assign":
        made = _once_at_top(names, expr.value.id)
    elif b.kind == "import" and b.target and names.linked is not None:
        followed = names.follow(b.target)
        if followed is not None and followed[1] is not None and isinstance(
                followed[2], ast.Call):
            module = followed[1]
            name = b.target.rsplit(".", 1)[-1]
            made = _once_at_top(module, name)
            if made is not followed[2]:
                made = None
    if made is None:
        return None
    cls = module.definition(made.func)
    if not isinstance(cls, ast.ClassDef):
        return None
    return _construction_field(module, made, cls, expr.attr)


def _construction_field(module: ModuleNames, made: ast.Call, cls: ast.ClassDef, attr: str
                        ) -> tuple[ModuleNames, ast.expr] | None:
    """The expression field `attr` of the instance `made` (a call of the frozen record class
    `cls`, both written in `module`) holds: given by keyword (of a `**` dict display too) or
    position, or the class's default. None where that is not pinned down (`**` of anything
    else, `*` arguments, a `field(default_factory=...)`, a base class's fields, a class whose
    fields may change, a value a pydantic model may convert: `_as_validated`)."""
    if not _frozen(module, cls) or module.member(cls, attr) is not None:
        return None
    fields = {n: v for n, v in _dataclass_fields(cls)}
    keywords = _spread_keywords(made)
    if attr not in fields or any(isinstance(a, ast.Starred) for a in made.args) or (
            keywords is None):
        return None
    model = _frozen_model(module, cls)
    given = next((v for k, v in keywords if k == attr), None)
    if given is not None:
        return (module, given) if not model or _as_validated(cls, attr, given) else None
    if model and not _model_default_kept(cls, attr):
        return None  # (code of the model may set it: a model validator, `model_post_init`)
    if made.args:
        if model:
            return None  # (a pydantic model takes keywords only)
        if cls.bases and not any(module.dotted(x) in _RECORD_BASES for x in cls.bases) or any(
                "KW_ONLY" in ast.unparse(st.annotation) for st in cls.body
                if isinstance(st, ast.AnnAssign)):
            return None  # (positions counted from fields not all seen here)
        order = list(fields)
        if order.index(attr) < len(made.args):
            return module, made.args[order.index(attr)]
    default = next((st.value for st in cls.body if isinstance(st, ast.AnnAssign)
                    and isinstance(st.target, ast.Name) and st.target.id == attr), None)
    if isinstance(default, ast.Call):  # `field(default=...)`
        return next(((module, k.value) for k in default.keywords if k.arg == "default"), None)
    return None if default is None else (module, default)


def _spread_keywords(made: ast.Call) -> list[tuple[str, ast.expr]] | None:
    """The keywords a call passes, those of a `**` dict display with string keys included
    (`Options(**{"ridge": 1e-5})`); None where a `**` spreads anything else."""
    out: list[tuple[str, ast.expr]] = []
    for k in made.keywords:
        if k.arg is not None:
            out.append((k.arg, k.value))
        elif isinstance(k.value, ast.Dict) and all(
                isinstance(key, ast.Constant) and isinstance(key.value, str)
                for key in k.value.keys):
            out += [(key.value, v) for key, v in zip(k.value.keys, k.value.values)]  # type: ignore[union-attr]
        else:
            return None
    return out


#: the base a pydantic model derives from
_PYDANTIC_MODEL = "pydantic.BaseModel"


def _frozen_model(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether `cls` is a pydantic model whose fields never change once made: derived from
    `BaseModel` alone, `frozen=True` in its `model_config` (or as a class keyword), with no
    method that could change a value other than pydantic's validators, whose effect the
    model's reading (`pydantic_models.model.text_field`) accounts for: no `__init__`, no
    other decorated or `model_*` method."""
    if len(cls.bases) != 1 or names.dotted(cls.bases[0]) != _PYDANTIC_MODEL:
        return False
    if any(isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
            st.name.startswith("__") or st.name.startswith("model_") and (
                st.name != "model_post_init") or (
                st.decorator_list and not pydantic_model.validator_method(st)))
           for st in cls.body):
        return False

    def frozen_keyword(keywords: list[ast.keyword]) -> bool:
        return any(k.arg == "frozen" and isinstance(k.value, ast.Constant)
                   and k.value.value is True for k in keywords)

    if frozen_keyword(cls.keywords):
        return True
    return any(isinstance(st, ast.Assign) and len(st.targets) == 1
               and isinstance(st.targets[0], ast.Name) and st.targets[0].id == "model_config"
               and isinstance(st.value, ast.Call) and frozen_keyword(st.value.keywords)
               for st in cls.body)


def _as_validated(cls: ast.ClassDef, attr: str, given: ast.expr) -> bool:
    """Whether a pydantic model keeps the value `given` for field `attr` as written: the
    model's conversion (`pydantic_models.model.text_given`, the evaluator's own) stores that
    literal, or the same number as a float (`exact="false"` for a `bool` becomes False, so
    a string there is not read as given; a field a validator reads is not known)."""
    if not isinstance(given, ast.Constant):
        return False
    stored = pydantic_model.text_given(cls, attr, given.value)
    return stored is not NOCONST and stored == given.value and (
        type(stored) is type(given.value) or type(stored) is float and type(given.value) is int)


def _model_default_kept(cls: ast.ClassDef, attr: str) -> bool:
    """Whether a pydantic model's field not given holds its written default (no model
    validator or `model_post_init` may set it): the model's reading."""
    field = pydantic_model.text_field(cls, attr)
    return field is not None and field[2]


def _held_record_field(names: ModuleNames, expr: ast.Attribute, depth: int
                       ) -> list[object] | None:
    """For `settings.exact`, where `settings` is a local bound once to a construction of a
    frozen record class, or a parameter (of the function reading it or one around it) each
    application hands such a construction (`make_host(Settings(...))`, or a name bound so):
    every value the field holds. None where any one is not known."""
    if not isinstance(expr.value, ast.Name):
        return None
    made = _records_held(names, expr.value, depth)
    if not made:
        return None
    found: list[object] = []
    for call in made:
        cls = names.definition(call.func)
        field = (_construction_field(names, call, cls, expr.attr)
                 if isinstance(cls, ast.ClassDef) else None)
        inner = (_known_values_in_host(field[0], field[1], depth + 1)
                 if field is not None else None)
        if inner is None:
            return None
        found += inner
    return found


def _records_held(names: ModuleNames, name: ast.Name, depth: int) -> list[ast.Call] | None:
    """The calls whose result `name` may hold where it is read: a local's one binding, or
    each application's argument to the parameter it is (followed up through the names those
    are); None where one is anything else, or the module does not show every application."""
    if depth > 3 * MAX_FORWARDING_DEPTH:
        return None
    owner = _parameter_owner(names, name, name.id)
    if owner is not None:
        if not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(
                names.parents.get(owner), ast.ClassDef):
            return None  # (a method's callers are its instances')
        applied = _applications_read(names, owner)
        if not applied or _named_uncalled(names, owner, len(applied)):
            return None
        out: list[ast.Call] = []
        for args, keywords, given_in in applied:
            value = bind_arguments(owner, args, keywords)[0].get(name.id)
            if given_in is not names or not isinstance(value, (ast.Call, ast.Name)):
                return None
            more = [value] if isinstance(value, ast.Call) else _records_held(
                names, value, depth + 1)
            if more is None:
                return None
            out += more
        return out
    for scope in names.enclosing(names.scope_of(name)):
        bound = names.bindings(scope).get(name.id)
        if not bound:
            continue
        if scope is names.tree:
            once = _once_at_top(names, name.id)
            return None if once is None else [once]
        if len(bound) != 1 or bound[0].kind != "assign" or not isinstance(
                bound[0].node, ast.Call) or any(
                isinstance(n, ast.Nonlocal) and name.id in n.names for n in iter_nodes(scope)):
            return None
        return [bound[0].node]
    return None


def _literal(names: ModuleNames, expr: ast.expr, depth: int,
             given: dict[str, ast.AST] | None) -> object:
    """The value of a literal, or of a parameter an application binds to one (`given`);
    `_NOT_KNOWN` otherwise."""
    if isinstance(expr, ast.Name) and given is not None and expr.id in given:
        expr = given[expr.id]  # type: ignore[assignment]
    elif isinstance(expr, ast.Attribute) and given is not None and isinstance(
            expr.value, ast.Name) and f"{expr.value.id}.{expr.attr}" in given:
        expr = given[f"{expr.value.id}.{expr.attr}"]  # type: ignore[assignment]
    if isinstance(expr, ast.Constant):
        return expr.value
    return _NOT_KNOWN


def _jax_call(names: ModuleNames, call: ast.Call) -> str | None:
    """The JAX computation a call is (`jax.numpy.sin`, `jax.jit`), if it is one."""
    dotted = _dotted(names, call.func)
    if dotted is not None:
        return dotted if _computing(dotted) else None
    if isinstance(call.func, ast.Call):
        return _tracing(names, call.func.func) if call.func.args else None
    return None


def _jax_in_host(names: ModuleNames, site: CallbackSite) -> Iterator[Finding]:
    if site.host is None:
        return
    given_in = site.host_names or names
    for host in _hosts(given_in, site.host):
        if given_in is not names and host.names is None:
            host = replace(host, names=given_in)
        yield from _jax_in_one_host(names, site, host)


def _registry_values(names: ModuleNames, expr: ast.expr, depth: int = 0, every: bool = True
                     ) -> list[ast.expr]:
    """The functions `expr` may be when it looks one up in a dict written in the module
    (`HOSTS[kind]`, or a name bound once to that): the entry of each key the module pins
    down (a constant; a parameter every application gives a known value, a test's cases
    included: `_known_values_in_host`; a key the dict lacks raises, running nothing), else
    every entry (each is a host the code can pick), or none where not `every`; [] where it
    is not such a lookup."""
    if depth > 4:
        return []
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "assign" and isinstance(b.node, ast.expr):
            return _registry_values(names, b.node, depth + 1, every)
        return []
    if not isinstance(expr, ast.Subscript):
        return []
    table = expr.value
    if isinstance(table, ast.Name):
        b = names.lookup(table.id, table)
        table = b.node if b is not None and b.kind == "assign" else None  # type: ignore[assignment]
    if not isinstance(table, ast.Dict) or any(k is None for k in table.keys):
        return []
    key = expr.slice
    keys = [key.value] if isinstance(key, ast.Constant) else _known_values_in_host(names, key)
    if keys is not None:
        return [v for k, v in zip(table.keys, table.values)
                if isinstance(k, ast.Constant) and k.value in keys]
    return list(table.values) if every else []


def _hosts(names: ModuleNames, expr: ast.expr) -> list[_Host]:
    """What a host expression may run: the function it resolves to, or each function of
    the dict it is looked up in."""
    host = _resolve_host(names, expr)
    if host is not None:
        return [host]
    found = _rebound_hosts(names, expr)
    for value in _registry_values(names, expr):  # reported by the entry's own name
        inner = _resolve_host(names, value)
        if inner is not None:
            found.append(inner)
    found.extend(_registered_hosts(names, expr))
    for held in (*_field_values(names, expr), *_member_values(names, expr)):
        inner = _resolve_host(names, held)  # type: ignore[arg-type]
        if inner is not None:  # reported as the field or member value the code reads
            found.append(replace(inner, name=ast.unparse(expr)))
    return found


def _rebound_hosts(names: ModuleNames, expr: ast.AST) -> list[_Host]:
    """For a module-level name bound several times (a host function redefined in a later
    notebook cell), what each binding in force when the name is read resolves to
    (`flow_bindings`): a binding replaced before anything runs the reading function is left
    out. [] where the name is not such a one."""
    if not isinstance(expr, ast.Name):
        return []
    live = flow_bindings.live_bindings(names, expr.id, expr)
    found = []
    for b in live or ():
        if b.kind in ("def", "assign") and b.node is not None:
            inner = _resolve_host(names, b.node)  # type: ignore[arg-type]
            if inner is not None:
                found.append(replace(inner, name=expr.id))
    return found


def _registered_hosts(names: ModuleNames, expr: ast.AST, depth: int = 0) -> list[_Host]:
    """For an instance of a class a metaclass registered when it was made, looked up by
    its key (`Meta.registry[name]()`, or `registry[name]` where the instance is stored;
    through a name bound once): the `__call__` of each class the key may pick."""
    if isinstance(expr, ast.Name) and depth < 4:
        b = names.lookup(expr.id, expr)
        return (_registered_hosts(names, b.node, depth + 1)
                if b is not None and b.kind == "assign" and b.node is not None else [])
    made = isinstance(expr, ast.Call) and not expr.args and not expr.keywords
    lookup = expr.func if made else expr  # type: ignore[attr-defined]
    if not isinstance(lookup, ast.Subscript):
        return []
    found = []
    for cls, instance in names.registered(lookup):
        call = names.member(cls, "__call__") if made != instance else None
        if call is not None:
            found.append(_Host(call, name=f"{cls.name}.__call__"))
    return found


def _member_values(names: ModuleNames, expr: ast.expr) -> list[ast.AST]:
    """For `member.value` of an enum member the module shows (`Mode.FAST.value`,
    `mode.value` for a parameter given or defaulting to members, `Mode[name].value`): the
    value the enumeration's body gives each member it may be."""
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        return (_member_values(names, b.node) if b is not None and b.kind == "assign"  # type: ignore[arg-type]
                and isinstance(b.node, ast.Attribute) else [])
    if not isinstance(expr, ast.Attribute) or expr.attr not in ("value", "_value_"):
        return []
    members = names.members_of(expr.value)
    return [names.enum_members(cls)[name] for cls, name in members or ()]


#: the record types whose fields are the class's annotated names, given at construction
_RECORD_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


def _record_class(names: ModuleNames, cls: ast.ClassDef) -> bool:
    """Whether a class of the module is a dataclass or a `typing.NamedTuple`."""
    return any(_dataclass_decorator(names, d) for d in cls.decorator_list) or any(
        names.dotted(b) in _RECORD_BASES for b in cls.bases)


def _namespace_values(names: ModuleNames, expr: ast.Attribute) -> list[ast.AST]:
    """For `ns.field` where `ns` is bound once to `types.SimpleNamespace(field=...)`: the
    value given there, and each one assigned to `ns.field` elsewhere in the module."""
    if not isinstance(expr.value, ast.Name):
        return []
    b = names.lookup(expr.value.id, expr.value)
    made = b.node if b is not None and b.kind == "assign" else None
    if not (isinstance(made, ast.Call) and names.dotted(made.func) == "types.SimpleNamespace"):
        return []
    found: list[ast.AST] = [k.value for k in made.keywords if k.arg == expr.attr]
    for node in names.walk_all():
        if isinstance(node, ast.Assign):
            found += [node.value for t in node.targets if isinstance(t, ast.Attribute)
                      and t.attr == expr.attr and isinstance(t.value, ast.Name)
                      and t.value.id == expr.value.id]
        elif isinstance(node, ast.Call):
            found += _attribute_set_by_call(names, node, expr.value.id, expr.attr)
    return found


#: the calls that set `obj.<name>` to a value (`setattr(obj, "name", v)`; a mock patch's
#: value for its block: `with mock.patch.object(backend, "solve", fake):`)
_ATTRIBUTE_SETTERS = {"setattr": "value", "unittest.mock.patch.object": "new"}


def _attribute_set_by_call(names: ModuleNames, call: ast.Call, obj: str, attr: str
                           ) -> list[ast.AST]:
    """The value a call sets `obj.attr` to (`_ATTRIBUTE_SETTERS`), given as its third
    argument or by keyword: `[]` for any other call."""
    func = call.func
    dotted = func.id if isinstance(func, ast.Name) and func.id == "setattr" and names.lookup(
        "setattr", func) is None else names.dotted(func)
    keyword = _ATTRIBUTE_SETTERS.get(dotted or "")
    if keyword is None or len(call.args) < 2:
        return []
    target, key = call.args[0], call.args[1]
    if not (isinstance(target, ast.Name) and target.id == obj and isinstance(key, ast.Constant)
            and key.value == attr):
        return []
    if len(call.args) > 2:
        return [call.args[2]]
    return [k.value for k in call.keywords if k.arg == keyword]


def _field_values(names: ModuleNames, expr: ast.expr) -> list[ast.AST]:
    """For `obj.field` of a dataclass or `NamedTuple` of the module (`inst.reader`): what each
    construction of the class in the module gives that field (by position or keyword), each
    a function the code can hold there; for a `SimpleNamespace`'s field, what it is given."""
    if not isinstance(expr, ast.Attribute):
        return []
    cls = names.class_of(expr.value)
    if cls is None:
        return _namespace_values(names, expr)
    if not _record_class(names, cls):
        return []
    fields = [name for name, _ in _dataclass_fields(cls)]
    if expr.attr not in fields or names.member(cls, expr.attr) is not None:
        return []
    at = fields.index(expr.attr)
    found = []
    for args, keywords in names.applications(cls):
        if any(isinstance(a, (ast.Starred, ast.ClassDef)) for a in args):
            continue
        given = args[at] if at < len(args) else dict(keywords).get(expr.attr)
        if given is not None:
            found.append(given)
    return found


def _jax_in_one_host(names: ModuleNames, site: CallbackSite, host: _Host
                     ) -> Iterator[Finding]:
    start = PathStep(span_of(site.call), f"`{site.what}` calls `{host.name}` on the host")
    assert site.host is not None  # (`_jax_in_host` reads only sites with a host)
    if host.jax_name:
        yield _jax011(site, host.name, host.jax_name, site.host, (start,), host.name)
        return
    visited: set[int] = set()
    # each function to read, its module, the path to it, its depth, what a JAX call in it
    # is reported at when it is in another module (the host argument, or the call of this
    # module that leads there), and the arguments the call reaching it gave it
    todo: list[tuple[ast.AST, ModuleNames, tuple[PathStep, ...], int, ast.AST,
                     _Given | None]] = [
        (host.node, host.names or names, (start,), 0, site.host, None)]  # type: ignore[list-item]
    while todo:
        fn, where, path, depth, anchor, given = todo.pop()
        if id(fn) in visited:
            continue
        visited.add(id(fn))
        elsewhere = None if where is names else str(where.path)
        reads: list[ast.Attribute] = []
        for call in _body_calls(where, fn, reads):
            here = call if elsewhere is None else anchor
            jax_name = _jax_call(where, call)
            if jax_name is not None:
                label = ast.unparse(call.func)
                step = PathStep(span_of(call), f"calls `{label}`", elsewhere)
                yield _jax011(site, label, jax_name, here,
                              path if elsewhere is None else (*path, step), host.name,
                              rewritable=elsewhere is None)
                continue
            if depth >= MAX_HELPER_DEPTH:
                continue
            cls = where.definition(call.func)
            if isinstance(cls, ast.ClassDef):  # making an instance runs its `__init__`
                init = where.member(cls, "__init__")
                if init is not None:
                    todo.append((init, where, path, depth + 1, here, None))
                continue
            label = ast.unparse(call.func)
            step = PathStep(span_of(call), f"calls `{label}`", elsewhere)
            for callee in _callees(where, call, given):
                if callee.jax_name:
                    yield _jax011(site, label, callee.jax_name, here,
                                  path if elsewhere is None else (*path, step), host.name)
                    continue
                passed = None
                if callee.direct and callee.node is not None:  # (what the call gives it)
                    passed = _Given(callee.node, bind_arguments(
                        callee.node, list(call.args),
                        [(k.arg, k.value) for k in call.keywords])[0], where, given)
                todo.append((callee.node, callee.names or where, (*path, step),  # type: ignore[arg-type]
                             depth + 1, here, passed))
            for handed in _handed_functions(where, call):  # a library calling it back
                step = PathStep(span_of(handed), f"hands `{ast.unparse(handed)}` to `{label}`, "
                                "which calls it", elsewhere)
                if isinstance(handed, ast.Lambda):
                    todo.append((handed, where, (*path, step), depth + 1, here, None))
                    continue
                probe = ast.copy_location(ast.Call(func=handed, args=[], keywords=[]), handed)
                for callee in _callees(where, probe, given):
                    if callee.jax_name:
                        yield _jax011(site, ast.unparse(handed), callee.jax_name, here,
                                      path if elsewhere is None else (*path, step), host.name)
                        continue
                    todo.append((callee.node, callee.names or where, (*path, step),  # type: ignore[arg-type]
                                 depth + 1, here, None))
        for read in reads if depth < MAX_HELPER_DEPTH else ():
            getter = _property_getter(where, read)
            if getter is not None:  # reading it runs it
                step = PathStep(span_of(read), f"reads `{ast.unparse(read)}`", elsewhere)
                todo.append((getter, where, (*path, step), depth + 1,
                             read if elsewhere is None else anchor, None))


def _handed_functions(names: ModuleNames, call: ast.Call) -> list[ast.expr]:
    """The arguments of `call` a library calls back before it returns (`sorted(xs,
    key=score)`, `scipy.optimize.minimize(f, x0, jac=grad)`): run on the host where `call`
    is on the host's path."""
    func = call.func
    if isinstance(func, ast.Name) and names.lookup(func.id, func) is None:
        dotted: str | None = f"builtins.{func.id}"  # (a builtin, not shadowed)
    else:
        dotted = _canonical(names, names.dotted(func)) if isinstance(
            func, (ast.Name, ast.Attribute)) else None
    shape = calling_back.CALLS_BACK.get(dotted) if dotted is not None else None
    if shape is None:
        return []
    positions, words = shape
    return [*(call.args[i] for i in positions if i < len(call.args)
              and not any(isinstance(a, ast.Starred) for a in call.args[:i + 1])),
            *(k.value for k in call.keywords if k.arg in words)]


#: the decorators making a method a getter run when the attribute is read (a cached one at
#: the first read, which may be the host's)
_GETTERS = frozenset({"property", "builtins.property", "functools.cached_property"})


def _getter_names(names: ModuleNames) -> frozenset[str]:
    """The names of the getters the module's top-level classes define (noted as read, for
    the memo): what `_property_getter` looks for, found without walking the module."""
    found: frozenset[str] | None = names.derived.get("callback_hosts.getters")
    if found is None:
        getters: set[str] = set()
        for cls in names.tree.body:
            if not isinstance(cls, ast.ClassDef):
                continue
            names.resolved_lines.add(cls.lineno)
            getters.update(st.name for st in cls.body if isinstance(
                st, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                (d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", None))
                in ("property", "cached_property") for d in st.decorator_list))
        found = names.derived["callback_hosts.getters"] = frozenset(getters)
    return found


def _property_getter(names: ModuleNames, read: ast.Attribute
                     ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The getter `obj.attr` runs when read: a `property` or `functools.cached_property` of
    the module class `obj` is an instance of (`self.table` in a method). Asked only where a
    class of the module has a getter of that name (what `obj` is costs more to find)."""
    if read.attr not in _getter_names(names):
        return None
    if isinstance(read.value, ast.Name):
        b = names.lookup(read.value.id, read.value)
        if b is not None and b.kind == "class":
            return None  # (`Cls.table`: the property object, no getter runs)
    cls = names.class_of(read.value)
    member = names.member(cls, read.attr) if cls is not None else None
    if not isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) or not any(
            (names.dotted(d) or (d.id if isinstance(d, ast.Name) else None)) in _GETTERS
            for d in member.decorator_list):
        return None
    return member


@dataclass(frozen=True)
class _Given:
    """The arguments a call on the path from a host function gave the function it calls
    (`bound`, by parameter), written in `names` inside a function that was itself given
    `outer`: what a parameter holds there, followed up the path before the module's own
    applications of the function are read."""

    fn: ast.AST
    bound: dict[str, ast.AST]
    names: ModuleNames
    outer: _Given | None


def _plainly_named(names: ModuleNames, expr: ast.AST) -> bool:
    """Whether calling `expr` calls a function with the call's own arguments: the name of a
    `def` (not a name bound to a `partial` or a wrapper's result, whose arguments come after
    those it binds), or a name or module attribute imported from another workspace module
    where it is a `def`."""
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "def":
            return isinstance(b.node, (ast.FunctionDef, ast.AsyncFunctionDef))
    written = names.dotted(expr) if isinstance(expr, (ast.Name, ast.Attribute)) else None
    if written is None or names.linked is None:
        return False
    followed = names.follow(written)
    return followed is not None and followed[1] is not None and isinstance(
        followed[2], (ast.FunctionDef, ast.AsyncFunctionDef))


def _callees(names: ModuleNames, call: ast.Call, given: _Given | None = None) -> list[_Host]:
    """What a call in a host function runs: the function its name resolves to, the method
    an `operator.methodcaller` it calls names, the values of the enum members it reads
    `.value` of, or, for a parameter of a function around it (a decorator's `fn`, a helper's
    `step_fn`), each function it holds (`_parameter_values`: what the call reaching the
    function gave it, `given`, else what the module hands it where it applies the function,
    followed up through the parameters those are in turn). `_Host.direct`: the call's own
    arguments are the function's."""
    func = call.func
    callee = _resolve_host(names, func)
    if callee is not None:
        direct = callee.node is not None and _plainly_named(names, func)
        return [replace(callee, direct=direct)]
    rebound = _rebound_hosts(names, func)
    if rebound:
        return rebound
    methods = _called_methods(names, call)
    if methods:
        return methods
    held = [*_field_values(names, func), *_member_values(names, func)]
    if held:
        return [replace(h, name=ast.unparse(func)) for v in held
                if (h := _resolve_host(names, v)) is not None]  # type: ignore[arg-type]
    looked_up = _registry_values(names, func, every=False)  # (`fn = TABLE[name]`, keys known)
    if looked_up:
        return [replace(h, name=ast.unparse(func), direct=h.node is not None and (
                    _plainly_named(names, v))) for v in looked_up
                if (h := _resolve_host(names, v)) is not None]
    if not isinstance(func, ast.Name):
        return []
    owner = _parameter_owner(names, func, func.id)
    if owner is None:
        return []
    found = []
    for value, given_in in _parameter_values(names, owner, func.id, given):
        inner = _resolve_host(given_in, value)  # type: ignore[arg-type]
        if inner is not None:
            found.append(replace(inner, name=func.id, names=inner.names or (
                given_in if given_in is not names else None),
                direct=inner.node is not None and _plainly_named(given_in, value)))
    return found


def _parameter_values(names: ModuleNames, owner: ast.AST, name: str, given: _Given | None,
                      depth: int = 0, seen: frozenset[tuple[int, str]] = frozenset()
                      ) -> Iterator[tuple[ast.AST, ModuleNames]]:
    """What parameter `name` of `owner` may hold, each with the module it is written in:
    the argument the call reaching `owner` gave it (`given`), else each argument the
    module's applications of `owner` give it (another module's, where that module is the
    one checked: `_applications`), or the default where one passes none. An argument that is
    in turn a parameter of the function it is written in is followed the same way, up to
    `MAX_FORWARDING_DEPTH` functions (a helper handing on the function it was given: `run(f)`
    calling `step(f)` calling `f`); a parameter met again (a recursive helper) is not."""
    seen = seen | {(id(owner), name)}
    default = parameter_default(owner, name)
    choices: list[tuple[ast.AST, ModuleNames, _Given | None]] = []
    if given is not None and given.fn is owner:
        if name in given.bound:
            choices.append((given.bound[name], given.names, given.outer))
        elif default is not None:
            choices.append((default, names, None))
    else:
        applied = _applications(names, owner) or ([([], [], names)] if default else [])
        for args, keywords, given_in in applied:
            value = bind_arguments(owner, args, keywords)[0].get(name)
            if value is None:  # not passed: the default, written where the function is
                if default is not None:
                    choices.append((default, names, None))
            else:
                choices.append((value, given_in, None))
    for value, value_in, outer in choices:
        if value is owner:  # (a decorator's application: the function itself)
            continue
        if isinstance(value, ast.Name) and depth < MAX_FORWARDING_DEPTH:
            up = _parameter_owner(value_in, value, value.id)
            if up is not None:
                if (id(up), value.id) not in seen:
                    yield from _parameter_values(value_in, up, value.id, outer, depth + 1,
                                                 seen)
                continue
        yield value, value_in


#: `operator.methodcaller(name, ...)`: calling what it makes calls `obj.name(...)`
_METHOD_CALLER = "operator.methodcaller"


def _called_methods(names: ModuleNames, call: ast.Call, depth: int = 0) -> list[_Host]:
    """For a call of what `operator.methodcaller(name)` made (written there, or bound once
    to a name), given an object of a class the module shows: that class's method of each
    name the call may mean (a literal, or a parameter's arguments and default)."""
    made: ast.AST | None = call.func
    while isinstance(made, ast.Name) and depth < 4:
        b = names.lookup(made.id, made)
        made = b.node if b is not None and b.kind == "assign" else None
        depth += 1
    if not (isinstance(made, ast.Call) and made.args and call.args
            and not isinstance(call.args[0], ast.Starred)
            and names.dotted(made.func) == _METHOD_CALLER):
        return []
    method_names = names.constants(made.args[0])
    cls = names.class_of(call.args[0])
    if cls is None or not method_names:
        return []
    found = []
    for name in method_names:
        method = names.member(cls, name) if isinstance(name, str) else None
        if method is None:
            return []  # a method not pinned down: it may be any
        found.append(_Host(method, name=f"{cls.name}.{name}"))
    return found


def _jax011(site: CallbackSite, written: str, jax_name: str, node: ast.AST,
            path: tuple[PathStep, ...], host: str, rewritable: bool = False) -> Finding:
    """`rewritable`: `node` is the call of the JAX function itself, written in this module
    (what the NumPy fix rewrites); not a call reaching it through a name, nor a call of
    this module leading to one in another."""
    numpy_equivalent = numpy_name(jax_name)
    through = [s.label.split("`")[1] if s.label.startswith("hands `") else
               s.label.removeprefix("calls ").removeprefix("reads ").strip("`") for s in path[1:]]
    route = f" through {' -> '.join(f'`{t}`' for t in through)}" if through else ""
    facts = (written, jax_name, host, site.what, site.call.lineno, route, numpy_equivalent)
    return Finding(
        code=jax011.RULE.code,
        message=jax011.head(*facts),
        span=span_of(node),
        severity=Severity.WARNING,
        path=path,
        # the fix rewrites a call's function (`jnp.X(...)` -> `np.X(...)`), not a JAX
        # function handed over as the host itself
        fixes=(*jax011.fix_kinds(numpy_equivalent if rewritable else None),
               FixKind.SUPPRESS),
        transform=site.what,
        host_call=jax011.host_call(*facts),
    )


# ------------------------------------------------------------------------ JAX012


def _takes_vectorized(names: ModuleNames, fn: ast.AST, depth: int = 0) -> bool:
    """Whether calling `fn` with `vectorized=` binds: a parameter of that name, or a
    `**kwargs` that it keeps or hands on to a function taking it. Handed on (`**kw`) only to
    functions that refuse it (library functions measured to, `library_keywords`, or the
    module's own that do not take it), it does not: the call there raises TypeError. Any
    other use of the dict, or a callee not known, counts as taking it."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return False
    a = fn.args
    if any(p.arg == "vectorized" for p in (*a.args, *a.kwonlyargs)):
        return True
    if a.kwarg is None:
        return False
    return depth > 3 or _kwargs_refused_by(names, fn, depth) is None


def _spread_calls(names: ModuleNames, fn: ast.AST) -> list[ast.Call] | None:
    """The calls to which `fn` hands its `**kwargs` dict on (`f(..., **kwargs)`), when that
    is all it does with it; None when it uses the dict otherwise (reads, changes or stores
    it), or has none."""
    kwarg = fn.args.kwarg.arg if isinstance(fn, (
        ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and fn.args.kwarg else None
    if kwarg is None:
        return None
    calls = []
    for use in (n for n in iter_nodes(fn) if isinstance(n, ast.Name) and n.id == kwarg):
        star = names.parents.get(use)
        call = names.parents.get(star) if star is not None else None
        if not (isinstance(star, ast.keyword) and star.arg is None
                and isinstance(call, ast.Call)):
            return None
        calls.append(call)
    return calls


def _kwargs_refused_by(names: ModuleNames, fn: ast.AST, depth: int = 0) -> ast.expr | None:
    """The callee (as written) that the `**kwargs` dict of `fn` is handed on to
    (`f(..., **kwargs)`) when every use of the dict is such a call of a function refusing
    `vectorized=`; None otherwise (a dict never used keeps it)."""
    calls = _spread_calls(names, fn)
    if not calls:
        return None
    for call in calls:
        dotted = _dotted(names, call.func)
        if dotted is not None:
            if not library_keywords.refuses_vectorized(dotted):
                return None
            continue
        callees = _per_class_functions(names, call.func)
        if callees is None:
            callees = [names.definition(call.func)]
        if not all(isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef)) and not (
                _takes_vectorized(names, c, depth + 1)) for c in callees):
            return None
    return call.func


def _per_class_functions(names: ModuleNames, func: ast.expr) -> list[ast.AST | None] | None:
    """For `type(self).host` / `self.host` in a method of a class of the module whose body
    sets `host = staticmethod(f)`: the function each of the class and of its subclasses
    setting it holds (None for one not pinned down); None where `func` is no such read."""
    if not isinstance(func, ast.Attribute):
        return None
    this = func.value
    if isinstance(this, ast.Call) and isinstance(this.func, ast.Name) and (
            this.func.id == "type" and len(this.args) == 1 and not this.keywords
            and names.lookup("type", this) is None):
        this = this.args[0]
    cls = names.class_of(this) if isinstance(this, ast.Name) else None
    if cls is None or names.class_attribute(cls, func.attr) is None:
        return None
    out: list[ast.AST | None] = []
    for c in (cls, *_subclasses(names, cls)):
        value = names.class_attribute(c, func.attr)
        if value is None:
            continue  # (inherits the one read already)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
                value.func.id == "staticmethod" and names.lookup("staticmethod", value) is None
                and len(value.args) == 1 and not value.keywords):
            out.append(names.definition(value.args[0]))
        else:
            out.append(None)
    return out


#: the transforms that batch a function's operands with vmap
BATCHING = frozenset({"jax.vmap", "equinox.filter_vmap", "flax.linen.vmap", "flax.nnx.vmap",
                      "jax.numpy.vectorize"})


def _batching(names: ModuleNames, expr: ast.expr) -> bool:
    """Whether `expr` is, or makes, a batching transform (`jax.vmap`, `jax.vmap(in_axes=...)`,
    `functools.partial(jax.vmap, ...)`)."""
    return _wrapper(names, expr, BATCHING) is not None


def _batched(names: ModuleNames, site: CallbackSite) -> bool:
    """Whether the module visibly batches the function the callback is called in: a batching
    transform applied to it (as a call or a decorator) or to a function that calls it."""
    by_id = names.functions_by_id()
    callers = names.callers()
    reaching: set[int] = set()
    todo: list[ast.AST] = []
    scope = names.scope_of(site.call)
    while scope is not names.tree:
        if id(scope) in by_id:
            todo.append(scope)
        scope = names.scope_of(scope)
    while todo:
        fn = todo.pop()
        if id(fn) in reaching:
            continue
        reaching.add(id(fn))
        todo.extend(by_id[c] for c in callers.get(id(fn), ()) if c in by_id)
    for fn_id in reaching:
        fn = by_id[fn_id]
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                _batching(names, d) for d in fn.decorator_list):
            return True
    for node in names.walk_all():
        if (isinstance(node, ast.Call) and node.args and _batching(names, node.func)):
            target = names.definition(node.args[0])
            if target is None and isinstance(node.args[0], ast.Call) and names.dotted(
                    node.args[0].func) in PARTIAL and node.args[0].args:
                target = names.definition(node.args[0].args[0])
            if target is not None and id(target) in reaching:
                return True
    return False


#: the parsers a version string is compared through (`Version(jax.__version__) > ...`)
_VERSION_PARSERS = frozenset({"packaging.version.Version", "packaging.version.parse",
                              "distutils.version.LooseVersion"})
_NOT_KNOWN = object()


def _gate_test(names: ModuleNames, test: ast.expr, depth: int = 0) -> ast.expr | None:
    """The test of an `if` as written or through a name bound once to it (`NEW_API =
    jax.__version_info__ >= (0, 4, 35)` then `if NEW_API:`), when it reads JAX's version."""
    if depth > 4:
        return None
    if isinstance(test, ast.Name):
        b = names.lookup(test.id, test)
        if b is not None and b.kind == "assign" and isinstance(b.node, ast.expr):
            return _gate_test(names, b.node, depth + 1)
        return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _gate_test(names, test.operand, depth + 1)
        return None if inner is None else ast.UnaryOp(ast.Not(), inner)
    if any(isinstance(n, ast.Attribute) and n.attr in VERSION_ATTRIBUTES
           and names.dotted(n.value) == "jax" for n in iter_nodes(test)):
        return test
    return None


def _version_number(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def _evaluate_gate(names: ModuleNames, expr: ast.expr) -> object:
    """A version gate's value under the measured release, as Python computes it (a string
    comparison of `jax.__version__` is one of strings: `"0.10.2" >= "0.4.35"` is False);
    `_NOT_KNOWN` where it reads anything else."""
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.Tuple):
        items = [_evaluate_gate(names, e) for e in expr.elts]
        return _NOT_KNOWN if any(i is _NOT_KNOWN for i in items) else tuple(items)
    if isinstance(expr, ast.Attribute) and expr.attr in VERSION_ATTRIBUTES and (
            names.dotted(expr.value) == "jax"):
        return jax_release()[expr.attr]
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        v = _evaluate_gate(names, expr.operand)
        return _NOT_KNOWN if v is _NOT_KNOWN else not v
    if isinstance(expr, ast.BoolOp):
        values = [_evaluate_gate(names, e) for e in expr.values]
        if any(v is _NOT_KNOWN for v in values):
            return _NOT_KNOWN
        return all(values) if isinstance(expr.op, ast.And) else any(values)
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and (
            names.dotted(expr.func) in _VERSION_PARSERS):
        v = _evaluate_gate(names, expr.args[0])
        return (_version_number(v) or _NOT_KNOWN) if isinstance(v, str) else _NOT_KNOWN
    if isinstance(expr, ast.Compare):
        ops: dict[type, Callable[[Any, Any], bool]] = {
            ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}
        left = _evaluate_gate(names, expr.left)
        for op, right_expr in zip(expr.ops, expr.comparators):
            right = _evaluate_gate(names, right_expr)
            if left is _NOT_KNOWN or right is _NOT_KNOWN or type(op) not in ops or (
                    type(left) is not type(right)):
                return _NOT_KNOWN
            if not ops[type(op)](left, right):
                return False
            left = right
        return True
    return _NOT_KNOWN


def _for_old_jax(names: ModuleNames, node: ast.AST) -> bool:
    """Whether `node` is in a branch chosen by JAX's version (`if version(jax.__version__) >
    ...: ... else: ...`) that the measured release does not take: code kept for the releases that
    had the keyword. A gate that does take it (a string comparison `jax.__version__ >=
    "0.4.35"`, False for "0.10.2") runs the branch; one that cannot be evaluated is taken
    as written for old releases."""
    child, parent = node, names.parents.get(node)
    while parent is not None:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
            test = _gate_test(names, parent.test)
            if test is not None:
                value = _evaluate_gate(names, test)
                if value is _NOT_KNOWN:
                    return True
                in_body = (child is parent.body if isinstance(parent, ast.IfExp)
                           else child in parent.body)
                if bool(value) != in_body:
                    return True
        if isinstance(child, ast.stmt) and _after_gate_exit(names, parent, child):
            return True
        child, parent = parent, names.parents.get(parent)
    return False


def _after_gate_exit(names: ModuleNames, parent: ast.AST, st: ast.stmt) -> bool:
    """Whether `st` follows, in its block, an `if` on JAX's version whose body always leaves
    (`if NEW_API: return ...` then the old call): it runs only where the gate is False,
    so it is for old releases when the measured release takes the gate (or it cannot be
    evaluated)."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if not isinstance(block, list) or st not in block:
            continue
        for earlier in block[:block.index(st)]:
            if not (isinstance(earlier, ast.If) and not earlier.orelse and earlier.body
                    and isinstance(earlier.body[-1], (ast.Return, ast.Raise))):
                continue
            test = _gate_test(names, earlier.test)
            if test is None:
                continue
            value = _evaluate_gate(names, test)
            if value is _NOT_KNOWN or value:
                return True
    return False


def _new_api_calls(names: ModuleNames, within: ast.AST, host: ast.expr | None) -> bool:
    """Whether `within` holds a call of a host callback given `vmap_method=` (the keyword
    that replaced `vectorized=`) for the same host function as written (any host: None)."""
    for node in iter_nodes(within):
        if isinstance(node, ast.Call) and any(k.arg == "vmap_method" for k in node.keywords) and (
                _callee(names, node.func) is not None) and (
                host is None or (node.args and ast.dump(node.args[0]) == ast.dump(host))):
            return True
    return False


def _superseded(names: ModuleNames, site: CallbackSite, at: ast.AST) -> bool:
    """Whether the call giving `vectorized=` is an old-API path the module keeps next to the
    new one and never runs under the measured release: the handler of a `try` whose body
    makes the same callback call with `vmap_method=` (`try: new API except TypeError: old
    API`, which JAX 0.10 does not raise), or a function the module never refers to while it
    calls the same host with `vmap_method=` elsewhere (a legacy twin kept for reference)."""
    parent = names.parents.get(at)
    while parent is not None:
        if isinstance(parent, ast.ExceptHandler):
            owner = names.parents.get(parent)
            if isinstance(owner, ast.Try) and any(
                    _new_api_calls(names, st, None) for st in owner.body):
                return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            break
        parent = names.parents.get(parent)
    if not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) or site.host is None or (
            names.parents.get(parent) is not names.tree):
        return False  # (a method may be called with no name written: `__call__`, a hook)
    fn = parent
    for node in names.walk_all():
        if (isinstance(node, ast.Name) and node.id == fn.name) or (
                isinstance(node, ast.Attribute) and node.attr == fn.name) or (
                isinstance(node, ast.Constant) and node.value == fn.name):
            return False  # referred to (called, passed on, exported by `__all__`)
    if any(_new_api_calls(names, st, site.host) for st in names.tree.body if st is not fn):
        return True
    return _superseded_by_a_sibling(names, site, fn)


#: how many of a workspace's modules are read to find a legacy twin's callers
MAX_MODULES_READ_FOR_CALLERS = 400


def _superseded_by_a_sibling(names: ModuleNames, site: CallbackSite,
                             fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The legacy twin of `_superseded` across a package: `fn` (never referred to in its own
    module) calls the host with `vectorized=`, a module beside it calls the same host
    function with `vmap_method=` (`legacy.py` kept next to `modern.py`), and no module of
    the package's folder refers to `fn` (a name that may be it, not pinned down, counts)."""
    linked, here = names.linked, names.path
    if linked is None or here is None or site.host is None:
        return False
    host = _host_function(names, site.host)
    if host is None:
        return False
    workspace = linked.workspace
    siblings = [p for p in sorted(here.parent.glob("*.py")) if p.resolve() != here.resolve()]
    if not any(_calls_with_vmap_method(_names_of(linked, p), host) for p in siblings):
        return False
    # the callers looked for: the modules of the folder the package is imported from (its
    # own, and the scripts beside it)
    top = workspace._package_root(here.parent)
    if top is None:
        return False
    files: list[Path] = []
    for p in top.rglob("*.py"):
        if p.resolve() != here.resolve():
            files.append(p)
        if len(files) > MAX_MODULES_READ_FOR_CALLERS:
            return False
    for p in files:
        if workspace.parse(p) is None or _refers_to(_names_of(linked, p, fn.name), (fn, names)):
            return False  # (a module not read may refer to it)
    return True


def _names_of(linked: Linked, path: Path, word: str | None = None) -> ModuleNames | None:
    """The names of the workspace module at `path` (None: unreadable); `word`: also None
    when its text does not hold that word."""
    parsed = linked.workspace.parse(path)
    if parsed is None or (word is not None and not any(word in ln for ln in parsed.lines)):
        return None
    linked.read.add(str(path))
    return ModuleNames(parsed.tree, linked=linked, path=path, through=linked.through)


def _same_definition(a: tuple[ast.AST, ModuleNames], b: tuple[ast.AST, ModuleNames]) -> bool:
    """Whether two definitions, each with its module, are the same one (a module may be
    parsed more than once: the one checked, and the one its neighbours import)."""
    pa, pb = a[1].path, b[1].path
    return a[0] is b[0] or (pa is not None and pb is not None and pa.resolve() == pb.resolve()
                            and getattr(a[0], "lineno", -1) == getattr(b[0], "lineno", -2))


def _calls_with_vmap_method(other: ModuleNames | None, host: tuple[ast.AST, ModuleNames]
                            ) -> bool:
    """Whether module `other` calls a callback given `vmap_method=` for the function `host`."""
    if other is None:
        return False
    for node in iter_nodes(other.tree):
        if isinstance(node, ast.Call) and node.args and any(
                k.arg == "vmap_method" for k in node.keywords) and (
                _callee(other, node.func) is not None):
            found = _host_function(other, node.args[0])
            if found is not None and _same_definition(found, host):
                return True
    return False


def _refers_to(other: ModuleNames | None, fn: tuple[ast.AST, ModuleNames]) -> bool:
    """Whether module `other` (None: its text never spells the name) may refer to the
    function `fn`: a name or attribute spelled as `fn` is that does not follow to another
    definition."""
    name = getattr(fn[0], "name", None)
    if other is None or name is None:
        return False
    for node in iter_nodes(other.tree):
        if (isinstance(node, ast.Name) and node.id == name) or (
                isinstance(node, ast.Attribute) and node.attr == name):
            written = other.dotted(node)
            followed = other.follow(written) if written is not None else None
            if followed is None or followed[1] is None or _same_definition(
                    (followed[2], followed[1]), fn):
                return True
        elif isinstance(node, ast.Constant) and node.value == name:
            return True
    return False


def _host_function(names: ModuleNames, expr: ast.AST, depth: int = 0
                   ) -> tuple[ast.AST, ModuleNames] | None:
    """The function whose parameters a call of the host expression binds, with the module it
    is written in: the function it names (in this module, or in another workspace module it
    is imported from: `backends.numpy_impl.weibull_cumhaz`), a class's `__init__`, an
    instance's `__call__`, the function a `functools.partial` binds (a keyword bound there
    can still be given again at the call); None where it is not pinned down."""
    if depth > 4:
        return None
    fn = expr if isinstance(expr, ast.ClassDef) else (
        _dispatched(names, expr) or names.definition(expr))
    if isinstance(fn, ast.ClassDef):
        init = method_of(fn, "__init__")
        return None if init is None else (init, names)
    if fn is not None:
        return fn, names
    written = names.dotted(expr)
    if written is not None and names.linked is not None and _canonical(names, written) is None:
        followed = names.follow(written)
        if followed is not None and followed[1] is not None and followed[1] is not names:
            other, node = followed[1], followed[2]
            return None if node is None else _host_function(other, node, depth + 1)
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        if b is not None and b.kind == "assign" and isinstance(b.node, ast.Call) and (
                names.dotted(b.node.func) in PARTIAL and b.node.args):
            return _host_function(names, b.node.args[0], depth + 1)
    if isinstance(expr, ast.Call) and names.dotted(expr.func) in PARTIAL and expr.args:
        return _host_function(names, expr.args[0], depth + 1)
    read = expr
    if isinstance(expr, ast.Name):
        b = names.lookup(expr.id, expr)
        read = b.node if b is not None and b.kind == "assign" and b.node is not None else expr
    if isinstance(read, (ast.Call, ast.Subscript)):
        bound = computed_names.module_binding(  # (`getattr(sys.modules[__name__], f"..")`)
            names, read, lambda e: _known_values_in_host(names, e))
        if bound is not None:
            return _host_function(names, bound, depth + 1)
    made = names.class_of(expr)
    member = None if made is None else names.member(made, "__call__")
    return None if member is None else (member, names)


def patched(names: ModuleNames) -> frozenset[str]:
    """The JAX callbacks (as `CALLBACKS` names them) the module assigns over
    (`jax.pure_callback = _compat_pure_callback`, `setattr(jax, "pure_callback", f)`): a
    call through that name may run the replacement, which may take `vectorized=` itself
    (translate it to `vmap_method`), so the keyword's failure is not known. Not one the
    module may put back (JAX's own assigned again, `jax.pure_callback = _upstream`, at top
    level or in a function some call names): the call may then run JAX's. Read only where
    a `vectorized=` finding is about to be made."""
    over: set[str] = set()
    back: set[str] = set()
    for node in names.walk_all():
        what: str | None = None
        value: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Attribute):
            what, value = CALLBACKS.get(_dotted(names, node.targets[0]) or ""), node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id == "setattr") and len(node.args) == 3 and isinstance(
                    node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
            written = names.dotted(node.args[0])
            if written is not None:
                what = CALLBACKS.get(_canonical(names, f"{written}.{node.args[1].value}") or "")
                value = node.args[2]
        if what is None or value is None:
            continue
        if not _is_callback(names, value):
            over.add(what)
        elif _may_run(names, node):
            back.add(what)
    return frozenset(over - back)


def _is_callback(names: ModuleNames, value: ast.expr) -> bool:
    """Whether `value` is one of JAX's callbacks: named, or a name bound to one."""
    if CALLBACKS.get(_dotted(names, value) or "") is not None:
        return True
    if isinstance(value, ast.Name):
        b = names.lookup(value.id, value)
        return b is not None and b.kind == "assign" and isinstance(b.node, ast.expr) and (
            CALLBACKS.get(_dotted(names, b.node) or "") is not None)
    return False


def _may_run(names: ModuleNames, node: ast.AST) -> bool:
    """Whether `node` is at the module's top level or in a function a call of the module
    names (`uninstall_compat()`)."""
    fn = names.scope_of(node)
    if fn is names.tree:
        return True
    return any(isinstance(c, ast.Call) and names.definition(c.func) is fn
               for c in names.walk_all())


def _vectorized(names: ModuleNames, site: CallbackSite) -> Iterator[Finding]:
    given = [v for k, v in site.keywords if k == "vectorized"]
    if not given:
        return
    if site.what in patched(names):
        return  # (the call may run the module's replacement of JAX's callback)
    at = dict(site.bound_at).get("vectorized", site.call)
    if _for_old_jax(names, at) or _superseded(names, site, at):
        return
    value = given[-1]
    if registry_selection.never_selected(names, value, site.call):
        return  # written in a registry entry no read of the registry picks out
    if site.what == EQUINOX_CALLBACK:
        yield from _equinox_vectorized(names, site, at, value)
        return
    resolved = (_host_function(site.host_names or names, site.host)
                if site.host is not None else None)
    host_fn, host_in = resolved if resolved is not None else (None, names)
    if host_fn is None and site.host is not None and site.host_names is None:
        rebound = _rebound_functions(names, site.host)
        if rebound and all(_takes_vectorized(names, fn) for fn in rebound):
            host_fn = rebound[-1]  # each binding in force takes it: read as the last
    if host_fn is not None and _takes_vectorized(host_in, host_fn) and not (
            _batched(names, site) and not any(
                k == "vmap_method" and not (isinstance(v, ast.Constant) and v.value is None)
                for k, v in site.keywords)):
        # the host takes it: JAX passes it on, and nothing fails unless it is batched with
        # no `vmap_method` (the removed keyword no longer chooses one)
        return
    const = value.value if isinstance(value, ast.Constant) else None
    elsewhere = _origin(names, value)
    host = f"`{ast.unparse(site.host)}`" if site.host is not None else "the host function"
    refusing = _kwargs_refused_by(host_in, host_fn) if host_fn is not None else None
    if refusing is not None:
        host += f" (whose `**kwargs` go on to `{ast.unparse(refusing)}`)"
    yield Finding(
        code=jax012.RULE.code,
        message=jax012.head(site.what, host, const),
        span=span_of(at),
        severity=Severity.ERROR,
        path=(PathStep(span_of(value), "`vectorized=` is given here", elsewhere),),
        # the fix rewrites `vectorized=` or a `"vectorized":` entry where it is written in
        # this module; a value from elsewhere (a dataclass field given by `**asdict(...)`,
        # another module's dict) gets none, nor does an entry of a dict that gives
        # `vmap_method` too (which entry to drop is the dict's business: `vmap_method_fix`)
        fixes=(*jax012.fix_kinds(const if elsewhere is None and _rewritable_at(
            names.parents.get(value)) else None), FixKind.SUPPRESS),
        transform=site.what,
        operand_spans=(span_of(value),) if elsewhere is None else (),
    )


def _rewritable_at(written: ast.AST | None) -> bool:
    """Whether `vectorized=` written as `written` (a keyword, a dict's entry) is one the fix
    rewrites: a keyword always (dropped where the call gives `vmap_method`), a dict's entry
    unless the dict gives `vmap_method` too."""
    if isinstance(written, ast.keyword):
        return True
    return isinstance(written, ast.Dict) and not jax012.gives_vmap_method_too(written)


def _rebound_functions(names: ModuleNames, expr: ast.AST) -> list[ast.AST]:
    """For a host named by a module-level name bound several times (redefined in a later
    notebook cell), the `def` of each binding in force when it is read (`flow_bindings`);
    [] where any of those is not a `def`."""
    if not isinstance(expr, ast.Name):
        return []
    live = flow_bindings.live_bindings(names, expr.id, expr)
    if not live or any(b.kind != "def" for b in live):
        return []
    return [b.node for b in live if b.node is not None]


def _known_values(names: ModuleNames, expr: ast.expr) -> list[object] | None:
    """The literal values `expr` may hold (`ModuleNames.constants`), also where it names a
    constant another workspace module binds (`config.VECTORISE`); None where not known."""
    found = names.constants(expr)
    if found is not None or names.linked is None:
        return found
    written = names.dotted(expr)
    followed = names.follow(written) if written is not None else None
    if followed is None or followed[1] is None or followed[1] is names or not isinstance(
            followed[2], ast.expr):
        return None
    return followed[1].constants(followed[2])


def _equinox_vectorized(names: ModuleNames, site: CallbackSite, at: ast.AST,
                        value: ast.AST) -> Iterator[Finding]:
    """`eqx.filter_pure_callback(..., vectorized=v)`: equinox hands `v` on to
    `jax.pure_callback` unless it is None, with its own host function, which takes no
    `vectorized`, whatever the function given to it takes. Reported where `v` is seen not
    to be None (a value not known may be None, which equinox drops)."""
    values = _known_values(names, value) if isinstance(value, ast.expr) else None
    if not values or None in values:
        return
    const = values[0] if len(values) == 1 else None
    given = f"`{ast.unparse(site.host)}`" if site.host is not None else "the function given"
    elsewhere = _origin(names, value)
    yield Finding(
        code=jax012.RULE.code,
        message=jax012.head("jax.pure_callback", f"the host function `equinox.filter_pure_"
                            f"callback` gives it (which calls {given})", const),
        span=span_of(at),
        severity=Severity.ERROR,
        path=(PathStep(span_of(value), "`vectorized=` is given here, and equinox hands it "
                       "on to `jax.pure_callback`", elsewhere),),
        # equinox takes `vmap_method=` too: the same rewrite where the value is written here
        fixes=(*jax012.fix_kinds(const if isinstance(value, ast.Constant) else None),
               FixKind.SUPPRESS),
        transform=site.what,
        operand_spans=(span_of(value),) if elsewhere is None else (),
    )
