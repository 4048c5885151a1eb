"""Implied volatility by Newton iteration, differentiated implicitly with lax.custom_root."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.stats import norm


def bs_call(vol, spot, strike, tau, rate=0.0):
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol ** 2) * tau) / (vol * jnp.sqrt(tau))
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * tau) * norm.cdf(d1 - vol * jnp.sqrt(tau))


def newton_solve(f, x0):
    df = jax.grad(f)

    def cond(s):
        k, x = s
        return (k < 50) & (jnp.abs(f(x)) > 1e-6)

    def body(s):
        k, x = s
        return k + 1, jnp.clip(x - f(x) / df(x), 1e-3, 5.0)

    return lax.while_loop(cond, body, (0, x0))[1]


def implied_vol(price, spot, strike, tau):
    residual = lambda v: bs_call(v, spot, strike, tau) - price
    return lax.custom_root(residual, 0.3, newton_solve, lambda g, y: y / jax.grad(g)(1.0))


@jax.jit
def vol_and_sensitivity(price, spot, strike, tau):
    return implied_vol(price, spot, strike, tau), jax.grad(implied_vol)(price, spot, strike, tau)


print(vol_and_sensitivity(5.0, 100.0, 100.0, 0.5))
