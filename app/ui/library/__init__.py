"""The law library: the law tree and pages, search, bookmarks and notes, other codes, the official wording."""
