"""Training areas: Home, the case list, progress and reports."""
