// The shared networking module. Its contents arrive with the TMDB issue.
