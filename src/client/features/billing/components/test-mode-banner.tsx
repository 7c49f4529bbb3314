import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';

/** Says, unmistakably, that no real payment happens here. */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  return (
    <div role="note" className="flex items-start gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950">
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
