from dynsys.training import fit

__all__ = ["fit"]
