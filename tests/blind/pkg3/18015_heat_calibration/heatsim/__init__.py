from .config import CONFIG, SimConfig
from .solvers import explicit_heat
from .calibrate import misfit, calibrate

__all__ = ["CONFIG", "SimConfig", "explicit_heat", "misfit", "calibrate"]
