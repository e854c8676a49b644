package gasolinecontrol

// usersTable is the table the example operations keep users in: a store for them needs it in its Seed.
const usersTable = "users"

// registerExamples registers the example operations. They work against the Store, and show what a
// team's own operations look like: a schema of their params, the hints, and work done in call.Tx.
func registerExamples(registry *Registry) {
	for _, operation := range []Operation{
		resetDatabase, createTestUser, simulateFailure, stateOperation, snapshotOperation, restoreOperation,
	} {
		registry.Register(operation)
	}
}
