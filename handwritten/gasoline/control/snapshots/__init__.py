"""A service's state, kept: snapshots taken and restored through the service, stored in the
repository's .gasoline/snapshots/."""
