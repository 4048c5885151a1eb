"""Smoothed L1 norm with a default epsilon, minimised with optax adam."""
import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def smooth_abs(x, eps=1e-3):
    return jnp.sqrt(x * x + eps)


def smooth_abs_fwd(x, eps=1e-3):
    y = jnp.sqrt(x * x + eps)
    return y, (x, y)


def smooth_abs_bwd(res, g):
    x, y = res
    return (g * x / y,)


smooth_abs.defvjp(smooth_abs_fwd, smooth_abs_bwd)


def objective(w, a, b):
    return jnp.sum(smooth_abs(a @ w - b))


a = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
b = jnp.array([1.0, 0.0, -1.0])
w = jnp.zeros(2)
opt = optax.adam(0.05)
state = opt.init(w)


@jax.jit
def step(w, state):
    loss, g = jax.value_and_grad(objective)(w, a, b)
    updates, state = opt.update(g, state)
    return optax.apply_updates(w, updates), state, loss


for _ in range(3):
    w, state, loss = step(w, state)
print(w, loss)
