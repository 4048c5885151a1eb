"""Data-parallel (pmap) gradient of a Huber-type robust loss with a hand-written VJP."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def huber(r, delta=1.0):
    a = jnp.abs(r)
    return jnp.where(a < delta, 0.5 * r ** 2, delta * (a - 0.5 * delta))


def _huber_fwd(r, delta=1.0):
    return huber(r, delta), (r, delta)


def _huber_bwd(res, g):
    r, delta = res
    return g * jnp.clip(r, -delta, delta), None


huber.defvjp(_huber_fwd, _huber_bwd)


def shard_loss(w, x, y):
    return jnp.mean(huber(x @ w - y))


def shard_grad(w, x, y):
    loss, pullback = jax.vjp(lambda w_: shard_loss(w_, x, y), w)
    (g,) = pullback(jnp.ones_like(loss))
    return jax.lax.pmean(loss, "dev"), jax.lax.pmean(g, "dev")


n_dev = jax.local_device_count()
x = jax.random.normal(jax.random.key(0), (n_dev, 32, 3))
w_true = jnp.array([1.0, -2.0, 0.5])
y = x @ w_true + jnp.where(jnp.arange(32) % 8 == 0, 5.0, 0.0)
w = jnp.zeros((n_dev, 3))
step = jax.pmap(shard_grad, axis_name="dev", in_axes=(0, 0, 0))
for _ in range(100):
    loss, g = step(w, x, y)
    w = w - 0.5 * g
print(loss, w[0])
