"""Flow-regime dependent friction factor selected with lax.switch."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import brentq


def colebrook_host(re, rough):
    re, rough = float(np.asarray(re)), float(np.asarray(rough))
    g = lambda f: 1 / np.sqrt(f) + 2 * np.log10(rough / 3.7 + 2.51 / (re * np.sqrt(f)))
    return np.float32(brentq(g, 1e-4, 1.0))


def laminar(re, rough):
    return 64.0 / re


def transitional(re, rough):
    return 0.5 * (laminar(re, rough) + turbulent(re, rough))


def turbulent(re, rough):
    return jax.pure_callback(colebrook_host, jax.ShapeDtypeStruct((), jnp.float32), re, rough,
                             vectorized=False)


@jax.jit
def friction(re, rough):
    regime = jnp.digitize(re, jnp.array([2300.0, 4000.0]))
    return jax.lax.switch(regime, [laminar, transitional, turbulent], re, rough)


if __name__ == "__main__":
    print(friction(jnp.float32(1500.0), jnp.float32(1e-4)))
    print(friction(jnp.float32(1e5), jnp.float32(1e-4)))
