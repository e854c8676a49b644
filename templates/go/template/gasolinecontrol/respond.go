package gasolinecontrol

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// answer is a response to a POST and its HTTP status. The response has the current protocol's
// fields (ResponseFields); wireResponse (protocol_generated.go) keeps those of the protocol version
// the bindings speak.
type answer struct {
	status   int
	response ResponseFields
}

// send writes the answer and the operation's line in the service's log.
func (e *endpoint) send(w http.ResponseWriter, request ControlRequest, result answer) {
	applied := isSet(result.response.Applied)
	e.options.Logger.Printf("gasoline-control operation=%s correlation_id=%s status=%s applied=%t",
		logValue(request.Operation), logValue(deref(request.CorrelationID)), result.response.Status, applied)
	writeJSON(w, result.status, wireResponse(result.response))
}

func answered(response ResponseFields, started time.Time) answer {
	elapsed := int(time.Since(started) / time.Millisecond)
	response.DurationMs = &elapsed
	return answer{status: http.StatusOK, response: response}
}

func rejected(status int, code, message string, started time.Time) answer {
	result := answered(ResponseFields{Status: ControlResponseStatusError, Error: &ControlError{Code: code, Message: message}}, started)
	result.status = status
	return result
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	data, err := json.Marshal(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// logValue keeps a log line one line of key=value pairs, whatever a caller sent: "-" for nothing,
// the value as is when it is plain, quoted otherwise.
func logValue(value string) string {
	if value == "" {
		return "-"
	}
	for _, r := range value {
		if r <= ' ' || r > '~' || r == '"' || r == '=' {
			return strconv.Quote(value)
		}
	}
	return value
}

func isSet(value *bool) bool { return value != nil && *value }

func flag(value bool) *bool { return &value }

func deref(value *string) string {
	if value == nil {
		return ""
	}
	return *value
}
