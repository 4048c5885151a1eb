# shape from: ami-iit/jaxsim (high_level callbacks: PreStep/PostStep simulator callbacks receiving step data)
"""Point-mass simulator with a post-step hook that only reports the clock to a host recorder."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


@dataclass(eq=False)  # identity hash: callbacks must be hashable
class StepRecorder:
    """Host-side post-step callback: keeps the simulated times in order."""
    rows: list = field(default_factory=list)

    def __call__(self, t, step):
        self.rows.append((float(np.asarray(t)), int(np.asarray(step))))
        return np.int32(len(self.rows))


@jax.tree_util.register_dataclass
@dataclass
class BodyState:
    pos: jax.Array
    vel: jax.Array


GRAVITY = jnp.array([0.0, -9.81])


def integrate(state: BodyState, dt: float) -> BodyState:
    vel = state.vel + dt * GRAVITY
    return BodyState(pos=state.pos + dt * vel, vel=vel)


def simulate(state: BodyState, recorder: StepRecorder, n_steps: int = 4, dt: float = 0.01):
    def body(carry, step):
        carry = integrate(carry, dt)
        io_callback(recorder, jax.ShapeDtypeStruct((), jnp.int32), dt * step, step, ordered=True)
        return carry, carry.pos

    return jax.lax.scan(body, state, jnp.arange(1, n_steps + 1))


if __name__ == "__main__":
    rec = StepRecorder()
    launch_speeds = jnp.array([1.0, 2.0, 3.0])
    states = BodyState(pos=jnp.zeros((3, 2)), vel=jnp.stack([launch_speeds, launch_speeds], axis=1))
    final, traj = jax.vmap(lambda s: simulate(s, rec))(states)
    print(traj.shape, len(rec.rows))
