"""A script (no import can name it) defines a forward-mode helper of a custom_vjp it never calls."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_decay(k):
    return np.exp(-np.asarray(k) * np.arange(1.0, 4.0, dtype=np.float32)).astype(np.float32)


@jax.custom_vjp
def decay(k):
    out = jax.ShapeDtypeStruct((3,), jnp.float32)
    return jax.pure_callback(_host_decay, out, k)


def _decay_fwd(k):
    return decay(k), k


def _decay_bwd(k, g):
    return (-jnp.sum(g * jnp.arange(1.0, 4.0) * jnp.exp(-k * jnp.arange(1.0, 4.0))),)


decay.defvjp(_decay_fwd, _decay_bwd)


def decay_tangent(k, dk):
    return jax.jvp(decay, (k,), (dk,))


def misfit(k, obs):
    return jnp.sum((decay(k) - obs) ** 2)


if __name__ == "__main__":
    obs = decay(jnp.float32(0.5))
    print(jax.grad(misfit)(jnp.float32(0.3), obs))
    solver = {"misfit": misfit, "tangent": decay_tangent}
    print(jax.jit(solver["misfit"])(jnp.float32(0.3), obs))
