/** A team's node:http server: a route of its own, and the control endpoint asked first. */
import { createServer, type ServerResponse } from "node:http";
import { activeFailure, handleControl } from "./gasoline-control/http.ts";
import { database } from "./gasoline-control/store.ts";

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

const server = createServer((request, response) => {
  if (handleControl(request, response)) return;
  if (request.method === "GET" && request.url === "/api/users") {
    const failure = activeFailure("users");
    if (failure) return json(response, failure.status, { error: "users are unavailable" });
    return json(response, 200, database().prepare("SELECT id, email, name, plan FROM users ORDER BY id").all());
  }
  json(response, 404, { error: "not found" });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
