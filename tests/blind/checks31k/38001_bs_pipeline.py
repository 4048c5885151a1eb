"""Option-greeks engine: gradient pipeline composed with reduce over a factory-built VJP."""
import functools

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def compose(*transforms):
    return lambda fn: functools.reduce(lambda acc, t: t(acc), reversed(transforms), fn)


def make_bwd(n_inputs):
    """Build a backward rule that spreads the incoming cotangent over n_inputs partials."""
    def bwd(res, g):
        partials = res[:n_inputs]
        return tuple(g * p for p in partials)
    return bwd


def bs_pieces(spot, vol, tau, strike=100.0, rate=0.01):
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol ** 2) * tau) / (vol * jnp.sqrt(tau))
    d2 = d1 - vol * jnp.sqrt(tau)
    price = spot * norm.cdf(d1) - strike * jnp.exp(-rate * tau) * norm.cdf(d2)
    delta = norm.cdf(d1)
    vega = spot * norm.pdf(d1) * jnp.sqrt(tau)
    theta = -spot * norm.pdf(d1) * vol / (2 * jnp.sqrt(tau)) - rate * strike * jnp.exp(-rate * tau) * norm.cdf(d2)
    return price, (delta, vega, -theta)


@jax.custom_vjp
def bs_call(spot, vol, tau):
    return bs_pieces(spot, vol, tau)[0]


def _bs_fwd(spot, vol, tau):
    return bs_pieces(spot, vol, tau)


N_MARKET_INPUTS = 3
bs_call.defvjp(_bs_fwd, make_bwd(N_MARKET_INPUTS))


def portfolio_value(spot, vol, tau, weights):
    return jnp.sum(weights * bs_call(spot, vol, tau))


greeks = compose(jax.jit, functools.partial(jax.grad, argnums=(0, 1, 2)))(portfolio_value)


def chunked(seq, size):
    """Yield successive slices of a sequence (used to size executor batches)."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def first_error(results):
    for item in results:
        if isinstance(item, BaseException):
            return item
    return None


if __name__ == "__main__":
    spot, vol, tau = jnp.float32(105.0), jnp.float32(0.2), jnp.float32(0.5)
    print("value", float(portfolio_value(spot, vol, tau, 2.0)))
    print("greeks", greeks(spot, vol, tau, 2.0))
