"""The case editor and the File menu entries that write cases: new case, edit, import deal, case packs."""
