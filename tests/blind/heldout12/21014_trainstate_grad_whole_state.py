# Models: a hand-rolled TrainState registered with jax.tree_util.register_dataclass, where the loss is written against the whole state (params plus an int32 step counter used for a warmup schedule) and differentiated w.r.t. it.
import dataclasses

import jax
import jax.numpy as jnp
import optax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: dict
    step: jnp.ndarray


def init_state(key, d):
    k1, k2 = jax.random.split(key)
    params = {"w": jax.random.normal(k1, (d,)) * 0.1, "b": jnp.zeros(())}
    return TrainState(params=params, step=jnp.array(0, dtype=jnp.int32))


def warmup_weight(step, warmup=10):
    return jnp.minimum(1.0, (step + 1) / warmup)


def loss_from_state(state: TrainState, x, y):
    logits = x @ state.params["w"] + state.params["b"]
    ce = optax.sigmoid_binary_cross_entropy(logits, y).mean()
    reg = warmup_weight(state.step) * 1e-3 * jnp.sum(state.params["w"] ** 2)
    return ce + reg


def make_train_step(tx):
    def train_step(state, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_from_state)(state, x, y)
        updates, opt_state = tx.update(grads.params, opt_state, state.params)
        new_params = optax.apply_updates(state.params, updates)
        return TrainState(params=new_params, step=state.step + 1), opt_state, loss

    return jax.jit(train_step)


if __name__ == "__main__":
    key = jax.random.PRNGKey(9)
    kd, ks = jax.random.split(key)
    x = jax.random.normal(kd, (40, 5))
    y = (x[:, 0] + x[:, 2] > 0).astype(jnp.float32)
    state = init_state(ks, 5)
    tx = optax.adam(0.05)
    opt_state = tx.init(state.params)
    train_step = make_train_step(tx)
    for _ in range(5):
        state, opt_state, loss = train_step(state, opt_state, x, y)
        print("step", int(state.step), "loss", float(loss))
