"""Presenter mode: a case revealed step by step to a room."""
