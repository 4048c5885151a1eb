from .grad_clip import clipped_tanh
