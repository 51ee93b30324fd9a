"""The store's one exception type: a message for the trainee, never a traceback."""


class StoreError(RuntimeError):
    """The progress database cannot be opened, migrated or written; the message says which
    database, what went wrong and what to do."""
