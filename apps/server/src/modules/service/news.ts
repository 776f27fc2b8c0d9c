import type { ServiceMessageView } from '@piazza/contract/calls/service-shapes';
import { serviceUserEvent } from '@piazza/contract/calls/service-shapes';
import type { Bus } from '../../market/bus';
import { publishUserEvent } from '../../realtime/user-events';
import { forAudience } from './conversation';

/*
 * Who hears of a message, on every instance (decision 039): the investor's own sockets through the user
 * channel (event `service`), and the operators' inbox streams through the bus topic `service:inbox`, which
 * each instance relays to the streams it holds. The database stays the record; these only say "look again".
 */

export const inboxTopic = 'service:inbox';
export const settingsTopic = 'service:settings';

/** What an inbox stream is told: the conversation that moved and why. */
export interface InboxNews {
  userId: number;
  kind: 'message' | 'answer' | 'read' | 'assign';
}

export interface ServiceNews {
  investorWrote(userId: number): Promise<void>;
  operatorAnswered(userId: number, message: ServiceMessageView, unread: number): Promise<void>;
  inboxChanged(userId: number, kind: InboxNews['kind']): Promise<void>;
}

export function serviceNews(bus: Bus): ServiceNews {
  const inbox = (news: InboxNews) => bus.publish(inboxTopic, news);
  return {
    investorWrote: (userId) => inbox({ userId, kind: 'message' }),
    async operatorAnswered(userId, message, unread) {
      const data = serviceUserEvent.parse({ message: forAudience(message, 'user'), unread });
      await publishUserEvent(bus, userId, 'service', data);
      await inbox({ userId, kind: 'answer' });
    },
    inboxChanged: (userId, kind) => inbox({ userId, kind }),
  };
}
