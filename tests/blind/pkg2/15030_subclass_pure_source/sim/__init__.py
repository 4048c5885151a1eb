from .base import ReactionDiffusion
