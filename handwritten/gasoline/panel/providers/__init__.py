"""Model providers behind one interface (ModelProvider): OpenAI and servers that speak its API,
Anthropic, and none (offline triage). Their SDKs are imported when a provider is first used, so
the daemon starts without them."""
