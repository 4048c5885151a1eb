"""Reaction-rate fitting with temperature-dependent heat capacities taken from
a host-side thermodynamic table (NASA-style polynomials evaluated in numpy)."""
from typing import Dict

import numpy as np
import jax
import jax.numpy as jnp

R_GAS = 8.314


NASA_COEFFS: Dict[str, np.ndarray] = {
    "H2O": np.array([4.198, -2.036e-3, 6.520e-6, -5.487e-9, 1.771e-12]),
    "CO2": np.array([2.356, 8.984e-3, -7.123e-6, 2.459e-9, -1.436e-13]),
    "N2": np.array([3.531, -1.237e-4, -5.030e-7, 2.435e-9, -1.409e-12]),
}


def host_cp(temps):
    T = np.asarray(temps, np.float64)
    out = np.stack([np.polyval(c[::-1], T) for c in NASA_COEFFS.values()], -1)
    return (out * R_GAS).astype(np.float32)


def heat_capacity(temps):
    n = len(NASA_COEFFS)
    spec = jax.ShapeDtypeStruct(temps.shape + (n,), jnp.float32)
    return jax.pure_callback(host_cp, spec, temps, vmap_method="broadcast_all")


class ArrheniusFit:
    def __init__(self, temps, rates):
        self.temps = temps
        self.rates = rates

    @property
    def mixture_cp(self):
        weights = jnp.array([0.2, 0.1, 0.7])
        return heat_capacity(jax.lax.stop_gradient(self.temps)) @ weights

    def predict(self, params, temps):
        log_a, e_act = params["log_a"], params["e_act"]
        cp_corr = heat_capacity(jax.lax.stop_gradient(temps)).mean(-1) / 100.0
        return log_a - e_act / (R_GAS * temps) + 1e-3 * cp_corr

    def loss(self, params):
        pred = self.predict(params, self.temps)
        return jnp.mean((pred - jnp.log(self.rates)) ** 2)

    def temperature_sensitivity(self, params):
        return jax.grad(lambda T: jnp.sum(self.predict(params, T)))(self.temps)


def synthesize(n=10):
    temps = np.linspace(600.0, 1200.0, n).astype(np.float32)
    rates = np.exp(12.0 - 9.0e4 / (R_GAS * temps)).astype(np.float32)
    return jnp.asarray(temps), jnp.asarray(rates)


def adam_like(params, grads, state, lr=0.05, beta=0.9):
    state = jax.tree_util.tree_map(lambda m, g: beta * m + (1 - beta) * g, state, grads)
    params = jax.tree_util.tree_map(lambda p, m: p - lr * jnp.sign(m), params, state)
    return params, state


class RunLog:
    """Collects scalar records and prints a compact table."""

    def __init__(self):
        self.records = []

    def add(self, **kwargs):
        self.records.append({k: float(np.asarray(v)) for k, v in kwargs.items()})

    def table(self):
        if not self.records:
            return ""
        keys = list(self.records[0])
        head = " | ".join(f"{k:>10s}" for k in keys)
        rows = [" | ".join(f"{r[k]:10.4g}" for k in keys) for r in self.records]
        return "\n".join([head] + rows)


if __name__ == "__main__":
    temps, rates = synthesize()
    fit = ArrheniusFit(temps, rates)
    params = {"log_a": jnp.float32(10.0), "e_act": jnp.float32(8.0e4)}
    state = jax.tree_util.tree_map(jnp.zeros_like, params)
    grad_fn = jax.jit(jax.value_and_grad(fit.loss))
    for i in range(10):
        val, g = grad_fn(params)
        params, state = adam_like(params, g, state)
    print("loss", float(val))
    print("cp mixture", np.asarray(fit.mixture_cp).round(2)[:3])
    print("dT sensitivity", np.asarray(fit.temperature_sensitivity(params))[:3])
