"""A call of a generator function of the analysed code, as the items it yields.

Python runs a generator's body lazily, one item per `next()`; what a consumer sees is the
sequence of items it yields. When that sequence is exact, a `for`, `zip`, `islice` or
comprehension over the call visits those items as over a known tuple: `zip(STAGES,
batches(2))` stops after two stages, `islice(stream(2, 3), 2)` never reaches the main phase,
so nothing is reported in a stage no iteration reaches. An instance whose class's `__iter__`
is such a generator is iterated as the items that call yields.

The sequence is exact when every `yield` runs where it is met, once: in the generator's own
frame, outside a loop run to a fixpoint (`uncertain`), on no guessed path (an undecided `if`,
what follows an undecided `break`/`return`), each `yield from` over known items. Only a plain
generator is read so (every `yield` a statement: a coroutine's `x = yield` gets what `send()`
gives, not what it yields).

Any other call of a generator function is the generator object (`Generator`), and resuming it
runs its body where it is resumed, as Python does: `next(g)` and `g.send(v)` run it in the
resuming call's context (a callback's host that draws from a module-level stream runs the
stream's JAX calls, JAX011; a coroutine fed requests with `send` runs the jit or vmap of its
body on them), each `yield` expression of its own frame evaluating to what was sent (None for
`next`), and the call gives what the body yields there. The body is run from its start at each
resumption (an over-approximation: what precedes the first `yield` of a generator already
started, primed by a `next` elsewhere, is run again there).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.interp_state import MAX_UNROLL, Args
from jax_lsp.analysis.own_code import own_nodes
from jax_lsp.analysis.python import iterator_protocol
from jax_lsp.analysis.values import (
    NOCONST,
    NONE_VALUE,
    UNKNOWN,
    Api,
    Closure,
    Instance,
    Value,
    join,
)


class Yields:
    """What a generator's body yields while it runs."""

    __slots__ = ("yielded", "exact", "uncertain", "depth")

    def __init__(self, uncertain: int, depth: int) -> None:
        self.yielded: list[Any] = []
        self.exact = True
        self.uncertain = uncertain
        self.depth = depth


def plain_generator(node: ast.AST, cache: dict[ast.AST, bool] | None = None) -> bool:
    """Whether `node` is a (synchronous) generator function whose every `yield` is a
    statement of its own."""
    known = cache.get(node) if cache is not None else None
    if known is not None:
        return known
    plain = False
    if isinstance(node, ast.FunctionDef):
        nodes = list(own_nodes(node))
        yields = [n for n in nodes if isinstance(n, (ast.Yield, ast.YieldFrom))]
        stated = {id(n.value) for n in nodes if isinstance(n, ast.Expr)}
        plain = bool(yields) and all(id(y) in stated for y in yields)
    if cache is not None:
        cache[node] = plain
    return plain


#: the library function whose call `islice_taken` reads
ISLICE = "itertools.islice"


def islice_taken(ev: Any, fv: Value, node: ast.Call, scope: Any) -> tuple[ast.AST, int] | None:
    """For `itertools.islice(gen(...), [start,] stop)` of a known int `stop` (a literal or a
    name): the call making the iterable, which nothing but `islice` reaches, and `stop`, the
    most items `islice` takes of it (it never asks one more: Python's generator stays
    suspended at its `stop`-th `yield`, `taken_body`)."""
    if not (len(fv.fns) == 1 and type(fv.fns[0]) is Api
            and fv.fns[0].name == ISLICE):
        return None
    if node.keywords or not 2 <= len(node.args) <= 4 or not isinstance(node.args[0], ast.Call):
        return None
    stop = node.args[1] if len(node.args) == 2 else node.args[2]
    if not isinstance(stop, (ast.Constant, ast.Name)):
        return None
    v = ev.eval(stop, scope)  # (no effect: evaluated again in its turn)
    if type(v.const) is not int or v.const < 0 or v.traced:
        return None
    return node.args[0], v.const


def taken_body(node: ast.AST, taken: int) -> list[ast.stmt]:
    """The statements of a generator function's body that run when a consumer takes at most
    `taken` items (`islice_taken`): those up to its `taken`-th `yield`, when that and every
    `yield` before it is a statement of the body's own top level (one `yield` each, run once,
    in order); the whole body otherwise."""
    body: list[ast.stmt] = node.body  # type: ignore[attr-defined]
    if taken < 1:
        return body
    count = 0
    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Yield):
            count += 1
            if count == taken:
                prefix = body[:i + 1]
                inner = sum(isinstance(n, (ast.Yield, ast.YieldFrom))
                            for n in own_nodes(ast.Module(body=prefix, type_ignores=[])))
                return prefix if inner == taken else body
    return body


