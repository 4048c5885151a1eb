"""A staged evaluation pipeline: each stage is produced lazily by a generator."""
import itertools
import numpy as np
import jax
import jax.numpy as jnp

SEEN = {}


def record_grad_stats(grads):
    grads = np.asarray(grads)
    SEEN["rms"] = float(jnp.sqrt(jnp.mean(jnp.square(grads))))


def model(w, x):
    return jnp.tanh(x @ w)


def objective(w, x, y):
    return jnp.mean((model(w, x) - y) ** 2)


def stages(w, x, y):
    yield "forward", jax.jit(model)(w, x)
    yield "loss", jax.jit(objective)(w, x, y)

    def traced_grad(w):
        g = jax.grad(objective)(w, x, y)
        jax.debug.callback(record_grad_stats, g)
        return g

    yield "grad", jax.jit(traced_grad)(w)
    yield "done", None


def describe(name, value):
    if value is None:
        return name
    return f"{name}: {tuple(value.shape)} {float(jnp.sum(value)):.4f}"


if __name__ == "__main__":
    w = jnp.full((3, 2), 0.1)
    x = jnp.arange(12.0).reshape(4, 3) / 10
    y = jnp.ones((4, 2))
    for name, value in itertools.islice(stages(w, x, y), 3):
        print(describe(name, value))
    jax.effects_barrier()
    print(SEEN)
