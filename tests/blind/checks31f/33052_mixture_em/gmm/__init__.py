from .fit import fit
