"""Factory with a keyword-only switch; None means 'do not pass the option at all'."""
import numpy as np
import jax
import jax.numpy as jnp


def lookup_rate(temps):
    t = np.asarray(temps)
    return (1.0e-3 * np.exp(-1200.0 / (t + 273.15))).astype(np.float32)


def make_rate_fn(host, *, vectorized=None, out_dtype=jnp.float32):
    extra = {} if vectorized is None else {"vectorized": vectorized}

    def rate(t):
        spec = jax.ShapeDtypeStruct(t.shape, out_dtype)
        return jax.pure_callback(host, spec, t, **extra)
    return rate


def arrhenius_model(legacy):
    return make_rate_fn(lookup_rate, vectorized=legacy)


def simulate(rate_fn, c0, temps, dt=0.1):
    k = rate_fn(temps)
    return c0 * jnp.exp(-k * dt * 10.0)


if __name__ == "__main__":
    rate_fn = arrhenius_model(legacy=False)
    temps = jnp.array([20.0, 40.0, 60.0], dtype=jnp.float32)
    out = jax.jit(lambda t: simulate(rate_fn, 1.0, t))(temps)
    print("remaining", out)
