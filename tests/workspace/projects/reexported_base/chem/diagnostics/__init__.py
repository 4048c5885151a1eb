from .audits import HostAuditMixin, QuietAuditMixin

__all__ = ["HostAuditMixin", "QuietAuditMixin"]
