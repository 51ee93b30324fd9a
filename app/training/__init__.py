"""Marking answers, practice sessions, spaced review, exams and statistics. No Qt."""
