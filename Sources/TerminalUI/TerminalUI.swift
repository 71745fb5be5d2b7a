// The shared terminal UI kit. Its contents arrive with the TerminalUI issue.
