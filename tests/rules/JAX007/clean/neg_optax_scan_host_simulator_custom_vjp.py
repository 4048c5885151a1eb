"""Whole host rollout wrapped in custom_vjp (numpy adjoint in bwd), called from a scan over episodes in an optax loss."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax

T = 5


def _rollout(gain, u):
    x, xs = 0.0, []
    for t in range(T):
        x = 0.9 * x + gain * u[t]
        xs.append(x)
    return np.asarray(xs, np.float32)


def _rollout_dgain(gain, u):
    dx, out = 0.0, []
    for t in range(T):
        dx = 0.9 * dx + u[t]
        out.append(dx)
    return np.asarray(out, np.float32)


@jax.custom_vjp
def rollout(gain, u):
    return jax.pure_callback(_rollout, jax.ShapeDtypeStruct((T,), jnp.float32), gain, u)


def rollout_fwd(gain, u):
    return rollout(gain, u), (gain, u)


def rollout_bwd(res, g):
    gain, u = res
    dgain = jax.pure_callback(_rollout_dgain, jax.ShapeDtypeStruct((T,), jnp.float32), gain, u)
    return jnp.dot(g, dgain), jnp.zeros_like(u)


rollout.defvjp(rollout_fwd, rollout_bwd)

episodes = jnp.stack([jnp.ones(T), jnp.linspace(0.0, 1.0, T)])
targets = jnp.stack([_rollout(0.7, np.ones(T)), _rollout(0.7, np.linspace(0.0, 1.0, T))])


def loss(params):
    def per_episode(acc, ep):
        u, y = ep
        return acc + jnp.sum((rollout(params["gain"], u) - y) ** 2), None

    total, _ = lax.scan(per_episode, jnp.float32(0.0), (episodes, targets))
    return total


opt = optax.sgd(0.01)
params = {"gain": jnp.float32(0.2)}
state = opt.init(params)


@jax.jit
def train_step(params, state):
    l, g = jax.value_and_grad(loss)(params)
    upd, state = opt.update(g, state)
    return optax.apply_updates(params, upd), state, l


for _ in range(3):
    params, state, l = train_step(params, state)
print(l, params)
