"""a class body's comprehension: its outermost iterable is evaluated in the class body, so
`[xp]` there is the class's numpy, not the module's jax.numpy"""
import jax
import jax.numpy as jnp
import numpy as np

xp = jnp


class Reducers:
    xp = np
    ops = [getattr(m, k) for m in [xp] for k in ("max", "min")]


def host_spread(v):
    a = np.asarray(v)
    lo_hi = [np.asarray(op(a)) for op in Reducers.ops]
    return np.float32(lo_hi[0] - lo_hi[1])


@jax.jit
def spread(x):
    return jax.pure_callback(host_spread, jax.ShapeDtypeStruct((), jnp.float32), x * 2.0)


if __name__ == "__main__":
    print(spread(jnp.arange(4.0)))
