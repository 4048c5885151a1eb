"""Parameter sweep of the logistic map's Lyapunov exponent, with each exponent computed
by a compiled host routine (numpy loop stand-in) called sequentially under vmap."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

host_call = functools.partial(jax.pure_callback, vmap_method="sequential")


def _lyapunov(r, n=500):
    r = float(r)
    x, acc = 0.4, 0.0
    for _ in range(n):
        x = r * x * (1 - x)
        acc += np.log(abs(r * (1 - 2 * x)) + 1e-12)
    return np.float32(acc / n)


def lyapunov(r):
    return host_call(_lyapunov, jax.ShapeDtypeStruct((), jnp.float32), r)


@jax.jit
def chaos_fraction(rs):
    lam = jax.vmap(lyapunov)(rs)
    return jnp.mean(lam > 0), lam


frac, lam = chaos_fraction(jnp.linspace(2.8, 4.0, 9))
print(frac, lam)
