from .utils import counted, CALLS
from .nn import *
from .loss import mse_loss

__all__ = ["counted", "CALLS", "init_mlp", "mlp_apply", "mse_loss"]
