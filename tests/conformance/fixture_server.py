"""The conformance fixture server: the catalogue of fixture.yaml served by Gasoline's own MCP core.

The official conformance suite calls fixture tools, resources and prompts by name. This server
answers them through the same McpServer, HTTP transport and loopback guard as the daemon, so
the suite's verdict is a verdict on that core.

    python tests/conformance/fixture_server.py --port 8123
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import falcon
import waitress
import yaml

from gasoline import __version__
from gasoline.core.jsonrpc import INVALID_PARAMS, RpcError
from gasoline.core.protocol import MISSING_CLIENT_CAPABILITY, Exchange, McpServer, ServerInfo
from gasoline.daemon.app import LoopbackGuard
from gasoline.transports.http import McpEndpoint, Sessions
from gasoline_generated.policy import LIMITS

CATALOGUE = Path(__file__).with_name("fixture.yaml")
NO_ARGUMENTS = {"type": "object", "properties": {}}
ASK_TIMEOUT_SECONDS = 25
STATE_KEY = secrets.token_bytes(32)


def text(value: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": value}]}


def failed(value: str) -> dict[str, Any]:
    return {**text(value), "isError": True}


# --- Legacy era: the server sends the client requests (on the call's SSE stream) and waits.


def logging(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    for index, message in enumerate(("Tool execution started", "Tool processing data", "Tool execution completed")):
        if index:
            time.sleep(0.05)
        exchange.log("info", message, logger="fixture")
    return text("Logging completed")


def logging_quick(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    exchange.log("info", "test_logging_tool ran", logger="fixture")
    return text("Logged, if logs were asked for")


def progress(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    for index, value in enumerate((0, 50, 100)):
        if index:
            time.sleep(0.05)
        exchange.progress(value, 100, f"{value}% done")
    return text("Progress completed")


def sampling(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    if "sampling" not in exchange.client_capabilities or exchange.modern:
        return failed("test_sampling needs a legacy session whose client declared sampling")
    message = {"role": "user", "content": {"type": "text", "text": arguments.get("prompt", "")}}
    reply = exchange.ask("sampling/createMessage", {"messages": [message], "maxTokens": 100}, ASK_TIMEOUT_SECONDS)
    return text(f"LLM response: {reply.get('content', {}).get('text', '')}")


def elicit(
    exchange: Exchange, message: str, properties: dict[str, Any], required: list[str] | None = None
) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return exchange.ask("elicitation/create", {"message": message, "requestedSchema": schema}, ASK_TIMEOUT_SECONDS)


def elicitation(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    reply = elicit(
        exchange,
        arguments.get("message", "Please provide your information"),
        {
            "username": {"type": "string", "description": "User's response"},
            "email": {"type": "string", "description": "User's email address"},
        },
        ["username", "email"],
    )
    return text(f"User response: action={reply.get('action')}, content={json.dumps(reply.get('content', {}))}")


def elicitation_defaults(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    reply = elicit(
        exchange,
        "Please review and update the form fields with defaults",
        {
            "name": {"type": "string", "description": "User name", "default": "John Doe"},
            "age": {"type": "integer", "description": "User age", "default": 30},
            "score": {"type": "number", "description": "User score", "default": 95.5},
            "status": {
                "type": "string",
                "description": "User status",
                "enum": ["active", "inactive", "pending"],
                "default": "active",
            },
            "verified": {"type": "boolean", "description": "Verification status", "default": True},
        },
    )
    return text(f"Elicitation completed: action={reply.get('action')}, content={json.dumps(reply.get('content', {}))}")


def elicitation_enums(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    def titled(prefix: str, titles: tuple[str, ...]) -> list[dict[str, str]]:
        return [{"const": f"{prefix}{n}", "title": title} for n, title in enumerate(titles, 1)]

    reply = elicit(
        exchange,
        "Please choose among these options",
        {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {
                "type": "string",
                "oneOf": titled("value", ("First Option", "Second Option", "Third Option")),
            },
            "legacyEnum": {
                "type": "string",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"],
            },
            "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {
                "type": "array",
                "items": {"anyOf": titled("value", ("First Choice", "Second Choice", "Third Choice"))},
            },
        },
    )
    return text(f"Elicitation completed: action={reply.get('action')}, content={json.dumps(reply.get('content', {}))}")


def missing_capability(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    if "sampling" not in exchange.client_capabilities:
        raise RpcError(
            MISSING_CLIENT_CAPABILITY,
            "Missing required client capability: sampling",
            {"requiredCapabilities": {"sampling": {}}},
        )
    return text("The client can sample")


# --- Modern era: the server asks by returning an input_required result; the client retries with
# inputResponses. Whatever the server must remember between rounds travels, signed, in requestState.

ASK_NAME = {
    "method": "elicitation/create",
    "params": {
        "message": "What is your name?",
        "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
    },
}
ASK_COLOR = {
    "method": "elicitation/create",
    "params": {
        "message": "What is your favourite colour?",
        "requestedSchema": {"type": "object", "properties": {"color": {"type": "string"}}, "required": ["color"]},
    },
}
ASK_CONFIRM = {
    "method": "elicitation/create",
    "params": {
        "message": "Continue?",
        "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]},
    },
}
ASK_CONTEXT = {
    "method": "elicitation/create",
    "params": {
        "message": "What context should the prompt use?",
        "requestedSchema": {"type": "object", "properties": {"context": {"type": "string"}}, "required": ["context"]},
    },
}


def ask_model(question: str, max_tokens: int) -> dict[str, Any]:
    return {
        "method": "sampling/createMessage",
        "params": {
            "messages": [{"role": "user", "content": {"type": "text", "text": question}}],
            "maxTokens": max_tokens,
        },
    }


ASK_ROOTS = {"method": "roots/list", "params": {}}
REPLY_SHAPES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "elicitation/create": lambda r: r.get("action") in ("accept", "decline", "cancel"),
    "sampling/createMessage": lambda r: isinstance(r.get("content"), dict) and "role" in r,
    "roots/list": lambda r: isinstance(r.get("roots"), list),
}


def needs(requests: dict[str, Any], state: dict[str, Any] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"resultType": "input_required", "inputRequests": requests}
    if state is not None:
        result["requestState"] = sign(state)
    return result


def sign(state: dict[str, Any]) -> str:
    payload = base64.urlsafe_b64encode(json.dumps(state, sort_keys=True).encode()).decode()
    return payload + "." + hmac.new(STATE_KEY, payload.encode(), hashlib.sha256).hexdigest()


def verified_state(exchange: Exchange) -> dict[str, Any] | None:
    state = exchange.request.params.get("requestState")
    if state is None:
        return None
    payload, _, signature = str(state).partition(".")
    expected = hmac.new(STATE_KEY, payload.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(signature, expected):
        raise RpcError(INVALID_PARAMS, "Invalid params: requestState was not issued by this server or was altered")
    return json.loads(base64.urlsafe_b64decode(payload))


def replies(exchange: Exchange, requests: dict[str, Any]) -> dict[str, Any]:
    """The client's answers to our input requests, checked against the shape each method returns."""
    params = exchange.request.params
    if "inputResponses" not in params:
        return {}
    responses = params["inputResponses"]
    if not isinstance(responses, dict):
        raise RpcError(INVALID_PARAMS, "Invalid params: inputResponses must be an object")
    answered = {}
    for key, request in requests.items():
        if key in responses:
            value = responses[key]
            if not isinstance(value, dict) or not REPLY_SHAPES[request["method"]](value):
                raise RpcError(
                    INVALID_PARAMS, f"Invalid params: inputResponses.{key} is not a {request['method']} result"
                )
            answered[key] = value
    return answered


