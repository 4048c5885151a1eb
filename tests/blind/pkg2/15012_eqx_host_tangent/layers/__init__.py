from .spectral import SpectralFilter
