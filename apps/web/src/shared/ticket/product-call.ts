import { securityOverview } from '@piazza/contract/calls/security';
import type { CallDef, CallOutput, CallParams } from '@piazza/contract/define';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { api } from '../api/api';
import { ApiRefusal } from '../api/failures';
import { useApiQuery } from '../api/use-api-query';
import { useSubmissionIds } from '../money/submission-id';
import { useTicketSend } from './ticket-confirm';

/**
 * One money-moving call of a product's ticket (subscribing an AI product or following a fund, adding to it,
 * leaving it, paying an allotment): the transaction password when one is set, an id reused on a retry of the
 * same values, then the toast and the refresh of what the call moved. A refusal is handed to `onRefused`
 * (the request wrapper has already shown it) before the password is cleared for a new try.
 */
export function useProductCall() {
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const { pin, setPin, sending, send } = useTicketSend();
  const pinNeeded = security.data?.trade.set === true;

  const submit = <C extends CallDef>(
    call: C,
    fields: Omit<CallParams<C>, 'requestId' | 'tradePassword'>,
    then: {
      toast: string;
      refresh: readonly CallDef[];
      onDone?: (answer: CallOutput<C>) => void;
      onRefused?: (message: string) => void;
    },
  ) => {
    const sent = { ...fields, ...(pinNeeded ? { tradePassword: pin } : {}) };
    return send(async () => {
      let answer: CallOutput<C>;
      try {
        answer = await api(call, { ...sent, requestId: ids.idFor(sent) } as CallParams<C>);
      } catch (err) {
        if (err instanceof ApiRefusal) then.onRefused?.(err.msg);
        throw err;
      }
      ids.settle();
      Toast.show({ content: then.toast });
      for (const refreshed of then.refresh)
        void queryClient.invalidateQueries({ queryKey: [refreshed.path] });
      then.onDone?.(answer);
    });
  };

  return { pin, setPin, pinNeeded, sending, submit };
}
