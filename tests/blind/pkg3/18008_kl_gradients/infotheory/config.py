from dataclasses import dataclass


@dataclass
class Settings:
    base: float = 2.0
    temperature: float = 1.0


settings = Settings()
