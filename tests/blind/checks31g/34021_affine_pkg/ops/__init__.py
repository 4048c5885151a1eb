from .affine import affine
from .grads import attach

attach()
__all__ = ["affine"]
