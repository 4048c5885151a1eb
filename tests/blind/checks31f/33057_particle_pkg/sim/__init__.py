from .dynamics import step, run

__all__ = ["step", "run"]
