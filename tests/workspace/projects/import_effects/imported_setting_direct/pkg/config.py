"""Settings, one object the package's modules share."""
from dataclasses import dataclass


@dataclass
class Config:
    mode: str = "host"


CFG = Config()
