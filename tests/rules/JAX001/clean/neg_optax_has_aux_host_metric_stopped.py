"""An optax training step with has_aux: the host accuracy metric only sees stop_gradient'ed logits and integer labels."""
import jax, jax.numpy as jnp, numpy as np, optax
from functools import partial

def host_metric(logits, labels):
    return np.float32(np.mean(np.argmax(logits, -1) == labels))

def loss_fn(params, batch):
    x, y = batch
    logits = x @ params["w"]
    acc = jax.pure_callback(host_metric, jax.ShapeDtypeStruct((), jnp.float32),
                            jax.lax.stop_gradient(logits), y)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, {"acc": acc}

opt = optax.adam(1e-2)
params = {"w": jnp.ones((3, 4))}
state = opt.init(params)

@jax.jit
def step(params, state, batch):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
    updates, state = opt.update(grads, state, params)
    return optax.apply_updates(params, updates), state, loss, aux

batch = (jnp.ones((5, 3)), jnp.array([0, 1, 2, 3, 0]))
for _ in range(2):
    params, state, loss, aux = step(params, state, batch)
print(loss, aux)
