"""Commands the daemon has the browser extension run, and calls left running in the background."""
