from .recorder import audited, AUDIT_LOG

__all__ = ["audited", "AUDIT_LOG"]
