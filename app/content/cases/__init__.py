"""Cases: the model, loading and checking case files, writing them, packs and the user's own cases."""
