import jax
import jax.numpy as jnp
from jax import lax

N_SWEEPS = 5
names = ("damping", "stiffness", "mass")
values = (0.1, 2.0, 1.0)
params = {k: jnp.float32(v) for k, v in zip(names, values, strict=True)}


def simulate(p, n_steps: int = N_SWEEPS):
    def step(i, state):
        x, v = state
        a = -(p["stiffness"] * x + p["damping"] * v) / p["mass"]
        return x + 0.1 * v, v + 0.1 * a
    x, v = lax.fori_loop(0, n_steps, step, (jnp.float32(1.0), jnp.float32(0.0)))
    return x ** 2 + v ** 2


sim = jax.jit(simulate, static_argnums=1)
grads = jax.grad(sim)(params, 12)
for i, (k, g) in enumerate(sorted(grads.items())):
    print(f"[{i}] d energy / d {k:<10s} = {float(g):+.5f}")
