"""The standard library's `sched.scheduler` as calls: `run()` calls the actions entered and
not cancelled, in their order.

Why: a job handed to `s.enter(delay, priority, job, (x,))` runs when `s.run()` does, unless
`s.cancel(event)` took its event out first. Read as an unknown library's methods, the jobs
were not followed where they run, and a cancelled one (never run) was analysed as called by
someone else: a custom rule it differentiates reported though JAX never runs it.

What is modelled: `sched.scheduler(...)` makes one scheduler; `enter(delay, priority, action,
argument=(), kwargs={})` and `enterabs(time, ...)` queue a call and give its event (one object:
`cancel(event)` takes exactly that call out; an event not known to be one leaves the queue as
it is, an over-approximation); `run()` calls the queued actions with their arguments and
empties the queue, in the order of their times and priorities when all are known numbers,
else in the order they were entered; `empty()` is whether the queue holds a call. Anything
else of a scheduler (`queue`, the events' fields) is not known.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import UNKNOWN, Value

#: the constructor, by qualified name
CONSTRUCTOR = "sched.scheduler"
#: the methods followed (any other attribute is not known)
METHODS = frozenset({"enter", "enterabs", "cancel", "run", "empty"})


# eq=False: each object is itself (two schedulers never share their calls)
@dataclass(eq=False)
class ScheduledCall:
    """One call queued by `enter` / `enterabs`: its event."""

    when: Any
    priority: Any
    action: Value
    args: Args


@dataclass(eq=False)
class Scheduler:
    """A `sched.scheduler` and the calls queued on it (in the order entered)."""

    queued: list[ScheduledCall] = field(default_factory=list)


@dataclass(frozen=True, eq=False)
class Method:
    """`s.name` of a scheduler, not yet called."""

    obj: Scheduler
    name: str


def construct() -> Value:
    return Value(fns=(Scheduler(),))


def attribute(obj: Scheduler, name: str) -> Value:
    """`s.name`: a method followed, or an unknown value."""
    return Value(fns=(Method(obj, name),)) if name in METHODS else UNKNOWN


def _spread(args: Value | None, kwargs: Value | None) -> Args | None:
    """The call `action(*argument, **kwargs)`; None where its arguments are not known."""
    if args is None or args.items is None or args.keys is not None:
        return None
    kw: dict[str, Value] = {}
    if kwargs is not None:
        if kwargs.items is None or kwargs.keys is None or not all(
                isinstance(k, str) for k in kwargs.keys):
            return None
        kw = dict(zip(kwargs.keys, kwargs.items))  # type: ignore[arg-type]
    return Args(list(args.items), kw, [None] * len(args.items), {})


def _number(v: Value) -> Any:
    c = v.const
    return c if type(c) in (int, float) else None


def call_method(ev: Any, m: Method, args: Args, node: ast.AST | None) -> Value:
    """Call `m` (`ev` is the evaluator: `ev.call_value` runs a function)."""
    s, name = m.obj, m.name
    if name in ("enter", "enterabs"):
        when, priority = args.get(0, "delay" if name == "enter" else "time"), args.get(
            1, "priority")
        action = args.get(2, "action")
        call = _spread(args.get(3, "argument") or Value(items=()), args.get(4, "kwargs"))
        if action is None or when is None or priority is None or call is None or (
                args.star is not None or args.dstar is not None):
            return UNKNOWN
        event = ScheduledCall(_number(when), _number(priority), action, call)
        s.queued.append(event)
        return Value(fns=(event,))
    if name == "cancel":
        gone = args.get(0, "event")
        if gone is not None and len(gone.fns) == 1 and gone.fns[0] in s.queued:
            s.queued.remove(gone.fns[0])
        return Value(const=None)
    if name == "empty":
        return Value(const=not s.queued)
    if name == "run":
        todo = list(s.queued)
        s.queued.clear()
        if all(c.when is not None and c.priority is not None for c in todo):
            todo.sort(key=lambda c: (c.when, c.priority))  # (stable: entered order next)
        for c in todo:
            ev.call_value(c.action, c.args, node)
        return Value(const=None)
    return UNKNOWN
