from .net import build_model
from .fit import make_step
