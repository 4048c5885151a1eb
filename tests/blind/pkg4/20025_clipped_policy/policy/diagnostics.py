import jax


def directional_sensitivity(policy, obs, direction):
    _, tangent_out = jax.jvp(policy, (obs,), (direction,))
    return tangent_out
