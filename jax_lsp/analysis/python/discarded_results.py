"""Calls whose result the program never reads, through the functions that return it.

Under `jit` JAX removes a `pure_callback` whose result reaches no output as dead code: its
host never runs (measured on JAX 0.10.2, also through a helper `probe(h)` returning the
callback's result to `health = probe(h)`, a local never read). The evaluator asks, at a
call in a function it runs, whether the call's value is discarded: it is the value of an
expression statement or of an assignment to a local the function never reads, or it is what
the function returns (`return call(...)`) and every reference to the function, by its name,
is a call whose value is discarded in turn. A function reached otherwise (passed on, a
method, decorated, a name the module also reads as a value) keeps its result. Read from the
module's syntax once per module: the answer is the same wherever the call is interpreted,
so it is no part of a memoised interpretation's context.
"""

from __future__ import annotations

import ast
import weakref
from dataclasses import dataclass, field

#: builtins reading a frame's locals by name: a local is read through them
_FRAME_READERS = frozenset({"locals", "vars", "eval", "exec"})

_Fn = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class _Index:
    """A module's calls whose value is discarded where they are written, and the functions
    whose every call by name discards what they return."""

    #: the calls (by id) whose value the function holding them drops
    dropped: set[int] = field(default_factory=set)
    #: the calls (by id) each function returns as written (`return call(...)`), by function
    returned: dict[int, _Fn] = field(default_factory=dict)
    #: each function defined by a plain `def` in a module or function body, by name
    defs: dict[str, list[_Fn]] = field(default_factory=dict)
    #: each read of a name: the call it is the callee of (None: read as a value)
    reads: dict[str, list[ast.Call | None]] = field(default_factory=dict)
    #: the functions whose result is discarded wherever they are called
    discarded: dict[int, bool] = field(default_factory=dict)


_INDEX: weakref.WeakKeyDictionary[ast.Module, _Index] = weakref.WeakKeyDictionary()


def discarded(tree: ast.Module, call: ast.Call) -> bool:
    """Whether `call`'s value is never read: dropped where it is written, or returned by a
    function whose every call drops it (followed up through such functions)."""
    index = _INDEX.get(tree)
    if index is None:
        index = _INDEX[tree] = _build(tree)
    return _dropped(index, call, set())


def _dropped(index: _Index, call: ast.Call, seen: set[int]) -> bool:
    if id(call) in index.dropped:
        return True
    fn = index.returned.get(id(call))
    return fn is not None and _result_discarded(index, fn, seen)


def _result_discarded(index: _Index, fn: _Fn, seen: set[int]) -> bool:
    known = index.discarded.get(id(fn))
    if known is not None:
        return known
    if id(fn) in seen:
        return False  # (a recursion: not followed)
    seen.add(id(fn))
    answer = (not fn.decorator_list and any(d is fn for d in index.defs.get(fn.name, ()))
              and bool(index.reads.get(fn.name))
              and all(c is not None and _dropped(index, c, seen)
                      for c in index.reads[fn.name]))
    index.discarded[id(fn)] = answer
    return answer


def _build(tree: ast.Module) -> _Index:
    index = _Index()
    callees: dict[int, ast.Call] = {}
    for node in ast.walk(tree):  # (breadth first: a call before the name it calls)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            callees[id(node.func)] = node
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            index.reads.setdefault(node.id, []).append(callees.get(id(node)))
    _scan_body(index, tree.body, None)
    return index


def _scan_body(index: _Index, body: list[ast.stmt], fn: _Fn | None) -> None:
    """Note the functions `body` defines, and (in a function) the calls it drops or returns."""
    read = _read_names(fn) if fn is not None else None
    todo = list(body)
    while todo:
        st = todo.pop()
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            index.defs.setdefault(st.name, []).append(st)
            _scan_body(index, st.body, st)
            continue
        if isinstance(st, ast.ClassDef):
            # (its methods are reached as attributes, never by a name: not followed)
            for inner in st.body:
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    _scan_body(index, inner.body, inner)
            continue
        if fn is not None and read is not None:
            value = getattr(st, "value", None)
            if isinstance(value, ast.Call):
                if isinstance(st, ast.Expr):
                    index.dropped.add(id(value))
                elif isinstance(st, ast.Return):
                    index.returned[id(value)] = fn
                elif (isinstance(st, ast.Assign) and len(st.targets) == 1
                      and isinstance(st.targets[0], ast.Name) and st.targets[0].id not in read):
                    index.dropped.add(id(value))
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(getattr(st, name, None) or ())


def _read_names(fn: _Fn) -> set[str] | None:
    """The names `fn`'s body reads (nested functions included), its `global`/`nonlocal`
    names among them; None where it may read its locals by computed names."""
    read: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in _FRAME_READERS:
                return None
            read.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            read.update(node.names)
    return read
