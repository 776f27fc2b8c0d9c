import { useMutation } from '@tanstack/react-query';
import formCard from './form-card.module.css';
import { showNotice } from './notices';

export type ProductStatus = 'active' | 'paused';

/**
 * Pausing or resuming a product (a fund, an AI product): the call, then the notice naming it and the
 * screen's refresh. `done` is the notice's text for the status the server reports.
 */
export function usePauseResume<R extends { status: ProductStatus; name: string }>(
  send: (to: ProductStatus) => Promise<R>,
  done: (saved: R) => string,
  refresh: () => void,
) {
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      showNotice('success', done(saved));
      refresh();
    },
  });
}

/**
 * The buttons under a product's terms: Pause when it is active, Resume when paused (each for operators the
 * status call allows), and Edit (for those the save call allows). Test ids are `{prefix}-pause`,
 * `{prefix}-resume` and `{prefix}-edit`; the texts are the screen's.
 */
export function PauseResumeControls({
  status,
  testIdPrefix,
  labels,
  canChange,
  canEdit,
  pending,
  onChange,
  onEdit,
}: {
  status: ProductStatus;
  testIdPrefix: string;
  labels: { pause: string; resume: string; edit: string };
  canChange: boolean;
  canEdit: boolean;
  pending: boolean;
  onChange: (to: ProductStatus) => void;
  onEdit: () => void;
}) {
  const to = status === 'active' ? 'paused' : 'active';
  return (
    <div className={formCard.controls}>
      {canChange && (
        <button
          type="button"
          onClick={() => onChange(to)}
          disabled={pending}
          data-testid={`${testIdPrefix}-${to === 'paused' ? 'pause' : 'resume'}`}
        >
          {to === 'paused' ? labels.pause : labels.resume}
        </button>
      )}
      {canEdit && (
        <button type="button" className="secondary" onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
          {labels.edit}
        </button>
      )}
    </div>
  );
}
