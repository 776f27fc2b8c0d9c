import { endSessionFromServer } from '../api/request';
import { usePersisted } from '../storage/persisted';
import { topics } from './topics';
import { useTopic } from './use-topic';

/** While signed in, listens on the user channel for the server ending the session, and signs out at once. */
export function SessionWatch() {
  const token = usePersisted('userToken');
  useTopic(token ? topics.user : null, (event) => {
    if (event.kind === 'session' && event.data.state === 'ended') endSessionFromServer();
  });
  return null;
}
