// The add-payment-method modal (spec §4, §7, §8): idle → processing → 'Added!', closing 2 seconds
// later; POST /api/add-payment-method {paymentMethodId} (the user comes from the session).
import { BILLING_ERRORS } from "#shared/billing/billing-display.ts";
import { success } from "#shared/forms/action-result.ts";
import { postBilling } from "./api";
import { CardDialog } from "./CardDialog";

export function AddPaymentMethodModal({ publishableKey, onClose, onAdded }: { publishableKey: string | null; onClose: () => void; onAdded: () => void }) {
  return (
    <CardDialog
      title="Add Payment Method"
      publishableKey={publishableKey}
      onClose={onClose}
      onDone={onAdded}
      createFallback={BILLING_ERRORS.paymentMethodFallback}
      submitLabel="Add Card"
      successText="Added!"
      perform={async (_handle, paymentMethodId) => {
        const answer = await postBilling("/api/add-payment-method", { paymentMethodId }, BILLING_ERRORS.addPaymentMethodFailed);
        return answer.ok ? success() : answer;
      }}
    />
  );
}
