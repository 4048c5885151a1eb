import jax.numpy as jnp

from heatsim import CONFIG, explicit_heat, calibrate

x = jnp.linspace(0.0, 1.0, CONFIG.n_cells)
u0 = jnp.exp(-((x - 0.5) / 0.1) ** 2)
observed = explicit_heat(u0, 0.08, CONFIG.dt, CONFIG.t_end)

log_kappa, loss = calibrate(u0, observed, log_kappa=jnp.log(0.02))
print("kappa =", float(jnp.exp(log_kappa)), "loss =", float(loss))
