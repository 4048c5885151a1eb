from .optim import solve_equilibrium
from .models.market import MarketModel

__all__ = ["solve_equilibrium", "MarketModel"]
