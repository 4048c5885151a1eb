"""value_and_grad of a loss over a custom_vjp host simulator, returning the loss and the gradient pytree."""
import jax
import jax.numpy as jnp
import numpy as np


def _simulate(k, c):
    # damped oscillator response at fixed times, closed form on the host
    t = np.linspace(0.0, 1.0, 4)
    return (np.exp(-c * t) * np.cos(k * t)).astype(np.float32)


def _simulate_grads(k, c):
    t = np.linspace(0.0, 1.0, 4)
    e = np.exp(-c * t)
    return (-t * e * np.sin(k * t)).astype(np.float32), (-t * e * np.cos(k * t)).astype(np.float32)


@jax.custom_vjp
def simulate(k, c):
    return jax.pure_callback(_simulate, jax.ShapeDtypeStruct((4,), jnp.float32), k, c)


def simulate_fwd(k, c):
    return simulate(k, c), (k, c)


def simulate_bwd(res, g):
    k, c = res
    dk, dc = jax.pure_callback(
        _simulate_grads,
        (jax.ShapeDtypeStruct((4,), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32)),
        k, c)
    return jnp.dot(g, dk), jnp.dot(g, dc)


simulate.defvjp(simulate_fwd, simulate_bwd)

observed = jnp.array([1.0, 0.8, 0.5, 0.2])


def loss(theta):
    pred = simulate(theta["k"], theta["c"])
    return jnp.sum((pred - observed) ** 2)


value, grads = jax.value_and_grad(loss)({"k": jnp.float32(2.0), "c": jnp.float32(0.5)})
print(value, grads)
