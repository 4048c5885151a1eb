"""the loop body's callback is given constants only, but outside
`jax.ensure_compile_time_eval()` a traced body stages it all the same: the loop makes no trip,
so the host is never handed `vectorized=True`"""
import jax
import jax.numpy as jnp
import numpy as np


def offset_host(v):
    return (np.asarray(v) + 1.0).astype(np.float32)


def body(i, acc):
    bump = jax.pure_callback(offset_host, jax.ShapeDtypeStruct((3,), jnp.float32),
                             jnp.ones(3, jnp.float32), vectorized=True)
    return acc + bump


if __name__ == "__main__":
    print(jax.lax.fori_loop(0, 0, body, jnp.zeros(3, jnp.float32)))
