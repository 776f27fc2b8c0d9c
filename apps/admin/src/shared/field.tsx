import type { ReactNode } from 'react';
import formCard from './form-card.module.css';

/**
 * A labelled field of a form card: the label's text over its control, and under it a muted hint that the
 * control names with `aria-describedby={hintId}`. `wide` gives it the whole row.
 */
export function Field({
  label,
  hint,
  hintId,
  wide = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, inside the label
    <label className={wide ? formCard.wide : undefined}>
      <span>{label}</span>
      {children}
      {hint !== undefined && (
        <small className="muted" id={hintId}>
          {hint}
        </small>
      )}
    </label>
  );
}
