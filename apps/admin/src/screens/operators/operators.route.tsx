import { adminOperatorAdd, adminOperatorStatus, adminOperators } from '@piazza/contract/calls/admin';
import { adminTotpReset } from '@piazza/contract/calls/admin-kyc';
import type { CallOutput, OperatorRole } from '@piazza/contract/define';
import { operatorRoles } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { TotpReset } from './totp-reset';

type OperatorLine = CallOutput<typeof adminOperators>['list'][number];

/** Turning an operator on or off asks for a reason first, in the row itself. */
function StatusChange({ operator, onDone }: { operator: OperatorLine; onDone(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const active = operator.active ? 0 : 1;
  const change = useMutation({
    mutationFn: () => request(adminOperatorStatus, { id: operator.id, active, reason }),
    onSuccess: () => {
      showNotice('success', t(active ? 'operators.nowOn' : 'operators.nowOff', { email: operator.email }));
      setOpen(false);
      setReason('');
      onDone();
    },
  });
  const label = t(active ? 'operators.turnOnFor' : 'operators.turnOffFor', { email: operator.email });
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)} aria-label={label}>
        {t(active ? 'operators.turnOn' : 'operators.turnOff')}
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={label}>
      <label>
        <span>{t('common.reason')}</span>
        <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className={active ? undefined : 'danger'} disabled={change.isPending}>
        {t(active ? 'operators.turnOn' : 'operators.turnOff')}
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

function AddOperator({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [password, setPassword] = useState('');
  const add = useMutation({
    mutationFn: () => request(adminOperatorAdd, { email, name, role, password }),
    onSuccess: (data) => {
      showNotice('success', t('operators.created', { email: data.operator.email }));
      setEmail('');
      setName('');
      setPassword('');
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="add-operator-title">
      <h2 id="add-operator-title">{t('operators.add')}</h2>
      <div className="row">
        <label>
          <span>{t('operators.email')}</span>
          <input
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="operator-email"
          />
        </label>
        <label>
          <span>{t('operators.name')}</span>
          <input
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="operator-name"
          />
        </label>
        <label>
          <span>{t('operators.role')}</span>
          <select
            value={role}
            onChange={(e) => setRole(e.target.value as OperatorRole)}
            data-testid="operator-role"
          >
            {operatorRoles.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        <span>{t('operators.password')}</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="operator-password"
        />
        <small className="muted">{t('operators.passwordHint')}</small>
      </label>
      <button type="submit" disabled={add.isPending} data-testid="operator-create">
        {t('operators.create')}
      </button>
    </form>
  );
}

export default function OperatorsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useMe().data?.operator;
  const myId = me?.id;
  const role = me?.role;
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: () => request(adminOperators, { size: 100 }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operators'] });

  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t('operators.title')}</h1>
      {operators.isPending && <p className="muted">{t('common.loading')}</p>}
      {operators.data && (
        <table data-testid="operators-table">
          <thead>
            <tr>
              <th scope="col">{t('operators.email')}</th>
              <th scope="col">{t('operators.name')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.since')}</th>
              <th scope="col">{t('operators.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('operators.turnOff')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {operators.data.list.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.email} {o.id === myId && <span className="muted">({t('common.you')})</span>}
                </td>
                <td>{o.name}</td>
                <td>{t(`role.${o.role}`)}</td>
                <td>{formatTime(o.createdAt, t('common.never'))}</td>
                <td>
                  <span className={`badge ${o.active ? 'badge-ok' : 'badge-off'}`}>
                    {t(o.active ? 'operators.active' : 'operators.inactive')}
                  </span>
                </td>
                <td>
                  {o.id !== myId && <StatusChange operator={o} onDone={refresh} />}
                  {o.id !== myId && can(role, adminTotpReset) && <TotpReset operator={o} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddOperator onDone={refresh} />
    </section>
  );
}
