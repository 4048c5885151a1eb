import jax
import jax.numpy as jnp
import kepler as kp

M, e = 1.2, 0.3
print("nu", kp.true_anomaly(M, e))
nu, dnu = jax.jvp(kp.true_anomaly, (M, e), (1.0, 0.0))
print("dnu/dM", dnu)
print(jax.jacfwd(kp.true_anomaly, argnums=(0, 1))(M, e))
Ms = jnp.linspace(0.1, 3.0, 5)
print(jax.vmap(jax.jacfwd(kp.true_anomaly), in_axes=(0, None))(Ms, e))
