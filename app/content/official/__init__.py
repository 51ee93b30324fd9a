"""Importing the user's own copy of the official law text."""
