"""Interpolation table config, copied with dataclasses.replace before building the lookup."""
import dataclasses
import numpy as np
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class TableConfig:
    n_knots: int = 16
    lo: float = 0.0
    hi: float = 4.0
    accelerate: bool = False

    def with_knots(self, n):
        return dataclasses.replace(self, n_knots=n)

    def accelerated(self):
        return dataclasses.replace(self, accelerate=True)


def _tabulate(cfg):
    xs = np.linspace(cfg.lo, cfg.hi, cfg.n_knots)
    return xs, np.exp(-xs) * np.cos(3.0 * xs)


def make_lookup(cfg):
    xs, ys = _tabulate(cfg)

    def host_interp(q):
        q = np.asarray(q)
        if cfg.accelerate:
            out = jnp.interp(q, xs, ys)
            return np.asarray(out, dtype=np.float32)
        return np.interp(q, xs, ys).astype(np.float32)

    def lookup(q):
        spec = jax.ShapeDtypeStruct(q.shape, jnp.float32)
        return jax.pure_callback(host_interp, spec, q, vmap_method="sequential")

    return lookup


def damped_energy(lookup, q):
    return jnp.sum(lookup(q) ** 2)


base = TableConfig(n_knots=9)
fine = base.with_knots(33).accelerated()
lookup = jax.jit(make_lookup(fine))

if __name__ == "__main__":
    q = jnp.linspace(0.1, 3.9, 6, dtype=jnp.float32)
    print("energy", damped_energy(lookup, q))
    print("batched", jax.vmap(lookup)(q.reshape(2, 3)))
