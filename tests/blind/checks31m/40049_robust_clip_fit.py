"""Robust regression with a clipped residual whose backward pass comes from a registry."""
import numpy as np
import jax
import jax.numpy as jnp

BACKWARD = {}


def register_backward(name, fn):
    BACKWARD[name] = fn


def _clip_bwd_full(res, g):
    r, c = res
    inside = jnp.abs(r) <= c
    return (jnp.where(inside, g, 0.0), jnp.sum(jnp.where(inside, 0.0, g * jnp.sign(r))))


def _clip_bwd_residual_only(res, g):
    r, c = res
    inside = jnp.abs(r) <= c
    return (jnp.where(inside, g, 0.0),)


def make_clipped(name):
    @jax.custom_vjp
    def clipped(r, c):
        return jnp.clip(r, -c, c)

    def fwd(r, c):
        return clipped(r, c), (r, c)

    clipped.defvjp(fwd, BACKWARD[name])
    return clipped


def fit(X, y, c, steps=60, lr=0.1):
    clipped = make_clipped("clip")

    def loss(w):
        resid = X @ w - y
        return jnp.mean(clipped(resid, c) ** 2)

    w = jnp.zeros(X.shape[1])
    for _ in range(steps):
        w = w - lr * jax.grad(loss)(w)
    return w, loss(w)


def contaminated(n=50, seed=8):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(n), rng.uniform(-2, 2, n)].astype(np.float32)
    y = X @ np.array([0.5, 1.5], np.float32) + 0.1 * rng.standard_normal(n).astype(np.float32)
    y[:5] += 8.0
    return jnp.asarray(X), jnp.asarray(y)


register_backward("clip", _clip_bwd_full)
register_backward("clip_fast", _clip_bwd_residual_only)
register_backward("clip", _clip_bwd_residual_only)

if __name__ == "__main__":
    X, y = contaminated()
    w, final = fit(X, y, jnp.float32(1.0))
    ols = np.linalg.lstsq(np.asarray(X), np.asarray(y), rcond=None)[0]
    print("robust fit:", np.round(np.asarray(w), 3), "loss", float(final))
    print("ols fit:   ", np.round(ols, 3))
