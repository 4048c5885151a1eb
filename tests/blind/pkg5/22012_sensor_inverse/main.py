# Models a sensor toolkit whose response inversion runs a Newton loop configured via functools.partial, differentiated w.r.t. gain.
import jax
import jax.numpy as jnp
import sensorkit as sk

device = sk.devices.make("thermistor")
solve = sk.configured_inverse(iters=10)
y = jnp.array([0.2, 0.5, 0.9])


def objective(gain):
    return jnp.mean(solve(device, y, gain) ** 2)


if __name__ == "__main__":
    print(jax.jit(jax.grad(objective))(1.7))
