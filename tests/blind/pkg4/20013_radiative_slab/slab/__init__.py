from .fitting import fit_optical_depth
