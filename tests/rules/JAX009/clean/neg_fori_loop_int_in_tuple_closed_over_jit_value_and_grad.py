"""MAML-style inner loop with the step count closed over rather than passed through jit: it stays a Python int, fori_loop is a scan and the meta-gradient works."""
import jax
import jax.numpy as jnp


def support_loss(params, xs, ys):
    return jnp.mean((xs @ params - ys) ** 2)


def adapt(params, task):
    xs, ys, inner_steps = task

    def step(_, p):
        return p - 0.05 * jax.grad(support_loss)(p, xs, ys)

    return jax.lax.fori_loop(0, inner_steps, step, params)


xs = jnp.arange(8.0).reshape(4, 2) / 8.0
ys = jnp.array([1.0, 0.0, 1.0, 0.0])
task = (xs, ys, 2)


def meta_objective(params):
    return support_loss(adapt(params, task), task[0], task[1])


value, meta_grad = jax.jit(jax.value_and_grad(meta_objective))(jnp.zeros(2))
print(value, meta_grad)
