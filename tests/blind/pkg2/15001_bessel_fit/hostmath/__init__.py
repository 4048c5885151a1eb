"""Host-side special functions exposed to JAX."""
from .special import i0e_host, kv_host

__all__ = ["i0e_host", "kv_host"]
