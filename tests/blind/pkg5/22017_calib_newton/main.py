# Models a sensor-calibration library: Newton inversion of a response curve with iteration count from a pytree config, then grad.
import jax
import jax.numpy as jnp
from calib import SolverConfig, invert_response

cfg = SolverConfig(n_iter=jnp.int32(12), damping=jnp.float32(1.0))
readings = jnp.array([0.3, 0.8, 1.4])


@jax.jit
def loss(gain, cfg):
    x = invert_response(readings, gain, cfg)
    return jnp.sum(x ** 2)


if __name__ == "__main__":
    print(loss(2.0, cfg))
    print(jax.grad(loss)(2.0, cfg))
