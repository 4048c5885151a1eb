"""Dispersion relation evaluated by host code; one evaluator per batching policy."""
import numpy as np
import jax
import jax.numpy as jnp

G = 9.81


def host_wavenumber(omega, depth):
    w = np.asarray(omega)
    h = float(np.asarray(depth))
    k = w ** 2 / G
    for _ in range(30):
        f = G * k * np.tanh(k * h) - w ** 2
        df = G * np.tanh(k * h) + G * k * h / np.cosh(k * h) ** 2
        k = k - f / df
    return k.astype(w.dtype)


POLICIES = [{"vmap_method": "sequential"}, {"vmap_method": "expand_dims", "vectorized": True}]
EVALUATORS = []
for opts in POLICIES:
    EVALUATORS.append(
        lambda om, h, opts=opts: jax.pure_callback(host_wavenumber, jax.ShapeDtypeStruct(om.shape, om.dtype), om, h, **opts)
    )


def phase_speed(evaluate, omega, depth):
    k = evaluate(omega, depth)
    return omega / k


if __name__ == "__main__":
    omega = jnp.array([0.5, 1.0, 2.0], dtype=jnp.float32)
    depth = jnp.float32(10.0)
    evaluate = EVALUATORS[0]
    c = jax.jit(lambda o: phase_speed(evaluate, o, depth))(omega)
    print("phase speed:", np.round(np.asarray(c), 4))
    print("deep water limit:", np.round(G / np.asarray(omega), 4))
