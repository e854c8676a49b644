"""Released contracts and the compatibility gate: each contract family's releases, the view of a
family that two versions are compared in, the rules a change must keep, and the changelog."""
