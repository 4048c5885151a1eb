# Models: a robust regression loop where a traced flag (from the data) selects, via lax.cond, between a Huber loss and a host-computed quantile (pinball) loss evaluated in numpy; trained with optax in a lax.scan.
import jax
import jax.numpy as jnp
import numpy as np
import optax


def _pinball_np(resid, tau):
    r = np.asarray(resid, np.float64)
    return np.float32(np.mean(np.maximum(tau * r, (tau - 1.0) * r)))


def host_pinball(resid, tau=0.7):
    return jax.pure_callback(_pinball_np, jax.ShapeDtypeStruct((), jnp.float32),
                             resid, jnp.float32(tau))


def huber(resid, delta=1.0):
    return jnp.mean(optax.huber_loss(resid, delta=delta))


def loss_fn(params, x, y, heavy_tailed):
    resid = x @ params["beta"] + params["alpha"] - y
    return jax.lax.cond(heavy_tailed, lambda r: huber(r), lambda r: host_pinball(r), resid)


def train(params, x, y, heavy_tailed, n_steps=8):
    opt = optax.sgd(0.05)

    def body(carry, _):
        params, st = carry
        l, g = jax.value_and_grad(loss_fn)(params, x, y, heavy_tailed)
        upd, st = opt.update(g, st)
        return (optax.apply_updates(params, upd), st), l

    (params, _), losses = jax.lax.scan(body, (params, opt.init(params)), None, length=n_steps)
    return params, losses


if __name__ == "__main__":
    key = jax.random.PRNGKey(30)
    kx, ke = jax.random.split(key)
    x = jax.random.normal(kx, (40, 2))
    noise = jax.random.t(ke, 2.0, (40,))
    y = x @ jnp.array([1.0, -1.0]) + 0.2 * noise
    kurt = jnp.mean(noise ** 4) / jnp.mean(noise ** 2) ** 2
    heavy = kurt > 3.0
    params = {"beta": jnp.zeros(2), "alpha": jnp.zeros(())}
    params, losses = jax.jit(train)(params, x, y, heavy)
    print("heavy tails:", bool(heavy), "beta", params["beta"], "final", float(losses[-1]))
