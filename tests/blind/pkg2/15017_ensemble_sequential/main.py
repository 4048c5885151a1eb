import jax
import jax.numpy as jnp
from solvers import *  # noqa: F403
from oscillators import duffing

flow = make_flow(duffing, SolverSettings())  # noqa: F405
starts = jnp.stack([jnp.array([0.5 + 0.1 * i, 0.0]) for i in range(5)])
ends = jax.jit(jax.vmap(flow))(starts)
print(ends)
