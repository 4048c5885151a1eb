import asyncio
import queue
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

ledger = []


def _book(entry):
    entry = np.asarray(entry)
    ledger.append(round(float(entry), 4))
    return entry


def ledger_entry(v):
    return io_callback(_book, jax.ShapeDtypeStruct(v.shape, v.dtype), v, ordered=True)


def pnl(position, price):
    return ledger_entry(position * price - 0.01 * jnp.abs(position))


RUNNERS = {
    "batch": lambda f, a, b: jax.vmap(f)(a, b),
    "sequential": lambda f, a, b: jax.lax.map(lambda ab: f(*ab), (a, b)),
}


async def worker(jobs, results):
    while not jobs.empty():
        mode, a, b = jobs.get_nowait()
        await asyncio.sleep(0)
        results.append(RUNNERS[mode](pnl, a, b))
        jobs.task_done()


async def main():
    jobs = queue.Queue()
    positions = jnp.array([1.0, -2.0, 0.5], jnp.float32)
    prices = jnp.array([10.0, 11.0, 9.5], jnp.float32)
    jobs.put(("sequential", positions, prices))
    jobs.put(("sequential", positions * 2, prices))
    results = []
    await worker(jobs, results)
    return results


if __name__ == "__main__":
    out = asyncio.run(main())
    print([r.tolist() for r in out])
    print("ledger", ledger)
