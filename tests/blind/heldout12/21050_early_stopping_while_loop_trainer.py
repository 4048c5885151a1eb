# Models: full-batch training with early stopping expressed as lax.while_loop (stop when the validation loss stops improving or a step budget is spent); gradients are taken inside the loop body, never through the loop.
import jax
import jax.numpy as jnp
import optax


def predict(params, x):
    return jnp.tanh(x @ params["k1"]) @ params["k2"]


def mse(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


def make_fit(tx, patience=3, max_steps=50):
    def cond_fn(state):
        step, _, _, best, bad = state
        return jnp.logical_and(step < max_steps, bad < patience)

    def body_fn(state, data):
        step, params, opt_state, best, bad = state
        (xt, yt), (xv, yv) = data
        grads = jax.grad(mse)(params, xt, yt)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        val = mse(params, xv, yv)
        improved = val < best - 1e-4
        best = jnp.where(improved, val, best)
        bad = jnp.where(improved, 0, bad + 1)
        return step + 1, params, opt_state, best, bad

    @jax.jit
    def fit(params, train, valid, step_budget):
        init = (jnp.int32(0), params, tx.init(params), jnp.float32(jnp.inf), jnp.int32(0))
        budget_cond = lambda s: jnp.logical_and(cond_fn(s), s[0] < step_budget)
        return jax.lax.while_loop(budget_cond, lambda s: body_fn(s, (train, valid)), init)

    return fit


if __name__ == "__main__":
    key = jax.random.PRNGKey(50)
    k1, k2, kx, kv = jax.random.split(key, 4)
    params = {"k1": jax.random.normal(k1, (2, 8)) * 0.5, "k2": jax.random.normal(k2, (8,)) * 0.5}
    xt = jax.random.normal(kx, (30, 2))
    xv = jax.random.normal(kv, (10, 2))
    target = lambda x: jnp.sin(x[:, 0]) + 0.5 * x[:, 1]
    fit = make_fit(optax.adam(0.05))
    steps, params, _, best, bad = fit(params, (xt, target(xt)), (xv, target(xv)), jnp.int32(40))
    print("stopped after", int(steps), "steps; best val", float(best), "patience used", int(bad))
