/*
 * The face of the notices module (issue 15 item 1, decision 037): operators' notices for everyone or one
 * investor, and the platform's own notices to an investor, written through kit/personal-notice.ts.
 */
import type { ServerModule } from '../../platform/server-module';
import { registerNotices } from './routes';

/** For a push sender: the personal notices after a cursor, rendered in both languages. */
export { type PersonalNoticeText, personalNoticesAfter } from './notice-rows';

export const noticesModule: ServerModule = { name: 'notices', register: registerNotices };
