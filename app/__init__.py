"""Director Trainer: learn to direct duplicate bridge under the 2017 Laws."""

__version__ = "0.1.0"
