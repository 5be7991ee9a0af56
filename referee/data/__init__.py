"""Where the program finds its own data (models, the demo recording) and keeps the user's (enrolled decks)."""