def input_required_elicitation(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    answers = replies(exchange, {"user_name": ASK_NAME})
    if "user_name" not in answers:
        return needs({"user_name": ASK_NAME})
    return text(f"Hello, {answers['user_name'].get('content', {}).get('name', 'stranger')}!")


def input_required_sampling(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    question = {"capital_question": ask_model("What is the capital of France?", 100)}
    answers = replies(exchange, question)
    if "capital_question" not in answers:
        return needs(question)
    return text(f"The model answered: {answers['capital_question']['content'].get('text', '')}")


def input_required_roots(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    answers = replies(exchange, {"client_roots": ASK_ROOTS})
    if "client_roots" not in answers:
        return needs({"client_roots": ASK_ROOTS})
    return text("Roots: " + ", ".join(root.get("uri", "") for root in answers["client_roots"]["roots"]))


def input_required_state(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    name = exchange.request.params.get("name")
    state = verified_state(exchange)
    if state is not None and state.get("tool") != name:
        raise RpcError(INVALID_PARAMS, "Invalid params: requestState belongs to another tool")
    answers = replies(exchange, {"confirm": ASK_CONFIRM})
    if "confirm" not in answers:
        return needs({"confirm": ASK_CONFIRM}, {"tool": name, "round": 1})
    return text(f"state-ok: confirmed={answers['confirm'].get('content', {}).get('ok')}")


def input_required_multiple(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    requests = {"user_name": ASK_NAME, "greeting": ask_model("Write a short greeting.", 50), "client_roots": ASK_ROOTS}
    verified_state(exchange)
    answers = replies(exchange, requests)
    if set(answers) != set(requests):
        return needs({k: v for k, v in requests.items() if k not in answers}, {"tool": "multiple", "round": 1})
    return text(f"All three inputs arrived: {', '.join(sorted(answers))}")


def input_required_rounds(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    state = verified_state(exchange) or {}
    if state.get("round") == 2:
        answers = replies(exchange, {"step2": ASK_COLOR})
        if "step2" not in answers:
            return needs({"step2": ASK_COLOR}, state)
        return text(f"{state['name']} likes {answers['step2'].get('content', {}).get('color')}")
    answers = replies(exchange, {"step1": ASK_NAME})
    if "step1" not in answers:
        return needs({"step1": ASK_NAME}, {"round": 1})
    return needs({"step2": ASK_COLOR}, {"round": 2, "name": answers["step1"].get("content", {}).get("name", "someone")})


def input_required_capabilities(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    capabilities = exchange.client_capabilities
    requests = {
        key: request
        for key, request, capability in (
            ("user_name", ASK_NAME, "elicitation"),
            ("question", ask_model("Say hello.", 20), "sampling"),
            ("client_roots", ASK_ROOTS, "roots"),
        )
        if capability in capabilities
    }
    if not requests:
        raise RpcError(
            MISSING_CLIENT_CAPABILITY,
            "Missing required client capability: elicitation, sampling or roots",
            {"requiredCapabilities": {"sampling": {}}},
        )
    answers = replies(exchange, requests)
    if not answers:
        return needs(requests)
    return text(f"Answered with what the client can do: {', '.join(sorted(answers))}")


def streaming_elicitation(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    if "elicitation" not in exchange.client_capabilities:
        return text("Nothing to ask: the client cannot elicit")
    return input_required_elicitation(arguments, exchange)


def input_required_prompt(arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
    answers = replies(exchange, {"user_context": ASK_CONTEXT})
    if "user_context" not in answers:
        return needs({"user_context": ASK_CONTEXT})
    context = answers["user_context"].get("content", {}).get("context", "")
    return {
        "description": "A prompt built from the user's context",
        "messages": [{"role": "user", "content": {"type": "text", "text": f"Use this context: {context}"}}],
    }


BEHAVIOURS: dict[str, Callable[[dict[str, Any], Exchange], dict[str, Any]]] = {
    function.__name__: function
    for function in (
        logging,
        logging_quick,
        progress,
        sampling,
        elicitation,
        elicitation_defaults,
        elicitation_enums,
        missing_capability,
        streaming_elicitation,
        input_required_elicitation,
        input_required_sampling,
        input_required_roots,
        input_required_state,
        input_required_multiple,
        input_required_rounds,
        input_required_capabilities,
        input_required_prompt,
    )
}


def fill(value: Any, arguments: dict[str, Any]) -> Any:
    """A copy of a static answer with {name} placeholders replaced by the arguments."""
    if isinstance(value, str):
        return re.sub(r"\{(\w+)\}", lambda m: str(arguments.get(m.group(1), m.group(0))), value)
    if isinstance(value, list):
        return [fill(item, arguments) for item in value]
    if isinstance(value, dict):
        return {key: fill(item, arguments) for key, item in value.items()}
    return value


class FixtureTools:
    def __init__(self, catalogue: list[dict[str, Any]]) -> None:
        self.tools = {tool["name"]: tool for tool in catalogue}

    def list(self) -> list[dict[str, Any]]:
        return [
            {"name": t["name"], "description": t["description"], "inputSchema": t.get("inputSchema", NO_ARGUMENTS)}
            for t in self.tools.values()
        ]

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        tool = self.tools.get(name)
        if tool is None:
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}")
        if "result" in tool:
            return copy.deepcopy(tool["result"])
        return BEHAVIOURS[tool["behaviour"]](arguments, exchange)


class FixtureResources:
    def __init__(self, resources: list[dict[str, Any]], templates: list[dict[str, Any]]) -> None:
        self.resources = {resource["uri"]: resource for resource in resources}
        self.template_list = templates
        self.patterns = [
            (re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(t["uriTemplate"])) + "$"), t)
            for t in templates
        ]

    def list(self) -> list[dict[str, Any]]:
        return [{k: r[k] for k in ("uri", "name", "mimeType")} for r in self.resources.values()]

    def templates(self) -> list[dict[str, Any]]:
        return [{k: t[k] for k in ("uriTemplate", "name", "mimeType")} for t in self.template_list]

    def read(self, uri: str, exchange: Exchange) -> dict[str, Any]:
        if uri in self.resources:
            resource = self.resources[uri]
            body = {k: resource[k] for k in ("text", "blob") if k in resource}
            return {"contents": [{"uri": uri, "mimeType": resource["mimeType"], **body}]}
        for pattern, template in self.patterns:
            match = pattern.match(uri)
            if match:
                return {
                    "contents": [
                        {
                            "uri": uri,
                            "mimeType": template["mimeType"],
                            "text": fill(template["text"], match.groupdict()),
                        }
                    ]
                }
        raise RpcError(INVALID_PARAMS, f"Resource not found: {uri}", {"uri": uri})


class FixturePrompts:
    def __init__(self, prompts: list[dict[str, Any]]) -> None:
        self.prompts = {prompt["name"]: prompt for prompt in prompts}

    def list(self) -> list[dict[str, Any]]:
        return [{k: p[k] for k in ("name", "description", "arguments") if k in p} for p in self.prompts.values()]

    def get(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        prompt = self.prompts.get(name)
        if prompt is None:
            raise RpcError(INVALID_PARAMS, f"Invalid params: unknown prompt {name!r}")
        if "behaviour" in prompt:
            return BEHAVIOURS[prompt["behaviour"]](arguments, exchange)
        missing = [a["name"] for a in prompt.get("arguments", []) if a.get("required") and a["name"] not in arguments]
        if missing:
            raise RpcError(INVALID_PARAMS, f"Invalid params: {name} needs the arguments {', '.join(missing)}")
        return {"description": prompt["description"], "messages": fill(prompt["messages"], arguments)}


class FixtureCompletions:
    def __init__(self, values: dict[str, list[str]]) -> None:
        self.values = values

    def complete(self, params: dict[str, Any]) -> dict[str, Any]:
        argument = params.get("argument") or {}
        prefix = str(argument.get("value", ""))
        found = [v for v in self.values.get(argument.get("name", ""), []) if v.startswith(prefix)]
        return {"completion": {"values": found[:100], "total": len(found), "hasMore": len(found) > 100}}


def build_app(port: int, catalogue_path: Path = CATALOGUE) -> falcon.App:
    catalogue = yaml.safe_load(catalogue_path.read_text())
    server = McpServer(
        ServerInfo("gasoline-conformance-fixture", __version__),
        FixtureTools(catalogue["tools"]),
        resources=FixtureResources(catalogue["resources"], catalogue["resource_templates"]),
        prompts=FixturePrompts(catalogue["prompts"]),
        completions=FixtureCompletions(catalogue["completions"]),
        logging=True,
        asks_clients=True,
    )
    app = falcon.App(middleware=[LoopbackGuard(port)])
    sessions = Sessions(LIMITS.mcp.session_idle_seconds, LIMITS.mcp.max_sessions)
    app.add_route("/mcp", McpEndpoint(server, sessions, max_body_bytes=LIMITS.mcp.max_body_bytes))
    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    port = parser.parse_args().port
    waitress.serve(build_app(port), host="127.0.0.1", port=port, threads=32, ident="gasoline-fixture")


if __name__ == "__main__":
    main()
