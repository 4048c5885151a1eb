"""Tabulated equation of state: `eos[rho]` interpolates pressure; `eos[k]` reads a node."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def interp_pressure(rho, nodes, values):
    return jnp.interp(rho, nodes, values)


def _interp_jvp(primals, tangents):
    rho, nodes, values = primals
    d_rho = tangents[0]
    out = jnp.interp(rho, nodes, values)
    slope = jnp.interp(rho, nodes[1:], jnp.diff(values) / jnp.diff(nodes))
    return out, slope * d_rho


interp_pressure.defjvp(lambda primals: _interp_jvp(primals, (1.0, 0.0, 0.0)))


class EquationOfState:
    def __init__(self, nodes, pressures):
        self.nodes = jnp.asarray(nodes)
        self.pressures = jnp.asarray(pressures)

    def __len__(self):
        return self.nodes.shape[0]

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.pressures[key]
        return interp_pressure(key, self.nodes, self.pressures)


def sound_speed_sq(eos, rho):
    return jax.grad(lambda r: eos[r])(rho)


def reference_stiffness(eos, scale):
    return scale * eos[len(eos) // 2]


def linear_warmup(step, warmup=10, peak=1e-2):
    frac = min(1.0, (step + 1) / warmup)
    return peak * frac


def cosine_decay(step, total=100, base=1e-2, floor=1e-4):
    import math

    t = min(step, total) / total
    return floor + 0.5 * (base - floor) * (1.0 + math.cos(math.pi * t))


if __name__ == "__main__":
    nodes = np.linspace(0.5, 2.0, 7)
    eos = EquationOfState(nodes, nodes ** 1.4)
    print("stiffness grad", jax.grad(reference_stiffness, argnums=1)(eos, 2.0))
    print("p at node 3", eos[3])
