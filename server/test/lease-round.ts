/** For the outbox's lease tests (webhook and e-mail): one instance's round while another looks for work. */
import type { RoundSummary } from '../outbox/delivery-loop';

type Loop = { deliverDue(): Promise<RoundSummary> };

/**
 * Waits for `round` (the first instance's) while `other` looks again and again, as a second instance
 * would; resolves with the round's summary and when it was recorded.
 */
export async function roundWhileAnotherLooks(round: Promise<RoundSummary>, other: Loop): Promise<{ summary: RoundSummary; recordedAt: number }> {
  let done = false;
  void round.then(() => (done = true));
  while (!done) {
    await other.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { summary: await round, recordedAt: Date.now() };
}
