"""The instructor's classroom views on a shared database."""
