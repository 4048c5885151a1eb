from dataclasses import dataclass, field
import numpy as np
import jax
import jax.numpy as jnp

TABLE = np.linspace(0.0, 1.0, 16, dtype=np.float32) ** 2


def _host_lookup(idx):
    return TABLE[np.asarray(idx)]


@dataclass(kw_only=True, slots=True)
class Lookup:
    scale: float = 2.0
    n_bins: int = field(default=16)

    def bins(self, x):
        return jnp.clip((x * self.n_bins).astype(jnp.int32), 0, self.n_bins - 1)

    def __call__(self, x):
        idx = self.bins(x)
        base = jax.pure_callback(_host_lookup, jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx,
                                 vmap_method="expand_dims")
        return self.scale * base * x


def describe(shape):
    match shape:
        case ():
            return "scalar"
        case (n,):
            return f"vector[{n}]"
        case (n, m, *rest):
            return f"array[{n}x{m}{'x...' if rest else ''}]"


lk = Lookup(scale=3.0)
x = jnp.array([0.05, 0.4, 0.93])
y = lk(x)
print(describe(y.shape), y)
J = jax.jacrev(lk)(x)
print(describe(J.shape), J)
