package gasolinecontrol

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"
)

func TestTheSameKeyAndRequestAnswerTheFirstResponseAgainAndRunNothing(t *testing.T) {
	e := newTestEndpoint(t)
	request := map[string]any{
		"operation":       "create_test_user",
		"params":          map[string]any{"email": "once@example.com"},
		"idempotency_key": "idem-1",
		"correlation_id":  "first",
	}
	_, first := e.execute(request)
	request["correlation_id"] = "a retry"
	body, _ := json.Marshal(request)
	recorder := e.request(http.MethodPost, string(body))
	again := decodeResponse(t, recorder)

	if recorder.Code != http.StatusOK || !reflect.DeepEqual(again.Result, first.Result) || *again.Checksum != *first.Checksum {
		t.Errorf("the replay %d %+v differs from the first answer %+v", recorder.Code, again, first)
	}
	if first.Replayed != nil || !isSet(again.Replayed) {
		t.Errorf("only the replay says replayed: true: %s", recorder.Body.String())
	}
	if got := emails(t, e.store); len(got) != 2 {
		t.Errorf("the replay ran the operation again: %v", got)
	}
}

func TestTheSameKeyForAnotherRequestIs409(t *testing.T) {
	e := newTestEndpoint(t)
	e.succeed("state", nil)
	e.execute(map[string]any{"operation": "create_test_user", "params": map[string]any{"email": "a@example.com"}, "idempotency_key": "idem-2"})
	for _, other := range []map[string]any{
		{"operation": "create_test_user", "params": map[string]any{"email": "b@example.com"}, "idempotency_key": "idem-2"},
		{"operation": "create_test_user", "params": map[string]any{"email": "a@example.com"}, "idempotency_key": "idem-2", "shadow_mode": true},
	} {
		status, response := e.execute(other)
		if status != http.StatusConflict || errorCode(response) != codeIdempotencyConflict {
			t.Errorf("%v: %d %+v", other, status, response.Error)
		}
	}
	if got := emails(t, e.store); len(got) != 2 {
		t.Errorf("users %v", got)
	}
}

func TestOnlyTheLastThousandKeysAreRemembered(t *testing.T) {
	e := newTestEndpoint(t)
	for index := 0; index <= answerMemoryCapacity; index++ {
		e.execute(map[string]any{"operation": "state", "params": map[string]any{"keys": []string{}}, "idempotency_key": fmt.Sprint("key-", index)})
	}
	other := map[string]any{"operation": "state", "params": map[string]any{"keys": []string{"user_count"}}}
	other["idempotency_key"] = "key-0"
	if status, _ := e.execute(other); status != http.StatusOK {
		t.Errorf("the oldest key is forgotten, yet %d", status)
	}
	other["idempotency_key"] = fmt.Sprint("key-", answerMemoryCapacity)
	if status, _ := e.execute(other); status != http.StatusConflict {
		t.Errorf("the newest key is remembered, yet %d", status)
	}
}
