from .potentials import soft_clip, chain_energy
from . import rules as _rules  # noqa: F401

__all__ = ["soft_clip", "chain_energy"]
