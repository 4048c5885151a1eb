# Models: a small regression MLP trained with optax where the R^2 metric is computed on host (numpy, sklearn-style) inside the differentiated loss and returned through has_aux.
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax


def init_mlp(key, sizes):
    params = []
    keys = jax.random.split(key, len(sizes) - 1)
    for k, (n_in, n_out) in zip(keys, zip(sizes[:-1], sizes[1:])):
        w = jax.random.normal(k, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
        params.append({"w": w, "b": jnp.zeros((n_out,))})
    return params


def forward(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    last = params[-1]
    return (x @ last["w"] + last["b"]).squeeze(-1)


def _r2_numpy(y_true, y_pred):
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    ss_res = np.sum((y_true - y_pred) ** 2)
    ss_tot = np.sum((y_true - y_true.mean()) ** 2) + 1e-12
    return np.asarray(1.0 - ss_res / ss_tot, dtype=np.float32)


def host_r2(y_true, y_pred):
    out = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(_r2_numpy, out, y_true, y_pred)


def make_loss(cfg):
    def loss(params, batch):
        preds = forward(params, batch["x"])
        mse = jnp.mean((preds - batch["y"]) ** 2)
        l2 = sum(jnp.sum(p["w"] ** 2) for p in params)
        total = mse + cfg["weight_decay"] * l2
        metrics = {"mse": mse, "r2": host_r2(batch["y"], preds)}
        return total, metrics

    return loss


def make_step(loss_fn, tx):
    @jax.jit
    def step(params, opt_state, batch):
        (loss_val, metrics), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss_val, metrics

    return step


def main():
    cfg = {"weight_decay": 1e-4, "lr": 3e-3, "steps": 5}
    key = jax.random.PRNGKey(0)
    k_data, k_init = jax.random.split(key)
    x = jax.random.normal(k_data, (32, 4))
    y = jnp.sin(x[:, 0]) + 0.5 * x[:, 1]
    batch = {"x": x, "y": y}

    params = init_mlp(k_init, [4, 16, 1])
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(cfg["lr"]))
    opt_state = tx.init(params)
    step = make_step(make_loss(cfg), tx)

    for i in range(cfg["steps"]):
        params, opt_state, loss_val, metrics = step(params, opt_state, batch)
        print(f"step {i} loss={float(loss_val):.4f} r2={float(metrics['r2']):.3f}")


if __name__ == "__main__":
    main()
