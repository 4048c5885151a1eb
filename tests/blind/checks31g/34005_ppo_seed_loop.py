# shape from: luchris429/purejaxrl (make_train(config) -> train(rng); per-update metric callback; jax.vmap(train) over seeds)
"""A PureJaxRL-style training function; metrics go to a host logger; seeds run one after another."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

CONFIG = {"NUM_UPDATES": 3, "LR": 0.05, "NUM_SEEDS": 4, "OBS_DIM": 3}
LOG: list[dict] = []


def log_metrics(update, returns, loss):
    LOG.append({"update": int(np.asarray(update)),
                "return": float(np.asarray(returns).mean()),
                "loss": float(np.asarray(loss))})
    return np.int32(len(LOG))


def make_train(config):
    def loss_fn(w, obs, target):
        return jnp.mean((obs @ w - target) ** 2)

    def train(rng):
        rng, k_obs, k_w = jax.random.split(rng, 3)
        obs = jax.random.normal(k_obs, (16, config["OBS_DIM"]))
        target = obs.sum(axis=1)
        w = jax.random.normal(k_w, (config["OBS_DIM"],))

        def _update_step(runner_state, update):
            w = runner_state
            loss, g = jax.value_and_grad(loss_fn)(w, obs, target)
            w = w - config["LR"] * g
            returns = -((obs @ w - target) ** 2)
            io_callback(log_metrics, jax.ShapeDtypeStruct((), jnp.int32), update, returns, loss, ordered=True)
            return w, loss

        w, losses = jax.lax.scan(_update_step, w, jnp.arange(config["NUM_UPDATES"]))
        return {"runner_state": w, "metrics": losses}

    return train


if __name__ == "__main__":
    rngs = jax.random.split(jax.random.key(42), CONFIG["NUM_SEEDS"])
    train_jit = jax.jit(make_train(CONFIG))
    outs = [train_jit(r) for r in rngs]  # log lines stay grouped by seed
    metrics = jnp.stack([o["metrics"] for o in outs])
    print(metrics.shape, len(LOG))
