# Models: MAML-style meta-learning where the inner adaptation runs a lax.while_loop until the task loss drops below a tolerance (or a max step count), and the outer loop differentiates through it.
import jax
import jax.numpy as jnp
import optax

INNER_LR = 0.1
TOL = 1e-2


def model(w, x):
    return jnp.tanh(x @ w["a"]) @ w["b"]


def task_loss(w, x, y):
    return jnp.mean((model(w, x) - y) ** 2)


def adapt(w, x, y, max_steps):
    def keep_going(state):
        i, w_i = state
        return jnp.logical_and(i < max_steps, task_loss(w_i, x, y) > TOL)

    def sgd_step(state):
        i, w_i = state
        g = jax.grad(task_loss)(w_i, x, y)
        w_i = jax.tree_util.tree_map(lambda p, gp: p - INNER_LR * gp, w_i, g)
        return i + 1, w_i

    _, w_star = jax.lax.while_loop(keep_going, sgd_step, (jnp.int32(0), w))
    return w_star


def meta_loss(w, support, query, max_steps):
    w_task = adapt(w, support[0], support[1], max_steps)
    return task_loss(w_task, query[0], query[1])


def sample_task(key, n=10):
    k_amp, k_x1, k_x2 = jax.random.split(key, 3)
    amp = jax.random.uniform(k_amp, (), minval=0.5, maxval=2.0)
    xs = jax.random.uniform(k_x1, (n, 1), minval=-2, maxval=2)
    xq = jax.random.uniform(k_x2, (n, 1), minval=-2, maxval=2)
    return (xs, amp * jnp.sin(xs[:, 0])), (xq, amp * jnp.sin(xq[:, 0]))


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    ka, kb, key = jax.random.split(key, 3)
    w = {"a": jax.random.normal(ka, (1, 16)) * 0.5, "b": jax.random.normal(kb, (16,)) * 0.5}
    meta_opt = optax.adam(1e-3)
    meta_state = meta_opt.init(w)
    meta_grad = jax.jit(jax.value_and_grad(meta_loss))
    for it in range(3):
        key, tk = jax.random.split(key)
        support, query = sample_task(tk)
        val, g = meta_grad(w, support, query, 5)
        upd, meta_state = meta_opt.update(g, meta_state)
        w = optax.apply_updates(w, upd)
        print("meta iter", it, float(val))
