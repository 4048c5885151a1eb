from .black_scholes import BlackScholesCall
from .market import MarketData

__all__ = ["BlackScholesCall", "MarketData"]
