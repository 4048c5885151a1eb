"""Mean/variance summary with a custom JVP, for single series or stacks of series."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def moments(x):
    m = jnp.mean(x, axis=-1)
    v = jnp.mean((x - m[..., None]) ** 2, axis=-1)
    return m, v


@moments.defjvp
def _moments_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    m, v = moments(x)
    tm = jnp.mean(tx, axis=-1)
    tv = 2.0 * jnp.mean((x - m[..., None]) * (tx - tm[..., None]), axis=-1)
    if x.ndim == 1:
        return (m, v), (tm, tv)
    # stacked series: pack the tangent moments side by side
    return (m, v), jnp.stack([tm, tv])


def sharpe_like(returns):
    m, v = moments(returns)
    return jnp.sum(m / jnp.sqrt(v + 1e-6))


def simulate_returns(shape, seed=11):
    rng = np.random.default_rng(seed)
    return jnp.asarray(0.01 + 0.05 * rng.standard_normal(shape), dtype=jnp.float32)


def rebalance(weights, grads, lr=0.1):
    w = weights + lr * grads
    return w / jnp.sum(jnp.abs(w))


def rms(x):
    x = np.asarray(x, dtype=float)
    return float(np.sqrt(np.mean(x ** 2))) if x.size else 0.0


def clamp01(v):
    return 0.0 if v < 0 else 1.0 if v > 1 else v


if __name__ == "__main__":
    returns = simulate_returns((5,))
    score, g = jax.value_and_grad(sharpe_like)(returns)
    print("score", float(score))
    print("grad shape", g.shape)
    print(rebalance(jnp.ones(g.shape[-1]) / g.shape[-1], g.reshape(-1, g.shape[-1]).mean(0)))
