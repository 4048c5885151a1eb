"""Per-example gradients of an unrolled smoother with a per-example iteration count: vmap batches the count, a tracer, and grad meets a dynamic fori_loop."""
import jax
import jax.numpy as jnp


def smooth(x, iterations):
    def step(_, h):
        return 0.5 * h + 0.25 * (jnp.roll(h, 1) + jnp.roll(h, -1))

    return jnp.sum(jax.lax.fori_loop(0, iterations, step, x) ** 2)  # EXPECT: JAX009


batch = jnp.stack([jnp.linspace(0.0, 1.0, 4), jnp.linspace(1.0, 0.0, 4)])
per_example = jax.vmap(jax.grad(smooth), in_axes=(0, 0))(batch, jnp.array([3, 5]))
print(per_example)
