from tokenlib.train.loop import Trainer
from tokenlib.models.embed.table import init_state

__all__ = ["Trainer", "init_state"]
