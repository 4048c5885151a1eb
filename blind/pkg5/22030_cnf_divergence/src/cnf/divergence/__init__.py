from .estimator import estimate
