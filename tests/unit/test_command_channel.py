"""The command channel hands a command out again as soon as a newer waiting sync shows that the
answer carrying it was lost, not only once the acknowledgement time has passed."""

from __future__ import annotations

from gasoline.commands.channel import CommandChannel

# Long enough that a test passing within it proves the command did not wait for it.
ACK_SECONDS = 60.0


def handed_out(channel: CommandChannel) -> str:
    """The correlation id of the command the next waiting sync (with nothing to acknowledge) gets."""
    (command,) = channel.poll([], [], wait_seconds=5)
    return command.root.correlation_id


def test_a_waiting_sync_without_the_acknowledgement_gets_the_command_again_at_once() -> None:
    channel = CommandChannel(ack_seconds=ACK_SECONDS)
    pending = channel.issue("dom_query", {"selector": "h1"}, timeout_ms=1000)
    assert handed_out(channel) == pending.correlation_id
    # The extension gave that sync up (the facts changed) and asks again without acknowledging it.
    assert handed_out(channel) == pending.correlation_id
    assert not pending.acknowledged.is_set()


def test_an_acknowledged_command_is_not_handed_out_again() -> None:
    channel = CommandChannel(ack_seconds=ACK_SECONDS)
    pending = channel.issue("dom_query", {"selector": "h1"}, timeout_ms=1000)
    assert handed_out(channel) == pending.correlation_id
    assert channel.poll([pending.correlation_id], [], wait_seconds=0.05) == []
    assert pending.acknowledged.is_set()
    assert channel.poll([], [], wait_seconds=0.05) == [], "acknowledged once is enough"


def test_a_sync_that_does_not_wait_leaves_a_command_to_the_waiting_one() -> None:
    """A sync that carries results (wait 0) may cross the answer of the waiting sync in flight."""
    channel = CommandChannel(ack_seconds=ACK_SECONDS)
    pending = channel.issue("dom_query", {"selector": "h1"}, timeout_ms=1000)
    assert handed_out(channel) == pending.correlation_id
    assert channel.poll([], [], wait_seconds=0) == []
