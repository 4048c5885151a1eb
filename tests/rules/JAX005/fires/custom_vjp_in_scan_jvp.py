"""A rollout in lax.scan whose step calls a custom_vjp host integrator, differentiated with jax.jvp."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def _host_step(state, dt):
    pos, vel = state
    return np.stack([pos + dt * vel, vel - dt * pos]).astype(np.float32)


@jax.custom_vjp
def host_step(state):
    return jax.pure_callback(lambda s: _host_step(s, 0.1), jax.ShapeDtypeStruct(state.shape, state.dtype), state)


def _fwd(state):
    return host_step(state), None


def _bwd(_, g):
    M = jnp.array([[1.0, 0.1], [-0.1, 1.0]])
    return (M.T @ g,)


host_step.defvjp(_fwd, _bwd)


def rollout(state0):
    def body(s, _):
        s = host_step(s)  # EXPECT: JAX005
        return s, s[0]

    _, traj = lax.scan(body, state0, None, length=5)
    return traj


print(jax.grad(lambda s: jnp.sum(rollout(s)))(jnp.array([1.0, 0.0])))
traj, dtraj = jax.jvp(rollout, (jnp.array([1.0, 0.0]),), (jnp.array([0.0, 1.0]),))
print(dtraj)
