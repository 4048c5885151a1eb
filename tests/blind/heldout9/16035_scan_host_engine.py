# differentiable shooting through a host physics step (ported from an old hcb.call based script)
import jax
import jax.numpy as jnp
import numpy as np

DT = 0.05
GRAVITY = np.array([0.0, -9.81], dtype=np.float32)


def _engine_step(state):
    state = np.array(state, dtype=np.float32)
    pos, vel = state[:2], state[2:]
    vel = vel + DT * GRAVITY - DT * 0.1 * vel * np.abs(vel)
    pos = pos + DT * vel
    if pos[1] < 0.0:
        pos[1] = -pos[1]
        vel[1] = -0.8 * vel[1]
    return np.concatenate([pos, vel]).astype(np.float32)


def host_step(state):
    return jax.pure_callback(_engine_step, jax.ShapeDtypeStruct(state.shape, state.dtype), state)


def rollout(v0, n_steps=30):
    init = jnp.concatenate([jnp.zeros(2), v0])

    def body(carry, _):
        nxt = host_step(carry)
        return nxt, nxt[:2]

    _, path = jax.lax.scan(body, init, None, length=n_steps)
    return path


def miss_distance(v0, target=jnp.array([4.0, 0.5])):
    return jnp.sum((rollout(v0)[-1] - target) ** 2)


v0 = jnp.array([3.0, 4.0])
print(miss_distance(v0))
for _ in range(5):
    v0 = v0 - 0.05 * jax.grad(miss_distance)(v0)
print(v0)
