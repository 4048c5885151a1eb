# Models: few-shot regression meta-training where the inner loop is a fori_loop with a fixed (Python int) number of SGD steps, differentiated end-to-end (second-order MAML).
from functools import partial

import jax
import jax.numpy as jnp
import optax


def net(params, inputs):
    hidden = jax.nn.relu(inputs @ params["W0"] + params["b0"])
    return (hidden @ params["W1"]).squeeze(-1)


def mse(params, inputs, targets):
    return jnp.mean(jnp.square(net(params, inputs) - targets))


def inner_adapt(params, inputs, targets, lr, num_steps):
    def body(_, p):
        grads = jax.grad(mse)(p, inputs, targets)
        return jax.tree_util.tree_map(lambda a, b: a - lr * b, p, grads)

    return jax.lax.fori_loop(0, num_steps, body, params)


@partial(jax.jit, static_argnames="num_steps")
def outer_objective(params, batch, num_steps=3):
    (xs, ys), (xq, yq) = batch
    adapted = inner_adapt(params, xs, ys, 0.05, num_steps)
    return mse(adapted, xq, yq)


def make_tasks(rng, n_tasks, k_shot):
    keys = jax.random.split(rng, n_tasks)

    def one(k):
        k1, k2, k3 = jax.random.split(k, 3)
        phase = jax.random.uniform(k1, (), maxval=jnp.pi)
        xs = jax.random.uniform(k2, (k_shot, 1), minval=-3, maxval=3)
        xq = jax.random.uniform(k3, (k_shot, 1), minval=-3, maxval=3)
        return (xs, jnp.sin(xs[:, 0] + phase)), (xq, jnp.sin(xq[:, 0] + phase))

    return [one(k) for k in keys]


def main():
    rng = jax.random.PRNGKey(4)
    r0, r1, rtasks = jax.random.split(rng, 3)
    params = {"W0": jax.random.normal(r0, (1, 20)) * 0.4, "b0": jnp.zeros(20),
              "W1": jax.random.normal(r1, (20, 1)) * 0.4}
    tx = optax.adam(3e-3)
    opt_state = tx.init(params)
    grad_fn = jax.value_and_grad(outer_objective)
    for epoch, task in enumerate(make_tasks(rtasks, 3, 8)):
        loss, grads = grad_fn(params, task)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        print(f"epoch {epoch}: meta-loss {float(loss):.4f}")


if __name__ == "__main__":
    main()
