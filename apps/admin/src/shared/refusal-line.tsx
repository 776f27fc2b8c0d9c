import formCard from './form-card.module.css';
import { Refused } from './request';

/**
 * The server's refusal of a form's last attempt, in the operator's language, under the form until the next
 * attempt; nothing for any other error (the request wrapper has told the operator already). `alert` reads it
 * out as it appears; `className` adds a screen's own placing to the shared line.
 */
export function RefusalLine({
  error,
  testId,
  alert = false,
  className,
}: {
  error: unknown;
  testId: string;
  alert?: boolean;
  className?: string;
}) {
  if (!(error instanceof Refused)) return null;
  return (
    <p
      className={className ? `${formCard.refusal} ${className}` : formCard.refusal}
      role={alert ? 'alert' : undefined}
      data-testid={testId}
    >
      {error.message}
    </p>
  );
}
