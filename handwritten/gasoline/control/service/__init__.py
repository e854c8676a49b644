"""Talking to one backend service: where it is, its dialect of the control protocol, what it offers,
and sending it an operation."""