def start(ev: Any, fi: Any) -> Yields | None:
    """A collector for the body of `fi` about to run in `ev`'s current frame: None when it is
    no generator function; never exact when it is not a plain one. Decided once per function,
    by its text first: a function whose lines hold no `yield` is none (most are; no walk of
    their bodies)."""
    kind = ev.generator_functions.get(fi.node)
    if kind is None:
        kind = ev.generator_functions[fi.node] = _kind(fi, ev)
    if not kind:
        return None
    y = Yields(ev.uncertain, ev.depth)
    y.exact = kind == _PLAIN
    return y


#: `generator_functions`' values: a generator function, a plain one (`plain_generator`)
_GENERATOR, _PLAIN = 1, 2


def _kind(fi: Any, ev: Any) -> int:
    node = fi.node
    m = fi.module or ev.main
    if not isinstance(node, ast.FunctionDef) or not any(
            "yield" in line for line in m.lines[node.lineno - 1:node.end_lineno]):
        return 0
    if plain_generator(node):
        return _PLAIN
    own = own_nodes(node)
    return _GENERATOR if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own) else 0


def note_guess(ev: Any) -> None:
    """A path of the generator's own body is guessed: its items are not known."""
    y = ev.yields
    if y is not None and ev.depth == y.depth:
        y.exact = False


def note_yield(ev: Any, node: ast.AST, value: Any) -> None:
    """`yield value` (or `yield from value`) ran in the generator being collected."""
    y = ev.yields
    if y is None or not y.exact:
        return
    if ev.depth != y.depth or ev.uncertain != y.uncertain:
        y.exact = False
        return
    if isinstance(node, ast.YieldFrom):
        seq = ev.resolve_lazy(value)
        if seq.items is None or seq.keys is not None:
            y.exact = False
            return
        y.yielded.extend(seq.items)
    else:
        y.yielded.append(value)
    if len(y.yielded) > MAX_UNROLL:
        y.exact = False


def iterated(ev: Any, it: Any) -> Any:
    """What iterating `it` visits: for one instance of an analysed class whose `__iter__` is
    a plain generator (`for step, batch in enumerate(Loader(n_batches=3))`), the items its
    call yields, when known; `it` itself otherwise."""
    if it.items is not None or len(it.fns) != 1 or not isinstance(it.fns[0], Instance):
        return it
    found = it.fns[0].cls.lookup("__iter__")
    if found is None or len(found.fns) != 1 or not isinstance(found.fns[0], Closure):
        return it
    if not plain_generator(found.fns[0].func.node, ev.generator_bodies):
        if not iterator_protocol.stepper(it):
            return it
        # (an iterator class: `__iter__` returning `self`, `__next__` driven call by call)
        got = iterator_protocol.iterator(ev, it)
        items = iterator_protocol.drained(ev, got) if got is not None else None
        if items is None:
            ev._cut()  # (its `__next__` calls are not all followed: no run decides a line)
            return it
        return items
    method = ev._instance_method(it, "__iter__")
    if method is None:
        return it
    out = ev.call_value(method, Args.of(), None)
    return out if out.items is not None and out.keys is None else it


def _known(ev: Any, seq: Any) -> tuple[Any, ...] | None:
    seq = iterated(ev, ev.resolve_lazy(seq))
    if seq.items is None or seq.keys is not None or len(seq.items) > MAX_UNROLL:
        return None
    return seq.items


def mapped(ev: Any, fn: Any, seqs: list[Any], node: ast.AST) -> Any:
    """`map(fn, xs)` over known items: `fn` called once per item, in order (none for no
    item: `map(grad_of, filter(flagged, SAMPLES))` of no flagged sample never differentiates);
    None when an iterable's items are not known. (Python's map is lazy: a consumer may stop
    early; calling every item reports what a full consumption would, as before.)"""
    if not fn.fns or not all(isinstance(f, Closure) for f in fn.fns):
        return None
    columns = [_known(ev, s) for s in seqs]
    if any(c is None for c in columns):
        return None
    n = min(len(c) for c in columns)  # type: ignore[arg-type]
    return ev._seq([ev.call_value(fn, Args.of(*(c[i] for c in columns)), node)  # type: ignore[index]
                    for i in range(n)])


