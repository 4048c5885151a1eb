# Models an equilibrium-model library whose fixed-point solver is a convergence while_loop, differentiated by a calibration script.
import jax
import jax.numpy as jnp
from eqlib import solve_equilibrium, MarketModel

model = MarketModel(elasticity=jnp.array([0.5, 0.8, 1.2]))


def calibration_error(theta):
    p_star = solve_equilibrium(model, theta)
    return jnp.sum((p_star - 1.0) ** 2)


if __name__ == "__main__":
    print("err", calibration_error(0.3))
    val, g = jax.value_and_grad(calibration_error)(0.3)
    print(val, g)
