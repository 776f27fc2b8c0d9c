import { describe, expect, it } from 'vitest';
import { TopicPace } from './topic-pace';

/** Sends every update the pace allows, as the socket does, and answers the send times. */
function drive(arrivalsMs: number[]): number[] {
  const pace = new TopicPace(10, 90);
  const sent: number[] = [];
  let pending: number | undefined;
  const events = [...arrivalsMs];
  // Time moves in 1 ms steps: an update is sent on arrival if allowed, else the latest waits until it is.
  const endMs = Math.max(...arrivalsMs) + 2_000;
  for (let now = 0; now <= endMs; now++) {
    while (events.length > 0 && events[0]! <= now) {
      events.shift();
      pending = now;
    }
    if (pending !== undefined && pace.readyAt('t') <= now) {
      pace.sent('t', now);
      sent.push(now);
      pending = undefined;
    }
  }
  return sent;
}

function mostInAnySecond(times: number[]): number {
  return Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length));
}

describe('the pace of a topic', () => {
  it('sends each update at once when they come once a second', () => {
    const arrivals = [0, 1000, 2000, 3000];
    expect(drive(arrivals)).toEqual(arrivals);
  });

  it('sends every update at exactly 10 a second, each within its jitter of arriving, never a gap behind', () => {
    // Each one up to a millisecond early or two late: a rolling second may hold one back by that much.
    const arrivals = Array.from({ length: 50 }, (_, i) => i * 100 + (i % 2 === 0 ? 0 : -1) + (i % 3));
    const sent = drive(arrivals);
    expect(sent).toHaveLength(arrivals.length);
    sent.forEach((at, i) => {
      expect(at - arrivals[i]!).toBeLessThanOrEqual(3);
    });
  });

  it('holds a burst to at most 10 in any rolling second, none closer than 90 ms, and sends the last', () => {
    const arrivals = Array.from({ length: 300 }, (_, i) => i * 10);
    const sent = drive(arrivals);
    expect(mostInAnySecond(sent)).toBeLessThanOrEqual(10);
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(90);
    // Every second of the burst still gets its 10, and the last update goes out after it.
    expect(sent.length).toBeGreaterThanOrEqual(30);
    expect(sent.at(-1)).toBeGreaterThanOrEqual(2_990);
  });

  it('keeps topics apart', () => {
    const pace = new TopicPace(10, 90);
    pace.sent('a', 1_000);
    expect(pace.readyAt('a')).toBe(1_090);
    expect(pace.readyAt('b')).toBe(0);
  });
});
