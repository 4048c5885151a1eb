"""Battery ageing emulator: methods are attached after the class is built; asyncio drives it."""
import asyncio
import functools

import jax
import jax.numpy as jnp
import numpy as np


def capacity_fade_host(cycles, temp_c):
    n = np.asarray(cycles, dtype=np.float64)
    t = np.asarray(temp_c, dtype=np.float64)
    arr = np.exp(-2400.0 * (1.0 / (t + 273.15) - 1.0 / 298.15))
    return (1.0 - 2.1e-4 * arr * n ** 0.8).astype(np.float32)


class Emulator:
    def __init__(self, nominal_ah: float):
        self.nominal_ah = nominal_ah


def make_evaluate(**callback_kw):
    def evaluate(self, cycles, temp_c):
        soh = jax.pure_callback(capacity_fade_host, jax.ShapeDtypeStruct(cycles.shape, jnp.float32),
                                cycles, temp_c, **callback_kw)
        return self.nominal_ah * soh
    return evaluate


VARIANTS = {
    "scalar": make_evaluate(),
    "batched": make_evaluate(vectorized=True),
}


def configure(cls, variant: str):
    setattr(cls, "evaluate", VARIANTS[variant])
    return cls


async def simulate(packs):
    em = Emulator(nominal_ah=3.2)
    step = jax.jit(em.evaluate)
    jobs = [asyncio.to_thread(step, cyc, temp) for cyc, temp in packs]
    return await asyncio.gather(*jobs)


if __name__ == "__main__":
    configure(Emulator, variant="batched")
    packs = [(jnp.array([100.0, 500.0, 1000.0], jnp.float32), jnp.float32(25.0)),
             (jnp.array([100.0, 500.0, 1000.0], jnp.float32), jnp.float32(40.0))]
    caps = asyncio.run(simulate(packs))
    print([np.round(np.asarray(c), 3).tolist() for c in caps])
