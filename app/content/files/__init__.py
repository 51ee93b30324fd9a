"""Reading content files: problems reported as ``file:line``, UTF-8 text."""
