import { useEffect, useRef } from 'react';
import { session } from '../../shared/session';

/*
 * The live inbox (decision 039): the server's stream `/ipcg-api/admin/service/stream` (server-sent events) says
 * which conversation moved. EventSource cannot send the operator's token header, so the stream is read with
 * fetch; it reconnects after a pause when it drops (a restart, a proxy timeout).
 */

export interface InboxNews {
  userId: number;
  kind: 'message' | 'answer' | 'read' | 'assign';
}

const streamUrl = '/ipcg-api/admin/service/stream';
const retryMs = 3_000;

/** Calls `onNews` for every piece of inbox news while mounted. */
export function useInboxStream(onNews: (news: InboxNews) => void): void {
  const handler = useRef(onNews);
  handler.current = onNews;
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const res = await fetch(streamUrl, {
          headers: { 'access-token': session.token() ?? '', accept: 'text/event-stream' },
          signal: stop.signal,
        });
        if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream'))
          throw new Error('no stream');
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            if (!frame.startsWith('event: inbox')) continue;
            const data = frame.split('\n').find((l) => l.startsWith('data: '));
            if (data) handler.current(JSON.parse(data.slice(6)) as InboxNews);
          }
        }
      } catch {
        // Dropped or refused: try again below unless the screen is gone.
      }
      if (!stop.signal.aborted) timer = setTimeout(() => void connect(), retryMs);
    };
    void connect();
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, []);
}
