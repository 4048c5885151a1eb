from .amplitude import fit_amplitude