def filtered(ev: Any, fn: Any, seq: Any) -> Any:
    """`filter(pred, xs)` over known items whose every test `pred` decides to a known
    constant: the items it keeps; None otherwise."""
    if not fn.fns or not all(isinstance(f, Closure) for f in fn.fns):
        return None
    items = _known(ev, seq)
    if items is None:
        return None
    kept = []
    for item in items:
        test = ev.call_value(fn, Args.of(item), None)
        if test.const is NOCONST or isinstance(test.const, (list, dict)):
            return None
        if test.const:
            kept.append(item)
    return ev._seq(kept)


def finish(ev: Any, y: Yields, returned: Any, closure: Closure, args: Args) -> Any:
    """The call's value: the items yielded, when exact; else the generator object (what
    `next` and `send` resume), with the marks of what the body's run returned."""
    if y.exact:
        return ev._seq(y.yielded)
    made = Generator(closure, tuple(args.pos), tuple(args.kw.items()), args.star, args.dstar)
    return Value(tan=returned.tan, fns=(made,), traced=returned.traced)


@dataclass(frozen=True, slots=True)
class Generator:
    """The object a call of a generator function of the analysed code returns, not yet
    resumed: the function and the call's arguments (equal calls make equal objects, so a
    memoised call taking one serves again)."""

    closure: Closure
    pos: tuple[Value, ...]
    kw: tuple[tuple[str, Value], ...]
    star: Value | None
    dstar: Value | None


@dataclass(frozen=True, slots=True)
class Method:
    """`g.send`, `g.__next__`, `g.close` or `g.throw` of a generator object, not yet called."""

    gen: Generator
    name: str


class Resumed:
    """The frame of a generator being resumed: its depth, what its `yield` expressions give
    (the value sent) and what it yields."""

    __slots__ = ("depth", "sent", "yielded")

    def __init__(self, depth: int, sent: Value) -> None:
        self.depth = depth
        self.sent = sent
        self.yielded: list[Value] = []


def attribute(gen: Generator, name: str) -> Value:
    """`g.name` of a generator object."""
    if name in ("send", "__next__", "close", "throw"):
        return Value(fns=(Method(gen, name),))
    return UNKNOWN


def call_method(ev: Any, m: Method, args: Args, node: ast.AST | None) -> Value:
    """`g.send(v)` / `g.__next__()` resume the generator; `close` and `throw` run nothing
    the analysis follows (a `finally` of the body, an exception thrown in: not modelled)."""
    if m.name == "send":
        return resume(ev, m.gen, args.pos[0] if args.pos else UNKNOWN, node)
    if m.name == "__next__":
        return resume(ev, m.gen, NONE_VALUE, node)
    return NONE_VALUE if m.name == "close" else UNKNOWN


def resumed_by_next(ev: Any, args: Args, node: ast.AST | None) -> Value | None:
    """`next(g)` (or `next(g, default)`) of a generator object: the body run there; None when
    the argument holds no generator object."""
    if not args.pos or args.kw:
        return None
    gens = [f for f in args.pos[0].fns if type(f) is Generator]
    if not gens:
        return None
    out = [resume(ev, g, NONE_VALUE, node) for g in gens]
    if len(args.pos) > 1:  # (the default, once the generator is exhausted)
        out.append(args.pos[1])
    return join(out)


def resume(ev: Any, gen: Generator, sent: Value, node: ast.AST | None) -> Value:
    """Run `gen`'s body where it is resumed, its own `yield` expressions giving `sent`: the
    join of what it yields there (unknown if nothing). A copy of its closure is called, so
    that no interpretation of the call that made it (the same function and arguments, where
    a `yield` gave what it yielded) serves."""
    c = gen.closure
    fresh = Closure(c.func, c.scope, c.defaults, c.kw_defaults)
    args = Args(list(gen.pos), dict(gen.kw), [None] * len(gen.pos), {}, gen.star, gen.dstar)
    frame = Resumed(ev.depth + 1, sent)
    outer, ev.resumed = ev.resumed, frame
    try:
        ev.call_closure(fresh, args, node, label=c.func.name)
    finally:
        ev.resumed = outer
    return join(frame.yielded) if frame.yielded else UNKNOWN


def sent_value(ev: Any, value: Value) -> Value | None:
    """What a `yield` expression of the generator being resumed gives (the value sent), noting
    `value` as yielded; None outside a resumed generator's own frame."""
    frame = ev.resumed
    if frame is None or frame.depth != ev.depth:
        return None
    frame.yielded.append(value)
    return frame.sent
