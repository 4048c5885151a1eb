"""custom_jvp rule that pushes the tangent through a host callback (jax issue 30401): grad must transpose it."""
import jax
import jax.numpy as jnp
import numpy as np

K = np.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]], np.float32)


def _host_apply_stiffness(u):
    return (K @ u).astype(np.float32)


@jax.custom_jvp
def strain_energy_force(u):
    return jnp.asarray(K) @ u


@strain_energy_force.defjvp
def _force_jvp(primals, tangents):
    u, = primals
    du, = tangents
    f = strain_energy_force(u)
    df = jax.pure_callback(_host_apply_stiffness, jax.ShapeDtypeStruct(du.shape, du.dtype), du)  # EXPECT: JAX002
    return f, df


def residual_norm(u):
    r = strain_energy_force(u) - jnp.ones(3)
    return 0.5 * jnp.dot(r, r)


u0 = jnp.array([0.1, 0.2, 0.3])
print(jax.grad(residual_norm)(u0))
