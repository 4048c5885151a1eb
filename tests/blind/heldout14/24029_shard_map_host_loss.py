"""Data-parallel loss with jax.shard_map (works on a single-device mesh for
local testing).  Each shard computes a robust Huber-type loss with the
production C routine (wrapped via pure_callback) and the results are
psum'd."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((1,), ("data",))


def _tukey_biweight(r, c=4.685):
    r = np.asarray(r, np.float64)
    u = np.clip(np.abs(r) / c, 0.0, 1.0)
    return ((c**2 / 6.0) * (1.0 - (1.0 - u**2) ** 3)).sum().astype(np.float32)


def shard_loss(w, xb, yb):
    resid = xb @ w - yb
    local = jax.pure_callback(_tukey_biweight, jax.ShapeDtypeStruct((), jnp.float32), resid,
                              vmap_method="sequential")
    return jax.lax.psum(local, "data")


def robust_loss(w, x, y):
    f = jax.shard_map(shard_loss, mesh=mesh,
                      in_specs=(P(), P("data"), P("data")), out_specs=P())
    return f(w, x, y) / x.shape[0]


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(8, 3)), jnp.float32)
    y = x @ jnp.array([1.0, 2.0, -1.0]) + jnp.asarray(rng.standard_t(2, size=8), jnp.float32)
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    w = jnp.zeros(3)
    print("loss", float(robust_loss(w, x, y)))
    g = jax.jit(jax.grad(robust_loss))(w, x, y)
    print("grad", g)
