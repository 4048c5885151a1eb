from .clip import softsign_clipgrad
