import jax

from agent import act


def collect(params, obs_batch):
    """One environment step for every environment, visited one after another."""

    def body(carry, obs):
        action, filled = act(params, obs)
        return carry + 1, (action, filled)

    _, (actions, filled) = jax.lax.scan(body, 0, obs_batch)
    return actions, filled
