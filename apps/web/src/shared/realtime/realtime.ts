import { apiBase } from '../api/request';
import { readPersisted, subscribePersisted } from '../storage/persisted';
import { type OpenSocket, RealtimeClient } from './realtime-client';
import { socketUrl } from './socket-url';

/** The browser's WebSocket behind the client's port; only text frames carry protocol messages. */
const openBrowserSocket: OpenSocket = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  // Every failure ends in close; an error alone carries nothing more to act on.
  socket.onclose = () => handlers.onClose();
  return {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close: () => socket.close(),
  };
};

/** The app's one WebSocket. Use it through use-topic.ts; it connects on the first topic wanted. */
export const realtime = new RealtimeClient({
  url: socketUrl(apiBase, window.location.href),
  openSocket: openBrowserSocket,
  token: readPersisted('userToken'),
});

// Sign-in, sign-out and a session ended elsewhere all change the stored token.
subscribePersisted(() => realtime.setToken(readPersisted('userToken')));
// A phone waking up or a network coming back should not wait out a long backoff.
window.addEventListener('online', () => realtime.reconnectNow());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') realtime.reconnectNow();
});
