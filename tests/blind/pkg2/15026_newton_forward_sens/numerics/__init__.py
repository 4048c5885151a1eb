from .roots import newton_solve
from . import roots
