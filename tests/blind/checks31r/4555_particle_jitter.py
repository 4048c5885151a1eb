"""Particle filter step: resampling noise is drawn on the host and returned as a pytree."""
import dataclasses
import numpy as np
import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Particles:
    pos: jax.Array
    weight: jax.Array
    n_steps: int = dataclasses.field(metadata=dict(static=True), default=0)


def _host_jitter(pos, weight, seed):
    pos = np.asarray(pos)
    weight = np.asarray(weight)
    seed = int(np.asarray(seed))
    key = jax.random.PRNGKey(seed)
    noise = np.asarray(jax.random.normal(key, pos.shape), dtype=np.float32)
    w = weight / weight.sum()
    return {"pos": (pos + 0.05 * noise).astype(np.float32), "weight": w.astype(np.float32)}


def jitter(state: Particles, seed) -> Particles:
    out_spec = {"pos": jax.ShapeDtypeStruct(state.pos.shape, jnp.float32),
                "weight": jax.ShapeDtypeStruct(state.weight.shape, jnp.float32)}
    new = jax.pure_callback(_host_jitter, out_spec, state.pos, state.weight, seed)
    return Particles(new["pos"], new["weight"], state.n_steps + 1)


def likelihood(pos, obs):
    return jnp.exp(-0.5 * jnp.sum((pos - obs) ** 2, axis=-1))


@jax.jit
def filter_step(state: Particles, obs, seed):
    w = state.weight * likelihood(state.pos, obs)
    return jitter(Particles(state.pos, w, state.n_steps), seed)


if __name__ == "__main__":
    state = Particles(jnp.zeros((5, 2)), jnp.ones(5) / 5)
    observations = jnp.array([[0.1, 0.0], [0.2, 0.1], [0.25, 0.3]])
    for t, obs in enumerate(observations):
        state = filter_step(state, obs, jnp.int32(t))
    print(state.n_steps, np.round(np.asarray(state.pos.mean(0)), 3))
