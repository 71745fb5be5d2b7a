// Pseudo-terminal helpers for tests. Contents arrive with the TerminalUI issue.
