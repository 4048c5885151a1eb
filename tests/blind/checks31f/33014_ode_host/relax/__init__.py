from .integrate import make_integrator
from . import physics
