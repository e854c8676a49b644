// Generated from spec/contracts.yaml by `python3 tasks.py gen`. Do not edit by hand.

/** The version of each contract family this build speaks (spec/contracts.yaml), MAJOR.MINOR. */
export const CONTRACT_VERSIONS = {
  control: "1.1",
  extension: "1.2",
  project_config: "1.0",
  session_export: "1.0",
  daemon_api: "1.2",
  tools: "1.1",
} as const;
