# Models: a neural ODE trained on trajectories where the RK2 integrator uses fori_loop with a step count fixed by a static Python horizon (static_argnames under jit), differentiated with value_and_grad.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class Dynamics(NamedTuple):
    w_in: jnp.ndarray
    w_out: jnp.ndarray
    damping: jnp.ndarray


def f(dyn: Dynamics, y):
    return jax.nn.silu(y @ dyn.w_in) @ dyn.w_out - jnp.exp(dyn.damping) * y


def rk2_solve(dyn, y0, horizon, dt):
    n = int(round(horizon / dt))

    def midpoint(i, y):
        k1 = f(dyn, y)
        k2 = f(dyn, y + 0.5 * dt * k1)
        return y + dt * k2

    return jax.lax.fori_loop(0, n, midpoint, y0)


@partial(jax.jit, static_argnames=("horizon", "dt"))
def loss_and_grad(dyn, y0_batch, targets, horizon=1.0, dt=0.1):
    def loss(d):
        ends = jax.vmap(lambda y0: rk2_solve(d, y0, horizon, dt))(y0_batch)
        return jnp.mean(jnp.sum((ends - targets) ** 2, axis=-1))

    return jax.value_and_grad(loss)(dyn)


def decay_targets(y0_batch, horizon):
    return y0_batch * jnp.exp(-0.5 * horizon)


if __name__ == "__main__":
    k = jax.random.PRNGKey(2)
    k1, k2, k3 = jax.random.split(k, 3)
    dyn = Dynamics(w_in=jax.random.normal(k1, (3, 6)) * 0.2,
                   w_out=jax.random.normal(k2, (6, 3)) * 0.2,
                   damping=jnp.zeros(()))
    y0_batch = jax.random.normal(k3, (5, 3))
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(0.05))
    st = tx.init(dyn)
    for it in range(5):
        val, grads = loss_and_grad(dyn, y0_batch, decay_targets(y0_batch, 1.0))
        upd, st = tx.update(grads, st, dyn)
        dyn = optax.apply_updates(dyn, upd)
        print(it, float(val), float(dyn.damping))
