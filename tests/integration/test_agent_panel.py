"""The agent panel in real Chromium with the built extension, used as a person would: pair it with
the code `gasoline pair` shows, ask about the demo shop's errors, read the evidence cards and the
streamed answer, approve an action the model asks for and see it run in the page, deny another and
see it refused; with the keyboard only, and an axe-core audit with no serious or critical
violation. The model is the fake provider on 127.0.0.1, reached through the official SDK. A
screenshot of each state is kept in test-artifacts/panel/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gasoline.demo_app import DemoApp

from ..fakes.model_provider import FakeProvider
from ..unit.secret_corpus import corpus
from .browsers import EXTENSION_PAGE, chromium_with_extension, open_popup, set_switch
from .conftest import Isolated
from .processes import Daemon, gasoline_cli, running_daemon, wait_for

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "panel"
UNCAUGHT = "button[data-scenario='uncaught']"
SECRETS = corpus()[::9]  # a spread of formats, each logged by the page and asked about


@pytest.fixture
def panel_daemon(isolated: Isolated, fake: FakeProvider) -> Iterator[Daemon]:
    provider = {"OPENAI_BASE_URL": fake.openai_base_url, "OPENAI_API_KEY": fake.api_key}
    with running_daemon(isolated.state_dir, port=isolated.port, **provider) as running:
        yield running


def snap(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def paired_panel(browser: BrowserContext, daemon: Daemon) -> Page:
    """The side panel's page, paired as a person pairs it: the code from `gasoline pair`, typed in."""
    panel = browser.new_page()
    panel.goto(EXTENSION_PAGE.format("sidepanel.html"))
    expect(panel.locator("#pairing")).to_be_visible()
    snap(panel, "1-idle-pairing")
    shown = gasoline_cli(daemon.state_dir, daemon.port, "pair").stdout
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", shown)
    assert code, shown
    panel.locator("#pair-code").fill(code.group(0))
    panel.keyboard.press("Enter")
    expect(panel.locator("body")).to_have_attribute("data-state", re.compile("ready|degraded"), timeout=15_000)
    return panel


def ask(panel: Page, question: str) -> None:
    """Type into the question box with the keyboard and send it with Enter."""
    panel.locator("#question").focus()
    panel.keyboard.type(question)
    panel.keyboard.press("Enter")


def answers(panel: Page) -> list[str]:
    texts: list[str] = panel.locator("article.msg.assistant[aria-busy='false'] .text").all_inner_texts()
    return texts


