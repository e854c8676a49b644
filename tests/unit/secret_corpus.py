"""A synthetic corpus of realistic secrets, and ordinary text that must pass redaction untouched.

Every secret is generated (seeded, so runs are repeatable) in the shape its issuer uses; none is
real. Each sample is a line of text in which the secret appears as it would in the wild.
"""

from __future__ import annotations

import base64
import random
import string
from dataclasses import dataclass

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "_-"


@dataclass(frozen=True)
class Secret:
    format: str
    secret_class: str
    value: str  # what must never come out
    line: str  # the text it appears in


def _luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    digits = prefix + "".join(rng.choice(string.digits) for _ in range(length - len(prefix) - 1))
    total = 0
    for index, digit in enumerate(reversed(digits)):
        value = int(digit) * (2 if index % 2 == 0 else 1)
        total += value - 9 if value > 9 else value
    return digits + str((10 - total % 10) % 10)


def grouped(number: str) -> str:
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


KEY_KINDS = ["OPENSSH", "EC", "DSA", "ENCRYPTED"]
BBAN_LENGTHS = {"DE": 18, "FR": 23, "GB": 18}  # an IBAN's length in each country, less its 4 leading characters


def make_iban(country: str, bban: str) -> str:
    rearranged = bban + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in rearranged)) % 97
    return f"{country}{check:02d}{bban}"


