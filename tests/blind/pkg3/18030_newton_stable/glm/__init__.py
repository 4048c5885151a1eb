from .activations import *
from .models import logistic_nll
from .optim import newton

__all__ = ["softplus", "log_sigmoid", "logistic_nll", "newton"]
