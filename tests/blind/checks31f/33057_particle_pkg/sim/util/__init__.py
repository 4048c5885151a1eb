from .numerics import safe_distance, minimum_image
