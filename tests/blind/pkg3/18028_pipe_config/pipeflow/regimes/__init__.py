from .laminar import hagen_poiseuille
from .turbulent import colebrook
