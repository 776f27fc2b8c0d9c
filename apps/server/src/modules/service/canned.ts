import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';

/* Canned replies the operators keep in both languages and insert into an answer (decision 039). */

interface CannedRow {
  id: number;
  language: 'it-IT' | 'en-US';
  title: string;
  text: string;
}
const cannedColumns = 'id, language, title, body as text';

export function cannedReplies(q: Queryable) {
  return q.query<CannedRow>(
    `select ${cannedColumns} from service_canned_replies order by language, title, id`,
  );
}

export async function saveCanned(
  q: Queryable,
  operatorId: number,
  input: { id?: number | undefined; language: 'it-IT' | 'en-US'; title: string; text: string },
  nowMs: number,
): Promise<CannedRow> {
  const before = input.id
    ? await one<CannedRow>(
        q,
        `select ${cannedColumns} from service_canned_replies where id = $1 for update`,
        [input.id],
      )
    : undefined;
  if (input.id && !before) throw new Refusal('service.cannedNotFound');
  const [saved] = input.id
    ? await q.query<CannedRow>(
        `update service_canned_replies set language = $2, title = $3, body = $4, updated_at = $5 where id = $1
         returning ${cannedColumns}`,
        [input.id, input.language, input.title, input.text, new Date(nowMs)],
      )
    : await q.query<CannedRow>(
        `insert into service_canned_replies (language, title, body, updated_at) values ($1, $2, $3, $4)
         returning ${cannedColumns}`,
        [input.language, input.title, input.text, new Date(nowMs)],
      );
  const row = saved as CannedRow;
  await audit(q, {
    operatorId,
    action: 'serviceCanned.save',
    targetType: 'serviceCanned',
    targetId: row.id,
    before: before ? { ...before } : null,
    after: { ...row },
  });
  return row;
}

export async function deleteCanned(q: Queryable, operatorId: number, id: number): Promise<void> {
  const before = await one<CannedRow>(
    q,
    `delete from service_canned_replies where id = $1 returning ${cannedColumns}`,
    [id],
  );
  if (!before) throw new Refusal('service.cannedNotFound');
  await audit(q, {
    operatorId,
    action: 'serviceCanned.delete',
    targetType: 'serviceCanned',
    targetId: id,
    before: { ...before },
    after: null,
  });
}
