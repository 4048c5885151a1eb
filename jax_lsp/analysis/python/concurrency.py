"""threading, concurrent.futures, asyncio's executors and queue.Queue as calls: a thread, an
executor's job or an event loop's `run_in_executor` runs the function it is given with the
arguments it is given (Python's semantics; the thread it runs on changes nothing JAX does).

Why: a jitted step handed to `pool.submit(step, x)`, `threading.Thread(target=worker,
args=(...)).start()` or `loop.run_in_executor(None, step, x)` is traced and run as a direct
call is; read as an unknown library's method, the functions it is given were not followed.

What is decidable, and only that, is modelled:
- `Thread(target=f, args=a, kwargs=k).start()` runs `f(*a, **k)`; `ThreadPoolExecutor()`
  (also in a `with`) `.submit(f, *a, **k)` runs `f(*a, **k)` and its future's `.result()` is
  what `f` returned; `.map(f, xs)` runs `f` on the join of `xs`'s items;
  `loop.run_in_executor(ex, f, *a)` runs `f(*a)` (`await` gives its result).
- `queue.Queue()`: `q.get()` gives the join of the items put so far (a None put, a worker's
  stop sentinel, left out), unknown when none is.
  A thread given a queue runs when the program waits for it (`t.join()` or `q.join()`), with
  the items put by then: a worker started before the jobs are put sees them, as it does when
  the main thread blocks. Items put after that wait, and the order in which several threads
  take them, race: they are not seen (an under-approximation: quiet, never a guess).
- A FIFO queue (`queue.Queue`, `SimpleQueue`) made by the module's own statements, one object
  (`certain_paths`), and both filled and drained by code that certainly runs, once, in order
  (the module's statements and the calls they make: no thread, executor job, entry point or
  guessed path), gives each `get()` the next item put, as the one thread doing both sees it:
  a same-thread worker's `while True: item = jobs.get(); if item is STOP: break` takes the jobs
  in turn and stops at the sentinel (`statements._unrolled_while`), and a job put after it is
  never taken. Any other put or get loses the order: `get()` is then the join above.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import certain_paths
from jax_lsp.analysis.values import UNKNOWN, Value, derived, join

#: constructors and functions, by qualified name -> the kind of object they make
CONSTRUCTORS: dict[str, str] = {
    "threading.Thread": "thread",
    "concurrent.futures.ThreadPoolExecutor": "executor",
    "concurrent.futures.ProcessPoolExecutor": "executor",
    "concurrent.futures.thread.ThreadPoolExecutor": "executor",
    "concurrent.futures.process.ProcessPoolExecutor": "executor",
    "asyncio.get_running_loop": "loop",
    "asyncio.get_event_loop": "loop",
    "asyncio.new_event_loop": "loop",
    "queue.Queue": "queue",
    "queue.SimpleQueue": "queue",
    "queue.LifoQueue": "queue",
}

#: the queues whose `get()` gives the items in the order they were put
_FIFO = frozenset({"queue.Queue", "queue.SimpleQueue"})

#: how many thread targets or executor jobs are being run (`_running`): a queue's items
#: put or taken there are not in a known order
_threads = 0

#: the methods followed, by kind of object (any other attribute is not known)
_METHODS: dict[str, frozenset[str]] = {
    "thread": frozenset({"start", "run", "join"}),
    "executor": frozenset({"submit", "map", "shutdown"}),
    "loop": frozenset({"run_in_executor"}),
    "future": frozenset({"result"}),
    "queue": frozenset({"put", "put_nowait", "get", "get_nowait", "join", "task_done"}),
}


# eq=False: each object is itself (two queues never share their items)
@dataclass(eq=False)
class Concurrent:
    """A thread, an executor, an event loop, a future or a queue.

    `call` is a thread's `(target, Args)` not yet run; `result` a future's value; `puts` a
    queue's items, `frozen` when it is the snapshot a waited-for worker reads."""

    kind: str
    call: tuple[Value, Args] | None = None
    result: Value | None = None
    puts: list[Value] = field(default_factory=list)
    frozen: bool = False
    #: a queue's threads started and not yet run (they run when it is joined)
    waiters: list[Concurrent] = field(default_factory=list)
    #: a FIFO queue whose puts and gets all ran in a known order (`ordered_here`), and how
    #: many items its gets took
    ordered: bool = False
    taken: int = 0


@dataclass(frozen=True, eq=False)
class Method:
    """`obj.name` of a `Concurrent` object, not yet called."""

    obj: Concurrent
    name: str


def _spread(args: Value | None, kwargs: Value | None) -> Args:
    """The call `f(*args, **kwargs)`: a tuple's items and a dict's entries when known."""
    if args is not None and args.items is not None and args.keys is None:
        pos = list(args.items)
        star = None
    else:
        pos, star = [], args
    if kwargs is not None and kwargs.items is not None and kwargs.keys is not None \
            and all(isinstance(k, str) for k in kwargs.keys):
        kw = dict(zip(kwargs.keys, kwargs.items))
        dstar = None
    else:
        kw, dstar = {}, kwargs
    return Args(pos, kw, [None] * len(pos), {}, star, dstar)


def ordered_here(ev: Any, name: str, node: ast.AST | None) -> bool:
    """Whether the queue `name` made here (by the call `node`) starts with its items in a
    known order: a FIFO queue, one object, made outside any thread's run."""
    return name in _FIFO and _threads == 0 and certain_paths.singular_here(ev, node)


def _in_order(ev: Any) -> bool:
    """Whether a put or get interpreted now certainly runs, once, on the one thread."""
    return _threads == 0 and certain_paths.certain(ev)


