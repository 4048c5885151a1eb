from .models import SpectralMLP
from .train import fit

__all__ = ["SpectralMLP", "fit"]
