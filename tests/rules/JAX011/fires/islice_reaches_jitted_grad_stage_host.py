"""Evaluation stages from a generator consumed by `itertools.islice(..., 3)`: its third stage
runs, jitting a gradient with a `jax.debug.callback` whose host calls JAX."""
import itertools

import numpy as np
import jax
import jax.numpy as jnp

SEEN = {}


def _record(grads):
    SEEN["rms"] = float(jnp.sqrt(jnp.mean(jnp.square(np.asarray(grads)))))  # EXPECT: JAX011


def _objective(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


def _stages(w, x):
    yield "forward", jax.jit(lambda w: jnp.tanh(x @ w))(w)
    yield "loss", jax.jit(_objective)(w, x)

    def traced_grad(w):
        g = jax.grad(_objective)(w, x)
        jax.debug.callback(_record, g)
        return g

    yield "grad", jax.jit(traced_grad)(w)


if __name__ == "__main__":
    w = jnp.full((3, 2), 0.1)
    x = jnp.arange(12.0).reshape(4, 3) / 10
    for name, value in itertools.islice(_stages(w, x), 3):
        print(name, value.shape)
    jax.effects_barrier()
    print(SEEN)
