"""`python/concurrency.py`: threads, executors, event loops and queues as calls. The model's
claims are checked against the real libraries first, then on small programs, each with the
codes JAX 0.10.2 gave when run (`test_run_under_jax`)."""

from __future__ import annotations

import asyncio
import queue
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from jax_lsp.analysis import analyze_source

# -- what the libraries do (the model's premises) --------------------------------------------


def test_thread_runs_target_with_args_and_kwargs() -> None:
    seen: list = []
    t = threading.Thread(target=lambda a, b, c=0: seen.append((a, b, c)), args=(1, 2),
                         kwargs={"c": 3})
    t.start()
    t.join()
    assert seen == [(1, 2, 3)]


def test_executor_submit_result_and_map() -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert pool.submit(lambda a, k=0: a + k, 2, k=3).result() == 5
        assert list(pool.map(lambda v: v * 2, [1, 2])) == [2, 4]


def test_run_in_executor_calls_with_positional_args() -> None:
    async def main() -> int:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, lambda a, b: a - b, 5, 2)

    assert asyncio.run(main()) == 3


def test_worker_started_before_puts_takes_them_when_joined() -> None:
    jobs: queue.Queue = queue.Queue()
    taken: list = []

    def worker(q: queue.Queue) -> None:
        while (item := q.get()) is not None:
            taken.append(item)

    t = threading.Thread(target=worker, args=(jobs,))
    t.start()
    jobs.put(("a", 1))
    jobs.put(None)
    t.join()
    assert taken == [("a", 1)]


# -- the model on small programs -----------------------------------------------------------

H = (
    "import asyncio\nimport queue\nimport threading\n"
    "from concurrent.futures import ThreadPoolExecutor\n"
    "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    "from jax.experimental import io_callback\n\n"
    "def _log(v):\n    return np.asarray(v, dtype=np.float32)\n\n"
    "def step(x):\n"
    "    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)\n\n"
)

PROGRAMS = {
    # a thread's target runs with its args and kwargs
    "thread_target_kwargs": ("""
        def run(fn, xs):
            print(fn(xs))
        t = threading.Thread(target=run, args=(jax.vmap(step),), kwargs={"xs": jnp.ones((2, 3))})
        t.start()
        t.join()
        """, ["JAX013"]),
    "thread_target_unbatched": ("""
        def run(fn, xs):
            print(fn(xs))
        t = threading.Thread(target=run, args=(step,), kwargs={"xs": jnp.ones(3)})
        t.start()
        t.join()
        """, []),
    # an executor's map runs the function on the items
    "executor_map_vmapped": ("""
        with ThreadPoolExecutor() as pool:
            print(list(pool.map(jax.vmap(step), [jnp.ones((2, 3))])))
        """, ["JAX013"]),
    "executor_map_unbatched": ("""
        with ThreadPoolExecutor() as pool:
            print(list(pool.map(step, [jnp.ones(3)])))
        """, []),
    # a queue worker runs the jobs put before the thread is waited for
    "queue_worker_job_vmaps": ("""
        FNS = {"batched": jax.vmap(step), "plain": step}
        def worker(jobs, out):
            while True:
                job = jobs.get()
                if job is None:
                    return
                name, x = job
                out.append(FNS[name](x))
        jobs, out = queue.Queue(), []
        t = threading.Thread(target=worker, args=(jobs, out))
        t.start()
        jobs.put(("batched", jnp.ones((2, 3))))
        jobs.put(None)
        t.join()
        print(out)
        """, ["JAX013"]),
    "queue_worker_job_plain": ("""
        FNS = {"batched": jax.vmap(step), "plain": step}
        def worker(jobs, out):
            while True:
                job = jobs.get()
                if job is None:
                    return
                name, x = job
                out.append(FNS[name](x))
        jobs, out = queue.Queue(), []
        t = threading.Thread(target=worker, args=(jobs, out))
        t.start()
        jobs.put(("plain", jnp.ones(3)))
        jobs.put(None)
        t.join()
        print(out)
        """, []),
    # a job put after the program waited for the worker is never taken by it (the worker
    # already ended): not read, the analysis stays quiet
    "queue_job_put_after_join": ("""
        FNS = {"batched": jax.vmap(step), "plain": step}
        def worker(jobs, out):
            while True:
                job = jobs.get()
                if job is None:
                    return
                name, x = job
                out.append(FNS[name](x))
        jobs, out = queue.Queue(), []
        t = threading.Thread(target=worker, args=(jobs, out))
        t.start()
        jobs.put(("plain", jnp.ones(3)))
        jobs.put(None)
        t.join()
        jobs.put(("batched", jnp.ones((2, 3))))
        print(out)
        """, []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(name: str) -> None:
    body, codes = PROGRAMS[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == codes


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_run_under_jax(name: str, tmp_path) -> None:
    """Each program's codes are what JAX says: JAX013's ValueError, or it runs."""
    body, codes = PROGRAMS[name]
    path = tmp_path / f"{name}.py"
    path.write_text(H + textwrap.dedent(body).lstrip())
    run = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                         timeout=300)
    raised = "Cannot `vmap` ordered IO callback" in run.stderr + run.stdout
    assert raised == ("JAX013" in codes), run.stderr[-2000:]
    if not codes:
        assert run.returncode == 0, run.stderr[-2000:]


def test_incremental_edit_of_a_put_job() -> None:
    """An edit of the job put changes what the worker runs, as a fresh analysis says: the
    queue's items are not carried over from the earlier version."""
    from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer

    body, _ = PROGRAMS["queue_worker_job_vmaps"]
    fires = H + textwrap.dedent(body).lstrip()
    quiet = fires.replace('jobs.put(("batched", jnp.ones((2, 3))))',
                          'jobs.put(("plain", jnp.ones(3)))')
    assert quiet != fires
    analyzer = IncrementalAnalyzer()
    for source in (fires, quiet, fires, quiet):
        got = sorted({f.code for f in analyzer.analyze(source, "edit.py").findings})
        assert got == sorted({f.code for f in analyze_source(source, "edit.py").findings})
        assert got == (["JAX013"] if source is fires else [])
