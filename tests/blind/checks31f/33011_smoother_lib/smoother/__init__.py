from .pipeline import denoise
from .hosts import calls
