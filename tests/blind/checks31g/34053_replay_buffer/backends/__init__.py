from .numpy_impl import RingBuffer

__all__ = ["RingBuffer"]
