# Models a statistical-thermodynamics library using a SciPy log-gamma with a custom JVP, whose free-energy curvature is taken with hessian.
import jax
import jax.numpy as jnp
from thermo import PartitionModel

model = PartitionModel(degeneracy=jnp.array([1.0, 3.0, 5.0]))

if __name__ == "__main__":
    beta = jnp.float32(1.3)
    print("F", model.free_energy(beta))
    print("dF", jax.grad(model.free_energy)(beta))
    print("d2F", jax.hessian(model.free_energy)(beta))
