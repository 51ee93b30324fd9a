"""PySide6 windows and widgets. Thin: shows what the layers below compute."""
