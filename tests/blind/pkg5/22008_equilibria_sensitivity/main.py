# Models an equilibrium solver package (while_loop fixed point) whose forward-mode sensitivities are computed by a script.
import jax
import jax.numpy as jnp
import eqsolve

econ = eqsolve.econ.Economy(jnp.array([0.4, 0.9]), jnp.array([1.0, 2.0]))


def prices(params):
    return eqsolve.equilibrium(econ, params)


if __name__ == "__main__":
    theta = jnp.array([0.2, 0.1])
    print(prices(theta))
    print(jax.jacfwd(prices)(theta))
