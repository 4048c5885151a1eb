from .fitting import train_loop

__all__ = ["train_loop"]
