import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

config = {"n_iter": 8, "relax": 0.5}


@jax.jit
def smooth(u):
    n = np.int32(config["n_iter"])

    def sweep(i, v):
        left = jnp.roll(v, 1)
        right = jnp.roll(v, -1)
        return (1 - config["relax"]) * v + config["relax"] * 0.5 * (left + right)
    return lax.fori_loop(0, n, sweep, u)


def main():
    u0 = jnp.array([0.0, 1.0, 0.0, 0.0, 2.0])
    print(smooth(u0))
    sens = jax.grad(lambda u: smooth(u)[2])(u0)
    print(sens)


if __name__ == "__main__":
    main()