def corpus(seed: int = 20261122) -> list[Secret]:
    rng = random.Random(seed)

    def pick(alphabet: str, count: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(count))

    def key_block(kind: str) -> str:
        body = "\n".join(pick(ALNUM + "+/", 64) for _ in range(4))
        return f"-----BEGIN {kind} PRIVATE KEY-----\n{body}\n-----END {kind} PRIVATE KEY-----"

    makers = {
        ("aws_access_key_id", "api_key"): lambda: ("AKIA" + pick(UPPER_DIGITS, 16), "aws access key {} configured"),
        ("aws_secret_access_key", "api_key"): lambda: (pick(ALNUM + "/+", 40), "aws_secret_access_key = {}"),
        ("google_api_key", "api_key"): lambda: ("AIza" + pick(URLSAFE, 35), "maps.js?key={}&v=3"),
        ("google_oauth_token", "auth_token"): lambda: ("ya29." + pick(URLSAFE, 90), "gcloud token {} expires in 3599"),
        ("azure_storage_key", "api_key"): lambda: (
            pick(ALNUM + "+/", 86) + "==",
            "DefaultEndpointsProtocol=https;AccountName=app;AccountKey={};EndpointSuffix=core.windows.net",
        ),
        ("github_token", "api_key"): lambda: (
            rng.choice(["ghp_", "gho_", "ghs_"]) + pick(ALNUM, 36),
            "git clone https://x-access-token@github.com/acme/app # token {}",
        ),
        ("github_fine_grained_token", "api_key"): lambda: (
            "github_pat_" + pick(ALNUM, 22) + "_" + pick(ALNUM, 59),
            "GITHUB_TOKEN={}",
        ),
        ("gitlab_token", "api_key"): lambda: ("glpat-" + pick(URLSAFE, 20), "PRIVATE-TOKEN: {}"),
        ("npm_token", "api_key"): lambda: ("npm_" + pick(ALNUM, 36), "//registry.npmjs.org/:_authToken={}"),
        ("pypi_token", "api_key"): lambda: ("pypi-AgEIcHlwaS5vcmc" + pick(URLSAFE, 60), "twine upload -p {} dist/*"),
        ("stripe_secret_key", "api_key"): lambda: (
            rng.choice(["sk_live_", "rk_live_", "sk_test_"]) + pick(ALNUM, 24),
            "Stripe.api_key = '{}'",
        ),
        ("stripe_webhook_secret", "api_key"): lambda: ("whsec_" + pick(ALNUM, 32), "STRIPE_WEBHOOK_SECRET {}"),
        ("square_token", "api_key"): lambda: ("sq0atp-" + pick(URLSAFE, 22), "square access {}"),
        ("slack_token", "api_key"): lambda: (
            "xoxb-" + pick(string.digits, 11) + "-" + pick(string.digits, 12) + "-" + pick(ALNUM, 24),
            "slack bot token {} rejected",
        ),
        ("slack_webhook", "api_key"): lambda: (
            "T" + pick(UPPER_DIGITS, 8) + "/B" + pick(UPPER_DIGITS, 10) + "/" + pick(ALNUM, 24),
            "POST https://hooks.slack.com/services/{} 200",
        ),
        ("discord_webhook", "api_key"): lambda: (
            pick(string.digits, 18) + "/" + pick(URLSAFE, 68),
            "fetch('https://discord.com/api/webhooks/{}')",
        ),
        ("telegram_bot_token", "api_key"): lambda: (
            pick(string.digits, 10) + ":AA" + pick(URLSAFE, 33),
            "https://api.telegram.org/bot{}/sendMessage",
        ),
        ("twilio_api_key", "api_key"): lambda: ("SK" + pick(HEX, 32), "twilio key {} in use"),
        ("sendgrid_key", "api_key"): lambda: (
            "SG." + pick(URLSAFE, 22) + "." + pick(URLSAFE, 43),
            "SENDGRID_API_KEY {}",
        ),
        ("mailgun_key", "api_key"): lambda: ("key-" + pick(HEX, 32), "mailgun: {}"),
        ("openai_project_key", "api_key"): lambda: ("sk-proj-" + pick(URLSAFE, 56), "OPENAI_API_KEY {}"),
        ("openai_key", "api_key"): lambda: (
            "sk-" + pick(ALNUM, 20) + "T3BlbkFJ" + pick(ALNUM, 20),
            "openai.api_key={}",
        ),
        ("anthropic_key", "api_key"): lambda: ("sk-ant-api03-" + pick(URLSAFE, 93), "x-api-key: {}"),
        ("huggingface_token", "api_key"): lambda: ("hf_" + pick(ALNUM, 34), "huggingface-cli login --token {}"),
        ("digitalocean_token", "api_key"): lambda: ("dop_v1_" + pick(HEX, 64), "doctl auth init -t {}"),
        ("shopify_token", "api_key"): lambda: ("shpat_" + pick(HEX, 32), "X-Shopify-Access-Token: {}"),
        ("jwt", "auth_token"): lambda: (
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
            + base64.urlsafe_b64encode(f'{{"sub":"{pick(string.digits, 8)}","exp":1790000000}}'.encode())
            .decode()
            .rstrip("=")
            + "."
            + pick(URLSAFE, 43),
            'localStorage.setItem("jwt", "{}")',
        ),
        ("bearer_token", "auth_token"): lambda: (pick(ALNUM + "._-", 40), "Authorization: Bearer {}"),
        ("basic_credential", "auth_token"): lambda: (
            base64.b64encode(f"admin:{pick(ALNUM, 12)}".encode()).decode(),
            "Authorization: Basic {}",
        ),
        ("private_key", "private_key"): lambda: (
            "-----BEGIN RSA PRIVATE KEY-----\n"
            + "\n".join(pick(ALNUM + "+/", 64) for _ in range(6))
            + "\n-----END RSA PRIVATE KEY-----",
            "loaded key\n{}\nfrom disk",
        ),
        ("authorization_token", "auth_token"): lambda: (pick(HEX, 40), "Authorization: Token {}"),
        ("x_api_key_in_console", "api_key"): lambda: (pick(HEX, 32), 'console.log("x-api-key: {}")'),
        ("x_auth_token_header", "auth_token"): lambda: (pick(ALNUM, 32), "X-Auth-Token: {}"),
        ("npmrc_auth_token", "auth_token"): lambda: (
            "-".join(pick(HEX, size) for size in (8, 4, 4, 4, 12)),
            "//npm.example.com/:_authToken={}",
        ),
        ("npmrc_auth", "credential"): lambda: (
            base64.b64encode(f"dana:{pick(ALNUM, 14)}".encode()).decode(),
            "//npm.example.com/:_auth={}",
        ),
        ("docker_registry_auth", "credential"): lambda: (
            base64.b64encode(f"dana:{pick(ALNUM, 16)}".encode()).decode(),
            '{{"auths": {{"registry.example.com": {{"auth": "{}"}}}}}}',
        ),
        ("pgp_private_key", "private_key"): lambda: (
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
            + "\n".join(pick(ALNUM + "+/", 64) for _ in range(5))
            + "\n="
            + pick(ALNUM, 4)
            + "\n-----END PGP PRIVATE KEY BLOCK-----",
            "gpg --export-secret-keys\n{}\n",
        ),
        ("other_private_keys", "private_key"): lambda: (key_block(rng.choice(KEY_KINDS)), "key file:\n{}"),
        ("password_input", "credential"): lambda: (
            pick(ALNUM, 10) + "&amp;&lt;",
            '<input type="password" class="form-control" value="{}">',
        ),
        ("csrf_input", "csrf"): lambda: (pick(ALNUM, 40), '<input name="csrf_token" type="hidden" value="{}">'),
        ("csrf_meta", "csrf"): lambda: (pick(ALNUM, 40), '<meta name="csrf-token" content="{}">'),
        ("xsrf_header", "csrf"): lambda: (pick(ALNUM, 32), "X-XSRF-TOKEN: {}"),
        ("url_password", "credential"): lambda: (
            pick(ALNUM, 14),
            "DATABASE_URL=postgres://app:{}@db.internal:5432/app",
        ),
        ("password_field", "credential"): lambda: (
            pick(ALNUM + "!#%", 14),
            'login failed for {{"email":"a@b.co","password":"{}"}}',
        ),
        ("cookie_header", "cookie"): lambda: ("sessionid=" + pick(HEX, 32) + "; theme=dark", "Cookie: {}"),
        ("session_id", "session_id"): lambda: (pick(HEX, 32).upper(), "redirect to /cart;jsessionid={}"),
        ("csrf_token", "csrf"): lambda: (pick(ALNUM, 40), "POST /login email=a%40b.co&csrf_token={}&remember=1"),
        ("payment_card", "payment_card"): lambda: (
            grouped(_luhn_complete(rng.choice(["4", "51", "6011"]), 16, rng)),
            "charge card {} for 12.50 EUR",
        ),
        ("iban", "bank_account"): lambda: (
            make_iban(country := rng.choice(sorted(BBAN_LENGTHS)), pick(string.digits, BBAN_LENGTHS[country])),
            "refund to IBAN {} requested",
        ),
    }
    found = []
    for (name, secret_class), make in makers.items():
        for _ in range(3):
            value, template = make()
            found.append(Secret(name, secret_class, value, template.format(value)))
    return found


