from .cycle import cycle_jacobian, cycle_pressures

__all__ = ["cycle_jacobian", "cycle_pressures"]
