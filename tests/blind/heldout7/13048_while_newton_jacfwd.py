"""Van der Waals gas: solve for the molar volume with Newton in a while_loop and get its
sensitivity to pressure and temperature in forward mode."""
import jax
import jax.numpy as jnp
from jax import lax

R = 0.08314  # L bar / (mol K)


def vdw_volume(P, T, a=3.64, b=0.04267):
    f = lambda V: (P + a / V ** 2) * (V - b) - R * T

    def cond(s):
        V, dV, it = s
        return (jnp.abs(dV) > 1e-6) & (it < 100)

    def body(s):
        V, _, it = s
        dV = f(V) / jax.grad(f)(V)
        return V - dV, dV, it + 1

    V0 = R * T / P
    return lax.while_loop(cond, body, (V0, jnp.asarray(1.0), 0))[0]


def compressibility(state):
    P, T = state
    return P * vdw_volume(P, T) / (R * T)


state = jnp.array([50.0, 320.0])
print(compressibility(state))
print(jax.jacfwd(compressibility)(state))
print(jax.jvp(vdw_volume, (50.0, 320.0), (1.0, 0.0)))
