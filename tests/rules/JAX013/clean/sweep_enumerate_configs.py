"""enumerate over known configs: the batched config does not record"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def host_log(x):
    return np.float32(0.0)


def step(x, record):
    if record:
        io_callback(host_log, jax.ShapeDtypeStruct((), jnp.float32), x[0], ordered=True)
    return x * 2.0


def run(mode, record):
    if mode == "batched":
        return jax.vmap(lambda x: step(x, record))(jnp.ones((3, 2)))
    return step(jnp.ones(2), record)


CONFIGS = [{"mode": "single", "record": True}, {"mode": "batched", "record": False}]

if __name__ == "__main__":
    for i, cfg in enumerate(CONFIGS):
        print(i, run(cfg["mode"], cfg["record"]))
