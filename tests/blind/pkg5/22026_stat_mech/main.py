# Models a statistical-mechanics package with SciPy log-gamma/digamma kernels chained through custom JVPs; computes heat capacity via hessian.
import jax
import jax.numpy as jnp
from statmech.ensembles.canonical import log_partition

levels = jnp.array([0.5, 1.0, 2.0])

if __name__ == "__main__":
    b = jnp.float32(0.9)
    curvature = jax.hessian(log_partition)(b, levels)
    print("lnZ", log_partition(b, levels), "curv", curvature)
