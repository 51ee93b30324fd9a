"""What every area of the window uses: the background-work helper (``operations``), the theme, settings, shared widgets."""
