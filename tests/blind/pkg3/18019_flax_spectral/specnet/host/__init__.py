from .fft import power_spectrum
