from .scalar.newton import invert_response
