package gasolinecontrol

import (
	"sort"
	"sync"
	"time"
)

// now is the clock faults expire by.
var now = time.Now

// fault is a failure injected by simulate_failure: the status a target's routes answer until when.
type fault struct {
	Target    string    `json:"target"`
	Status    int       `json:"status"`
	ExpiresAt time.Time `json:"expires_at"`
}

// faults are the injected failures, process-wide, so that any handler of the service can ask
// ActiveFailure without being handed anything.
var faults = &faultSet{byTarget: map[string]fault{}}

type faultSet struct {
	mu       sync.Mutex
	byTarget map[string]fault
}

// ActiveFailure reports whether the service's routes of target must fail now, and with which HTTP
// status: a simulate_failure fault on target is in force. Call it first thing in those routes:
//
//	if status, failing := gasolinecontrol.ActiveFailure("checkout"); failing {
//		http.Error(w, "simulated failure", status)
//		return
//	}
//
// Without the endpoint nothing can inject a fault, and it always reports false.
func ActiveFailure(target string) (status int, failing bool) {
	faults.mu.Lock()
	defer faults.mu.Unlock()
	faults.forgetExpired()
	injected, failing := faults.byTarget[target]
	return injected.Status, failing
}

// inject starts a fault, replacing any on the same target.
func (f *faultSet) inject(injected fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.byTarget[injected.Target] = injected
}

// active lists the faults in force, by target.
func (f *faultSet) active() []fault {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.forgetExpired()
	list := make([]fault, 0, len(f.byTarget))
	for _, injected := range f.byTarget {
		list = append(list, injected)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Target < list[j].Target })
	return list
}

// forgetExpired drops the faults that have ended: they end by themselves, with nobody to stop them.
func (f *faultSet) forgetExpired() {
	current := now()
	for target, injected := range f.byTarget {
		if !current.Before(injected.ExpiresAt) {
			delete(f.byTarget, target)
		}
	}
}
