from .implicit import linear_solve
from .network import node_voltages, conductance_matrix
from .sensitivity import jacobian_rows

__all__ = ["linear_solve", "node_voltages", "conductance_matrix", "jacobian_rows"]
