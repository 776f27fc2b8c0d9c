import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RecordScreen } from '../../features/robot/record-screen';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** A subscription's daily record (SPEC §2 robot/record?id=): the P&L booked at each close. */
export default function Record() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('robot.recordTitle')}>
      <RequireSession>{() => <RecordScreen key={id} id={id} />}</RequireSession>
    </Page>
  );
}
