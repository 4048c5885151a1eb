from .roots import newton
