import jax
import jax.numpy as jnp
import chem


def production_of_c(conc, T):
    return chem.reaction_rhs(conc, T)[2]


conc = jnp.array([1.0, 0.8, 0.1])
T = jnp.float32(350.0)
print(production_of_c(conc, T))
sens = jax.grad(production_of_c, argnums=0)(conc, T)
jac = jax.jacrev(chem.reaction_rhs)(conc, T)
print(sens, jac)
