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

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

#: builtins reading a frame's locals by name: a local is read through them
_FRAME_READERS = frozenset({"locals", "vars", "eval", "exec"})

_Fn = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class _Own:
    """The calls (by id) whose value one function drops where they are written, and those
    it returns as written (`return call(...)`)."""

    dropped: set[int] = field(default_factory=set)
    returned: set[int] = field(default_factory=set)
    #: the calls assigned to a plain local, with its name (dropped where it is never read)
    assigned: dict[int, str] = field(default_factory=dict)
    #: the names the function reads (`_read_names`), once one is asked about
    read: set[str] | None = None


@dataclass
class _Reads:
    """Each read of a name in a module, with the call it is the callee of (None: read as a
    value) and the function it is read in; and the `def`s of class bodies (methods)."""

    by_name: dict[str, list[tuple[ast.Call | None, ast.AST | None]]] = field(
        default_factory=dict)
    methods: set[int] = field(default_factory=set)


_OWN: weakref.WeakKeyDictionary[ast.AST, _Own] = weakref.WeakKeyDictionary()
_READS: weakref.WeakKeyDictionary[ast.Module, _Reads] = weakref.WeakKeyDictionary()
_DISCARDED: weakref.WeakKeyDictionary[ast.AST, bool] = weakref.WeakKeyDictionary()


def discarded(tree: ast.Module, fn: ast.AST, call: ast.Call) -> bool:
    """Whether `call`, written in the function `fn`, has its value never read: dropped
    there, or returned by `fn` whose every call drops it (followed up through such
    functions). The module's reads are indexed only where a returned call asks."""
    return _dropped(tree, fn, call, set())


def _dropped(tree: ast.Module, fn: ast.AST | None, call: ast.Call, seen: set[int]) -> bool:
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False  # (a lambda returns its call's value; a module runs nothing jitted)
    own = _OWN.get(fn)
    if own is None:
        own = _OWN[fn] = _own(fn)
    if id(call) in own.dropped:
        return True
    local = own.assigned.get(id(call))
    if local is not None:
        if own.read is None:
            own.read = _read_names(fn)
        return local not in own.read
    return id(call) in own.returned and _result_discarded(tree, fn, seen)


def _result_discarded(tree: ast.Module, fn: _Fn, seen: set[int]) -> bool:
    known = _DISCARDED.get(fn)
    if known is not None:
        return known
    if id(fn) in seen:
        return False  # (a recursion: not followed)
    seen.add(id(fn))
    reads = _READS.get(tree)
    if reads is None:
        reads = _READS[tree] = _index(tree)
    refs = reads.by_name.get(fn.name, [])
    answer = (not fn.decorator_list and id(fn) not in reads.methods and bool(refs)
              and all(c is not None and _dropped(tree, where, c, seen) for c, where in refs))
    _DISCARDED[fn] = answer
    return answer


def _index(tree: ast.Module) -> _Reads:
    reads = _Reads()
    todo: list[tuple[ast.AST, ast.AST | None, ast.Call | None]] = [(tree, None, None)]
    while todo:
        node, where, callee = todo.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            reads.by_name.setdefault(node.id, []).append((callee, where))
            continue
        if isinstance(node, ast.ClassDef):
            reads.methods.update(id(st) for st in node.body
                                 if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            inside = {id(b) for b in body}
            todo.extend((c, node if id(c) in inside else where, None)
                        for c in child_nodes(node))
            continue
        func = node.func if isinstance(node, ast.Call) else None
        todo.extend((c, where, node if c is func else None)  # type: ignore[misc]
                    for c in child_nodes(node))
    return reads


def _own(fn: _Fn) -> _Own:
    """Note the calls `fn`'s own statements drop, return or assign to a local (not its nested
    functions')."""
    own = _Own()
    todo: list[ast.AST] = list(fn.body)
    while todo:
        st = todo.pop()
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        value = getattr(st, "value", None)
        if isinstance(value, ast.Call):
            if isinstance(st, ast.Expr):
                own.dropped.add(id(value))
            elif isinstance(st, ast.Return):
                own.returned.add(id(value))
            elif (isinstance(st, ast.Assign) and len(st.targets) == 1
                  and isinstance(st.targets[0], ast.Name)):
                own.assigned[id(value)] = st.targets[0].id
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(getattr(st, name, None) or ())
    return own


def _read_names(fn: _Fn) -> set[str]:
    """The names `fn`'s body reads (nested functions included), its `global`/`nonlocal`
    names among them; every name where it may read its locals by computed names."""
    read: set[str] = set()
    for node in iter_nodes(fn):  # (`ast.walk`'s nodes, cheaper)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in _FRAME_READERS:
                return _EVERY
            read.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            read.update(node.names)
    return read


class _Every(set[str]):
    """Every name (`locals()` may read any)."""

    def __contains__(self, name: object) -> bool:
        return True


_EVERY: set[str] = _Every()