# Text that looks technical but holds no secret: it must come out byte for byte.
ORDINARY = [
    "user 123e4567-e89b-12d3-a456-426614174000 opened cart 9b2f1c7e-0a4d-4c55-8f3e-2d1b6a7c9e10",
    "see https://github.com/acme/app/commit/9fceb02d0ae598e95dc970b74767f19372d61af8 and 1a2b3c4d",
    "GET /api/products?page=2&sort=price&q=blue+shoes HTTP/1.1 200 1532 bytes in 12 ms",
    "gasoline 0.1.0 on python 3.11.7, node v20.20.2, chromium 156.0.8078.73, build 2026.11.22-rc.1",
    "The checkout button stays disabled until the form is valid; the password rules are shown below.",
    '{"id": 42, "name": "Alice", "tags": ["vip", "beta"], "total": 1299.5, "currency": "EUR"}',
    "order 4111 1111 1111 1112 of 2026-11-22T10:30:00.000Z shipped to 10.0.0.12:8080",
    "color: #ff8800; transform: translate3d(12px, 0, 0); font: 14px/1.4 system-ui",
    "data:image/png;base64," + base64.b64encode(bytes(random.Random(7).randrange(256) for _ in range(6000))).decode(),
    "Traceback: TypeError: Cannot read properties of undefined (reading 'total') at render (cart.js:42:17)",
    "phone +49 30 1234567, invoice INV-2026-000123, isbn 978-3-16-148410-0, ticket PROJ-4512",
    "secretariat, keyboard, monkey and token-ring networks are words, not secrets",
    # Near misses of the header, registry, key-block and form-field formats.
    "Authorization: Token authentication is set up in settings.py; see the docs",
    '{"auth": "AuthenticationRequired", "auths": null, "authority": "registry.example.com"}',
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\nmQINBF0abcdEFGHijklMNOPqrstUVWXyz0123\n-----END PGP PUBLIC KEY BLOCK-----",
    "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBa\n-----END CERTIFICATE-----",
    '<input type="password" name="password" autocomplete="current-password" required>',
    '<input type="text" name="username" value="dana.scully">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "The x-api-key header and the X-Auth-Token header are both accepted; csrf_token rotates hourly.",
    "npm config set //npm.example.com/:_auth in .npmrc, then run npm whoami",
]
