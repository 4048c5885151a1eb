from .logging import log_scalar, flush
