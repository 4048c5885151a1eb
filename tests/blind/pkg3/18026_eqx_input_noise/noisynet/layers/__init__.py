from .mlp import NoisyMLP
