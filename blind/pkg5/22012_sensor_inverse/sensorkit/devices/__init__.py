from .curves import make
