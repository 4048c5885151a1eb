"""Hand-rolled SGD with decoupled weight decay over a parameter pytree that
also carries bookkeeping leaves (an int32 step counter and a bool mask).
Decay is dispatched on leaf dtype."""
import jax
import jax.numpy as jnp


def init_state():
    return {
        "dense": {"w": jnp.ones((3, 2)) * 0.1, "b": jnp.zeros(2)},
        "frozen_mask": jnp.array([True, False]),
        "step": jnp.int32(0),
    }


def decay(tree, rate):
    def f(leaf):
        if jnp.issubdtype(leaf.dtype, jnp.floating):
            return leaf * (1.0 - rate)
        return leaf
    return jax.tree.map(f, tree)


def forward(state, x):
    out = x @ state["dense"]["w"] + state["dense"]["b"]
    return jnp.where(state["frozen_mask"], jax.lax.stop_gradient(out), out)


def loss(state, x, y):
    return jnp.mean((forward(state, x) - y) ** 2)


def sgd_step(state, x, y, lr=0.1):
    grads = jax.grad(loss)(state, x, y)
    new = jax.tree.map(
        lambda p, g: p - lr * g if jnp.issubdtype(p.dtype, jnp.floating) else p,
        state, grads)
    new = decay(new, 1e-3)
    new["step"] = state["step"] + 1
    return new


if __name__ == "__main__":
    st = init_state()
    x = jnp.arange(6.0).reshape(2, 3)
    y = jnp.ones((2, 2))
    for _ in range(2):
        st = sgd_step(st, x, y)
    print(st["step"], float(loss(st, x, y)))
