import functools
import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.jit, static_argnames=("decay",))
def accumulate(weights, mask, *, decay=0.9):
    n_active = jnp.sum(mask.astype(jnp.int32))

    def body(i, acc):
        return decay * acc + weights[i]
    return lax.fori_loop(0, n_active, body, jnp.float32(0.0))


def main():
    w = jnp.array([1.0, 2.0, 3.0, 4.0])
    m = jnp.array([True, True, True, False])
    print(f"acc={accumulate(w, m):.3f}")
    g = jax.grad(accumulate)(w, m)
    print(f"grad={g}")


if __name__ == "__main__":
    main()
