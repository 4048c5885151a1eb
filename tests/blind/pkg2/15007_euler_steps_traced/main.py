import jax
import jax.numpy as jnp
from integrators import explicit_euler
from kinetics import decay_chain

observed_c = 0.42


@jax.jit
def misfit(log_k, n_steps):
    k = jnp.exp(log_k)
    y_end = explicit_euler(decay_chain, jnp.array([1.0, 0.0, 0.0]), 3.0, n_steps, k)
    return (y_end[2] - observed_c) ** 2


log_k = jnp.log(jnp.array([0.5, 0.2]))
print("misfit", misfit(log_k, 50))
g = jax.jit(jax.grad(misfit))(log_k, 50)
print("grad", g)
