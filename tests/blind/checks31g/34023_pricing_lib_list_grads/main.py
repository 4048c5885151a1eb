import jax.numpy as jnp

from pricing import BlackScholesCall, MarketData
from risk import book_value, sensitivities

if __name__ == "__main__":
    option = BlackScholesCall(strike=100.0, market=MarketData(rate=0.01))
    spots = jnp.array([95.0, 100.0, 105.0])
    vols = jnp.array([0.2, 0.25, 0.3])
    notionals = jnp.array([1.0, -2.0, 1.5])
    print("value", book_value(option, spots, vols, notionals))
    d_spot, d_vol = sensitivities(option, spots, vols, notionals)
    print("delta", d_spot, "vega", d_vol)
