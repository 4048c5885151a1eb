# Models an equinox-based continuous-flow library: Hutchinson divergence estimate of a vector field whose activation clips gradients via custom_vjp.
import jax
import jax.numpy as jnp
import flowlib

field = flowlib.make_field("clipped_mlp", dim=3, key=jax.random.PRNGKey(0))
z = jnp.array([0.1, -0.4, 0.7])

if __name__ == "__main__":
    print("v(z) =", field(z))
    div = flowlib.estimators.hutchinson_divergence(field, z, jax.random.PRNGKey(1), n_probes=2)
    print("div ~", div)
