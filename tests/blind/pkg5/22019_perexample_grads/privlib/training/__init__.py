from .clipping import per_example_grad_norms
