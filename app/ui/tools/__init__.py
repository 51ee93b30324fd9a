"""The director's calculators (Tools menu)."""
