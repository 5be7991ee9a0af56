"""Errors the user can fix. The CLI prints them as one line (`referee: error: ...`) and exits 2."""


class UserError(Exception):
    """Bad input from the user: unknown card code, illegal config, unreadable model or log, ..."""
