from netlib.models import build_model, init_params

__all__ = ["build_model", "init_params"]
