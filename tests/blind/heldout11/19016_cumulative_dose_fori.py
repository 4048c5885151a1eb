# Models: pharmacokinetic multi-dose accumulation with lax.fori_loop whose dose count comes from the data, fitted with jax.grad
import jax
import jax.numpy as jnp
from jax import lax


def concentration(params, t, n_doses, interval):
    ka, ke, dose = params["ka"], params["ke"], params["dose"]

    def add_dose(i, acc):
        td = t - i * interval
        contrib = jnp.where(
            td > 0,
            dose * ka / (ka - ke) * (jnp.exp(-ke * td) - jnp.exp(-ka * td)),
            0.0,
        )
        return acc + contrib

    return lax.fori_loop(0, n_doses, add_dose, jnp.zeros_like(t))


def sse(params, data):
    t, y, n = data["t"], data["y"], data["n"]
    pred = concentration(params, t, n, 12.0)
    return jnp.sum((pred - y) ** 2)


def fit(params, data, lr=1e-4, steps=3):
    g_fn = jax.jit(jax.grad(sse))
    for _ in range(steps):
        g = g_fn(params, data)
        params = {k: params[k] - lr * g[k] for k in params}
    return params


if __name__ == "__main__":
    data = {"t": jnp.array([1.0, 6.0, 13.0, 25.0, 37.0]),
            "y": jnp.array([2.0, 3.1, 4.0, 4.5, 4.7]),
            "n": jnp.int32(3)}
    p0 = {"ka": jnp.array(1.2), "ke": jnp.array(0.2), "dose": jnp.array(5.0)}
    print(fit(p0, data))
