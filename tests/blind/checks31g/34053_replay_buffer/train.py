import jax

from agent import act


def collect(params, obs_batch):
    """One environment step for every parallel environment."""
    actions, filled = jax.vmap(act, in_axes=(None, 0))(params, obs_batch)
    return actions, filled
