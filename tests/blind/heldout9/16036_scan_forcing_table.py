# forced oscillator integrated with scan; forcing read from a host-side interpolation table
import jax
import jax.numpy as jnp
import numpy as np
from scipy.interpolate import interp1d

_t_tab = np.linspace(0.0, 10.0, 41)
_forcing = interp1d(_t_tab, np.sin(1.3 * _t_tab) * np.exp(-0.1 * _t_tab), kind="cubic")
DT = 0.05


def forcing_at(step):
    t = step.astype(jnp.float32) * DT
    return jax.pure_callback(lambda tt: np.float32(_forcing(tt)), jax.ShapeDtypeStruct((), jnp.float32), t)


def simulate(params, n_steps=100):
    omega, zeta = params

    def step(carry, k):
        x, v = carry
        a = forcing_at(k) - 2 * zeta * omega * v - omega ** 2 * x
        v = v + DT * a
        x = x + DT * v
        return (x, v), x

    _, xs = jax.lax.scan(step, (jnp.float32(0.0), jnp.float32(0.0)), jnp.arange(n_steps))
    return xs


obs = simulate(jnp.array([2.0, 0.1]))


@jax.jit
def loss(params):
    return jnp.mean((simulate(params) - obs) ** 2)


p = jnp.array([1.7, 0.3])
for _ in range(10):
    p = p - 0.5 * jax.grad(loss)(p)
print(p, loss(p))
