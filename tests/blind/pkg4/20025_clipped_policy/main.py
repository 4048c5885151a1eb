# Models an equinox policy-network app: a gradient-clipping custom_vjp (grads.py) sits inside the policy, and the diagnostics module probes input sensitivity with jax.jvp.
import jax
import jax.numpy as jnp

from policy import build_policy
from policy.diagnostics import directional_sensitivity


if __name__ == "__main__":
    pol = build_policy(jax.random.PRNGKey(4))
    obs = jnp.array([0.2, -0.4, 0.9])
    direction = jnp.array([1.0, 0.0, 0.0])
    print(directional_sensitivity(pol, obs, direction))
