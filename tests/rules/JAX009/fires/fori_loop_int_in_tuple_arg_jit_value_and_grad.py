"""MAML-style inner loop: the number of adaptation steps is a Python int inside the task tuple, which jit traces, so the meta-gradient hits a dynamic fori_loop."""
import jax
import jax.numpy as jnp


def support_loss(params, xs, ys):
    return jnp.mean((xs @ params - ys) ** 2)


def adapt(params, task):
    xs, ys, inner_steps = task

    def step(_, p):
        return p - 0.05 * jax.grad(support_loss)(p, xs, ys)

    return jax.lax.fori_loop(0, inner_steps, step, params)  # EXPECT: JAX009


def meta_objective(params, task):
    xs, ys, _ = task
    return support_loss(adapt(params, task), xs, ys)


xs = jnp.arange(8.0).reshape(4, 2) / 8.0
ys = jnp.array([1.0, 0.0, 1.0, 0.0])
task = (xs, ys, 2)
value, meta_grad = jax.jit(jax.value_and_grad(meta_objective))(jnp.zeros(2), task)
print(value, meta_grad)
