import importlib

from .core import equilibrium

econ = importlib.import_module("eqsolve.econ.agents")

__all__ = ["equilibrium", "econ"]
