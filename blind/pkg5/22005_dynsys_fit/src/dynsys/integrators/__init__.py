from .euler import rollout
