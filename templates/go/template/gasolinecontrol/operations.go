package gasolinecontrol

// RegisterTeamOperations registers this service's own operations, next to the examples. This file
// is the service's: copier rendered it once and copier update leaves it alone.
//
// An operation works in call.Tx and returns its result, for example:
//
//	r.Register(Operation{
//		Name:        "grant_credits",
//		Category:    ControlOperationCategoryDataInjection,
//		Description: "Give every user credits.",
//		Params:      MustSchema(`{"type": "object", "required": ["credits"], "properties": {"credits": {"type": "integer", "minimum": 1}}}`),
//		Run:         func(call *Call) (any, error) { ... },
//	})
func RegisterTeamOperations(r *Registry) {
}
