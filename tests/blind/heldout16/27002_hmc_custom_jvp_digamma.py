"""HMC for the same kind of model, but log-gamma from SciPy is given its digamma derivative."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy import special

obs = np.array([2.0, 7.0, 1.0, 4.0], dtype=np.float32)


def _host(fn):
    def run(a):
        return fn(np.asarray(a)).astype(np.float32)
    return run


@jax.custom_jvp
def lgamma_host(a):
    spec = jax.ShapeDtypeStruct(a.shape, a.dtype)
    return jax.pure_callback(_host(special.gammaln), spec, a, vmap_method="expand_dims")


@lgamma_host.defjvp
def _lgamma_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    spec = jax.ShapeDtypeStruct(a.shape, a.dtype)
    value = lgamma_host(a)
    slope = jax.pure_callback(_host(special.digamma), spec, a, vmap_method="expand_dims")
    return value, slope * da


def logp(z):
    alpha = jnp.exp(z)
    return jnp.sum((alpha - 1.0) * jnp.log(obs) - lgamma_host(alpha * jnp.ones_like(obs))) - 0.5 * z ** 2


def integrate(z, m, step, L):
    dU = jax.grad(logp)
    def body(carry, _):
        z, m = carry
        m = m + 0.5 * step * dU(z)
        z = z + step * m
        m = m + 0.5 * step * dU(z)
        return (z, m), None
    (z, m), _ = jax.lax.scan(body, (z, m), None, length=L, unroll=2)
    return z, m


key = jax.random.key(1)
z = jnp.float32(0.3)
for t in range(4):
    key, kp, ku = jax.random.split(key, 3)
    m0 = jax.random.normal(kp)
    z1, m1 = integrate(z, m0, 0.1, 6)
    log_ratio = logp(z1) - 0.5 * m1 ** 2 - logp(z) + 0.5 * m0 ** 2
    z = jnp.where(jnp.log(jax.random.uniform(ku)) < log_ratio, z1, z)
print("sample", z)
