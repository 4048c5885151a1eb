from .optim import newton_fit
