"""MAML where the number of inner adaptation steps is read from the task batch."""
import jax
import jax.numpy as jnp


def inner_loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def adapt(w, x, y, n_steps, lr=0.1):
    def body(i, w):
        return w - lr * jax.grad(inner_loss)(w, x, y)
    return jax.lax.fori_loop(0, n_steps, body, w)


def meta_loss(w, task):
    w_task = adapt(w, task["x_s"], task["y_s"], task["steps"])
    return inner_loss(w_task, task["x_q"], task["y_q"])


key = jax.random.PRNGKey(0)
k1, k2 = jax.random.split(key)
task = {
    "x_s": jax.random.normal(k1, (6, 2)),
    "y_s": jnp.ones(6),
    "x_q": jax.random.normal(k2, (6, 2)),
    "y_q": jnp.ones(6),
    "steps": jnp.int32(3),
}
w = jnp.zeros(2)
print("meta loss", meta_loss(w, task))
meta_grad = jax.jit(jax.grad(meta_loss))(w, task)
print("meta grad", meta_grad)
