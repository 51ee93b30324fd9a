"""The case screen: the drawn table, the timeline, the questions and answers, the double-dummy panel."""
