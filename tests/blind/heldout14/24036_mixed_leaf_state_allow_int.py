"""Same bookkeeping-in-the-pytree pattern, but the gradient is taken with
allow_int=True and the float0 cotangents of the integer leaves are skipped
by a dtype dispatch."""
import jax
import jax.numpy as jnp
import numpy as np


def init_state():
    return {
        "dense": {"w": jnp.ones((3, 2)) * 0.1, "b": jnp.zeros(2)},
        "frozen_mask": jnp.array([True, False]),
        "step": jnp.int32(0),
    }


def forward(state, x):
    out = x @ state["dense"]["w"] + state["dense"]["b"]
    return jnp.where(state["frozen_mask"], jax.lax.stop_gradient(out), out)


def loss(state, x, y):
    scale = 1.0 / (1.0 + state["step"].astype(jnp.float32))
    return scale * jnp.mean((forward(state, x) - y) ** 2)


def is_trainable(leaf):
    return jnp.issubdtype(leaf.dtype, jnp.inexact)


@jax.jit
def sgd_step(state, x, y, lr=0.1):
    grads = jax.grad(loss, allow_int=True)(state, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g if is_trainable(p) else p, state, grads)
    new["step"] = state["step"] + 1
    return new


if __name__ == "__main__":
    st = init_state()
    x = jnp.arange(6.0).reshape(2, 3)
    y = jnp.ones((2, 2))
    for _ in range(3):
        st = sgd_step(st, x, y)
    print(int(st["step"]), float(loss(st, x, y)))
    print(jax.tree.map(lambda g: g.dtype, jax.grad(loss, allow_int=True)(st, x, y)))