def test_ask_see_evidence_approve_and_deny_in_the_panel(
    panel_daemon: Daemon, fake: FakeProvider, tmp_path: Path
) -> None:
    with DemoApp() as shop, chromium_with_extension(panel_daemon.port, tmp_path, paired=False) as browser:
        popup = open_popup(browser)
        set_switch(popup, "#ai-web-pilot", True)
        page = browser.new_page()
        page.goto(shop.url)
        page.bring_to_front()
        popup.click("#track-button")  # the panel is a tab here: actions go to the tracked shop
        expect(popup.locator("#tracked")).to_contain_text("Tracking", timeout=10_000)
        page.locator(UNCAUGHT).click()
        for secret in SECRETS:
            page.evaluate("line => console.error('checkout failed: ' + line)", secret.line)
        panel = paired_panel(browser, panel_daemon)
        expect(panel.locator("body")).to_have_attribute("data-state", "ready", timeout=15_000)
        panel.locator("#provider").select_option("openai")
        snap(panel, "2-ready")

        # A question answered from the evidence, streamed.
        fake.reply(text="The page throws an uncaught error when the button is clicked; see the errors card.")
        ask(panel, "Why does this page throw? " + SECRETS[0].line)
        wait_for(lambda: len(answers(panel)) == 1, 20, "the streamed answer")
        assert "uncaught error" in answers(panel)[0]
        errors = panel.locator("details.card.evidence.errors")
        expect(errors).to_contain_text("Errors")
        errors.locator("> summary").click()
        expect(errors.locator("li").first).to_be_visible()
        saw = panel.locator("details.model-saw").first
        saw.locator("> summary").click()
        expect(saw).to_contain_text("[REDACTED:")
        snap(panel, "3-answered-with-evidence")

        # An action the model asks for waits for the person; approved with the keyboard, it runs in the page.
        before = page.locator("#activity li").count()
        fake.reply(tool_calls=[{"name": "interact", "arguments": {"action": "click", "selector": UNCAUGHT}}])
        fake.reply(text="I clicked it; the error happened again.")
        ask(panel, "Click the button that throws, please.")
        prompt = panel.locator("section.card.approval").first
        expect(prompt).to_contain_text("interact/click", timeout=20_000)
        expect(prompt).to_contain_text("tab:")
        expect(panel.locator("body")).to_have_attribute("data-state", "needs_approval")
        snap(panel, "4-needs-approval")
        prompt.locator("button.approve").focus()
        panel.keyboard.press("Enter")
        expect(prompt).to_have_class(re.compile("approved"), timeout=10_000)
        wait_for(lambda: page.locator("#activity li").count() > before, 15, "the approved click in the page")
        wait_for(lambda: len(answers(panel)) == 2, 20, "the answer after the action")
        expect(panel.locator("section.card.tool").first).to_contain_text("done")
        snap(panel, "5-approved-and-ran")

        # Denied, the action does not run, and the model is told.
        clicks = page.locator("#activity li").count()
        fake.reply(tool_calls=[{"name": "interact", "arguments": {"action": "click", "selector": UNCAUGHT}}])
        fake.reply(text="Understood, I did not click it.")
        ask(panel, "Click it once more.")
        denied = panel.locator("section.card.approval").nth(1)
        expect(denied.locator("button.deny")).to_be_visible(timeout=20_000)
        denied.locator("button.deny").click()
        expect(denied).to_have_class(re.compile("denied"), timeout=10_000)
        wait_for(lambda: len(answers(panel)) == 3, 20, "the answer after the refusal")
        expect(panel.locator("section.card.tool").nth(1)).to_contain_text("approval_denied")
        assert page.locator("#activity li").count() == clicks, "nothing ran"
        told = fake.requests[-1]["body"]["messages"][-1]
        assert told["role"] == "tool" and "denied" in told["content"]
        snap(panel, "6-denied")

        # No secret of the page or the question reached the panel's DOM or the provider.
        shown = panel.content() + panel.locator("body").inner_text()
        sent = json.dumps([request["body"] for request in fake.requests])
        for secret in SECRETS:
            for fragment in (part for part in secret.value.split() if len(part) >= 12):
                assert fragment not in shown, secret.format
                assert fragment not in sent, secret.format


def test_the_panel_passes_an_accessibility_audit_and_works_with_the_keyboard(
    panel_daemon: Daemon, fake: FakeProvider, tmp_path: Path
) -> None:
    with chromium_with_extension(panel_daemon.port, tmp_path, paired=False) as browser:
        panel = paired_panel(browser, panel_daemon)
        fake.reply(tool_calls=[{"name": "configure", "arguments": {"action": "clear"}}])
        fake.reply(text="Cleared.")
        panel.locator("#provider").select_option("openai")
        ask(panel, "Empty the buffers.")
        expect(panel.locator("section.card.approval")).to_be_visible(timeout=20_000)
        panel.locator("details.card").first.locator("> summary").click()
        panel.add_script_tag(url=EXTENSION_PAGE.format("axe.min.js"))  # the copy the extension ships
        results = panel.evaluate("axe.run(document, {resultTypes: ['violations']})")
        serious = [(v["id"], v["impact"], len(v["nodes"])) for v in results["violations"]
                   if v["impact"] in ("serious", "critical")]  # fmt: skip
        assert not serious, serious
        snap(panel, "7-audited")

        # Tab reaches the question box and the approval buttons; Space on Deny decides.
        reached = set()
        for _ in range(40):
            panel.keyboard.press("Tab")
            reached.add(panel.evaluate("document.activeElement.id || document.activeElement.className"))
        assert {"question", "ask-button", "provider", "approve", "deny"} <= reached, reached
        panel.locator("section.card.approval button.deny").focus()
        panel.keyboard.press("Space")
        expect(panel.locator("section.card.approval")).to_have_class(re.compile("denied"), timeout=10_000)
