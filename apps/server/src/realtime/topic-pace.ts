/**
 * When each topic may next be sent to one client: at most `perSecondMax` in any rolling second, and no two
 * closer than `gapMinMs`. The gap is a little under 1000 / perSecondMax on purpose: updates that arrive
 * exactly at the cap, with a millisecond of jitter, still go out at once instead of each waiting for the
 * previous one (a strict 100 ms gap would lock a client into lagging a whole gap behind).
 */
export class TopicPace {
  /** The last `perSecondMax` send times of each topic, oldest first. */
  private readonly sends = new Map<string, number[]>();

  constructor(
    private readonly perSecondMax: number,
    private readonly gapMinMs: number,
  ) {}

  /** The earliest time (epoch ms) `topic` may be sent. */
  readyAt(topic: string): number {
    const times = this.sends.get(topic);
    if (!times || times.length === 0) return 0;
    const gapReady = times[times.length - 1]! + this.gapMinMs;
    const windowReady = times.length < this.perSecondMax ? 0 : times[0]! + 1000;
    return Math.max(gapReady, windowReady);
  }

  sent(topic: string, atMs: number): void {
    let times = this.sends.get(topic);
    if (!times) {
      times = [];
      this.sends.set(topic, times);
    }
    times.push(atMs);
    if (times.length > this.perSecondMax) times.shift();
  }
}
