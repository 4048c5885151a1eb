import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def huber(pred, target, delta):
    r = pred - target
    return jnp.where(jnp.abs(r) < delta, 0.5 * r ** 2, delta * (jnp.abs(r) - 0.5 * delta))


def _huber_fwd(pred, target, delta):
    r = pred - target
    return huber(pred, target, delta), jnp.clip(r, -delta, delta)


huber.defvjp(_huber_fwd, lambda clipped, g: (g * clipped,))


def loss_fn(params, xs, ys):
    preds = xs * params["slope"] + params["intercept"]
    return jnp.mean(huber(preds, ys, 1.0))


params = {"slope": jnp.array(0.0), "intercept": jnp.array(0.0)}
xs = jnp.linspace(0.0, 1.0, 8)
ys = 3.0 * xs - 1.0
opt = optax.sgd(0.3)
state = opt.init(params)
for epoch in range(5):
    loss, grads = jax.value_and_grad(loss_fn)(params, xs, ys)
    updates, state = opt.update(grads, state, params)
    params = optax.apply_updates(params, updates)
print(loss, params)
