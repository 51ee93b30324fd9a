"""Reads and validates laws, glossary and cases from ``content/``; law references; search index."""
