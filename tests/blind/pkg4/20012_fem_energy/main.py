# Models a finite-element app: a scipy.sparse stiffness matvec is a pure_callback wrapped by custom_jvp whose rule pushes tangents through the same host matvec; an energy minimiser takes jax.grad.
import jax.numpy as jnp

from fem.solver import minimise_energy


if __name__ == "__main__":
    load = jnp.array([0.0, 1.0, 0.0, -0.5, 0.2])
    u = minimise_energy(load, iters=3)
    print("displacement", u)
