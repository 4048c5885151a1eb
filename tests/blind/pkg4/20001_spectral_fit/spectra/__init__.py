from .models.lorentz import LorentzModel
from .trainer import fit

__all__ = ["LorentzModel", "fit"]
