"""The law book: law files, references, rendering, glossary, other codes, compare, search."""