def construct(kind: str, args: Args, ordered: bool = False) -> Value:
    """What `threading.Thread(...)`, `ThreadPoolExecutor(...)`, `asyncio.get_running_loop()`
    or `queue.Queue()` makes (`ordered`: see `ordered_here`)."""
    if kind == "thread":
        target = args.kw.get("target")
        if target is None and len(args.pos) >= 2:  # Thread(group, target, name, args, kwargs)
            target = args.pos[1]
        if target is None:
            return Value(fns=(Concurrent("thread"),))
        call = _spread(args.get(3, "args") or Value(items=()), args.get(4, "kwargs"))
        return Value(fns=(Concurrent("thread", call=(target, call)),))
    return Value(fns=(Concurrent(kind, ordered=ordered),))


def attribute(obj: Concurrent, name: str) -> Value:
    """`obj.name`: a method followed, or an unknown value."""
    if name in _METHODS.get(obj.kind, ()):
        return Value(fns=(Method(obj, name),))
    if name in ("__enter__",):
        return Value(fns=(Method(obj, name),))
    return UNKNOWN


def _holds_queue(call: Args) -> bool:
    return any(
        isinstance(f, Concurrent) and f.kind == "queue"
        for v in call.all_values()
        for f in v.fns
    )


def _snapshot(v: Value) -> Value:
    """`v` with each queue replaced by a frozen copy of its items so far (a new object: the
    worker's interpretation for these items is not the one for an empty queue)."""
    if not any(isinstance(f, Concurrent) and f.kind == "queue" for f in v.fns):
        return v
    for f in v.fns:
        if isinstance(f, Concurrent):
            f.ordered = False  # (a thread takes its items too)
    fns = tuple(
        Concurrent("queue", puts=list(f.puts), frozen=True)
        if isinstance(f, Concurrent) and f.kind == "queue" else f
        for f in v.fns
    )
    return Value(v.tan, fns=fns, items=v.items, keys=v.keys, const=v.const, traced=v.traced)


def _run_thread(ev: Any, t: Concurrent, node: ast.AST | None) -> Value:
    """Run a thread's target once, with the queues it is given as they are now."""
    if t.call is None:
        return UNKNOWN
    target, call = t.call
    t.call = None
    snap = Args([_snapshot(v) for v in call.pos], {k: _snapshot(v) for k, v in call.kw.items()},
                call.pos_nodes, call.kw_nodes, call.star, call.dstar)
    _running(ev, target, snap, node)
    return Value(const=None)


def _running(ev: Any, fn: Value, args: Args, node: ast.AST | None) -> Value:
    """`fn(*args)` run as another thread runs it (a thread's target, an executor's job)."""
    global _threads
    _threads += 1
    try:
        out: Value = ev.call_value(fn, args, node)
    finally:
        _threads -= 1
    return out


def call_method(ev: Any, m: Method, args: Args, node: ast.AST | None) -> Value:
    """Call `m` (`ev` is the evaluator: `ev.call_value` runs a function)."""
    obj, name = m.obj, m.name
    if name == "__enter__":
        return Value(fns=(obj,))
    if obj.kind == "thread":
        if name in ("start", "run") and obj.call is not None:
            if name == "run" or not _holds_queue(obj.call[1]):
                return _run_thread(ev, obj, node)
            for v in obj.call[1].all_values():
                for f in v.fns:
                    if isinstance(f, Concurrent) and f.kind == "queue":
                        f.waiters.append(obj)
            return Value(const=None)
        if name == "join":
            return _run_thread(ev, obj, node)
        return Value(const=None)
    if obj.kind == "executor":
        if name == "submit" and args.pos:
            rest = Args(args.pos[1:], args.kw, args.pos_nodes[1:], args.kw_nodes, args.star,
                        args.dstar)
            return Value(fns=(Concurrent("future", result=_running(ev, args.pos[0], rest, node)),))
        if name == "map" and args.pos:
            items = [
                join(list(v.items)) if v.items is not None and v.items else derived([v])
                for v in args.pos[1:]
            ]
            out = _running(ev, args.pos[0], Args(items, {}, [None] * len(items), {}), node)
            return ev._seq([out], unknown_len=True)
        return Value(const=None)
    if obj.kind == "loop" and name == "run_in_executor" and len(args.pos) >= 2:
        rest = Args(args.pos[2:], {}, args.pos_nodes[2:], {}, args.star)
        return _running(ev, args.pos[1], rest, node)
    if obj.kind == "future" and name == "result":
        return obj.result if obj.result is not None else UNKNOWN
    if obj.kind == "queue":
        return _queue_method(ev, obj, name, args, node)
    return UNKNOWN


def _queue_method(ev: Any, q: Concurrent, name: str, args: Args, node: ast.AST | None) -> Value:
    if name in ("put", "put_nowait"):
        if args.pos and not q.frozen:
            q.puts.append(args.pos[0])
            q.ordered = q.ordered and _in_order(ev)
        return Value(const=None)
    if name in ("get", "get_nowait"):
        if q.ordered and not q.waiters and _in_order(ev) and q.taken < len(q.puts):
            q.taken += 1  # (the next item, as the one thread takes it)
            ev.strong_updates += 1  # (an equal call must take the next: not memoised)
            return q.puts[q.taken - 1]
        q.ordered = False
        # a None put is the sentinel that ends a worker's loop: the jobs are the others
        jobs = [v for v in q.puts if v.const is not None]
        return join(jobs) if jobs else UNKNOWN
    if name == "join":  # the workers given this queue have taken what was put
        for t in q.waiters:
            _run_thread(ev, t, node)
        q.waiters.clear()
    return Value(const=None)
