"""The recogniser's models, installed as the package data of `referee.models` (see pyproject.toml)."""
