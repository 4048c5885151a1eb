# pattern from forum threads asking how to fit parameters of scipy.integrate.solve_ivp from JAX
import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import solve_ivp

t_eval = np.linspace(0.0, 2.0, 9)


def simulate_numpy(rate, y0):
    sol = solve_ivp(lambda t, y: -float(rate) * y, (0.0, 2.0), [float(y0)], t_eval=t_eval,
                    rtol=1e-6)
    return sol.y[0].astype(np.float32)


def simulate(rate, y0):
    out = jax.ShapeDtypeStruct((t_eval.size,), jnp.float32)
    return jax.pure_callback(simulate_numpy, out, rate, y0)


data = jnp.asarray(simulate_numpy(0.8, 2.0))


@jax.jit
def loss(rate):
    traj = simulate(rate, jnp.float32(2.0))
    return jnp.mean((traj - data) ** 2)


rate = jnp.float32(0.3)
lr = 0.5
for it in range(10):
    value, g = jax.value_and_grad(loss)(rate)
    rate = rate - lr * g
    print(it, value)
