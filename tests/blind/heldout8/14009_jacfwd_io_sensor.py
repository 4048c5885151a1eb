"""Sensitivity of a policy network to its observation; the observation passes a host 'sensor' model."""
import jax
import jax.numpy as jnp
import numpy as np
import jax.experimental as jex

_calls = {"n": 0}


def sensor_readout(obs):
    _calls["n"] += 1
    return np.clip(np.asarray(obs), -1.0, 1.0).astype(np.float32)


def policy(theta, obs):
    seen = jex.io_callback(sensor_readout, jax.ShapeDtypeStruct(obs.shape, obs.dtype), obs)
    return jnp.tanh(theta @ seen)


theta = jnp.array([[0.5, -0.1, 0.2], [0.0, 0.3, -0.4]])
obs = jnp.array([0.2, 0.9, -1.4])
print("action", policy(theta, obs))
J = jax.jacfwd(policy, argnums=1)(theta, obs)
print("d action / d obs", J)
