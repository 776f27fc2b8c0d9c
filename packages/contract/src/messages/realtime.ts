/** Refusals of the WebSocket (sent as {op:'error', msg}). `{0}` is a placeholder. */
const enUS = {
  'realtime.badJson': 'The message is not valid JSON',
  'realtime.badMessage': 'Unknown message: op must be subscribe, unsubscribe, auth or ping',
  'realtime.badTopics': 'topics must be a list of 1 to 50 topic names',
  'realtime.badToken': 'token is missing',
  'realtime.badTopic': 'Unknown topic {0}',
  'realtime.badSymbol': 'Unknown symbol {0}',
  'realtime.badInterval': 'Unknown interval {0}: use 1m, 5m, 15m, 30m, 1h, 4h, 1d or 1w',
  'realtime.tooManyTopics': 'At most {0} topics per connection',
  'realtime.sessionInvalid': 'The token is not valid: log in again',
  'realtime.tooLarge': 'The message is too large',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'realtime.badJson': 'Il messaggio non è un JSON valido',
  'realtime.badMessage': 'Messaggio sconosciuto: op deve essere subscribe, unsubscribe, auth o ping',
  'realtime.badTopics': 'topics deve essere un elenco da 1 a 50 nomi di topic',
  'realtime.badToken': 'token mancante',
  'realtime.badTopic': 'Topic sconosciuto: {0}',
  'realtime.badSymbol': 'Simbolo sconosciuto: {0}',
  'realtime.badInterval': 'Intervallo sconosciuto: {0}. Usa 1m, 5m, 15m, 30m, 1h, 4h, 1d o 1w',
  'realtime.tooManyTopics': 'Al massimo {0} topic per connessione',
  'realtime.sessionInvalid': 'Il token non è valido: accedi di nuovo',
  'realtime.tooLarge': 'Il messaggio è troppo grande',
};

export const realtimeMessages = { 'en-US': enUS, 'it-IT': itIT };
