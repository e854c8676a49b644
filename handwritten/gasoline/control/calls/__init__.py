"""The backend modes' calls: an operation between snapshots (backend_control), a service's state
(backend_state), and the audit log of both."""
