from .spectral import SpectralMLP
