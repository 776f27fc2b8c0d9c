import type { CallDef } from '@piazza/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { can } from './can';
import { PauseResumeControls, type ProductStatus, usePauseResume } from './pause-resume';
import { type ProductKind, productTexts } from './product-form';
import { type Term, TermsList } from './terms-list';
import { useMe } from './use-me';

/**
 * One product's screen state: its id from the address, what the server says of it (query `[kind, id]`), whether
 * its terms are being edited, the refresh after a change (the product and the list, `[kind + 's']`), and the
 * pause or resume call with its notice.
 */
export function useProductScreen<I, R extends { status: ProductStatus; name: string }>(
  kind: ProductKind,
  read: (id: number) => Promise<I>,
  setStatus: (id: number, to: ProductStatus) => Promise<R>,
) {
  const { t } = useTranslation();
  const texts = productTexts(kind);
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: [kind, id], queryFn: () => read(id) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [kind, id] });
    void queryClient.invalidateQueries({ queryKey: [`${kind}s`] });
  };
  const status = usePauseResume(
    (to) => setStatus(id, to),
    (saved) =>
      t(saved.status === 'paused' ? `${texts}.pausedDone` : `${texts}.resumedDone`, { name: saved.name }),
    refresh,
  );
  return { info, editing, setEditing, refresh, status };
}

/**
 * The frame of a product's screen: the way back to the list, its name and status, its terms (or the form
 * while they are edited), pause or resume and Edit for the operators the calls allow, then the screen's own
 * parts. Test ids: `{kind}-status`, the controls' `{kind}-pause`, `{kind}-resume`, `{kind}-edit`.
 */
export function ProductFrame({
  kind,
  screen,
  product,
  terms,
  termsTestId,
  form,
  statusCall,
  saveCall,
  children,
}: {
  kind: ProductKind;
  screen: {
    editing: boolean;
    setEditing: (editing: boolean) => void;
    status: { isPending: boolean; mutate: (to: ProductStatus) => void };
  };
  product: { name: string; status: ProductStatus };
  terms: readonly Term[];
  termsTestId?: string;
  form: ReactNode;
  statusCall: CallDef;
  saveCall: CallDef;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const texts = productTexts(kind);
  const role = useMe().data?.operator.role;
  const { editing, setEditing, status } = screen;
  return (
    <section aria-labelledby={`${kind}-title`}>
      <p>
        <Link to={`/${kind}s`}>← {t(`${texts}.back`)}</Link>
      </p>
      <h1 id={`${kind}-title`}>{product.name}</h1>
      <p>
        <strong data-testid={`${kind}-status`}>{t(`${texts}.status.${product.status}`)}</strong>
      </p>
      {editing ? form : <TermsList terms={terms} testId={termsTestId} />}
      {!editing && (
        <PauseResumeControls
          status={product.status}
          testIdPrefix={kind}
          labels={{
            pause: t(`${texts}.pause`),
            resume: t(`${texts}.resume`),
            edit: t(`${texts}.edit`),
          }}
          canChange={can(role, statusCall)}
          canEdit={can(role, saveCall)}
          pending={status.isPending}
          onChange={(to) => status.mutate(to)}
          onEdit={() => setEditing(true)}
        />
      )}
      {children}
    </section>
  );
}
