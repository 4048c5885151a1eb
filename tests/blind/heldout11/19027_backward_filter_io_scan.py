# Models: RTS-style backward smoothing pass written with lax.scan(reverse=True) that checkpoints each smoothed state to a host store via io_callback(ordered=True)
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

STORE = {}


def _persist(t, m):
    STORE[int(t)] = np.asarray(m).copy()
    return np.float32(0.0)


def backward_pass(means, gain):
    T = means.shape[0]

    def step(carry, inp):
        t, m_filt = inp
        m_smooth = m_filt + gain * (carry - m_filt)
        ack = io_callback(_persist, jax.ShapeDtypeStruct((), jnp.float32), t, m_smooth,
                          ordered=True)
        return m_smooth, ack

    last = means[-1]
    _, acks = lax.scan(step, last, (jnp.arange(T), means), reverse=True, unroll=2)
    return acks


def smoothed_loss(gain, means, obs):
    smoothed = []

    def step(carry, m):
        s = m + gain * (carry - m)
        io_callback(_persist, jax.ShapeDtypeStruct((), jnp.float32), jnp.int32(0), s,
                    ordered=True)
        return s, s

    _, traj = lax.scan(step, means[-1], means, reverse=True)
    return jnp.mean((traj - obs) ** 2)


if __name__ == "__main__":
    means = jnp.array([[0.0], [0.5], [1.2], [1.0]], jnp.float32)
    obs = jnp.array([[0.1], [0.4], [1.1], [1.0]], jnp.float32)
    backward_pass(means, 0.3)
    g = jax.grad(smoothed_loss)(jnp.float32(0.3), means, obs)
    print(g, sorted(STORE))
