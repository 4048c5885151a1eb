"""`python/schedulers.py`: `sched.scheduler` as calls, and the escape analysis reading a job
entered on one the module keeps to itself as reached only through its `run()`. The model's
premises are checked against the standard library first."""

from __future__ import annotations

import sched
import textwrap

import pytest

from jax_lsp.analysis import analyze_source


def test_run_calls_in_time_then_priority_order_and_cancel_removes() -> None:
    seen: list = []

    def note(what: str) -> None:
        seen.append(what)

    clock = [0.0]  # (a clock `delayfunc` moves on: `run()` waits for the late job)
    s = sched.scheduler(lambda: clock[0], lambda d: clock.__setitem__(0, clock[0] + d))
    s.enter(1, 1, note, ("late",))
    a = s.enter(0, 2, note, argument=("second",))
    s.enter(0, 1, note, kwargs={"what": "first"})
    gone = s.enter(0, 0, note, ("cancelled",))
    s.cancel(gone)
    assert not s.empty()
    s.run()
    assert seen == ["first", "second", "late"] and s.empty() and a not in s.queue


_PROGRAM = '''
import sched
import time
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x, y):
    return x * y


def f_fwd(x, y):
    return x * y, (x, y)


def f_bwd(res, g):
    x, y = res
    return (g * y,)


f.defvjp(f_fwd, f_bwd)


def plain(x):
    return jnp.sum(x)


def slope(x):
    return jax.grad(lambda v: jnp.sum(f(v, 2.0)))(x)


if __name__ == "__main__":
    s = sched.scheduler(time.monotonic, lambda _: None)
    keep = s.enter(0, 1, plain, (jnp.ones(2),))
    job = s.enter(0, 2, slope, (jnp.ones(2),))
    s.cancel(CANCELLED)
    s.run()
'''


@pytest.mark.parametrize(("cancelled", "codes"), [("keep", ["JAX014"]), ("job", [])])
def test_cancelled_job_is_never_run(cancelled: str, codes: list[str]) -> None:
    # a script's file name no import can name: its module-level defs run only as it calls them
    src = textwrap.dedent(_PROGRAM).replace("CANCELLED", cancelled)
    assert sorted({f.code for f in analyze_source(src, "run-jobs.py").findings}) == codes


def test_scheduler_handed_elsewhere_keeps_its_jobs_entry_points() -> None:
    # the scheduler goes to code the analysis does not see: that code may run the job
    src = textwrap.dedent(_PROGRAM).replace("CANCELLED", "job").replace(
        "    s.run()", "    print(s)")
    assert sorted({f.code for f in analyze_source(src, "run-jobs.py").findings}) == ["JAX014"]
