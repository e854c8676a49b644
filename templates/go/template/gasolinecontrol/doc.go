// Package gasolinecontrol adds the Gasoline backend-control endpoint, /.gasoline/control, to this
// service, so that Gasoline can reset, seed, snapshot and restore its state and inject faults while
// someone works on a bug. Handler returns the endpoint as a plain http.Handler that the service
// mounts in its own router (net/http, chi, gin); it is never a second server.
//
// The endpoint exists only where GASOLINE_CONTROL_ENV allows it, answers loopback peers only and
// requires the bearer token GASOLINE_CONTROL_TOKEN. Its operations live in a Registry: the
// examples, which work against the JSON file Store, and the service's own, registered in
// operations.go. protocol_generated.go holds the protocol's types, generated from the protocol
// document and stamped with its version.
package gasolinecontrol
