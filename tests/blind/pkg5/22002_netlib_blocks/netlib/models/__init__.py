from .factory import build_model, init_params
