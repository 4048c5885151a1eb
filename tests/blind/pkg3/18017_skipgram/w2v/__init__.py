from .models import init_skipgram
from .losses import negative_sampling_loss
from .train import make_update

__all__ = ["init_skipgram", "negative_sampling_loss", "make_update"]
