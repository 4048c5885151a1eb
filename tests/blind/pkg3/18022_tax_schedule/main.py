import jax
import jax.numpy as jnp

from piecewise import marginal_tax, effective_rate

incomes = jnp.array([5.0, 25.0, 60.0, 120.0])
print("tax:", marginal_tax(incomes))

tax, dtax = jax.jvp(marginal_tax, (incomes,), (jnp.ones_like(incomes),))
print("marginal rates:", dtax)

J = jax.jacfwd(effective_rate)(incomes)
print("d effective / d income:", jnp.diag(J))
