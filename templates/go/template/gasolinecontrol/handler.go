package gasolinecontrol

import (
	"log"
	"net/http"
	"os"
	"sync"
)

// Path is where the service mounts the endpoint.
const Path = "/.gasoline/control"

// versionHeader answers OPTIONS: the protocol version this service speaks.
const versionHeader = "X-Gasoline-Control"

// Options are the service's own settings of the endpoint; the zero value will do.
type Options struct {
	// Version is the service's own version, which discovery reports when it is set.
	Version string

	// Logger receives a line per operation and the reason the endpoint stays unmounted;
	// log.Default() when nil.
	Logger *log.Logger

	// NotFound answers wherever the endpoint must not exist: the switch off, no token, a remote
	// peer. When nil it is http.NotFound, which is also the 404 of net/http's ServeMux, chi and
	// gin; a service with a 404 of its own passes it here, so that the endpoint cannot be told
	// from a path the service does not have.
	NotFound http.Handler
}

// Handler returns the endpoint, to be mounted in the service's router at Path:
//
//	mux.Handle(gasolinecontrol.Path, gasolinecontrol.Handler(store, gasolinecontrol.Options{}))
//
// It reads the environment once, here. Unless GASOLINE_CONTROL_ENV names an allowed environment
// and GASOLINE_CONTROL_TOKEN is set, the handler is Options.NotFound and nothing else: the
// endpoint does not exist. The example operations work against store; the service's own are
// those RegisterTeamOperations registers.
func Handler(store *Store, options Options) http.Handler {
	if options.Logger == nil {
		options.Logger = log.Default()
	}
	if options.NotFound == nil {
		options.NotFound = http.NotFoundHandler()
	}
	if !switchedOn() {
		return options.NotFound
	}
	token := os.Getenv(tokenVariable)
	if token == "" {
		options.Logger.Printf("gasoline-control: %s is not set, so %s stays unmounted", tokenVariable, Path)
		return options.NotFound
	}
	if store == nil {
		panic("gasolinecontrol: Handler needs the Store the operations work against")
	}
	registry := &Registry{}
	registerExamples(registry)
	RegisterTeamOperations(registry)
	return &endpoint{
		guard:     newGuard(token),
		options:   options,
		registry:  registry,
		store:     store,
		discovery: discovery(registry, options.Version),
		answers:   newAnswerMemory(answerMemoryCapacity),
	}
}

// endpoint is the mounted endpoint: guards first, then OPTIONS, GET (discovery) and POST (execute).
type endpoint struct {
	guard     guard
	options   Options
	registry  *Registry
	store     *Store
	discovery ControlDiscovery

	// running serializes POSTs: an idempotency key is looked up and its answer kept with no other
	// operation in between, so that two calls with one key never both run.
	running sync.Mutex
	answers *answerMemory
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !e.guard.peerAllowed(r) {
		e.options.NotFound.ServeHTTP(w, r)
		return
	}
	if !e.guard.authorized(r) {
		w.Header().Set("WWW-Authenticate", "Bearer")
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	switch r.Method {
	case http.MethodOptions:
		w.Header().Set(versionHeader, ProtocolVersion)
		w.WriteHeader(http.StatusNoContent)
	case http.MethodGet:
		writeJSON(w, http.StatusOK, e.discovery)
	case http.MethodPost:
		e.execute(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, OPTIONS")
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

// discovery is the answer to GET, fixed once the operations are registered.
func discovery(registry *Registry, version string) ControlDiscovery {
	answer := ControlDiscovery{Service: ServiceName, ProtocolVersion: ProtocolVersion, Operations: registry.describe()}
	if version != "" {
		answer.Version = &version
	}
	return answer
}
