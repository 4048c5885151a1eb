import jax
import jax.numpy as jnp
from waveguide import mode_energy

radii = jnp.linspace(0.1, 1.0, 10)
kr = jnp.float32(2.4)
print("E =", mode_energy(kr, radii))
print("dE/dk =", jax.grad(mode_energy)(kr, radii))
print("d2E/dk2 =", jax.hessian(mode_energy)(kr, radii))
