"""The rules engine: finds irregularities in a scenario and states the mechanical rectification."""
