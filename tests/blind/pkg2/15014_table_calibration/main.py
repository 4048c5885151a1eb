import jax
import jax.numpy as jnp
import optax
import tables

temps = jnp.linspace(250.0, 350.0, 8)
measured = tables.heat_capacity(temps) * 1.02


def calib_loss(theta):
    scale, shift = theta["scale"], theta["shift"]
    model_cp = scale * tables.heat_capacity(temps + shift)
    return jnp.mean((model_cp - measured) ** 2) / 1e4


theta = {"scale": jnp.float32(1.0), "shift": jnp.float32(0.0)}
opt = optax.adam(1e-2)
st = opt.init(theta)
for i in range(5):
    loss, g = jax.value_and_grad(calib_loss)(theta)
    upd, st = opt.update(g, st)
    theta = optax.apply_updates(theta, upd)
    print(i, loss)
