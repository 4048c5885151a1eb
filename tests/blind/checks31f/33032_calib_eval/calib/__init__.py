from .metrics import expected_calibration_error
from .model import init_params, logits_fn

__all__ = ["expected_calibration_error", "init_params", "logits_fn"]
