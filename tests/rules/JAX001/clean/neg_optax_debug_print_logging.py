"""SGD with momentum over a linear model; the loss prints with jax.debug.print inside grad: fine."""
import jax
import jax.numpy as jnp
import optax

key = jax.random.PRNGKey(42)
X = jax.random.normal(key, (8, 2))
true_w = jnp.array([2.0, -1.0])
Y = X @ true_w + 0.3

params = {"w": jnp.zeros(2), "b": jnp.float32(0.0)}
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(0.1, momentum=0.9))
state = tx.init(params)


def mse(p):
    pred = X @ p["w"] + p["b"]
    loss = jnp.mean((pred - Y) ** 2)
    jax.debug.print("loss={l:.4f} |w|={n:.3f}", l=loss, n=jnp.linalg.norm(p["w"]))
    return loss


for _ in range(3):
    grads = jax.grad(mse)(params)
    updates, state = tx.update(grads, state, params)
    params = optax.apply_updates(params, updates)
print(params)
