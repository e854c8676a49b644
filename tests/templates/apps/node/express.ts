/** A team's Express 5 app: a route of its own, and the control endpoint mounted in one line. */
import express from "express";
import { activeFailure, controlRouter } from "./gasoline-control/express.ts";
import { database } from "./gasoline-control/store.ts";

const app = express();
app.use(controlRouter());

app.get("/api/users", (_request, response) => {
  const failure = activeFailure("users");
  if (failure) {
    response.status(failure.status).json({ error: "users are unavailable" });
    return;
  }
  response.json(database().prepare("SELECT id, email, name, plan FROM users ORDER BY id").all());
});

app.listen(Number(process.env.PORT), "127.0.0.1");
