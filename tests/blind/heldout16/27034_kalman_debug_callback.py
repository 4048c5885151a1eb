"""Constant-velocity Kalman filter with a debug hook; noise parameters fitted by gradient."""
import jax
import jax.numpy as jnp
from jax import lax

F = jnp.array([[1.0, 1.0], [0.0, 1.0]])
Hm = jnp.array([[1.0, 0.0]])
seen = []


def kf_nll(params, zs):
    q, r = jnp.exp(params["log_q"]), jnp.exp(params["log_r"])
    Q = q * jnp.array([[1 / 3, 1 / 2], [1 / 2, 1.0]])

    def step(carry, z):
        x, P = carry
        x = F @ x
        P = F @ P @ F.T + Q
        S = Hm @ P @ Hm.T + r
        innov = z - Hm @ x
        jax.debug.callback(lambda v: seen.append(float(v[0])), innov)
        K = P @ Hm.T / S
        x = x + (K @ innov)
        P = (jnp.eye(2) - K @ Hm) @ P
        nll = 0.5 * (jnp.log(2 * jnp.pi * S[0, 0]) + innov[0] ** 2 / S[0, 0])
        return (x, P), nll

    _, nlls = lax.scan(step, (jnp.zeros(2), jnp.eye(2)), zs)
    return jnp.sum(nlls)


zs = (jnp.arange(20.0) * 0.5 + 0.2 * jnp.sin(jnp.arange(20.0)))[:, None]
params = {"log_q": jnp.float32(-2.0), "log_r": jnp.float32(-1.0)}
vg = jax.jit(jax.value_and_grad(kf_nll))
for i in range(15):
    loss, g = vg(params, zs)
    params = jax.tree.map(lambda p, d: p - 0.02 * d, params, g)
print(loss, len(seen))
