// Runs under csp.html's policy: records whether the page itself may evaluate strings.
try {
  eval("1");
  document.body.dataset.eval = "allowed";
} catch {
  document.body.dataset.eval = "blocked";
}
