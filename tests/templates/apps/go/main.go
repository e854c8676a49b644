// A team's small service: one route of its own, reading the store, and the Gasoline control
// endpoint mounted beside it in one line.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"

	"example.com/shop/gasolinecontrol"
)

func main() {
	address := flag.String("addr", "127.0.0.1:8080", "where to listen")
	storePath := flag.String("store", "store.json", "the store's file")
	flag.Parse()

	store, err := gasolinecontrol.OpenStore(*storePath, gasolinecontrol.Seed{
		"users": {
			{"email": "admin@example.com", "name": "Admin", "plan": "team", "credits": 0},
			{"email": "support@example.com", "name": "Support", "plan": "pro", "credits": 10},
		},
		"orders": nil,
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/users", users(store))
	mux.Handle(gasolinecontrol.Path, gasolinecontrol.Handler(store, gasolinecontrol.Options{Version: "2.3.1"}))
	log.Fatal(http.ListenAndServe(*address, mux))
}

// users lists the users, unless a simulated failure of "users" is in force.
func users(store *gasolinecontrol.Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if status, failing := gasolinecontrol.ActiveFailure("users"); failing {
			http.Error(w, "simulated failure", status)
			return
		}
		var rows []gasolinecontrol.Row
		err := store.View(func(tx *gasolinecontrol.Tx) error {
			var err error
			rows, err = tx.Rows("users")
			return err
		})
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(rows)
	}
}
