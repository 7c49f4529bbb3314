import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { FlaskConical } from 'lucide-react';

/** Says, unmistakably, that no real payment happens here. */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold tracking-wide">TEST MODE — no real payment</p>
        <p className="text-sm">
          {children ??
            'This Margin runs without a payment provider. What you do here changes your plan exactly as a real payment would, but no card is charged.'}
        </p>
      </div>
    </div>
  );
}

/** This installation takes no payments at all (no Stripe, test mode off): buying is refused, and said so up front. */
export function BillingOffNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn('rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700', className)}
    >
      Billing is not configured on this installation: plans and extra submissions cannot be bought here.
    </p>
  );
}
