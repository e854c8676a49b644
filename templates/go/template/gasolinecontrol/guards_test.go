package gasolinecontrol

import (
	"net/http"
	"strings"
	"testing"
)

func TestWithoutTheSwitchTheEndpointDoesNotExist(t *testing.T) {
	e := newTestEndpoint(t)
	for _, environment := range []string{"", "production", "Test"} {
		t.Setenv(switchVariable, environment)
		e.mount()
		for _, method := range []string{http.MethodOptions, http.MethodGet, http.MethodPost} {
			if code := e.request(method, `{"operation": "state"}`).Code; code != http.StatusNotFound {
				t.Errorf("GASOLINE_CONTROL_ENV=%q: %s answered %d, not 404", environment, method, code)
			}
		}
	}
	if e.logs.Len() != 0 {
		t.Errorf("with the switch off the endpoint logs nothing, not %q", e.logs.String())
	}
}

func TestWithoutATokenTheEndpointStaysUnmountedAndTheLogSaysWhy(t *testing.T) {
	e := newTestEndpoint(t)
	t.Setenv(tokenVariable, "")
	e.mount()
	if code := e.request(http.MethodGet, "").Code; code != http.StatusNotFound {
		t.Errorf("GET answered %d, not 404", code)
	}
	if !strings.Contains(e.logs.String(), "GASOLINE_CONTROL_TOKEN is not set") {
		t.Errorf("the log does not say why: %q", e.logs.String())
	}
}

func TestAMissingOrWrongTokenIs401(t *testing.T) {
	e := newTestEndpoint(t)
	for _, authorization := range []string{"", "Bearer", "Bearer wrong-token", "Basic " + testToken, testToken} {
		response := e.request(http.MethodGet, "", func(r *http.Request) {
			r.Header.Set("Authorization", authorization)
		})
		if response.Code != http.StatusUnauthorized || response.Header().Get("WWW-Authenticate") != "Bearer" {
			t.Errorf("Authorization %q: %d, WWW-Authenticate %q", authorization, response.Code, response.Header().Get("WWW-Authenticate"))
		}
	}
	lowerCase := e.request(http.MethodGet, "", func(r *http.Request) { r.Header.Set("Authorization", "bearer "+testToken) })
	if lowerCase.Code != http.StatusOK {
		t.Errorf("the scheme is case-insensitive, yet %d", lowerCase.Code)
	}
}

func TestARemotePeerFindsNothingUnlessRemotePeersAreAllowed(t *testing.T) {
	e := newTestEndpoint(t)
	fromAfar := func(r *http.Request) { r.RemoteAddr = "192.0.2.7:40000" }
	for _, peer := range []string{"192.0.2.7:40000", "[2001:db8::1]:40000", "not-an-address"} {
		response := e.request(http.MethodGet, "", func(r *http.Request) { r.RemoteAddr = peer })
		if response.Code != http.StatusNotFound {
			t.Errorf("peer %s: %d, not 404", peer, response.Code)
		}
	}
	if code := e.request(http.MethodGet, "", func(r *http.Request) { r.RemoteAddr = "[::1]:40000" }).Code; code != http.StatusOK {
		t.Errorf("peer ::1: %d, not 200", code)
	}
	t.Setenv(remoteVariable, "1")
	e.mount()
	if code := e.request(http.MethodGet, "", fromAfar).Code; code != http.StatusOK {
		t.Errorf("with GASOLINE_CONTROL_ALLOW_REMOTE=1 a remote peer got %d, not 200", code)
	}
	if code := e.request(http.MethodGet, "", fromAfar, func(r *http.Request) { r.Header.Del("Authorization") }).Code; code != http.StatusUnauthorized {
		t.Errorf("a remote peer still needs the token, yet %d", code)
	}
}

func TestOptionsSaysWhichProtocolTheServiceSpeaks(t *testing.T) {
	response := newTestEndpoint(t).request(http.MethodOptions, "")
	if response.Code != http.StatusNoContent || response.Header().Get("X-Gasoline-Control") != ProtocolVersion {
		t.Errorf("%d, X-Gasoline-Control %q", response.Code, response.Header().Get("X-Gasoline-Control"))
	}
}

func TestOtherMethodsAre405(t *testing.T) {
	response := newTestEndpoint(t).request(http.MethodDelete, "")
	if response.Code != http.StatusMethodNotAllowed || response.Header().Get("Allow") != "GET, POST, OPTIONS" {
		t.Errorf("%d, Allow %q", response.Code, response.Header().Get("Allow"))
	}
}
