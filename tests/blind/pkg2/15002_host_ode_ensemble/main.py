import functools
import jax
import jax.numpy as jnp
import solvers as sv

flow = functools.partial(sv.integrate_to, rhs=sv.lotka_volterra)

single = flow(jnp.array([10.0, 5.0]))
print("single trajectory end:", single)

ensemble = jnp.stack([jnp.array([10.0, 5.0]) + 0.5 * k for k in range(4)])
ends = jax.vmap(flow)(ensemble)
print(ends)
