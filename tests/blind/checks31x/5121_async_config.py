"""An asyncio coroutine pipeline: configuration messages arrive, then a solver is built and run."""
import asyncio

import numpy as np
import jax
import jax.numpy as jnp


def polyval_host(coeffs, x):
    return np.polyval(np.asarray(coeffs), np.asarray(x)).astype(np.float32)


async def config_source(queue):
    for msg in ({"degree": 2}, {"cb": {"vectorized": True}}, {"degree": 3}):
        await queue.put(msg)
        await asyncio.sleep(0)
    await queue.put(None)


async def collect_config(queue):
    cfg = {"degree": 1, "cb": {}}
    while (msg := await queue.get()) is not None:
        cfg.update(msg)
    return cfg


def build(cfg):
    coeffs = jnp.arange(1.0, cfg["degree"] + 2.0, dtype=jnp.float32)

    def f(x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(polyval_host, spec, coeffs, x, **cfg["cb"])
    return jax.jit(f)


async def main():
    queue = asyncio.Queue()
    producer = asyncio.create_task(config_source(queue))
    cfg = await collect_config(queue)
    await producer
    f = build(cfg)
    return f(jnp.array([0.5, 1.0], dtype=jnp.float32))


if __name__ == "__main__":
    print("values", asyncio.run(main()))
