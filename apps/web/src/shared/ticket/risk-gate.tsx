import { appropriatenessGet } from '@piazza/contract/calls/kyc';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../api/use-api-query';
import { paths } from '../navigation/paths';
import listing from '../ui/listing.module.css';
import productStyles from '../ui/products.module.css';
import { productVerdict } from './risk-verdict';
import { AcceptAndContinue } from './ticket-confirm';

/**
 * Whether the investor may go on to put money in a product of `riskClass`: the verdict of their profile (an
 * unread profile, a failed read, lets the ticket go on and the server's answer decide), and the warning they
 * accept when the verdict asks for one or when the server asks for it (the class moved since it was read).
 */
export function useRiskCheck(riskClass: number | null) {
  const appropriateness = useApiQuery(appropriatenessGet, {}, { staleTime: 0 });
  const [accepted, setAccepted] = useState(false);
  const [warnedByServer, setWarnedByServer] = useState(false);
  const verdict = appropriateness.data
    ? productVerdict(appropriateness.data.profile, riskClass)
    : appropriateness.isError
      ? 'unknown'
      : null;
  const warn = verdict === 'warn' || warnedByServer;
  /** The server refused for want of the warning: show it, not yet accepted. */
  const askedByServer = () => {
    setWarnedByServer(true);
    setAccepted(false);
  };
  return { verdict, warn, accepted, setAccepted, warnedByServer, askedByServer };
}

export type RiskCheck = ReturnType<typeof useRiskCheck>;

/**
 * The end of a product ticket's first step by the risk check: a wait while the profile is read; the way to
 * the questionnaire when there is none; the refusal; the warning to accept before Continue; or Continue.
 * With `serverAsked`, the warning sits in `{testPrefix}-warning` under that text when the server asked for
 * it. Test ids: `{testPrefix}-no-profile`, `-to-profile`, `-refused`, `-accept`, `-next`.
 */
export function RiskGate({
  testPrefix,
  check,
  canContinue,
  onContinue,
  texts,
}: {
  testPrefix: string;
  check: RiskCheck;
  canContinue: boolean;
  onContinue: () => void;
  texts: {
    noProfile: string;
    toQuestionnaire: string;
    refused: string;
    warning: string;
    accept: string;
    next: string;
    serverAsked?: string;
  };
}) {
  const navigate = useNavigate();
  const { verdict, warn, warnedByServer } = check;
  if (verdict === null && !warnedByServer) return <Skeleton.Paragraph lineCount={2} animated />;
  if (verdict === 'none') {
    return (
      <>
        <p className={listing.warning} data-testid={`${testPrefix}-no-profile`}>
          {texts.noProfile}
        </p>
        <Button
          block
          color="primary"
          onClick={() => navigate(paths.kyc)}
          data-testid={`${testPrefix}-to-profile`}
        >
          {texts.toQuestionnaire}
        </Button>
      </>
    );
  }
  if (verdict === 'refuse') {
    return (
      <p className={listing.warning} data-testid={`${testPrefix}-refused`}>
        {texts.refused}
      </p>
    );
  }
  if (warn) {
    const accept = (
      <AcceptAndContinue
        testPrefix={testPrefix}
        warning={texts.warning}
        acceptLabel={texts.accept}
        accepted={check.accepted}
        onAccept={check.setAccepted}
        canContinue={canContinue}
        continueLabel={texts.next}
        onContinue={onContinue}
      />
    );
    if (texts.serverAsked === undefined) return accept;
    return (
      <div data-testid={`${testPrefix}-warning`}>
        {warnedByServer && (
          <p className={listing.warning} role="alert">
            {texts.serverAsked}
          </p>
        )}
        {accept}
      </div>
    );
  }
  return (
    <div className={productStyles.actions}>
      <Button
        block
        color="primary"
        disabled={!canContinue}
        onClick={onContinue}
        data-testid={`${testPrefix}-next`}
      >
        {texts.next}
      </Button>
    </div>
  );
}
