from .implicit import linear_solve
from .network import node_voltages, conductance_matrix

__all__ = ["linear_solve", "node_voltages", "conductance_matrix"]
