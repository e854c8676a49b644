package gasolinecontrol

import (
	"crypto/sha256"
	"crypto/subtle"
	"net"
	"net/http"
	"os"
	"strings"
)

// The environment that decides whether the endpoint exists and who may call it. Every public leak
// of an endpoint like this one was a test route left reachable in production, hence all three.
const (
	switchVariable = "GASOLINE_CONTROL_ENV"
	tokenVariable  = "GASOLINE_CONTROL_TOKEN"
	remoteVariable = "GASOLINE_CONTROL_ALLOW_REMOTE"
)

// switchedOn reports whether GASOLINE_CONTROL_ENV names an allowed environment.
func switchedOn() bool {
	environment := os.Getenv(switchVariable)
	for _, allowed := range allowedEnvironments {
		if environment == allowed {
			return true
		}
	}
	return false
}

// guard checks each request's peer and token, as the environment set them when the handler was built.
type guard struct {
	tokenDigest [sha256.Size]byte
	allowRemote bool
}

func newGuard(token string) guard {
	return guard{tokenDigest: sha256.Sum256([]byte(token)), allowRemote: os.Getenv(remoteVariable) == "1"}
}

// peerAllowed: loopback peers only, unless GASOLINE_CONTROL_ALLOW_REMOTE=1. Behind a proxy on the
// same host the peer is the proxy, so do not put the endpoint behind one that faces the network.
func (g guard) peerAllowed(r *http.Request) bool {
	if g.allowRemote {
		return true
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// authorized compares the bearer token in constant time. Both sides are hashed first, so that
// neither the comparison's time nor its early exit on a length mismatch says anything about the token.
func (g guard) authorized(r *http.Request) bool {
	scheme, credentials, found := strings.Cut(r.Header.Get("Authorization"), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	digest := sha256.Sum256([]byte(credentials))
	return subtle.ConstantTimeCompare(digest[:], g.tokenDigest[:]) == 1
}
