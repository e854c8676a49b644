// Generated from spec/policy/redaction.yaml by `python3 tasks.py gen`. Do not edit by hand.

export const REDACTION_POLICY_VERSION = 1;
export const REDACTION_MASK = "[REDACTED:{class}:{hash}]";
/** A secret of these classes, or weaker than REDACTION_HASH_MIN_BITS, gets this mask: nothing in it depends on the secret. */
export const REDACTION_UNHASHED_MASK = "[REDACTED:{class}]";
export const REDACTION_HASH_MIN_BITS = 64;
export const REDACTION_UNHASHED_CLASSES: readonly string[] = ["bank_account", "credential", "payment_card", "user_pattern"];

export interface RedactionRule {
  name: string;
  secretClass: string;
  pattern: string;
  flags: string;
  /** The first of these groups that took part in a match holds the secret (0: the whole match). */
  secretGroups: readonly number[];
  validator: "card_number" | "iban" | "token_like" | "not_path" | "labeled_token" | "base64_user_password" | null;
  /** Texts one of which every match contains: a text with none is not scanned (none listed: scan it all). */
  anchors: readonly string[];
  /** The anchors are looked for in the text's shape (see spec/policy/redaction.yaml). */
  shape: boolean;
}

/** Free-text rules; each pattern reads the same in RegExp as in RE2. */
export const REDACTION_RULES: readonly RedactionRule[] = [
  { name: "private_key_block", secretClass: "private_key", pattern: "-{4,5} ?BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}(?:[\\s\\S]*?-{4,5} ?END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}|[A-Za-z0-9+/=\\s\\\\:,.-]*)", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "jwt", secretClass: "auth_token", pattern: "\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "bearer_credential", secretClass: "auth_token", pattern: "\\bbearer\\s+([A-Za-z0-9._~+/-]{12,}=*)", flags: "gi", secretGroups: [1], validator: "token_like", anchors: [], shape: false },
  { name: "authorization_token", secretClass: "auth_token", pattern: "\\bauthorization[\"']?\\s*[:=]\\s*[\"']?(?:token|apikey|api-key|key|jwt|sso-key)(?:\\s+|\\s*=\\s*)(?:token\\s*=\\s*[\"']?)?([A-Za-z0-9._~+/:-]{12,}=*)", flags: "gi", secretGroups: [1], validator: "token_like", anchors: [], shape: false },
  { name: "basic_credential", secretClass: "auth_token", pattern: "\\bbasic\\s+([A-Za-z0-9+/]{12,}=*)", flags: "gi", secretGroups: [1], validator: "token_like", anchors: [], shape: false },
  { name: "aws_access_key_id", secretClass: "api_key", pattern: "\\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "aws_secret_access_key", secretClass: "api_key", pattern: "\\baws_?secret_?access_?key[\"']?\\s*[:=]\\s*[\"']?([A-Za-z0-9/+=]{40})", flags: "gi", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "google_api_key", secretClass: "api_key", pattern: "\\bAIza[0-9A-Za-z_-]{35}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "google_oauth_token", secretClass: "auth_token", pattern: "\\bya29\\.[0-9A-Za-z_-]{20,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "azure_storage_key", secretClass: "api_key", pattern: "AccountKey=([A-Za-z0-9+/]{86}==)", flags: "g", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "github_token", secretClass: "api_key", pattern: "\\bgh[pousr]_[A-Za-z0-9]{36,255}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "github_fine_grained_token", secretClass: "api_key", pattern: "\\bgithub_pat_[A-Za-z0-9_]{60,255}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "gitlab_token", secretClass: "api_key", pattern: "\\bgl(?:pat|dt|ft|imt|ptt|rt|soat|cbt|oas|agent|ffct)-[A-Za-z0-9_-]{20,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "bitbucket_app_password", secretClass: "api_key", pattern: "\\bATBB[A-Za-z0-9]{32,}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "npm_token", secretClass: "api_key", pattern: "\\bnpm_[A-Za-z0-9]{36}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "pypi_token", secretClass: "api_key", pattern: "\\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "stripe_secret_key", secretClass: "api_key", pattern: "\\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\\b", flags: "g", secretGroups: [0], validator: null, anchors: ["k_live_", "k_test_"], shape: false },
  { name: "stripe_webhook_secret", secretClass: "api_key", pattern: "\\bwhsec_[A-Za-z0-9]{24,}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "square_access_token", secretClass: "api_key", pattern: "\\bEAAA[A-Za-z0-9_-]{60}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "square_token", secretClass: "api_key", pattern: "\\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "paypal_braintree_token", secretClass: "api_key", pattern: "\\baccess_token\\$production\\$[0-9a-z]{16}\\$[0-9a-f]{32}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "slack_token", secretClass: "api_key", pattern: "\\bxox[abposr]-[A-Za-z0-9-]{10,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "slack_webhook", secretClass: "api_key", pattern: "https://hooks\\.slack\\.com/services/(T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,})", flags: "g", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "discord_bot_token", secretClass: "api_key", pattern: "\\b[MN][A-Za-z0-9]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "discord_webhook", secretClass: "api_key", pattern: "https://discord(?:app)?\\.com/api/webhooks/([0-9]+/[A-Za-z0-9_-]{40,})", flags: "g", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "telegram_bot_token", secretClass: "api_key", pattern: "[0-9]{8,10}:AA[A-Za-z0-9_-]{33}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [":AA"], shape: false },
  { name: "twilio_api_key", secretClass: "api_key", pattern: "\\bSK[0-9a-f]{32}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "sendgrid_key", secretClass: "api_key", pattern: "\\bSG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "mailgun_key", secretClass: "api_key", pattern: "\\bkey-[0-9a-f]{32}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "openai_key", secretClass: "api_key", pattern: "\\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "openai_project_key", secretClass: "api_key", pattern: "\\bsk-proj-[A-Za-z0-9_-]{40,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "anthropic_key", secretClass: "api_key", pattern: "\\bsk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "huggingface_token", secretClass: "api_key", pattern: "\\bhf_[A-Za-z0-9]{34,}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "digitalocean_token", secretClass: "api_key", pattern: "\\bdo[pro]_v1_[a-f0-9]{64}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "shopify_token", secretClass: "api_key", pattern: "\\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "heroku_key", secretClass: "api_key", pattern: "\\bheroku[a-z_-]*[\"']?\\s*[:=]\\s*[\"']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})", flags: "gi", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "labeled_token", secretClass: "api_key", pattern: "(?:^|[^A-Za-z0-9])([A-Za-z][A-Za-z0-9]{0,11}[_.-][A-Za-z0-9]{8,}(?:[_.-][A-Za-z0-9]+){0,4})", flags: "g", secretGroups: [1], validator: "labeled_token", anchors: [], shape: false },
  { name: "prefixed_token", secretClass: "api_key", pattern: "\\b(?:AQE[A-Za-z0-9]{40,}|LTAI[A-Za-z0-9]{20}|AKCp[A-Za-z0-9]{60,}|EZAK[A-Za-z0-9]{54}|SCW[A-Z0-9]{17}|GR1348941[A-Za-z0-9_-]{20}|oy2[a-z0-9]{43}|dapi[a-f0-9]{32}|cio[A-Za-z0-9]{32}|dG9rOj[A-Za-z0-9]{50,}|EAA[A-Za-z0-9]{3}[A-Za-z0-9]{60,}|A{20,}[A-Za-z0-9%]{40,}|eyJrIjoi[A-Za-z0-9]{50,})\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "azure_client_secret", secretClass: "api_key", pattern: "\\b[A-Za-z0-9_~.-]{3}8Q~[A-Za-z0-9_~.-]{31,34}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "razorpay_key", secretClass: "api_key", pattern: "\\brzp_(?:live|test)_[A-Za-z0-9]{14}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "teams_webhook", secretClass: "api_key", pattern: "https://[a-z0-9-]+\\.webhook\\.office\\.com/(webhookb2/[^\\s\"'<>]+)", flags: "g", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "twitch_token", secretClass: "auth_token", pattern: "\\boauth:[a-z0-9]{30}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "new_relic_browser_key", secretClass: "api_key", pattern: "\\bNRJS-[a-f0-9]{19}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "launchdarkly_key", secretClass: "api_key", pattern: "\\b(?:sdk|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "mapbox_token", secretClass: "api_key", pattern: "\\b[sp]k\\.eyJ1[A-Za-z0-9_.-]{40,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "airtable_token", secretClass: "api_key", pattern: "\\bpat[A-Za-z0-9]{14}\\.[a-f0-9]{64}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "asana_token", secretClass: "api_key", pattern: "\\b[0-9]/[0-9]{16}/[0-9]{16}:[a-f0-9]{32}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "postman_api_key", secretClass: "api_key", pattern: "\\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "cloudflare_origin_ca_key", secretClass: "api_key", pattern: "\\bv1\\.0-[a-f0-9]{24}-[a-f0-9]{146}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "langsmith_key", secretClass: "api_key", pattern: "\\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "dynatrace_token", secretClass: "api_key", pattern: "\\bdt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "shippo_token", secretClass: "api_key", pattern: "\\bshippo_(?:live|test)_[a-f0-9]{40}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "atlassian_api_token", secretClass: "api_key", pattern: "\\bATATT3[A-Za-z0-9_=-]{150,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "slack_app_token", secretClass: "api_key", pattern: "\\bxapp-[0-9]+-[A-Z0-9]+-[0-9]+-[a-f0-9]{32,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "terraform_cloud_token", secretClass: "api_key", pattern: "\\b[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_-]{60,}", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "mailchimp_key", secretClass: "api_key", pattern: "\\b[0-9a-f]{32}-us[0-9]{1,2}\\b", flags: "g", secretGroups: [0], validator: null, anchors: [], shape: false },
  { name: "url_password", secretClass: "credential", pattern: "://[^/\\s:@]*:([^/\\s@]+)@", flags: "g", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "cookie_header", secretClass: "cookie", pattern: "\\bcookie\\s*:\\s*([^\\r\\n]+)", flags: "gi", secretGroups: [1], validator: null, anchors: [], shape: false },
  { name: "session_id_value", secretClass: "session_id", pattern: "\\b(?:session_?id|sessid|sid|phpsessid|jsessionid|connect\\.sid)[\"']?\\s*[=:]\\s*[\"']?([A-Za-z0-9%._-]{8,})", flags: "gi", secretGroups: [1], validator: null, anchors: ["session", "sessid", "sid", "phpsessid", "jsessionid", "connect.sid"], shape: false },
  { name: "csrf_value", secretClass: "csrf", pattern: "\\b(?:csrf[_-]?token|xsrf[_-]?token|_csrf|_xsrf|authenticity_token|csrfmiddlewaretoken|__requestverificationtoken)[\"']?\\s*[=:]\\s*[\"']?([A-Za-z0-9+/%._-]{8,}=*)", flags: "gi", secretGroups: [1], validator: null, anchors: ["csrf", "xsrf", "authenticity_token", "requestverificationtoken"], shape: false },
  { name: "named_secret", secretClass: "credential", pattern: "(?:password|passwd|pwd|passphrase|secret)[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", flags: "gi", secretGroups: [1, 2, 3], validator: "not_path", anchors: ["pass", "pwd", "secret"], shape: false },
  { name: "named_api_key", secretClass: "api_key", pattern: "api[_-]?key[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", flags: "gi", secretGroups: [1, 2, 3], validator: "not_path", anchors: ["api_key", "apikey", "api-key"], shape: false },
  { name: "named_token", secretClass: "auth_token", pattern: "(?:access|auth|refresh|private)[_-]?token[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", flags: "gi", secretGroups: [1, 2, 3], validator: "not_path", anchors: ["_token", "-token", "accesstoken", "authtoken", "refreshtoken", "privatetoken"], shape: false },
  { name: "npmrc_auth", secretClass: "credential", pattern: "(?:^|[\\s:;])_auth\\s*=\\s*[\"']?([A-Za-z0-9+/]{8,}={0,2})", flags: "g", secretGroups: [1], validator: "base64_user_password", anchors: ["_auth"], shape: false },
  { name: "registry_auth", secretClass: "credential", pattern: "\"auth\\\\?\"\\s*:\\s*\\\\?\"([A-Za-z0-9+/]{12,}={0,2})", flags: "g", secretGroups: [1], validator: "base64_user_password", anchors: [], shape: false },
  { name: "csrf_html_attribute", secretClass: "csrf", pattern: "(?:(?:csrf|xsrf|authenticity|_token|verificationtoken)[a-z_-]*[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+(?:content|value)\\s*=\\s*[\"']?([^\"'<>\\s]{8,})|(?:content|value)\\s*=\\s*[\"']?([^\"'<>\\s]{8,})[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+name\\s*=\\s*[\"']?[a-z_-]*(?:csrf|xsrf|authenticity|_token|verificationtoken))", flags: "gi", secretGroups: [1, 2], validator: null, anchors: ["csrf", "xsrf", "authenticity", "_token", "verificationtoken"], shape: false },
  { name: "password_html_attribute", secretClass: "credential", pattern: "(?:(?:type|name|id)\\s*=\\s*[\"']?[a-z_-]*(?:password|passwd|passphrase)[a-z_-]*[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+value\\s*=\\s*(?:\"([^\"<>]+)\"|'([^'<>]+)'|([^\\s\"'<>=]+))|value\\s*=\\s*(?:\"([^\"<>]+)\"|'([^'<>]+)'|([^\\s\"'<>=]+))(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+(?:type|name|id)\\s*=\\s*[\"']?[a-z_-]*(?:password|passwd|passphrase))", flags: "gi", secretGroups: [1, 2, 3, 4, 5, 6], validator: null, anchors: ["passw", "passphrase"], shape: false },
  { name: "payment_card", secretClass: "payment_card", pattern: "(?:^|[^0-9A-Za-z_])([0-9]{4}(?:[ -]?[0-9]){9,15})\\b", flags: "g", secretGroups: [1], validator: "card_number", anchors: [" 0000"], shape: true },
  { name: "iban", secretClass: "bank_account", pattern: "\\b[A-Z]{2}[0-9]{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)\\b", flags: "g", secretGroups: [0], validator: "iban", anchors: ["AA00"], shape: true },
  { name: "iban_lower_case", secretClass: "bank_account", pattern: "\\b[a-z]{2}[0-9]{2}(?:[a-z0-9]{11,30}|(?: [a-z0-9]{4}){2,7}(?: [a-z0-9]{1,3})?)\\b", flags: "g", secretGroups: [0], validator: "iban", anchors: ["aa00"], shape: true },
];

/** Sensitive key names (lower case, "-" read as "_") and the class of their values. */
export const SENSITIVE_KEYS: Readonly<Record<string, string>> = {
  "authorization": "auth_token",
  "proxy_authorization": "auth_token",
  "x_auth_token": "auth_token",
  "access_token": "auth_token",
  "refresh_token": "auth_token",
  "id_token": "auth_token",
  "auth_token": "auth_token",
  "bearer": "auth_token",
  "token": "auth_token",
  "api_key": "api_key",
  "apikey": "api_key",
  "x_api_key": "api_key",
  "client_secret": "api_key",
  "secret_key": "api_key",
  "private_key": "api_key",
  "x_goog_api_key": "api_key",
  "ocp_apim_subscription_key": "api_key",
  "cookie": "cookie",
  "set_cookie": "cookie",
  "session": "session_id",
  "session_id": "session_id",
  "sessionid": "session_id",
  "sid": "session_id",
  "jsessionid": "session_id",
  "phpsessid": "session_id",
  "connect_sid": "session_id",
  "x_session_id": "session_id",
  "csrf": "csrf",
  "csrf_token": "csrf",
  "csrftoken": "csrf",
  "x_csrftoken": "csrf",
  "xsrf": "csrf",
  "xsrf_token": "csrf",
  "x_csrf_token": "csrf",
  "x_xsrf_token": "csrf",
  "_csrf": "csrf",
  "_xsrf": "csrf",
  "authenticity_token": "csrf",
  "csrfmiddlewaretoken": "csrf",
  "password": "credential",
  "passwd": "credential",
  "pwd": "credential",
  "pass": "credential",
  "passphrase": "credential",
  "secret": "credential",
  "new_password": "credential",
  "current_password": "credential",
  "password_confirmation": "credential",
  "otp": "credential",
  "pin": "credential",
  "auths": "credential",
  "card_number": "payment_card",
  "cardnumber": "payment_card",
  "cc_number": "payment_card",
  "ccnum": "payment_card",
  "cvv": "payment_card",
  "cvc": "payment_card",
  "cvv2": "payment_card",
  "card_cvc": "payment_card",
  "security_code": "payment_card",
  "iban": "bank_account",
  "account_number": "bank_account",
  "bank_account": "bank_account",
  "routing_number": "bank_account",
};

export const SENSITIVE_HEADER_PATTERN = "token|secret|key|password";
export const SENSITIVE_KEY_PATTERN = "(?:^|_)(?:token|secret|password|passwd|pass|pwd|passphrase|apikey|api_key|access_key|private_key|auth_key|authkey|admin_key|app_key|account_key|license_key|service_key|client_key|server_key|signing_key|encryption_key|master_key|signature|sig|credentials?|creds)(?:$|_)";
export const SENSITIVE_KEY_CLASS = "credential";

/** What scanning one text may cost (the daemon uses the same numbers, so both mask alike). */
export const REDACTION_SCAN = {
  checksPerText: 64,
  bytesPerCheck: 256,
  decodeReach: 512,
  longestBase64: 65536,
  base64Printable: 0.95,
} as const;

/** Fields in free text: group 1 the key, group 2 the value (RegExp sources). */
export const REDACTION_FIELDS = {
  queryParameter: "(?:^|(?<=[?&; \\t\\n\\r\\f\\v]))([^=&#; \\t\\n\\r\\f\\v\"'?/]+)=(\"[^\"]*\"?|'[^']*'?|[^&#;, \\t\\n\\r\\f\\v\"']*)",
  jsonField: "\"((?:[^\"\\\\\\r\\n]|\\\\[^\\n]){1,64})\"[ \\t\\n\\r\\f\\v]*:[ \\t\\n\\r\\f\\v]*(\"(?:[^\"\\\\\\r\\n]|\\\\[^\\n])*\"?|[^ \\t\\n\\r\\f\\v,{}\\[\\]\"]+)",
  headerField: "(?:^|(?<=[ \\t\\n\\r\\f\\v,;{(]))([A-Za-z][A-Za-z0-9_-]{0,63})[ \\t]*:[ \\t]*([^ \\t\\n\\r\\f\\v,;\"'<>]*[^ \\t\\n\\r\\f\\v,;\"'<>:])(?=[ \\t\\n\\r\\f\\v,;\"'<>]|$)",
} as const;
export const REDACTION_AUTH_SCHEMES: readonly string[] = ["apikey", "basic", "bearer", "digest", "jwt", "negotiate", "token"];
export const REDACTION_PROJECT_PATTERN_CLASS = "user_pattern";

/** Name/value pairs in structured data: the members that name, those that hold the value, and the
 *  types of field that hide what is typed. */
export const REDACTION_PAIRS = {
  names: ["name", "Name", "key", "Key"],
  values: ["value", "Value", "content"],
  hiddenTypes: ["password"],
} as const;
