# Generated from spec/policy/redaction.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""The redaction policy as data, for gasoline.safety.redaction."""

from __future__ import annotations

from typing import Final, NamedTuple


class Rule(NamedTuple):
    name: str
    secret_class: str
    pattern: str
    ignore_case: bool
    secret_groups: tuple[int, ...]  # the first of these groups that took part in a match holds the secret
    validator: str | None
    anchors: tuple[str, ...]
    shape: bool


POLICY_VERSION: Final = 1
MASK: Final = "[REDACTED:{class}:{hash}]"
UNHASHED_MASK: Final = "[REDACTED:{class}]"
HASH_MIN_BITS: Final = 64
UNHASHED_CLASSES: Final = frozenset(["bank_account", "credential", "payment_card", "user_pattern"])
CLASSES: Final[dict[str, str]] = {
    "auth_token": "Bearer, basic and OAuth credentials, JWTs and other access tokens.",
    "api_key": "API keys of cloud, source-hosting, payment, messaging and LLM providers.",
    "private_key": "PEM private key blocks.",
    "cookie": "Cookie and Set-Cookie values.",
    "session_id": "Session identifiers.",
    "csrf": "CSRF and XSRF tokens.",
    "credential": "Passwords, passphrases and secrets by name, and passwords in URLs.",
    "payment_card": "Payment card numbers (an issuer's prefix and length, and the Luhn check).",
    "bank_account": "IBANs (they must pass the ISO 13616 mod-97 check).",
    "user_pattern": "Patterns from the project's .gasoline/config.yaml.",
}
RULES: Final[tuple[Rule, ...]] = (
    Rule("private_key_block", "private_key", "-{4,5} ?BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}(?:[\\s\\S]*?-{4,5} ?END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}|[A-Za-z0-9+/=\\s\\\\:,.-]*)", False, (0,), None, (), False),
    Rule("jwt", "auth_token", "\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}", False, (0,), None, (), False),
    Rule("bearer_credential", "auth_token", "\\bbearer\\s+([A-Za-z0-9._~+/-]{12,}=*)", True, (1,), "token_like", (), False),
    Rule("authorization_token", "auth_token", "\\bauthorization[\"']?\\s*[:=]\\s*[\"']?(?:token|apikey|api-key|key|jwt|sso-key)(?:\\s+|\\s*=\\s*)(?:token\\s*=\\s*[\"']?)?([A-Za-z0-9._~+/:-]{12,}=*)", True, (1,), "token_like", (), False),
    Rule("basic_credential", "auth_token", "\\bbasic\\s+([A-Za-z0-9+/]{12,}=*)", True, (1,), "token_like", (), False),
    Rule("aws_access_key_id", "api_key", "\\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", False, (0,), None, (), False),
    Rule("aws_secret_access_key", "api_key", "\\baws_?secret_?access_?key[\"']?\\s*[:=]\\s*[\"']?([A-Za-z0-9/+=]{40})", True, (1,), None, (), False),
    Rule("google_api_key", "api_key", "\\bAIza[0-9A-Za-z_-]{35}\\b", False, (0,), None, (), False),
    Rule("google_oauth_token", "auth_token", "\\bya29\\.[0-9A-Za-z_-]{20,}", False, (0,), None, (), False),
    Rule("azure_storage_key", "api_key", "AccountKey=([A-Za-z0-9+/]{86}==)", False, (1,), None, (), False),
    Rule("github_token", "api_key", "\\bgh[pousr]_[A-Za-z0-9]{36,255}\\b", False, (0,), None, (), False),
    Rule("github_fine_grained_token", "api_key", "\\bgithub_pat_[A-Za-z0-9_]{60,255}\\b", False, (0,), None, (), False),
    Rule("gitlab_token", "api_key", "\\bgl(?:pat|dt|ft|imt|ptt|rt|soat|cbt|oas|agent|ffct)-[A-Za-z0-9_-]{20,}", False, (0,), None, (), False),
    Rule("bitbucket_app_password", "api_key", "\\bATBB[A-Za-z0-9]{32,}\\b", False, (0,), None, (), False),
    Rule("npm_token", "api_key", "\\bnpm_[A-Za-z0-9]{36}\\b", False, (0,), None, (), False),
    Rule("pypi_token", "api_key", "\\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", False, (0,), None, (), False),
    Rule("stripe_secret_key", "api_key", "\\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\\b", False, (0,), None, ("k_live_", "k_test_"), False),
    Rule("stripe_webhook_secret", "api_key", "\\bwhsec_[A-Za-z0-9]{24,}\\b", False, (0,), None, (), False),
    Rule("square_access_token", "api_key", "\\bEAAA[A-Za-z0-9_-]{60}\\b", False, (0,), None, (), False),
    Rule("square_token", "api_key", "\\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}\\b", False, (0,), None, (), False),
    Rule("paypal_braintree_token", "api_key", "\\baccess_token\\$production\\$[0-9a-z]{16}\\$[0-9a-f]{32}", False, (0,), None, (), False),
    Rule("slack_token", "api_key", "\\bxox[abposr]-[A-Za-z0-9-]{10,}", False, (0,), None, (), False),
    Rule("slack_webhook", "api_key", "https://hooks\\.slack\\.com/services/(T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,})", False, (1,), None, (), False),
    Rule("discord_bot_token", "api_key", "\\b[MN][A-Za-z0-9]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}\\b", False, (0,), None, (), False),
    Rule("discord_webhook", "api_key", "https://discord(?:app)?\\.com/api/webhooks/([0-9]+/[A-Za-z0-9_-]{40,})", False, (1,), None, (), False),
    Rule("telegram_bot_token", "api_key", "[0-9]{8,10}:AA[A-Za-z0-9_-]{33}\\b", False, (0,), None, (":AA",), False),
    Rule("twilio_api_key", "api_key", "\\bSK[0-9a-f]{32}\\b", False, (0,), None, (), False),
    Rule("sendgrid_key", "api_key", "\\bSG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}\\b", False, (0,), None, (), False),
    Rule("mailgun_key", "api_key", "\\bkey-[0-9a-f]{32}\\b", False, (0,), None, (), False),
    Rule("openai_key", "api_key", "\\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}", False, (0,), None, (), False),
    Rule("openai_project_key", "api_key", "\\bsk-proj-[A-Za-z0-9_-]{40,}", False, (0,), None, (), False),
    Rule("anthropic_key", "api_key", "\\bsk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,}", False, (0,), None, (), False),
    Rule("huggingface_token", "api_key", "\\bhf_[A-Za-z0-9]{34,}\\b", False, (0,), None, (), False),
    Rule("digitalocean_token", "api_key", "\\bdo[pro]_v1_[a-f0-9]{64}\\b", False, (0,), None, (), False),
    Rule("shopify_token", "api_key", "\\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\\b", False, (0,), None, (), False),
    Rule("heroku_key", "api_key", "\\bheroku[a-z_-]*[\"']?\\s*[:=]\\s*[\"']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})", True, (1,), None, (), False),
    Rule("labeled_token", "api_key", "(?:^|[^A-Za-z0-9])([A-Za-z][A-Za-z0-9]{0,11}[_.-][A-Za-z0-9]{8,}(?:[_.-][A-Za-z0-9]+){0,4})", False, (1,), "labeled_token", (), False),
    Rule("prefixed_token", "api_key", "\\b(?:AQE[A-Za-z0-9]{40,}|LTAI[A-Za-z0-9]{20}|AKCp[A-Za-z0-9]{60,}|EZAK[A-Za-z0-9]{54}|SCW[A-Z0-9]{17}|GR1348941[A-Za-z0-9_-]{20}|oy2[a-z0-9]{43}|dapi[a-f0-9]{32}|cio[A-Za-z0-9]{32}|dG9rOj[A-Za-z0-9]{50,}|EAA[A-Za-z0-9]{3}[A-Za-z0-9]{60,}|A{20,}[A-Za-z0-9%]{40,}|eyJrIjoi[A-Za-z0-9]{50,})\\b", False, (0,), None, (), False),
    Rule("azure_client_secret", "api_key", "\\b[A-Za-z0-9_~.-]{3}8Q~[A-Za-z0-9_~.-]{31,34}", False, (0,), None, (), False),
    Rule("razorpay_key", "api_key", "\\brzp_(?:live|test)_[A-Za-z0-9]{14}\\b", False, (0,), None, (), False),
    Rule("teams_webhook", "api_key", "https://[a-z0-9-]+\\.webhook\\.office\\.com/(webhookb2/[^\\s\"'<>]+)", False, (1,), None, (), False),
    Rule("twitch_token", "auth_token", "\\boauth:[a-z0-9]{30}\\b", False, (0,), None, (), False),
    Rule("new_relic_browser_key", "api_key", "\\bNRJS-[a-f0-9]{19}\\b", False, (0,), None, (), False),
    Rule("launchdarkly_key", "api_key", "\\b(?:sdk|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b", False, (0,), None, (), False),
    Rule("mapbox_token", "api_key", "\\b[sp]k\\.eyJ1[A-Za-z0-9_.-]{40,}", False, (0,), None, (), False),
    Rule("airtable_token", "api_key", "\\bpat[A-Za-z0-9]{14}\\.[a-f0-9]{64}\\b", False, (0,), None, (), False),
    Rule("asana_token", "api_key", "\\b[0-9]/[0-9]{16}/[0-9]{16}:[a-f0-9]{32}\\b", False, (0,), None, (), False),
    Rule("postman_api_key", "api_key", "\\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\\b", False, (0,), None, (), False),
    Rule("cloudflare_origin_ca_key", "api_key", "\\bv1\\.0-[a-f0-9]{24}-[a-f0-9]{146}\\b", False, (0,), None, (), False),
    Rule("langsmith_key", "api_key", "\\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\\b", False, (0,), None, (), False),
    Rule("dynatrace_token", "api_key", "\\bdt0c01\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}\\b", False, (0,), None, (), False),
    Rule("shippo_token", "api_key", "\\bshippo_(?:live|test)_[a-f0-9]{40}\\b", False, (0,), None, (), False),
    Rule("atlassian_api_token", "api_key", "\\bATATT3[A-Za-z0-9_=-]{150,}", False, (0,), None, (), False),
    Rule("slack_app_token", "api_key", "\\bxapp-[0-9]+-[A-Z0-9]+-[0-9]+-[a-f0-9]{32,}", False, (0,), None, (), False),
    Rule("terraform_cloud_token", "api_key", "\\b[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_-]{60,}", False, (0,), None, (), False),
    Rule("mailchimp_key", "api_key", "\\b[0-9a-f]{32}-us[0-9]{1,2}\\b", False, (0,), None, (), False),
    Rule("url_password", "credential", "://[^/\\s:@]*:([^/\\s@]+)@", False, (1,), None, (), False),
    Rule("cookie_header", "cookie", "\\bcookie\\s*:\\s*([^\\r\\n]+)", True, (1,), None, (), False),
    Rule("session_id_value", "session_id", "\\b(?:session_?id|sessid|sid|phpsessid|jsessionid|connect\\.sid)[\"']?\\s*[=:]\\s*[\"']?([A-Za-z0-9%._-]{8,})", True, (1,), None, ("session", "sessid", "sid", "phpsessid", "jsessionid", "connect.sid"), False),
    Rule("csrf_value", "csrf", "\\b(?:csrf[_-]?token|xsrf[_-]?token|_csrf|_xsrf|authenticity_token|csrfmiddlewaretoken|__requestverificationtoken)[\"']?\\s*[=:]\\s*[\"']?([A-Za-z0-9+/%._-]{8,}=*)", True, (1,), None, ("csrf", "xsrf", "authenticity_token", "requestverificationtoken"), False),
    Rule("named_secret", "credential", "(?:password|passwd|pwd|passphrase|secret)[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", True, (1, 2, 3), "not_path", ("pass", "pwd", "secret"), False),
    Rule("named_api_key", "api_key", "api[_-]?key[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", True, (1, 2, 3), "not_path", ("api_key", "apikey", "api-key"), False),
    Rule("named_token", "auth_token", "(?:access|auth|refresh|private)[_-]?token[\"']?\\s*[=:]\\s*(?:\"([^\"\\r\\n]{4,})\"|'([^'\\r\\n]{4,})'|((?:[^\\s\"'&,;<>]|(?:&amp;)*&(?:lt|gt|quot|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});){4,}))", True, (1, 2, 3), "not_path", ("_token", "-token", "accesstoken", "authtoken", "refreshtoken", "privatetoken"), False),
    Rule("npmrc_auth", "credential", "(?:^|[\\s:;])_auth\\s*=\\s*[\"']?([A-Za-z0-9+/]{8,}={0,2})", False, (1,), "base64_user_password", ("_auth",), False),
    Rule("registry_auth", "credential", "\"auth\\\\?\"\\s*:\\s*\\\\?\"([A-Za-z0-9+/]{12,}={0,2})", False, (1,), "base64_user_password", (), False),
    Rule("csrf_html_attribute", "csrf", "(?:(?:csrf|xsrf|authenticity|_token|verificationtoken)[a-z_-]*[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+(?:content|value)\\s*=\\s*[\"']?([^\"'<>\\s]{8,})|(?:content|value)\\s*=\\s*[\"']?([^\"'<>\\s]{8,})[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+name\\s*=\\s*[\"']?[a-z_-]*(?:csrf|xsrf|authenticity|_token|verificationtoken))", True, (1, 2), None, ("csrf", "xsrf", "authenticity", "_token", "verificationtoken"), False),
    Rule("password_html_attribute", "credential", "(?:(?:type|name|id)\\s*=\\s*[\"']?[a-z_-]*(?:password|passwd|passphrase)[a-z_-]*[\"']?(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+value\\s*=\\s*(?:\"([^\"<>]+)\"|'([^'<>]+)'|([^\\s\"'<>=]+))|value\\s*=\\s*(?:\"([^\"<>]+)\"|'([^'<>]+)'|([^\\s\"'<>=]+))(?:\\s+[a-z0-9:_.-]+(?:\\s*=\\s*(?:\"[^\"<>]*\"|'[^'<>]*'|[^\\s\"'<>=]+))?)*\\s+(?:type|name|id)\\s*=\\s*[\"']?[a-z_-]*(?:password|passwd|passphrase))", True, (1, 2, 3, 4, 5, 6), None, ("passw", "passphrase"), False),
    Rule("payment_card", "payment_card", "(?:^|[^0-9A-Za-z_])([0-9]{4}(?:[ -]?[0-9]){9,15})\\b", False, (1,), "card_number", (" 0000",), True),
    Rule("iban", "bank_account", "\\b[A-Z]{2}[0-9]{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)\\b", False, (0,), "iban", ("AA00",), True),
    Rule("iban_lower_case", "bank_account", "\\b[a-z]{2}[0-9]{2}(?:[a-z0-9]{11,30}|(?: [a-z0-9]{4}){2,7}(?: [a-z0-9]{1,3})?)\\b", False, (0,), "iban", ("aa00",), True),
)
# Sensitive key names (lower case, "-" read as "_") and the class of their values.
KEYS: Final[dict[str, str]] = {
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
}
HEADER_PATTERN: Final = "token|secret|key|password"
KEY_PATTERN: Final = "(?:^|_)(?:token|secret|password|passwd|pass|pwd|passphrase|apikey|api_key|access_key|private_key|auth_key|authkey|admin_key|app_key|account_key|license_key|service_key|client_key|server_key|signing_key|encryption_key|master_key|signature|sig|credentials?|creds)(?:$|_)"
KEY_PATTERN_CLASS: Final = "credential"
PROJECT_PATTERN_CLASS: Final = "user_pattern"
# What scanning one text may cost (the extension uses the same numbers, so both mask alike).
CHECKS_PER_TEXT: Final = 64
BYTES_PER_CHECK: Final = 256
DECODE_REACH: Final = 512
LONGEST_BASE64: Final = 65536
BASE64_PRINTABLE: Final = 0.95
# Fields in free text: group 1 the key, group 2 the value.
QUERY_PARAMETER: Final = "(?:^|(?<=[?&; \\t\\n\\r\\f\\v]))([^=&#; \\t\\n\\r\\f\\v\"'?/]+)=(\"[^\"]*\"?|'[^']*'?|[^&#;, \\t\\n\\r\\f\\v\"']*)"
JSON_FIELD: Final = "\"((?:[^\"\\\\\\r\\n]|\\\\[^\\n]){1,64})\"[ \\t\\n\\r\\f\\v]*:[ \\t\\n\\r\\f\\v]*(\"(?:[^\"\\\\\\r\\n]|\\\\[^\\n])*\"?|[^ \\t\\n\\r\\f\\v,{}\\[\\]\"]+)"
HEADER_FIELD: Final = "(?:^|(?<=[ \\t\\n\\r\\f\\v,;{(]))([A-Za-z][A-Za-z0-9_-]{0,63})[ \\t]*:[ \\t]*([^ \\t\\n\\r\\f\\v,;\"'<>]*[^ \\t\\n\\r\\f\\v,;\"'<>:])(?=[ \\t\\n\\r\\f\\v,;\"'<>]|$)"
AUTH_SCHEMES: Final = frozenset(["apikey", "basic", "bearer", "digest", "jwt", "negotiate", "token"])
# Name/value pairs in structured data: the members that name, those that hold the value, and the
# types of field that hide what is typed.
PAIR_NAMES: Final[tuple[str, ...]] = tuple(["name", "Name", "key", "Key"])
PAIR_VALUES: Final = frozenset(["content", "value", "Value"])
PAIR_HIDDEN_TYPES: Final = frozenset(["password"])
