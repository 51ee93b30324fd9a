"""The main window: its areas, menus, profile and store handling, and the training flow it drives."""
