from .model import BigramLM
from .objective import bigram_loss
