from .sensitivity import gain_sensitivity
