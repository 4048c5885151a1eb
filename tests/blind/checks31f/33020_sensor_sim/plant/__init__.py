from .sensors import configure, read_sensor
from .loop import simulate
