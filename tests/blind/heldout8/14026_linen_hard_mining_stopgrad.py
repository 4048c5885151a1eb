"""Online hard-example mining: per-example weights chosen on the host from detached losses."""
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _mine(losses, keep=0.5):
    losses = np.asarray(losses)
    k = max(1, int(len(losses) * keep))
    thresh = np.sort(losses)[-k]
    return (losses >= thresh).astype(np.float32)


class CNNish(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(12)(x)
        x = nn.relu(x)
        return nn.Dense(4)(x)


model = CNNish()


def loss_fn(params, batch):
    logits = model.apply({"params": params}, batch["image"])
    per_ex = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"])
    weights = jax.pure_callback(_mine, jax.ShapeDtypeStruct(per_ex.shape, jnp.float32),
                                jax.lax.stop_gradient(per_ex))
    return jnp.sum(weights * per_ex) / jnp.sum(weights)


@jax.jit
def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


key = jax.random.PRNGKey(0)
batch = {"image": jax.random.normal(key, (8, 6)), "label": jnp.arange(8) % 4}
params = model.init(key, batch["image"])["params"]
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3, weight_decay=1e-4))
opt_state = tx.init(params)
for step in range(3):
    params, opt_state, loss = train_step(params, opt_state, batch)
    print(step, float(loss))
