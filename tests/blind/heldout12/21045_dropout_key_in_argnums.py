# Models: an MLP with hand-written dropout trained with optax, where the training step asks value_and_grad for gradients w.r.t. both the params and the dropout key (argnums=(0, 1)) using new-style typed keys.
import jax
import jax.numpy as jnp
import optax


def init_params(key, sizes=(4, 16, 16, 1)):
    params = []
    for k, (a, b) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (a, b)) * jnp.sqrt(1.0 / a), jnp.zeros(b)))
    return params


def dropout(key, h, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
    return jnp.where(keep, h / (1.0 - rate), 0.0)


def apply(params, x, key, rate=0.2):
    keys = jax.random.split(key, len(params))
    for (w, b), k in zip(params[:-1], keys):
        x = dropout(k, jax.nn.relu(x @ w + b), rate)
    w, b = params[-1]
    return (x @ w + b)[:, 0]


def loss_fn(params, key, x, y):
    pred = apply(params, x, key)
    return jnp.mean((pred - y) ** 2), {"pred_mean": pred.mean()}


grad_fn = jax.value_and_grad(loss_fn, argnums=(0, 1), has_aux=True)


def train(params, x, y, key, steps=4):
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(3e-3))
    opt_state = tx.init(params)
    for i in range(steps):
        key, dkey = jax.random.split(key)
        (loss, aux), (grads, _) = grad_fn(params, dkey, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        print(f"step {i}: loss {float(loss):.4f} mean {float(aux['pred_mean']):.3f}")
    return params


if __name__ == "__main__":
    root = jax.random.key(0)
    k_init, k_data, k_train = jax.random.split(root, 3)
    x = jax.random.normal(k_data, (32, 4))
    y = jnp.sum(jnp.sin(x), axis=1)
    params = init_params(k_init)
    params = train(params, x, y, k_train)
