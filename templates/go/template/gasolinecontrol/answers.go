package gasolinecontrol

import "encoding/json"

// answerMemoryCapacity is how many idempotency keys the endpoint remembers (the most recent ones).
const answerMemoryCapacity = 1000

// keptAnswer is the first answer to an idempotency key and what identifies its request.
type keptAnswer struct {
	fingerprint string
	answer      answer
}

// answerMemory keeps the first answer to each of the last capacity idempotency keys.
type answerMemory struct {
	capacity int
	byKey    map[string]keptAnswer
	order    []string // oldest first
}

func newAnswerMemory(capacity int) *answerMemory {
	return &answerMemory{capacity: capacity, byKey: map[string]keptAnswer{}}
}

func (m *answerMemory) lookup(key string) (keptAnswer, bool) {
	kept, found := m.byKey[key]
	return kept, found
}

func (m *answerMemory) keep(key, fingerprint string, first answer) {
	if len(m.order) == m.capacity {
		delete(m.byKey, m.order[0])
		m.order = m.order[1:]
	}
	m.byKey[key] = keptAnswer{fingerprint: fingerprint, answer: first}
	m.order = append(m.order, key)
}

// requestFingerprint identifies what a request asks for: the operation, its params and its modes.
// The correlation id is left out: a retry of the same call may belong to another test run.
func requestFingerprint(request ControlRequest) string {
	params := request.Params
	if params == nil {
		params = map[string]any{}
	}
	// The params are decoded JSON, which always encodes.
	data, _ := json.Marshal(struct {
		Operation  string         `json:"operation"`
		Params     map[string]any `json:"params"`
		ShadowMode bool           `json:"shadow_mode"`
		DryRun     bool           `json:"dry_run"`
	}{request.Operation, params, isSet(request.ShadowMode), isSet(request.DryRun)})
	return string(data)
}

// replayed is the first answer again, marked as a replay.
func replayed(first answer) answer {
	response := first.response
	response.Replayed = flag(true)
	return answer{status: first.status, response: response}
}
