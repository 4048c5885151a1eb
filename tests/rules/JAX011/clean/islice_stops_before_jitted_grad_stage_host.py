"""Evaluation stages from a generator consumed by `itertools.islice(..., 2)`: the generator
stays suspended at its second `yield`, so the stage that jits a gradient with a
`jax.debug.callback` whose host calls JAX never runs (the function it jits is only
transformed and called there: it does not leave the generator)."""
import itertools

import numpy as np
import jax
import jax.numpy as jnp

SEEN = {}


def _record(grads):
    SEEN["rms"] = float(jnp.sqrt(jnp.mean(jnp.square(np.asarray(grads)))))


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
    for name, value in itertools.islice(_stages(w, x), 2):
        print(name, value.shape)
    jax.effects_barrier()
    print(SEEN)
