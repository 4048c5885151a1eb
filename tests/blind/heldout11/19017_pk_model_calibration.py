# Models: pharmacokinetic multi-dose accumulation with lax.fori_loop over a static dose count (static_argnames), fitted with value_and_grad
import functools
import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.jit, static_argnames=("n_doses",))
def plasma_level(theta, times, n_doses, tau=12.0):
    k_abs, k_el, amount = theta

    def body(j, total):
        dt = times - j * tau
        bateman = amount * k_abs / (k_abs - k_el) * (jnp.exp(-k_el * dt) - jnp.exp(-k_abs * dt))
        return total + jnp.where(dt > 0, bateman, 0.0)

    return lax.fori_loop(0, n_doses, body, jnp.zeros_like(times))


def objective(theta, times, obs, n_doses):
    return jnp.mean((plasma_level(theta, times, n_doses=n_doses) - obs) ** 2)


def calibrate(theta, times, obs, n_doses=3, iters=3):
    vg = jax.value_and_grad(objective)
    for _ in range(iters):
        val, g = vg(theta, times, obs, n_doses)
        theta = tuple(a - 1e-3 * b for a, b in zip(theta, g))
    return val, theta


def half_life(theta):
    return jnp.log(2.0) / theta[1]


def summary(theta, times):
    lvl = plasma_level(theta, times, n_doses=3)
    print("half-life", float(half_life(theta)), "peak", float(lvl.max()))


if __name__ == "__main__":
    summary((jnp.array(1.2), jnp.array(0.2), jnp.array(5.0)), jnp.linspace(0.0, 40.0, 9))
    times = jnp.array([1.0, 6.0, 13.0, 25.0, 37.0])
    obs = jnp.array([2.0, 3.1, 4.0, 4.5, 4.7])
    theta0 = (jnp.array(1.2), jnp.array(0.2), jnp.array(5.0))
    print(calibrate(theta0, times, obs))
