// The HTTP stub for tests. Its contents arrive with the TMDB issue.
