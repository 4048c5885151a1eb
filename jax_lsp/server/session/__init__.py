"""One client connection's state: what the client supports, the open documents and
notebooks, the configuration, and when and how each document is linted (scheduler,
workers, lint).
"""
