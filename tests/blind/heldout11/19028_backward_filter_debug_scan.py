# Models: backward smoothing pass with lax.scan(reverse=True, unroll=...) that prints each smoothed state with jax.debug.print; gain tuned by jax.grad
import jax
import jax.numpy as jnp
from jax import lax


def smoother(gain, filtered):
    def backward(carry, m_filt):
        m_s = m_filt + gain * (carry - m_filt)
        jax.debug.print("smoothed {m}", m=m_s)
        return m_s, m_s

    _, path = lax.scan(backward, filtered[-1], filtered, reverse=True, unroll=3)
    return path


def fit_objective(gain, filtered, obs):
    path = smoother(gain, filtered)
    return jnp.sum((path - obs) ** 2)


def tune(gain, filtered, obs, steps=2, lr=0.05):
    grad_fn = jax.jit(jax.grad(fit_objective))
    for _ in range(steps):
        gain = gain - lr * grad_fn(gain, filtered, obs)
    return gain


def simulate_filtered(key, steps=4, dim=2):
    noise = jax.random.normal(key, (steps, dim)) * 0.1
    drift = jnp.linspace(0.0, 1.0, steps)[:, None]
    return jnp.cumsum(noise, axis=0) + drift


def rmse(a, b):
    return jnp.sqrt(jnp.mean((a - b) ** 2))


def report(gain, filt, obs):
    before = rmse(filt, obs)
    after = rmse(smoother(gain, filt), obs)
    print(f"rmse filtered {float(before):.4f} smoothed {float(after):.4f}")


if __name__ == "__main__":
    sim = simulate_filtered(jax.random.key(0))
    report(jnp.array(0.3), sim, sim + 0.05)
    filt = jnp.array([[0.0, 1.0], [0.5, 0.9], [1.2, 0.4], [1.0, 0.2]])
    obs = jnp.array([[0.1, 1.0], [0.4, 0.8], [1.1, 0.5], [1.0, 0.1]])
    print(tune(jnp.array(0.3), filt, obs))
