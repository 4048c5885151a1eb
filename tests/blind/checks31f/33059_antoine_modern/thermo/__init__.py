from . import legacy, modern
