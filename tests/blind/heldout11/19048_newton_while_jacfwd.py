# Models: Kepler-equation solver with lax.while_loop (data-dependent iteration count) and a fori_loop with a traced bound; sensitivities via forward-mode jax.jacfwd only
import jax
import jax.numpy as jnp
from jax import lax


def kepler_E(M, e, tol=1e-6):
    def cond(state):
        E, it, err = state
        return (err > tol) & (it < 50)

    def body(state):
        E, it, _ = state
        f = E - e * jnp.sin(E) - M
        E_new = E - f / (1.0 - e * jnp.cos(E))
        return E_new, it + 1, jnp.abs(E_new - E)

    E, _, _ = lax.while_loop(cond, body, (M, 0, jnp.inf))
    return E


def orbit_positions(elements, n_points):
    M0, e = elements

    def add(i, acc):
        M = M0 + 0.3 * i
        E = kepler_E(M, e)
        return acc + jnp.array([jnp.cos(E) - e, jnp.sqrt(1 - e ** 2) * jnp.sin(E)])

    return lax.fori_loop(0, n_points, add, jnp.zeros(2)) / n_points


@jax.jit
def sensitivities(elements, n_points):
    return jax.jacfwd(orbit_positions)(elements, n_points)


if __name__ == "__main__":
    elements = jnp.array([0.5, 0.1])
    print(orbit_positions(elements, jnp.int32(4)))
    print(sensitivities(elements, jnp.int32(4)))
