"""run_tests: choosing the command a repository's runner takes, running it, and reading its report."""
