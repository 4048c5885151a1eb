from . import operators
from .operators import Blur1D
