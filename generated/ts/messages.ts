// Generated from spec/messages/**/*.yaml by `python3 tasks.py gen`. Do not edit by hand.

/** Position and size in CSS pixels, relative to the viewport. */
export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A command for the extension to run in a tab. */
export type Command = DomQueryCommand | PageInfoCommand;

/** Why a command failed in the browser. */
export interface CommandError {
  /** What kind of failure. */
  code: "invalid_selector" | "element_not_found" | "element_not_interactable" | "script_error" | "timeout" | "tab_gone" | "csp_blocked" | "unsupported";
  /** What went wrong. */
  message: string;
  /** Stack trace of a script error, when there is one. */
  stack?: string;
}

/** What the extension posts back for a command. */
export type CommandResult = DomQueryCommandResult | PageInfoCommandResult;

/** One element of the page. */
export interface DomElement {
  /** A selector that finds this element. */
  selector?: string;
  /** Tag name, lower case. */
  tag: string;
  /** Its attributes. */
  attributes?: { [key: string]: string };
  /** Text content, cut at 500 characters. */
  text?: string;
  boundingBox?: BoundingBox;
  /** Whether it is rendered and not hidden. */
  visible?: boolean;
  /** Computed styles asked for. */
  styles?: { [key: string]: string };
  /** Child elements, when asked for. */
  children?: DomElement[];
}

/** A command for the extension to run in a tab. */
export interface DomQueryCommand {
  /** Matches the result to the waiting call. */
  correlation_id: string;
  /** The command kind. */
  kind: "dom_query";
  /** Tab to run in; when absent the tracked tab, otherwise the active tab. */
  tab_id?: number;
  /** How long the daemon waits for the result. */
  timeout_ms: number;
  /** When the daemon issued the command (UTC). */
  issued_at?: string;
  params: DomQueryParams;
}

/** What the extension posts back for a command. */
export interface DomQueryCommandResult {
  /** The command's correlation_id. */
  correlation_id: string;
  /** The command kind. */
  kind: "dom_query";
  /** ok: result is present; error: error is present. */
  status: "ok" | "error";
  result?: DomQueryResult;
  error?: CommandError;
  /** The tab the command ran in. */
  tab_id?: number;
  /** URL of that tab when the command ran. */
  url?: string;
  /** Time the extension spent on the command. */
  duration_ms?: number;
}

/** Parameters of the dom_query command. */
export interface DomQueryParams {
  /** CSS selector to query. */
  selector: string;
  /** Include computed styles of each match. */
  include_styles?: boolean;
  /** Style properties to include; when absent with include_styles, the layout-relevant ones (display, position, width, height, margin, padding, flex, grid, visibility, opacity, overflow, z-index, color, background-color, font-size). */
  properties?: string[];
  /** Include each match's child subtree. */
  include_children?: boolean;
  /** Child depth when include_children is set; capped at 5. */
  max_depth?: number;
}

/** What the dom_query command returns. */
export interface DomQueryResult {
  /** URL of the page. */
  url: string;
  /** Title of the page. */
  title: string;
  /** The matching elements, in document order. */
  matches: DomElement[];
  /** How many elements matched in all. */
  matchCount: number;
  /** How many are in matches. */
  returnedCount: number;
}

/** Captured events, oldest first, each checked against CaptureEvent on its own. */
export interface EventBatch {
  /** The events, oldest first. */
  events: unknown[];
}

/** The switches in the extension's popup. */
export interface ExtensionSettings {
  /** Capture WebSocket traffic (on by default). */
  captureWebSockets: boolean;
  /** Capture request and response bodies (off by default). */
  captureNetworkBodies: boolean;
  /** Let tools act in the page: AI Web Pilot (off by default; only a person can switch it on). */
  aiWebPilotEnabled: boolean;
}

/** One event of a batch that was not stored. */
export interface IngestRejection {
  /** Position of the event in the batch. */
  index: number;
  /** Why it was rejected. */
  reason: string;
}

/** What became of each event of the batch. */
export interface IngestResult {
  /** Events stored. */
  accepted: number;
  /** Events not stored, with why. */
  rejected: IngestRejection[];
}

export interface PageForm {
  /** The form's id, when it has one. */
  id?: string;
  /** The form's action URL. */
  action?: string;
  /** Names (or ids) of its fields. */
  fields: string[];
}

/** A command for the extension to run in a tab. */
export interface PageInfoCommand {
  /** Matches the result to the waiting call. */
  correlation_id: string;
  /** The command kind. */
  kind: "page_info";
  /** Tab to run in; when absent the tracked tab, otherwise the active tab. */
  tab_id?: number;
  /** How long the daemon waits for the result. */
  timeout_ms: number;
  /** When the daemon issued the command (UTC). */
  issued_at?: string;
  params: PageInfoParams;
}

/** What the extension posts back for a command. */
export interface PageInfoCommandResult {
  /** The command's correlation_id. */
  correlation_id: string;
  /** The command kind. */
  kind: "page_info";
  /** ok: result is present; error: error is present. */
  status: "ok" | "error";
  result?: PageInfoResult;
  error?: CommandError;
  /** The tab the command ran in. */
  tab_id?: number;
  /** URL of that tab when the command ran. */
  url?: string;
  /** Time the extension spent on the command. */
  duration_ms?: number;
}

/** Parameters of the page_info command. */
export type PageInfoParams = Record<string, never>;

/** What the page_info command returns. */
export interface PageInfoResult {
  /** URL of the page. */
  url: string;
  /** Title of the page. */
  title: string;
  /** Viewport size in CSS pixels. */
  viewport: Size;
  /** Scroll offset in CSS pixels. */
  scroll: ScrollPosition;
  /** Full height of the document in CSS pixels. */
  documentHeight: number;
  /** Forms on the page. */
  forms: PageForm[];
  /** Text of the h1-h6 headings, in order. */
  headings: string[];
  /** Number of links. */
  links: number;
  /** Number of images. */
  images: number;
  /** Number of buttons, inputs, selects, text areas and links. */
  interactiveElements: number;
}

/** Scroll offset in CSS pixels. */
export interface ScrollPosition {
  x: number;
  y: number;
}

/** A width and a height. */
export interface Size {
  width: number;
  height: number;
}

/** What the extension reports about itself. */
export interface SyncRequest {
  /** The extension's version. */
  extension_version: string;
  settings: ExtensionSettings;
  tab?: TabInfo;
  /** Captured events dropped since the extension started, because the daemon could not take them in time. */
  dropped_events: number;
}

/** The daemon's answer. */
export interface SyncResponse {
  /** Always gasoline. */
  service: "gasoline";
  /** The daemon's version. */
  version: string;
}

/** The tab browser commands act on. */
export interface TabInfo {
  /** Browser tab id. */
  id: number;
  /** URL of the tab. */
  url: string;
  /** Title of the tab. */
  title: string;
  /** True when the tab is tracked (Track This Page); false when it is the active tab. */
  tracked: boolean;
}
