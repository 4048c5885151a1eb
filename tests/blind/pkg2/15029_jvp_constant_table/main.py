import jax
import jax.numpy as jnp
import material as mat

eps = jnp.array([0.001, 0.01, 0.03])
sig, dsig = jax.jvp(mat.stress, (eps,), (jnp.ones_like(eps),))
print(sig, dsig)
tangent_stiffness = jax.jacfwd(mat.stress)(eps)
print(jnp.diag(tangent_stiffness))
print(jax.grad(lambda e: jnp.sum(mat.stress(e)))(eps))
